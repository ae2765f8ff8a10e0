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
///             apply(results.state.value ?? [])
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

/// Keeps a ``trackChanges(_:)`` going: `update` runs again after a change until ``cancel()`` is
/// called or the token is released.
@MainActor
public final class ChangeTracking {
    private var update: (@MainActor () -> Void)?

    fileprivate init(_ update: @escaping @MainActor () -> Void) {
        self.update = update
    }

    /// Whether ``cancel()`` has been called: `update` runs no more.
    public var isCancelled: Bool { update == nil }

    /// Stops following changes; `update` is released and never called again.
    public func cancel() {
        update = nil
    }

    fileprivate func run() {
        guard let update else { return }
        withObservationTracking(update) { [weak self] in
            // Called as a property is about to change: run again once the change is made.
            Task { @MainActor in self?.run() }
        }
    }
}
