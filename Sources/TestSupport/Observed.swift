import Observation

/// Waits, without polling or sleeping, until `condition` holds for an `@Observable` model:
/// it is checked now and again after each change Observation reports, as SwiftUI would re-render.
/// Give the test a time limit (`.timeLimit`) for a condition that may never hold.
///
/// ```swift
/// let load = Task { await results.load() }
/// await waitUntil { results.state.isLoading }
/// load.cancel()
/// ```
@MainActor
public func waitUntil(_ condition: @escaping @MainActor () -> Bool) async {
    while !condition() {
        await withCheckedContinuation { continuation in
            withObservationTracking {
                _ = condition()
            } onChange: {
                continuation.resume()
            }
        }
    }
}
