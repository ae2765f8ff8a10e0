import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// An HTTP/1.0 request without `Connection: keep-alive` is its connection's last (ApacheBench's
/// `ab` sends such requests and waits for the close). HTTP types keep no version, so Hummingbird
/// cannot tell; this marks the request `Connection: close` while its version is still known,
/// and Hummingbird closes the connection after the answer.
final class HTTP10LastRequest: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data), !head.isKeepAlive else {
            return context.fireChannelRead(data)
        }
        head.headers.replaceOrAdd(name: "connection", value: "close")
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }
}

/// Hummingbird's HTTP/1 channel with ``HTTP10LastRequest`` after the request decoder.
struct FixtureHTTP1Channel: HTTPChannelHandler {
    let base: HTTP1Channel

    var responder: Responder { base.responder }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1Channel.Value> {
        base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let decoder = try channel.pipeline.syncOperations.context(
                handlerType: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try channel.pipeline.syncOperations.addHandler(HTTP10LastRequest(), position: .after(decoder.handler))
            return value
        }
    }

    func handle(value: HTTP1Channel.Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}
