import NIOConcurrencyHelpers
import NIOCore
import ServiceLifecycle

/// Notices a client that leaves: its side of the connection closed (the server keeps half-closed
/// connections open, so the connection's own close comes later) or the connection gone. An answer
/// that waits out a delay stops waiting then, and frees its descriptor.
final class ClientDeparture: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = Any

    private var left = false
    private var waiting: [@Sendable () -> Void] = []

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed { depart() }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        depart()
        context.fireChannelInactive()
    }

    /// Calls `action` when the client leaves, or at once if it has.
    fileprivate func whenLeft(_ action: @escaping @Sendable () -> Void) {
        if left { action() } else { waiting.append(action) }
    }

    private func depart() {
        guard !left else { return }
        left = true
        let actions = waiting
        waiting = []
        for action in actions { action() }
    }
}

extension Channel {
    /// Calls `action` on the channel's event loop when the client leaves (its side closed, or the
    /// connection gone), or soon if it has already.
    func whenClientLeaves(_ action: @escaping @Sendable () -> Void) {
        eventLoop.execute { [self] in
            guard isActive, let departure = try? pipeline.syncOperations.handler(type: ClientDeparture.self) else {
                return action()
            }
            departure.whenLeft(action)
        }
    }
}

/// Sleeps on behalf of one connection's answer (a delay, the pauses of a paced body) that end
/// early when its client leaves or the server shuts down gracefully.
final class InterruptibleSleep: Sendable {
    private let state = NIOLockedValueBox<(left: Bool, sleep: Task<Void, any Error>?)>((false, nil))

    init(_ channel: any Channel) {
        channel.whenClientLeaves { [state] in
            state.withLockedValue { state in
                state.left = true
                state.sleep?.cancel()
            }
        }
    }

    /// Sleeps `duration`: `.elapsed`, `.clientGone` or `.shutdown`.
    func sleep(for duration: Duration) async -> FixtureServer.DelayStep {
        let sleep = Task { try await Task.sleep(for: duration) }
        let left = state.withLockedValue { state in
            state.sleep = sleep
            return state.left
        }
        if left { sleep.cancel() }
        do {
            // Awaiting a task's value does not end when the awaiting task is cancelled: the sleep is.
            try await cancelWhenGracefulShutdown {
                try await withTaskCancellationHandler {
                    try await sleep.value
                } onCancel: {
                    sleep.cancel()
                }
            }
            return .elapsed
        } catch {
            return state.withLockedValue { $0.left } ? .clientGone : .shutdown
        }
    }
}
