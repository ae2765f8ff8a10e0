import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// HTTP/1.0's connections, which HTTP types cannot tell from HTTP/1.1's (they keep no version).
/// A 1.0 request without `Connection: keep-alive` is its connection's last (ApacheBench's `ab`
/// sends such requests and waits for the close): it is marked `Connection: close` while its
/// version is known, and Hummingbird closes the connection after the answer. One with it is
/// answered `Connection: keep-alive`, which a 1.0 client needs to hear to send another (`ab -k`).
final class HTTP10Connections: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// For each request not yet answered, in order, whether its answer says `keep-alive`.
    private var keptAlive = CircularBuffer<Bool>()

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data) else { return context.fireChannelRead(data) }
        let isHTTP10 = head.version == .http1_0
        keptAlive.append(isHTTP10 && head.isKeepAlive)
        if !head.isKeepAlive { head.headers.replaceOrAdd(name: "connection", value: "close") }
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        // An interim answer (`100 Continue`) is not the request's answer.
        guard case .head(var head) = unwrapOutboundIn(data), head.status.code >= 200 else {
            return context.write(data, promise: promise)
        }
        if keptAlive.popFirst() == true { head.headers.replaceOrAdd(name: "connection", value: "keep-alive") }
        context.write(wrapOutboundOut(.head(head)), promise: promise)
    }
}

/// Hummingbird's HTTP/1 channel with ``HTTP10Connections`` after the request decoder.
struct FixtureHTTP1Channel: HTTPChannelHandler {
    let base: HTTP1Channel

    var responder: Responder { base.responder }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1Channel.Value> {
        base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let decoder = try channel.pipeline.syncOperations.context(
                handlerType: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try channel.pipeline.syncOperations.addHandler(HTTP10Connections(), position: .after(decoder.handler))
            return value
        }
    }

    func handle(value: HTTP1Channel.Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}
