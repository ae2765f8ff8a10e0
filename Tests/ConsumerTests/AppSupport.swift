// What an app's own tests would write: a service that answers as the test says, and a record of
// an @Observable model's values as SwiftUI sees them (TestSupport's waitUntil waits for one).
import Foundation
import Observation

/// Answers each call with the next outcome; `.hang` is a request that never answers and ends only
/// when the calling task is cancelled, as a slow network does when SwiftUI cancels a `.task`.
actor Script<Value: Sendable> {
    enum Outcome: Sendable {
        case value(Value)
        case failure(any Error)
        case hang
    }

    private var outcomes: [Outcome]

    init(_ outcomes: [Outcome]) {
        self.outcomes = outcomes
    }

    func next() async throws -> Value {
        switch outcomes.isEmpty ? .hang : outcomes.removeFirst() {
        case .value(let value): return value
        case .failure(let error): throw error
        case .hang:
            try await Task.sleep(for: .seconds(3600))
            throw CancellationError()
        }
    }
}

struct Offline: Error {}

/// Every value `read` had, as an observer sees them: the first, then one after each reported change.
@MainActor
final class Observed<Value> {
    private(set) var values: [Value] = []
    private let read: @MainActor () -> Value

    init(_ read: @escaping @MainActor () -> Value) {
        self.read = read
        track()
    }

    private func track() {
        values.append(
            withObservationTracking(read) {
                Task { @MainActor [weak self] in self?.track() }
            })
    }
}
