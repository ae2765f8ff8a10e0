import Observation

/// What a key press did.
public enum KeyOutcome: Sendable {
    /// The view used the key (or chose to do nothing with it).
    case handled
    /// The app should end.
    case quit
}

/// A screen of a terminal app: it draws its state and takes keys. A view reads `@Observable`
/// models while it draws; the session draws again whenever anything it read changes, as SwiftUI
/// does, so a model changed from anywhere (a finished request, a timer, a test) shows at once.
@MainActor
public protocol TerminalView: AnyObject {
    /// Draws the whole screen.
    func draw(in canvas: inout Canvas)
    /// Takes one key.
    func handle(_ key: Key) -> KeyOutcome
}

/// Binds a root view to a screen: draws it, tracks what it read with `withObservationTracking`,
/// and draws again, writing only what changed, when any of that changes. There is no loop that
/// polls: a frame is drawn on start, on a resize, and when an observed property changes.
@MainActor
public final class TerminalSession {
    /// The frame on screen.
    public private(set) var frame: Canvas
    /// How many frames were drawn; a test can tell a redraw happened.
    public private(set) var frameCount = 0
    private var previous: Canvas?
    private let root: any TerminalView
    private let writer: FrameWriter
    private let write: (String) -> Void
    private var waiters: [Waiter] = []
    private var nextWaiter = 0

    private struct Waiter {
        let id: Int
        let predicate: (Canvas) -> Bool
        let continuation: CheckedContinuation<Canvas, Never>
    }

    /// - Parameters:
    ///   - root: the view that fills the screen.
    ///   - width: the screen's columns.
    ///   - height: the screen's rows.
    ///   - colors: whether styles may use colours (`NO_COLOR` says no).
    ///   - write: where the terminal's output goes.
    public init(
        root: any TerminalView, width: Int, height: Int, colors: Bool, write: @escaping (String) -> Void = { _ in }
    ) {
        self.root = root
        self.frame = Canvas(width: width, height: height)
        self.writer = FrameWriter(colors: colors)
        self.write = write
    }

    /// Draws the first frame.
    public func start() {
        render()
    }

    /// Draws everything again at the new size.
    public func resize(width: Int, height: Int) {
        frame = Canvas(width: width, height: height)
        previous = nil
        render()
    }

    /// Passes a key to the root view; `false` when the app should end. Ctrl-C always ends it.
    public func send(_ key: Key) -> Bool {
        if key == .control("c") { return false }
        return root.handle(key) != .quit
    }

    /// The first frame, from now on, for which `predicate` holds: the current one if it does. A
    /// cancelled wait returns the frame on screen, so a test with a time limit fails rather than hangs.
    public func frame(where predicate: @escaping (Canvas) -> Bool) async -> Canvas {
        if predicate(frame) { return frame }
        nextWaiter += 1
        let id = nextWaiter
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                waiters.append(Waiter(id: id, predicate: predicate, continuation: continuation))
            }
        } onCancel: {
            Task { @MainActor [weak self] in self?.stopWaiting(id) }
        }
    }

    private func stopWaiting(_ id: Int) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).continuation.resume(returning: frame)
    }

    private func render() {
        var canvas = Canvas(width: frame.width, height: frame.height)
        withObservationTracking {
            root.draw(in: &canvas)
        } onChange: { [weak self] in
            // Called as the change begins; the task runs once it is done (and any others made in
            // the same turn), then tracks again.
            Task { @MainActor in self?.render() }
        }
        write(writer.output(from: previous, to: canvas))
        previous = canvas
        frame = canvas
        frameCount += 1
        let ready = waiters.filter { $0.predicate(canvas) }
        waiters.removeAll { $0.predicate(canvas) }
        for waiter in ready { waiter.continuation.resume(returning: canvas) }
    }
}
