import NIOConcurrencyHelpers
import NIOCore
import ServiceLifecycle

/// How far a client has gone.
enum Departure: Comparable {
    /// It closed its side: gone, or half-closed and still reading (a wait that writes nothing
    /// cannot tell which).
    case stoppedSending
    /// The connection is closed.
    case gone
}

/// Notices a client that leaves: its side of the connection closed (the server keeps half-closed
/// connections open, so the connection's own close comes later) or the connection gone. An answer
/// that waits out a delay stops waiting then, and frees its descriptor.
final class ClientDeparture: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = Any

    private var reached: Departure?
    private var waiting: [(Departure, @Sendable () -> Void)] = []

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed { reach(.stoppedSending) }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        reach(.gone)
        context.fireChannelInactive()
    }

    /// Calls `action` when the client has gone as far as `departure`, or at once if it has.
    fileprivate func when(_ departure: Departure, _ action: @escaping @Sendable () -> Void) {
        if let reached, reached >= departure { action() } else { waiting.append((departure, action)) }
    }

    private func reach(_ departure: Departure) {
        guard reached.map({ $0 < departure }) ?? true else { return }
        reached = departure
        let due = waiting.filter { $0.0 <= departure }
        waiting.removeAll { $0.0 <= departure }
        for (_, action) in due { action() }
    }
}

extension Channel {
    /// Calls `action` on the channel's event loop when the client has gone as far as `departure`,
    /// or soon if it has already.
    func whenClient(_ departure: Departure, _ action: @escaping @Sendable () -> Void) {
        eventLoop.execute { [self] in
            guard isActive, let watcher = try? pipeline.syncOperations.handler(type: ClientDeparture.self) else {
                return action()
            }
            watcher.when(departure, action)
        }
    }
}

/// Sleeps on behalf of one connection's answer (a delay, the pauses of a paced body) that end
/// early when its client has gone as far as `departure`, or the server shuts down gracefully.
final class InterruptibleSleep: Sendable {
    private let state = NIOLockedValueBox<(left: Bool, sleep: Task<Void, any Error>?)>((false, nil))

    init(_ channel: any Channel, endingWhenClient departure: Departure) {
        channel.whenClient(departure) { [state] in
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
