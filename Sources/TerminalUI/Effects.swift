/// The work a screen starts (loads, searches, submissions): each effect is a task the screen
/// does not have to keep, cancelled when the app quits, and awaitable, so a test waits for the
/// work rather than for a frame. An effect with an id replaces the one running under that id, as
/// SwiftUI's `.task(id:)` does: the search for "bo" is cancelled when "bon" is typed.
///
/// ```swift
/// effects.run { await results.load() }
/// effects.run(id: "search") { await picker.searchAfterPause() }
/// await effects.idle()  // in a test: every effect has ended
/// ```
@MainActor
public final class Effects {
    private var running: [Int: (id: String?, task: Task<Void, Never>)] = [:]
    private var next = 0
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []

    public init() {}

    /// Whether no effect is running.
    public var isIdle: Bool { running.isEmpty }

    /// Starts `operation`; with an `id`, cancels the effect running under it first.
    public func run(id: String? = nil, _ operation: @escaping @MainActor () async -> Void) {
        if let id { cancel(id: id) }
        next += 1
        let key = next
        let task = Task { @MainActor [weak self] in
            await operation()
            self?.finished(key)
        }
        running[key] = (id, task)
    }

    /// Cancels the effect running under `id`, if one is. It counts as running until it has
    /// returned, so ``idle()`` also waits for what it does as it stops.
    public func cancel(id: String) {
        for effect in running.values where effect.id == id { effect.task.cancel() }
    }

    /// Cancels every effect: the app is quitting.
    public func cancelAll() {
        for effect in running.values { effect.task.cancel() }
    }

    /// Returns once no effect is running, including effects started by the ones awaited.
    public func idle() async {
        while !running.isEmpty {
            await withCheckedContinuation { idleWaiters.append($0) }
        }
    }

    private func finished(_ key: Int) {
        running[key] = nil
        resumeIfIdle()
    }

    private func resumeIfIdle() {
        guard running.isEmpty else { return }
        let waiters = idleWaiters
        idleWaiters = []
        for waiter in waiters { waiter.resume() }
    }
}
