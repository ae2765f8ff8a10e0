import AppsCore
import AuthMVP

/// Records every state the presenter renders.
@MainActor
final class LoginViewSpy: LoginView {
    private(set) var states: [LoginViewState] = []

    func render(_ state: LoginViewState) { states.append(state) }

    var last: LoginViewState? { states.last }
}

@MainActor
final class LoginRouterSpy: LoginRouter {
    enum Message: Equatable {
        case showSuccess(Authentication)
        case showLogin
    }

    private(set) var messages: [Message] = []

    func showSuccess(_ authentication: Authentication) { messages.append(.showSuccess(authentication)) }
    func showLogin() { messages.append(.showLogin) }
}

/// A service whose answers the test gives, one call at a time, and which records whether the
/// task of each call was cancelled.
final class ControlledAuthService: AuthenticationService {
    struct Call: Equatable {
        var email: String
        var password: String
    }

    private struct State {
        var calls: [Call] = []
        var pending: [Int: CheckedContinuation<Result<Authentication, AuthError>, Never>] = [:]
        var cancelled: Set<Int> = []
        var cancellationWaiters: [Int: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = Locked(State())
    private let arrivals: AsyncStream<Int>
    private let arrival: AsyncStream<Int>.Continuation

    init() {
        (arrivals, arrival) = AsyncStream.makeStream()
    }

    var calls: [Call] { state.withLock { $0.calls } }
    var cancelledCalls: Set<Int> { state.withLock { $0.cancelled } }

    func authenticate(email: String, password: String) async throws(AuthError) -> Authentication {
        let index = state.withLock { state in
            state.calls.append(Call(email: email, password: password))
            return state.calls.count - 1
        }
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let cancelled = state.withLock { state in
                    if state.cancelled.contains(index) { return true }
                    state.pending[index] = continuation
                    return false
                }
                if cancelled { continuation.resume(returning: .failure(.cancelled)) }
                arrival.yield(index)
            }
        } onCancel: {
            let (continuation, waiter) = state.withLock { state in
                state.cancelled.insert(index)
                return (state.pending.removeValue(forKey: index), state.cancellationWaiters.removeValue(forKey: index))
            }
            continuation?.resume(returning: .failure(.cancelled))
            waiter?.resume()
        }
        return try result.get()
    }

    /// Waits until the next call is waiting for its answer, and returns its index.
    func nextCall() async -> Int {
        var iterator = arrivals.makeAsyncIterator()
        return await iterator.next() ?? -1
    }

    /// Returns once the task of call `index` was cancelled.
    func cancellation(of index: Int) async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state in
                if state.cancelled.contains(index) { return true }
                state.cancellationWaiters[index] = continuation
                return false
            }
            if now { continuation.resume() }
        }
    }

    func answer(_ index: Int, with result: Result<Authentication, AuthError>) {
        let continuation = state.withLock { $0.pending.removeValue(forKey: index) }
        continuation?.resume(returning: result)
    }
}
