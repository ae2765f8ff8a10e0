import Observation

/// What a key press did.
public enum KeyOutcome: Sendable {
    /// The view used the key (or chose to do nothing with it).
    case handled
    /// The app should end.
    case quit
    /// Ask first: the session shows `question` over the screen (a screen reader hears it) and does
    /// `onYes` on `y`; any other key answers no. The session owns the question as it owns the help
    /// overlay, so no screen keeps a "confirming" state of its own.
    case confirm(_ question: String, onYes: @MainActor @Sendable () -> KeyOutcome)
}

/// A screen of a terminal app: it draws its state and takes keys. A view reads `@Observable`
/// models while it draws; the session draws again whenever anything it read changes, as SwiftUI
/// does, so a model changed from anywhere (a finished request, a timer, a test) shows at once.
///
/// Drawing changes nothing: what a key needs to know of the frame (how many rows a list shows)
/// the view learns in ``didDraw(_:)``, after the frame, as SwiftUI's `onGeometryChange` does.
@MainActor
public protocol TerminalView: AnyObject {
    /// Draws the whole screen.
    func draw(in canvas: inout Canvas)
    /// Takes one key.
    func handle(_ key: Key) -> KeyOutcome
    /// The work the view has started: the session cancels it when the app quits, and a test awaits it.
    var effects: Effects { get }
    /// Called with each frame the session has drawn, outside the observation of `draw`: where a
    /// list learns how many rows it shows (``Canvas/rows(ofList:)``).
    func didDraw(_ frame: Canvas)
    /// The current screen's keys: what a key does, and what the footer, the help overlay (`?` or
    /// F1) and the screen reader say it does, from one table (``KeyBinding``).
    var keyBindings: [KeyBinding] { get }
    /// Whether a text field has the focus, so `?` and `q` are typed rather than acted on.
    var isEditingText: Bool { get }
    /// The smallest window the screens can be drawn in; below it the session says so instead.
    var minimumSize: (width: Int, height: Int) { get }
    /// The screen as a screen reader should hear it, one plain line per thing shown: the screen's
    /// name first, then what is selected or focused and any message. ``ScreenReaderSession``
    /// announces the lines that change. By default, the drawn screen's rows without box drawing.
    var spokenLines: [String] { get }
}

extension TerminalView {
    public func didDraw(_ frame: Canvas) {}
    public var keyBindings: [KeyBinding] { [] }
    /// The current screen's keys as the footer and the help write them: its ``keyBindings``', and
    /// nothing else, so they cannot say other than the keys do.
    public var keyHints: [KeyHint] { keyBindings.hints }
    public var isEditingText: Bool { false }
    public var minimumSize: (width: Int, height: Int) { (40, 12) }

    public var spokenLines: [String] { drawnLines }

    /// The screen drawn as plain lines, on a canvas wide enough that no sentence is wrapped or cut
    /// (one announcement is one line, whatever the window's width); the footer's hints are left
    /// out, since `?` reads them.
    public var drawnLines: [String] {
        var canvas = Canvas(width: 400, height: 40)
        draw(in: &canvas)
        return canvas.plainLines(rows: 0..<canvas.height - 1)
    }
}

/// Where keys go: a session that applies them to its view.
@MainActor
public protocol KeyReceiver: AnyObject {
    /// Applies one key; `false` when the app should end.
    func send(_ key: Key) -> Bool
}

extension KeyReceiver {
    /// Applies every key that was waiting, in order, before anything is drawn: the views' changes
    /// are drawn once, after the last key, so a paste of thousands of characters costs one frame.
    /// A Ctrl-C among them ends the app at once, whatever is ahead of it.
    /// - Returns: `false` when the app should end; the keys after the one that ended it are dropped.
    public func send(_ keys: [Key]) -> Bool {
        guard !keys.contains(.control("c")) else { return false }
        for key in keys where !send(key) { return false }
        return true
    }
}

/// Where a session's time comes from: the real clock in an app, one a test moves by hand.
public struct TerminalClock: Sendable {
    /// The time since the session began.
    public var now: @Sendable () -> Duration
    /// Waits for a while; a cancelled wait throws.
    public var sleep: @Sendable (Duration) async throws -> Void

    public init(now: @escaping @Sendable () -> Duration, sleep: @escaping @Sendable (Duration) async throws -> Void) {
        self.now = now
        self.sleep = sleep
    }

    /// The continuous clock, from the moment this is made.
    public static func live() -> TerminalClock {
        let start = ContinuousClock.now
        return TerminalClock(now: { ContinuousClock.now - start }, sleep: { try await Task.sleep(for: $0) })
    }
}

/// Binds a root view to a screen: draws it, tracks what it read with `withObservationTracking`,
/// and draws again, writing only what changed, when any of that changes. There is no loop that
/// polls: a frame is drawn on start, on a resize, when an observed property changes, and ten times
/// a second while an activity indicator shows. Changes coalesce: however many properties change in
/// one turn of the main actor (the keys of one read, an answer, a tick), one frame follows, and
/// only the tracking of the latest frame can ask for another.
///
/// The session keeps the keys every screen shares: Ctrl-C quits, Ctrl-L draws everything again,
/// `?` (outside a text field) and F1 open the help overlay with the screen's ``TerminalView/keyHints``.
@MainActor
public final class TerminalSession: KeyReceiver {
    /// The frame on screen.
    public private(set) var frame: Canvas
    /// How many frames were drawn; a test can tell a redraw happened.
    public private(set) var frameCount = 0
    private var previous: Canvas?
    /// Whether the help overlay is open.
    public private(set) var showsHelp = false
    /// The question over the screen, waiting for `y`, and what `y` does.
    public private(set) var question: (text: String, onYes: @MainActor @Sendable () -> KeyOutcome)?
    private let root: any TerminalView
    private let writer: FrameWriter
    private let write: (String) -> Void
    private let clock: TerminalClock
    private var activityStarts: [String: Duration] = [:]
    private var tick: Task<Void, Never>?
    /// Whether a frame is asked for and not drawn yet.
    private var frameDue = false
    /// The frame whose tracking is live: a change seen by an older frame's tracking is stale, since
    /// the frame after it was drawn from the newer state (and tracks it).
    private var tracking = 0
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
    ///   - colors: the colours the terminal shows (``ColorDepth/none`` when `NO_COLOR` says so).
    ///   - clock: where time comes from, for the activity indicators.
    ///   - write: where the terminal's output goes.
    public init(
        root: any TerminalView, width: Int, height: Int, colors: ColorDepth, clock: TerminalClock = .live(),
        write: @escaping (String) -> Void = { _ in }
    ) {
        self.root = root
        self.frame = Canvas(width: width, height: height)
        self.writer = FrameWriter(colors: colors)
        self.clock = clock
        self.write = write
    }

    isolated deinit {
        tick?.cancel()
        root.effects.cancelAll()
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

    /// Writes the whole screen again, as after the terminal was used by something else (Ctrl-L, or
    /// coming back from a suspend).
    public func redraw() {
        previous = nil
        render()
    }

    /// Ends the app: the view's effects are cancelled and nothing is drawn any more.
    public func end() {
        tick?.cancel()
        root.effects.cancelAll()
    }

    /// Waits until the view's effects have ended, then draws: the frame of the settled state. A
    /// test awaits the work its keys started rather than a frame that may never come.
    @discardableResult
    public func settle() async -> Canvas {
        await root.effects.idle()
        render()
        return frame
    }

    /// Passes a key to the root view; `false` when the app should end. Ctrl-C always ends it.
    public func send(_ key: Key) -> Bool {
        if key == .control("c") {
            end()
            return false
        }
        if let question {
            self.question = nil
            setNeedsFrame()
            return apply(key == .character("y") ? question.onYes() : .handled)
        }
        if isTooSmall, root.isEditingText {
            // The field is hidden: a key typed now would go into it unseen (the screen's "press q"
            // typed a q). Ctrl-C quits, as the screen says; the rest waits for a larger window.
            if key == .control("l") { redraw() }
            return true
        }
        switch key {
        case .control("l"):
            redraw()
            return true
        case .help,
            .character("?") where !root.isEditingText || showsHelp:
            showsHelp.toggle()
            render()
            return true
        case .escape where showsHelp:
            showsHelp = false
            render()
            return true
        case .character("q") where showsHelp:
            // As less, man and htop close their help: q closes it, and never quits from it.
            showsHelp = false
            render()
            return true
        case _ where showsHelp:
            return true
        default:
            return apply(root.handle(key))
        }
    }

    /// What a key's outcome does to the session: `false` when the app should end.
    private func apply(_ outcome: KeyOutcome) -> Bool {
        switch outcome {
        case .handled: return true
        case .quit:
            end()
            return false
        case .confirm(let text, let onYes):
            question = (text, onYes)
            setNeedsFrame()
            return true
        }
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

    /// The keys the session itself takes, listed under the screen's in the help overlay.
    private static func sessionKeys(_ root: any TerminalView) -> [KeyHint] {
        [
            KeyHint("? F1", "this help"), KeyHint("Ctrl-L", "draw the screen again"), KeyHint("Ctrl-Z", "suspend"),
            KeyHint(root.isEditingText ? "Ctrl-C" : "q Ctrl-C", "quit"),
        ]
    }

    private func stopWaiting(_ id: Int) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).continuation.resume(returning: frame)
    }

    /// Asks for a frame once the current turn of the main actor is over; asking again before it is
    /// drawn changes nothing.
    private func setNeedsFrame() {
        guard !frameDue else { return }
        frameDue = true
        Task { @MainActor [weak self] in
            guard let self, self.frameDue else { return }
            self.render()
        }
    }

    /// Whether the window is smaller than the root view needs.
    private var isTooSmall: Bool {
        frame.width < root.minimumSize.width || frame.height < root.minimumSize.height
    }

    private func render() {
        var canvas = Canvas(width: frame.width, height: frame.height)
        canvas.now = clock.now()
        canvas.activityStarts = activityStarts
        let minimum = root.minimumSize
        frameDue = false
        tracking += 1
        let generation = tracking
        withObservationTracking {
            if canvas.width < minimum.width || canvas.height < minimum.height {
                canvas.tooSmall(minimum: minimum, quitKey: root.isEditingText ? "Ctrl-C" : "q")
            } else {
                root.draw(in: &canvas)
                if let question { canvas.confirmation(question.text) }
                if showsHelp { canvas.helpOverlay(title: "Keys", root.keyHints + Self.sessionKeys(root)) }
            }
        } onChange: { [weak self] in
            // Called as the change begins; the frame is drawn once it is done, with any others
            // made in the same turn.
            Task { @MainActor in
                guard let self, self.tracking == generation else { return }
                self.render()
            }
        }
        write(writer.output(from: previous, to: canvas))
        // An activity's clock runs while it shows; one that is gone starts again from zero.
        activityStarts = canvas.activityStarts.filter { canvas.drawnActivities.contains($0.key) }
        if canvas.animates, tick == nil {
            tick = Task { [clock, weak self] in
                guard (try? await clock.sleep(.milliseconds(100))) != nil else { return }
                self?.tick = nil
                self?.setNeedsFrame()
            }
        }
        previous = canvas
        frame = canvas
        frameCount += 1
        root.didDraw(canvas)
        let waiting = waiters
        waiters = []
        for waiter in waiting {
            if waiter.predicate(canvas) {
                waiter.continuation.resume(returning: canvas)
            } else {
                waiters.append(waiter)
            }
        }
    }
}
