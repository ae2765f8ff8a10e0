import Fixtures
import Foundation
import Hummingbird
import Logging
import NIOConcurrencyHelpers
import NIOCore
import ServiceLifecycle
import UnixSignals

/// `FixtureBackend` over real HTTP (Hummingbird), with fault injection for tests and demos.
public struct FixtureServer: Sendable {
    public struct Configuration: Sendable {
        public var host: String
        /// `0` lets the system choose; ``run(onListening:)`` reports the port it got.
        public var port: Int
        /// Added before every answer.
        public var latency: Duration
        /// The fraction of requests (0...1) answered `503` instead.
        public var failureRate: Double
        /// The fraction of requests (0...1) whose connection is closed without an answer.
        public var dropRate: Double
        /// Seeds the failure choices (the backend has its own seed).
        public var seed: UInt64
        /// How long a connection may stay silent, a request half sent included, before it is closed.
        public var idleTimeout: Duration
        /// Called with every request as it arrives, before latency and faults (tests count with it).
        public var onRequest: (@Sendable (HTTPRequest) -> Void)?
        /// Called when a `/debug/stream` answer ends, with the bytes it wrote before it finished or
        /// the client went away (tests check that a client cut a long body short).
        public var onStreamEnd: (@Sendable (_ bytesWritten: Int) -> Void)?
        /// Answers a request in the backend's place when it returns an answer (tests serve damaged
        /// data with it); `nil` leaves the request to the backend.
        public var answer: (@Sendable (HTTPRequest) -> (HTTPResponse, Data)?)?

        public init(
            host: String = "127.0.0.1", port: Int = 0, latency: Duration = .zero, failureRate: Double = 0,
            dropRate: Double = 0, seed: UInt64 = 0, idleTimeout: Duration = .seconds(10)
        ) {
            self.idleTimeout = idleTimeout
            self.host = host
            self.port = port
            self.latency = latency
            self.failureRate = failureRate
            self.dropRate = dropRate
            self.seed = seed
            self.onRequest = nil
            self.onStreamEnd = nil
            self.answer = nil
        }
    }

    /// The largest request body the server reads.
    public static let maximumRequestBody = 1 << 20

    public let configuration: Configuration
    public let backend: FixtureBackend
    public let logger: Logger

    public init(configuration: Configuration = Configuration(), backend: FixtureBackend, logger: Logger? = nil) {
        self.configuration = configuration
        self.backend = backend
        self.logger = logger ?? Logger(label: "FixtureServer", factory: { _ in SwiftLogNoOpLogHandler() })
    }

    /// Serves until a graceful shutdown (from the enclosing `ServiceGroup`) or, when run on its own
    /// with `signals`, until one of those signals arrives. `onListening` gets the bound port.
    public func run(
        gracefulShutdownSignals signals: [UnixSignal] = [],
        onListening: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws {
        let app = makeApplication(onListening: onListening)
        let group = ServiceGroup(
            configuration: .init(services: [app], gracefulShutdownSignals: signals, logger: logger))
        try await group.run()
    }

    /// The Hummingbird application, to run inside a `ServiceGroup` of the caller's.
    public func makeApplication(onListening: @escaping @Sendable (Int) async -> Void) -> some Service {
        Application(
            responder: BackendResponder(
                backend: backend, latency: configuration.latency, onRequest: configuration.onRequest,
                onStreamEnd: configuration.onStreamEnd, answer: configuration.answer, logger: logger,
                faults: FaultInjector(
                    failureRate: configuration.failureRate, dropRate: configuration.dropRate, seed: configuration.seed)),
            server: .http1(configuration: .init(idleTimeout: .init(configuration.idleTimeout))),
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port), serverName: "FixtureServer"),
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? 0) },
            logger: logger)
    }
}

/// Decides, from a seeded generator, which requests fail and which connections drop.
final class FaultInjector: Sendable {
    enum Fault {
        case none, unavailable, drop
    }

    let failureRate: Double
    let dropRate: Double
    private let random: NIOLockedValueBox<WyRand>

    init(failureRate: Double, dropRate: Double, seed: UInt64) {
        self.failureRate = min(max(failureRate, 0), 1)
        self.dropRate = min(max(dropRate, 0), 1)
        self.random = NIOLockedValueBox(WyRand(seed: seed))
    }

    func next() -> Fault {
        guard failureRate > 0 || dropRate > 0 else { return .none }
        let roll = random.withLockedValue { Double.random(in: 0..<1, using: &$0) }
        if roll < dropRate { return .drop }
        if roll < dropRate + failureRate { return .unavailable }
        return .none
    }
}

/// A request context that keeps the connection's channel, so a fault can close it.
struct FixtureRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}

struct DroppedConnection: Error {}

struct BackendResponder: HTTPResponder {
    typealias Context = FixtureRequestContext

    let backend: FixtureBackend
    let latency: Duration
    let onRequest: (@Sendable (HTTPRequest) -> Void)?
    let onStreamEnd: (@Sendable (Int) -> Void)?
    let answer: (@Sendable (HTTPRequest) -> (HTTPResponse, Data)?)?
    let logger: Logger
    let faults: FaultInjector

    /// Answers the request and logs it (at `info`, which `apps serve --verbose` shows).
    func respond(to request: Request, context: Context) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await response(to: request, context: context)
        let elapsed = (ContinuousClock.now - start).components
        let milliseconds = elapsed.seconds * 1000 + elapsed.attoseconds / 1_000_000_000_000_000
        logger.info("\(request.method) \(request.uri.path) \(response.status.code) \(milliseconds) ms")
        return response
    }

    private func response(to request: Request, context: Context) async throws -> Response {
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: FixtureServer.maximumRequestBody)
        } catch is NIOTooManyBytesError {
            return Self.json(.contentTooLarge, #"{"message":"The request body is larger than 1 MiB."}"#)
        }
        onRequest?(request.head)
        if latency > .zero {
            do {
                // A shutdown does not wait out the latency of requests in flight: they are told to
                // come back, never left with an empty 500.
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: latency) }
            } catch is CancellationError {
                var response = Self.json(.serviceUnavailable, #"{"message":"The server is shutting down."}"#)
                response.headers[.retryAfter] = "1"
                response.headers[.connection] = "close"
                return response
            }
        }
        switch faults.next() {
        case .none:
            break
        case .drop:
            context.channel.close(promise: nil)
            throw DroppedConnection()
        case .unavailable:
            var response = Self.json(.serviceUnavailable, #"{"message":"Injected failure: try again."}"#)
            response.headers[.retryAfter] = "0"
            return response
        }
        if request.uri.path == "/debug/stream", backend.configuration.testRoutes {
            return stream(
                bytes: request.uri.queryParameters.get("bytes", as: Int.self),
                declared: request.uri.queryParameters.get("declare") == "1")
        }
        // HEAD is GET without the body: the same status and fields, the GET's length included.
        var backendRequest = request.head
        if backendRequest.method == .head { backendRequest.method = .get }
        let (head, data) =
            answer?(backendRequest)
            ?? backend.handle(backendRequest, body: body.readableBytes > 0 ? Data(body.readableBytesView) : nil)
        if request.method == .head {
            var fields = head.headerFields
            fields[.contentLength] = String(data.count)
            return Response(status: head.status, headers: fields, body: ResponseBody())
        }
        return Response(
            status: head.status, headers: head.headerFields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func json(_ status: HTTPResponse.Status, _ body: String) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }
}

extension BackendResponder {
    /// The longest body `/debug/stream` sends.
    static let maximumStreamBytes = 4 << 30

    /// `GET /debug/stream?bytes=N`: N bytes of `x` (default 1 MiB, at most 4 GiB) in 64 KiB chunks,
    /// with no `Content-Length` (a client learns the size only by reading) unless `declare=1` asks
    /// for one. A server-only test route: the in-process backend answers with whole bodies.
    func stream(bytes total: Int?, declared: Bool) -> Response {
        let total = min(max(0, total ?? 1 << 20), Self.maximumStreamBytes)
        var headers: HTTPFields = [.contentType: "application/octet-stream"]
        if declared { headers[.contentLength] = String(total) }
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { [onStreamEnd] writer in
                var written = 0
                defer { onStreamEnd?(written) }
                while written < total {
                    let count = min(64 << 10, total - written)
                    try await writer.write(ByteBuffer(repeating: UInt8(ascii: "x"), count: count))
                    written += count
                }
                try await writer.finish(nil)
            })
    }
}
