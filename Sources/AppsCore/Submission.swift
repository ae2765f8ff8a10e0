/// One cancellable operation behind a view model's button (sign in, request a ride): it runs in a
/// task of its own, which ``cancel()`` ends, and so does cancelling the caller's task.
///
/// ```swift
/// @ObservationIgnored private let submission = Submission()
///
/// guard let result = await submission.run({ () throws(RideError) in try await rides.requestRide(request) }) else {
///     state = .choosing  // cancelled
///     return
/// }
/// ```
@MainActor
package final class Submission {
    private var cancelCurrent: (() -> Void)?

    package init() {}

    /// Runs `operation`; `nil` when it failed because it was cancelled. A success is returned even
    /// when a cancel came too late to stop it: what the server did, the screen must show.
    package func run<Success: Sendable, Failure: Error>(
        _ operation: @escaping @MainActor () async throws(Failure) -> Success
    ) async -> Result<Success, Failure>? {
        let task = Task { @MainActor () -> Result<Success, Failure> in
            do throws(Failure) {
                return .success(try await operation())
            } catch {
                return .failure(error)
            }
        }
        cancelCurrent = { task.cancel() }
        defer { cancelCurrent = nil }
        let result = await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
        if case .failure = result, task.isCancelled { return nil }
        return result
    }

    /// Cancels the operation under way, if any.
    package func cancel() {
        cancelCurrent?()
    }
}
