import Observation

/// Runs `update` now, and again after any observable property it read changes, until the returned
/// ``ChangeTracking`` is cancelled or released: how a UIKit view controller follows a view model.
///
/// SwiftUI tracks what `body` reads by itself; UIKit on iOS 17 does not. `update` reads the model
/// and sets the views, as `body` would; changes made in one turn of the main actor (a load that
/// sets several properties) are applied once, on the next turn. Keep the token for as long as the
/// screen should follow the model, and capture the controller weakly, since it holds the token:
///
/// ```swift
/// final class DrawsViewController: UITableViewController {
///     let results: ResultsViewModel
///     private var tracking: ChangeTracking?
///
///     override func viewDidLoad() {
///         super.viewDidLoad()
///         tracking = trackChanges { [weak self] in
///             guard let self else { return }
///             title = results.state.isLoading ? "Loading…" : "Results"
///             apply(results.draws)
///         }
///     }
/// }
/// ```
///
/// Named so that it never collides with swift-navigation's `observe`, in an app that has both.
/// - Parameter update: reads the model and updates the views; called on the main actor.
/// - Returns: the token that keeps the tracking alive.
@MainActor
public func trackChanges(_ update: @escaping @MainActor () -> Void) -> ChangeTracking {
    let tracking = ChangeTracking(update)
    tracking.run()
    return tracking
}

/// Runs `work` in a task for the value `id` reads, now and again each time that value changes,
/// cancelling the task before: SwiftUI's `.task(id:)` for a UIKit view controller. The task
/// runs on the main actor; cancelling or releasing the returned ``ChangeTracking`` cancels the
/// task under way.
///
/// ```swift
/// override func viewWillAppear(_ animated: Bool) {
///     super.viewWillAppear(animated)
///     loading = trackChanges(of: { [listing] in listing.userID }) { [listing] _ in
///         await listing.load()  // again whenever the user switches
///     }
/// }
///
/// override func viewWillDisappear(_ animated: Bool) {
///     super.viewWillDisappear(animated)
///     loading?.cancel()  // as SwiftUI ends a .task when the view goes
/// }
/// ```
/// - Parameters:
///   - id: reads what the work is for (a user id, a query); read on the main actor and tracked.
///   - work: the work for one value of `id`; cancelled when the value changes or the token goes.
/// - Returns: the token that keeps the tracking, and its task, alive.
@MainActor
public func trackChanges<ID: Equatable>(
    of id: @escaping @MainActor () -> ID, run work: @escaping @MainActor (ID) async -> Void
) -> ChangeTracking {
    let last = LastValue<ID>()
    let tracking = ChangeTracking {}
    let task = tracking.task
    tracking.replace { [weak tracking] in
        let current = id()
        guard current != last.id, tracking?.isCancelled == false else { return }
        last.id = current
        task.withLock { running in
            running?.cancel()
            running = Task { await work(current) }
        }
    }
    tracking.run()
    return tracking
}

/// The value of `id` the task under way is for.
@MainActor
private final class LastValue<Value> {
    var id: Value?
}

/// Keeps a ``trackChanges(_:)`` going: `update` runs again after a change until ``cancel()`` is
/// called or the token is released.
@MainActor
public final class ChangeTracking {
    private var update: (@MainActor () -> Void)?
    /// The task ``trackChanges(of:run:)`` runs; cancelled with the tracking.
    fileprivate let task = Locked<Task<Void, Never>?>(nil)

    fileprivate init(_ update: @escaping @MainActor () -> Void) {
        self.update = update
    }

    deinit {
        task.withLock { $0?.cancel() }
    }

    fileprivate func replace(_ update: @escaping @MainActor () -> Void) {
        self.update = update
    }

    /// Whether ``cancel()`` has been called: `update` runs no more.
    public var isCancelled: Bool { update == nil }

    /// Stops following changes; `update` is released and never called again, and a task
    /// ``trackChanges(of:run:)`` runs is cancelled.
    public func cancel() {
        update = nil
        task.withLock { running in
            running?.cancel()
            running = nil
        }
    }

    fileprivate func run() {
        guard let update else { return }
        withObservationTracking(update) { [weak self] in
            // Called as a property is about to change: run again once the change is made.
            Task { @MainActor in self?.run() }
        }
    }
}
