import Fixtures
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOFileSystem
import NIOPosix
import ServiceLifecycle
import StubEngine
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
        /// The fraction of requests (0...1) whose connection is closed without an answer
        /// (``ConnectionFault/empty``).
        public var dropRate: Double
        /// The fraction of requests (0...1) whose connection is reset (``ConnectionFault/reset``).
        public var resetRate: Double
        /// The fraction of requests (0...1) that get half their body (``ConnectionFault/truncate``).
        public var truncateRate: Double
        /// The fraction of requests (0...1) whose body comes slowly (``ConnectionFault/dribble``).
        public var dribbleRate: Double
        /// How long a dribbled body takes from its first piece to its last.
        public var dribbleDuration: Duration
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
        /// Sends every request but the admin routes' to a real backend instead (`apps serve
        /// --proxy`); faults still apply on the way back.
        public var forward: Forward?
        /// Sends the server's own requests, each to the absolute URL it carries: a stub's
        /// `proxyBaseUrl`, a stub's webhooks. `nil`: a stub that proxies answers `502`, and a
        /// webhook is logged as not sent.
        public var send: Forward?
        /// Writes every forwarded exchange as a WireMock stub (`apps serve --record DIR --record-as
        /// wiremock`).
        public var stubRecorder: StubFolderRecorder?
        /// Keeps the forwarded answers that are fixture data (`apps serve --record DIR`).
        public var recorder: FixtureRecorder?
        /// When set, the `/__admin/` routes answer only requests with `Authorization: Bearer TOKEN`
        /// (`401` otherwise); `apps serve` sets one whenever it listens beyond loopback, so a phone
        /// on the office Wi-Fi may reach the data routes but not the admin.
        public var adminToken: String?
        /// The most answers that may wait out a delay (`--latency-ms`, a stub's
        /// `fixedDelayMilliseconds`) at once; one more is answered `503` at once, so slow answers
        /// cannot hold every descriptor.
        public var maximumDelayedAnswers: Int
        /// The most connections open at once; the next client waits in the listen queue until one
        /// closes, instead of the accept loop spinning at the descriptor limit. By default the
        /// process's descriptor limit less room for files and the listener
        /// (``defaultMaximumConnections``).
        public var maximumConnections: Int
        /// The most bytes of requests (bodies, headers, URLs) one world's journal keeps (the
        /// server's, and each sandbox's); the oldest entries go first.
        public var journalBytes: Int
        /// The most bytes every world's journal keeps together; past it the world holding most
        /// lets its oldest entries go.
        public var journalBytesPerServer: Int
        /// The most bytes of one request body the journal keeps.
        public var journalBodyLimit: Int
        /// The largest request body read; a larger one is `413`.
        public var maximumRequestBody: Int
        /// How long matching one request against the stubs may take, every pattern together; past
        /// it the request is answered as if no stub matched, and the journal says so.
        public var matchBudget: Duration
        /// Called when an answer starts waiting out a delay or pacing out its body, and when it
        /// stops, with why (tests see a client that left end its wait).
        public var onDelay: (@Sendable (DelayStep) -> Void)?

        public init(
            host: String = "127.0.0.1", port: Int = 0, latency: Duration = .zero, failureRate: Double = 0,
            dropRate: Double = 0, resetRate: Double = 0, truncateRate: Double = 0, dribbleRate: Double = 0,
            dribbleDuration: Duration = .seconds(2), seed: UInt64 = 0, idleTimeout: Duration = .seconds(10)
        ) {
            self.resetRate = resetRate
            self.truncateRate = truncateRate
            self.dribbleRate = dribbleRate
            self.dribbleDuration = dribbleDuration
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
            self.forward = nil
            self.send = nil
            self.stubRecorder = nil
            self.recorder = nil
            self.adminToken = nil
            self.maximumDelayedAnswers = 512
            self.maximumConnections = FixtureServer.defaultMaximumConnections
            self.onDelay = nil
            self.matchBudget = MatchBudget.defaultAllowance
            self.journalBytes = 4 << 20
            self.journalBytesPerServer = 64 << 20
            self.journalBodyLimit = 16 << 10
            self.maximumRequestBody = FixtureServer.maximumRequestBody
        }
    }

    /// Where a delayed answer is.
    public enum DelayStep: Sendable, Equatable {
        /// It took a place among the answers waiting.
        case waiting
        /// The delay passed: the answer goes out.
        case elapsed
        /// The client closed its connection: nothing is sent, the descriptor is free.
        case clientGone
        /// The server is shutting down: the client is told to come back (`503`).
        case shutdown
    }

    /// The descriptor limit of this process (its soft `RLIMIT_NOFILE`) less 64 for the listener,
    /// stub files and logs; at least 16.
    public static var defaultMaximumConnections: Int {
        #if canImport(Glibc)
            let descriptors = Int32(RLIMIT_NOFILE.rawValue)
        #else
            let descriptors = RLIMIT_NOFILE
        #endif
        var limit = rlimit()
        guard getrlimit(descriptors, &limit) == 0 else { return 4096 }
        // "Unlimited" is the largest value; a million connections is limit enough.
        return max(16, Int(min(limit.rlim_cur, 1 << 20)) - 64)
    }

    /// Sends a request to the real backend: the path is the request's, the scheme and authority the
    /// backend's.
    public typealias Forward = @Sendable (HTTPRequest, Data?) async throws -> (HTTPResponse, Data)

    /// The largest request body the server reads by default.
    public static let maximumRequestBody = 1 << 20

    public let configuration: Configuration
    public let backend: FixtureBackend
    /// What arrived, as `GET /__admin/requests` lists it.
    public let journal: RequestJournal
    /// What every world's journal holds together.
    let journalBudget: JournalBudget
    public let logger: Logger

    public init(configuration: Configuration = Configuration(), backend: FixtureBackend, logger: Logger? = nil) {
        self.configuration = configuration
        self.backend = backend
        self.journalBudget = JournalBudget(limit: configuration.journalBytesPerServer)
        self.journal = RequestJournal(
            byteCapacity: configuration.journalBytes, bodyLimit: configuration.journalBodyLimit,
            budget: journalBudget)
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
        let pool = NIOThreadPool(numberOfThreads: System.coreCount)
        let application = Application(
            responder: BackendResponder(
                backend: backend, journal: journal, costly: CostlyWork(pool: pool),
                sandboxes: Sandboxes(
                    base: backend, pool: pool,
                    journal: { [configuration, journalBudget] in
                        RequestJournal(
                            byteCapacity: configuration.journalBytes, bodyLimit: configuration.journalBodyLimit,
                            budget: journalBudget)
                    }),
                configuration: configuration,
                logger: logger,
                faults: FaultInjector(
                    failureRate: configuration.failureRate,
                    connectionRates: [
                        .empty: configuration.dropRate, .reset: configuration.resetRate,
                        .truncate: configuration.truncateRate, .dribble: configuration.dribbleRate,
                    ],
                    seed: configuration.seed),
                delays: DelayedAnswers(limit: configuration.maximumDelayedAnswers)),
            server: HTTPServerBuilder { responder in
                FixtureHTTP1Channel(
                    base: HTTP1Channel(
                        responder: responder,
                        configuration: .init(
                            additionalChannelHandlers: [ClientDeparture()],
                            idleTimeout: .init(configuration.idleTimeout))))
            },
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port), serverName: "FixtureServer",
                availableConnectionsDelegate: MaximumAvailableConnections(configuration.maximumConnections)),
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? 0) },
            logger: logger)
        return WithThreadPool(pool: pool, service: application)
    }
}

/// `service` with a thread pool of its own, started before it runs and shut down after.
private struct WithThreadPool<Wrapped: Service>: Service {
    let pool: NIOThreadPool
    let service: Wrapped

    func run() async throws {
        pool.start()
        do {
            try await service.run()
        } catch {
            try? await pool.shutdownGracefully()
            throw error
        }
        try await pool.shutdownGracefully()
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

struct StubFileIsNotRegular: Error {}

/// What the journal says a request got beside its status: the connection fault carried out, or
/// that the client left before its answer.
enum JournalNote: String {
    case reset, empty, truncate, dribble
    /// The client closed its connection while its answer waited out a delay.
    case clientGone
}

struct BackendResponder: HTTPResponder {
    typealias Context = FixtureRequestContext

    var backend: FixtureBackend
    var journal: RequestJournal
    /// The world's share of the server's thread pool for costly matching.
    var costly: CostlyWork
    /// Whether this is a sandbox's world: it saves nothing into the server's folder.
    var isSandbox = false
    let sandboxes: Sandboxes
    let configuration: FixtureServer.Configuration
    let logger: Logger
    let faults: FaultInjector
    let delays: DelayedAnswers
    /// How this server names itself in the `Via` of the requests it sends (a stub's proxy, its
    /// webhooks), so that a stub that sends to the server itself ends instead of looping.
    let via = "apps-serve-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
    /// The webhooks being sent, every world's together, at most ``maximumWebhooks``.
    let webhooksInFlight = DelayedAnswers(limit: BackendResponder.maximumWebhooks)
    /// The answers being read from other servers (a stub's proxy, `--proxy`, a recording), every
    /// world's together, at most ``maximumUpstreamAnswers``: each may be 32 MiB.
    let upstreamsInFlight = DelayedAnswers(limit: BackendResponder.maximumUpstreamAnswers)
    /// The most answers read from other servers at once; one more is `503` at once.
    static let maximumUpstreamAnswers = 16
    /// The most webhooks the server sends at once; past it a webhook is logged as not sent.
    static let maximumWebhooks = 64

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
        // The world is known before the body is read, so an oversized body is journaled where it
        // was sent (an admin request, which the journal does not keep, is not). The body is read
        // from the request as it arrived, once, whichever world it goes to.
        var world = Sandboxes.World(backend: backend, journal: journal, costly: costly)
        var target = request.head
        var sandboxed = false
        if let (name, path) = Sandboxes.split(request.head.path ?? "/") {
            guard isPlainName(name), !path.hasPrefix(Sandboxes.prefix) else {
                return Self.message(
                    .badRequest,
                    "A sandbox's name is 1 to 64 letters, digits, '.', '_' or '-', not dots alone "
                        + "(/__sandbox/NAME/…), and sandboxes do not nest.")
            }
            // With a token, only a request that carries it makes a sandbox: anyone on the network
            // may use one, but cannot push a protected test's sandbox out by making 256 new ones.
            let mayCreate = configuration.adminToken.map { carriesToken($0, request.head) } ?? true
            guard let made = mayCreate ? sandboxes.world(name) : sandboxes.existingWorld(name) else {
                return Self.message(
                    .notFound,
                    "There is no sandbox \(name); a request with the admin token makes one "
                        + "(Authorization: Bearer TOKEN).")
            }
            world = made
            target.path = path
            sandboxed = true
        }
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: configuration.maximumRequestBody)
        } catch is NIOTooManyBytesError {
            if !(target.path ?? "/").hasPrefix(Admin.prefix) {
                world.journal.record(ParsedRequest(target, body: Data()), status: 413, fault: nil)
            }
            return Self.message(
                .contentTooLarge, "The request body is larger than \(byteCount(configuration.maximumRequestBody)).")
        }
        if sandboxed {
            // The same request in the sandbox's world, its path without the sandbox's prefix.
            var responder = self
            (responder.backend, responder.journal, responder.costly) = (world.backend, world.journal, world.costly)
            responder.isSandbox = true
            return try await responder.response(to: Request(head: target, body: .init(buffer: body)), context: context)
        }
        let bodyData = Data(body.readableBytesView)
        if request.uri.path.hasPrefix(Admin.prefix) {
            if let token = configuration.adminToken, !carriesToken(token, request.head) {
                return Self.message(
                    .unauthorized, "The admin routes need the server's token: Authorization: Bearer TOKEN.",
                    fields: [.wwwAuthenticate: "Bearer"])
            }
            let admin = Admin(
                backend: backend, journal: journal, matchBudget: configuration.matchBudget, isSandbox: isSandbox,
                logger: logger)
            let head = request.head
            // On the server's thread pool, in the world's share of it, as costly stubs are: listing a
            // world of 67 MB of stubs takes a second, and a search's patterns can be slow; neither
            // may hold one of the few threads every other request needs.
            let answer =
                await costly.run { admin.handle(head, body: bodyData) }
                ?? jsonAnswer(.serviceUnavailable, ["message": "The server is shutting down."])
            return Self.response(answer)
        }
        configuration.onRequest?(request.head)
        let parsed = ParsedRequest(request.head, body: bodyData, budget: MatchBudget(configuration.matchBudget))
        // A request that asks for a documented answer gets it from the document, with --proxy too:
        // the real backend knows nothing of Prefer.
        let preferred = PreferHeader.preferences(in: request.headers)
        let forwarding = configuration.forward != nil && preferred["code"] == nil && preferred["example"] == nil
        // Matched as the request arrives, before any delay, as WireMock does: a stub's scenario
        // moves then.
        let plan = await plan(parsed, forwarding: forwarding)
        let circumstances = Circumstances(
            latency: configuration.latency, askedFault: ConnectionFault.preferred(in: request.headers),
            injected: faults.next, forwarding: forwarding, hops: hops(parsed), answersFirst: configuration.answer)
        return try await carryOut(
            answer(to: parsed, plan: plan, in: circumstances), for: parsed, request: request, context: context)
    }

    /// ``FixtureBackend/answer(to:plan:in:)``; a templated stub's on the server's thread pool, within the
    /// world's share of it, as costly matching is: a template is the stub's own work (bounded in
    /// steps, but seconds of it in a debug build), never run on Swift's cooperative pool, where
    /// two at once would stall every other request of a two-core machine.
    private func answer(to parsed: ParsedRequest, plan: ResponsePlan, in circumstances: Circumstances) async -> Answer {
        guard case .stub(let stub) = plan, stub.response.isTemplated else {
            return backend.answer(to: parsed, plan: plan, in: circumstances)
        }
        let backend = backend
        return await costly.run { backend.answer(to: parsed, plan: plan, in: circumstances) }
            ?? Answer.shuttingDown
    }

    /// Sends `answer` (``FixtureBackend/answer(to:plan:in:)``): waits out its delay, carries out
    /// its fault, reads its file or asks its upstream server, paces it, and sends its webhooks
    /// after; the journal keeps the request with what was sent.
    private func carryOut(_ answer: Answer, for parsed: ParsedRequest, request: Request, context: Context)
        async throws -> Response
    {
        let notes = answer.journal
        let record = { (status: Int?, fault: JournalNote?) in
            journal.record(
                parsed, status: status, fault: fault?.rawValue, matched: notes.matched, note: notes.note,
                nearMisses: notes.nearMisses, stubID: notes.stubID)
        }
        // After the answer (or the fault that takes its place), never holding it.
        defer { send(answer.webhooks, for: parsed) }
        if let cutShort = try await wait(answer.delay, context: context, record: record) { return cutShort }
        switch answer.fault {
        case .reset?:
            record(nil, .reset)
            await context.channel.reset()
            throw DroppedConnection()
        case .empty?:
            record(nil, .empty)
            context.channel.close(promise: nil)
            throw DroppedConnection()
        case .truncate?, .randomDataThenClose?, .dribble?, nil:
            break
        }
        var head = answer.head
        var data: Data
        switch answer.body {
        case .bytes(let bytes):
            data = bytes
        case .file(let file, let files):
            return await streamed(head, file: file, files: files, request: request, record: record)
        case .stream(let bytes, let declared):
            record(200, nil)
            return stream(bytes: bytes, declared: declared)
        case .upstream(let upstream):
            guard let place = upstreamsInFlight.place() else {
                record(503, nil)
                return Self.message(
                    .serviceUnavailable,
                    "Too many answers are being read from other servers at once (\(upstreamsInFlight.limit)); try again.",
                    fields: [.retryAfter: "1"])
            }
            (head, data) = await fetched(upstream, for: parsed)
            withExtendedLifetime(place) {}
        }
        if answer.fault == .randomDataThenClose { data = faults.randomBytes(max(64, data.count)) }
        return try await deliver(
            head, data, fault: answer.fault, pacing: answer.pacing, request: request, context: context, record: record)
    }

    /// Who answers `context` (``FixtureBackend/plan(_:forwarding:)``), within its matching budget.
    /// Costly stubs (regular expressions, JSON) are first tried where the request is, within a
    /// slice of a few milliseconds, which ordinary patterns and small bodies never exhaust. A world
    /// whose matching keeps exhausting it is slow for good (``CostlyWork/isSlow``): its costly matching runs on the server's thread pool,
    /// within the world's share of it, never on Swift's cooperative pool, where a catastrophic
    /// pattern would stall every other request.
    private func plan(_ context: ParsedRequest, forwarding: Bool) async -> ResponsePlan {
        guard backend.stubs.hasCostlyMatchers else { return backend.plan(context, forwarding: forwarding) }
        if !costly.isSlow, context.body.count <= CostlyWork.inlineBodyLimit {
            context.renewBudget(CostlyWork.inlineSlice)
            let plan = backend.plan(context, forwarding: forwarding)
            costly.triedInline(exhausted: context.budget.isSpent)
            // A plan cut short by the slice moved no scenario and kept nothing: it is made again.
            guard context.budget.isSpent else { return plan }
        }
        context.renewBudget(configuration.matchBudget)
        let backend = backend
        return await costly.run { backend.plan(context, forwarding: forwarding) }
            ?? .backend(routed: false, note: "The server is shutting down.", nearMisses: nil)
    }

    /// Sends an answer, with the connection fault chosen for it (`truncate` or `dribble`; the
    /// others were carried out before there was an answer), or paced as a stub's
    /// `chunkedDribbleDelay` asks.
    private func deliver(
        _ head: HTTPResponse, _ data: Data, fault: Answer.Fault?, pacing: StubResponse.Dribble?,
        request: Request, context: Context, record: (Int?, JournalNote?) -> Void
    ) async throws -> Response {
        var fields = head.headerFields
        fields[.contentLength] = String(data.count)
        if StubResponse.bodyless.contains(head.status.code) {
            // 204 and 304 end at their head: bytes after it would be read as the next answer.
            fields[.contentLength] = nil
            record(head.status.code, nil)
            return Response(status: head.status, headers: fields, body: ResponseBody())
        }
        if request.method == .head {
            record(head.status.code, nil)
            return Response(status: head.status, headers: fields, body: ResponseBody())
        }
        switch (fault, pacing) {
        case (.truncate?, _) where !data.isEmpty, (.randomDataThenClose?, _) where !data.isEmpty:
            record(head.status.code, .truncate)
            let channel = context.channel
            return Response(
                status: head.status, headers: fields,
                body: ResponseBody { writer in
                    try await writer.write(ByteBuffer(bytes: data.prefix(data.count / 2)))
                    try? await channel.close()
                    throw DroppedConnection()
                })
        case (.dribble?, _):
            guard let place = delays.place() else { return tooManyDelayed(record) }
            record(head.status.code, .dribble)
            // The server's own fault: the first piece at once, the last after `--dribble` ms.
            let pieces = Self.pieces(of: data, count: 10)
            let pauses = startPausing(context.channel)
            return Response(
                status: head.status, headers: fields,
                body: dribble(
                    data, in: pieces, pause: configuration.dribbleDuration / max(pieces.count - 1, 1),
                    pauses: pauses, holding: place))
        case (nil, let pacing?) where !data.isEmpty:
            guard let place = delays.place() else { return tooManyDelayed(record) }
            // As WireMock paces: each piece one interval after the one before it, the first
            // (and the head with it) too.
            let pieces = Self.pieces(of: data, count: pacing.chunks)
            let interval = pacing.duration / pieces.count
            let pauses = startPausing(context.channel)
            let first = await pauses.sleep(for: interval)
            if first == .clientGone {
                configuration.onDelay?(.clientGone)
                record(nil, .clientGone)
                throw DroppedConnection()
            }
            record(head.status.code, nil)
            return Response(
                status: head.status, headers: fields,
                body: dribble(data, in: pieces, pause: interval, pauses: pauses, after: first, holding: place))
        default:
            record(head.status.code, nil)
            return Response(
                status: head.status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
        }
    }

    /// Waits `delay` (`--latency-ms`, a stub's `fixedDelayMilliseconds`), unless it is cut short: a
    /// client that closes its connection ends the wait at once (its descriptor is free, nothing
    /// is sent); a shutdown tells the request to come back, never leaves it an empty 500; over
    /// ``FixtureServer/Configuration/maximumDelayedAnswers`` waiting at once, the answer is a `503`
    /// at once. `nil` once waited.
    private func wait(_ delay: Duration, context: Context, record: (Int?, JournalNote?) -> Void) async throws
        -> Response?
    {
        guard delay > .zero else { return nil }
        guard let place = delays.place() else { return tooManyDelayed(record) }
        defer { withExtendedLifetime(place) {} }
        configuration.onDelay?(.waiting)
        // A wait writes nothing, so a client that closed its side cannot be told from one that
        // half-closed and still reads: both are taken as gone, as nginx takes them.
        let end = await InterruptibleSleep(context.channel, endingWhenClient: .stoppedSending).sleep(for: delay)
        configuration.onDelay?(end)
        switch end {
        case .waiting, .elapsed:
            return nil
        case .clientGone:
            record(nil, .clientGone)
            throw DroppedConnection()
        case .shutdown:
            record(503, nil)
            return Self.message(
                .serviceUnavailable, "The server is shutting down.", fields: [.retryAfter: "1", .connection: "close"])
        }
    }

    /// The answer of the server that `upstream` names, asked on behalf of `parsed`.
    private func fetched(_ upstream: Answer.Upstream, for parsed: ParsedRequest) async -> (HTTPResponse, Data) {
        switch upstream {
        case .proxy(let request, let body, let fields): await proxied(request, body: body, fields: fields, for: parsed)
        case .backend(let request, let body): await forwarded(request, body: body)
        case .recording(let base): await recorded(parsed, from: base)
        }
    }

    /// Another server's answer, asked by a stub's `proxyBaseUrl`, with the stub's own `fields` on
    /// top; `500` when it cannot be had, as WireMock answers.
    private func proxied(_ request: HTTPRequest, body: Data, fields: HTTPFields, for parsed: ParsedRequest) async -> (
        HTTPResponse, Data
    ) {
        guard let send = configuration.send else {
            return jsonAnswer(
                .badGateway, ["message": "This server sends no requests of its own: the stub cannot proxy."])
        }
        do {
            var (head, data) = try await send(passedOn(request, from: parsed), body.isEmpty ? nil : body)
            for name in StubResponse.Proxy.hopByHop + fields.map(\.name) { head.headerFields[name] = nil }
            head.headerFields.append(contentsOf: fields)
            return (head, data)
        } catch {
            let address = "\(request.scheme ?? "http")://\(request.authority ?? "")"
            return jsonAnswer(
                .internalServerError,
                ["message": "\(address), the stub's proxyBaseUrl, did not answer: \(error.localizedDescription)"])
        }
    }

    /// The answer of the server being recorded (`/__admin/recordings/start`) to `parsed`, kept by
    /// the world's recorder; `502` when it does not come.
    private func recorded(_ parsed: ParsedRequest, from base: String) async -> (HTTPResponse, Data) {
        guard let (scheme, authority, basePath) = Webhook.target(base), let send = configuration.send else {
            return jsonAnswer(.badGateway, ["message": "This server sends no requests of its own: it cannot record."])
        }
        var request = parsed.head
        request.scheme = scheme
        request.authority = authority
        request.path = (basePath.hasSuffix("/") ? String(basePath.dropLast()) : basePath) + parsed.url
        for name in StubResponse.Proxy.hopByHop { request.headerFields[name] = nil }
        do {
            var (head, data) = try await send(passedOn(request, from: parsed), parsed.body.isEmpty ? nil : parsed.body)
            for name in StubResponse.Proxy.hopByHop { head.headerFields[name] = nil }
            backend.recorder.keep(parsed, status: head.status.code, headers: head.headerFields, body: data)
            return (head, data)
        } catch {
            return jsonAnswer(
                .badGateway,
                ["message": "\(base), the server being recorded, did not answer: \(error.localizedDescription)"])
        }
    }

    /// Sends a stub's webhooks for `parsed`, each after its delay and bounded by
    /// ``webhookTimeout``, without holding anything; each is logged, sent or not.
    private func send(_ webhooks: [Webhook], for parsed: ParsedRequest) {
        guard !webhooks.isEmpty else { return }
        // A webhook's own request sends none: eight webhooks to the stub's own URL fanned out to
        // 8 + 64 + 512 + … requests before the hop count ended them.
        guard hops(parsed) == 0 else {
            logger.error("webhooks not sent: the request came through this server's proxying or webhooks")
            return
        }
        let (logger, send, inFlight) = (logger, configuration.send, webhooksInFlight)
        for webhook in webhooks {
            guard let place = inFlight.place() else {
                logger.error("webhook not sent: \(inFlight.limit) webhooks are being sent already")
                continue
            }
            Task {
                defer { withExtendedLifetime(place) {} }
                let request: HTTPRequest
                let body: Data
                do throws(StubError.Reason) {
                    let (made, data) = try webhook.request(for: parsed)
                    (request, body) = (passedOn(made, from: parsed), data)
                } catch {
                    logger.error("webhook not sent: \(error.text)")
                    return
                }
                let target =
                    "\(request.method) \(request.scheme ?? "http")://\(request.authority ?? "")\(request.path ?? "")"
                guard let send else {
                    logger.error("webhook \(target) not sent: this server sends no requests of its own")
                    return
                }
                do {
                    try await Task.sleep(for: webhook.sampledDelay())
                    let status = try await withThrowingTaskGroup(of: Int?.self) { group in
                        group.addTask { try await send(request, body.isEmpty ? nil : body).0.status.code }
                        group.addTask {
                            try await Task.sleep(for: Self.webhookTimeout)
                            return nil
                        }
                        defer { group.cancelAll() }
                        return try await group.next() ?? nil
                    }
                    if let status {
                        logger.info("webhook \(target): \(status)")
                    } else {
                        logger.error("webhook \(target): no answer within \(Self.webhookTimeout)")
                    }
                } catch {
                    logger.error("webhook \(target) failed: \(error.localizedDescription)")
                }
            }
        }
    }

    /// How many times `parsed` came through this server's proxying or webhooks (its `Via`).
    private func hops(_ parsed: ParsedRequest) -> Int {
        parsed.header(Self.viaField).reduce(0) { $0 + $1.components(separatedBy: via).count - 1 }
    }

    /// `request`, sent on behalf of `parsed`, marked as having come through this server once more.
    private func passedOn(_ request: HTTPRequest, from parsed: ParsedRequest) -> HTTPRequest {
        var request = request
        request.headerFields[Self.viaField] = (parsed.header(Self.viaField) + ["1.1 \(via)"]).joined(separator: ", ")
        return request
    }

    static let viaField = HTTPField.Name("Via")!

    /// How long a webhook may take to be answered.
    static let webhookTimeout: Duration = .seconds(10)

    /// A stub's body file sent as it is read, never whole in memory: opened without following a
    /// link (and checked to be inside `__files/` again, whatever it was when the stub was added),
    /// and a regular file. One that cannot be served so is a `500` saying so.
    private func streamed(
        _ head: HTTPResponse, file: URL, files: URL, request: Request, record: (Int?, JournalNote?) -> Void
    ) async -> Response {
        var fields = head.headerFields
        let status = head.status
        let opened: (ReadFileHandle, Int64)?
        if let resolved = StubResponse.inside(file, files) {
            opened = try? await Self.openRegularFile(resolved.path)
        } else {
            opened = nil
        }
        guard let (handle, size) = opened else {
            let unreadable = StubResponse.unreadable(file, in: files)
            record(unreadable.0.status.code, nil)
            return Self.response(unreadable)
        }
        record(status.code, nil)
        if request.method == .head || StubResponse.bodyless.contains(status.code) {
            try? await handle.close()
            fields[.contentLength] = request.method == .head ? String(size) : nil
            return Response(status: status, headers: fields, body: ResponseBody())
        }
        fields[.contentLength] = String(size)
        return Response(
            status: status, headers: fields,
            body: ResponseBody { writer in
                do {
                    for try await chunk in handle.readChunks(in: 0..<size, chunkLength: .kibibytes(64)) {
                        try await writer.write(chunk)
                    }
                    try await handle.close()
                    try await writer.finish(nil)
                } catch {
                    try? await handle.close()
                    throw error
                }
            })
    }

    /// `path` opened for reading if it is a regular file and not a link, with its size.
    private static func openRegularFile(_ path: String) async throws -> (ReadFileHandle, Int64) {
        let handle = try await FileSystem.shared.openFile(
            forReadingAt: FilePath(path), options: OpenOptions.Read(followSymbolicLinks: false))
        do {
            let info = try await handle.info()
            guard info.type == .regular else { throw StubFileIsNotRegular() }
            return (handle, info.size)
        } catch {
            try? await handle.close()
            throw error
        }
    }

    /// The real backend's answer (`apps serve --proxy`), kept by the recorder when it is fixture
    /// data; `502` when the backend cannot be reached.
    private func forwarded(_ request: HTTPRequest, body: Data) async -> (HTTPResponse, Data) {
        guard let forward = configuration.forward else {
            return jsonAnswer(.badGateway, ["message": "This server forwards to no backend."])
        }
        var request = request
        for name in StubResponse.Proxy.hopByHop { request.headerFields[name] = nil }
        do {
            var (head, data) = try await forward(request, body.isEmpty ? nil : body)
            for name in StubResponse.Proxy.hopByHop { head.headerFields[name] = nil }
            if let stubRecorder = configuration.stubRecorder {
                do {
                    if let file = try stubRecorder.record(request, body: body, answer: head, answerBody: data) {
                        logger.info("recorded \(file)")
                    }
                } catch {
                    logger.error("could not record \(request.path ?? "/"): \(error.localizedDescription)")
                }
            }
            if let recorder = configuration.recorder, request.method == .get, head.status == .ok {
                do {
                    if let file = try recorder.record(path: request.path ?? "/", body: data) {
                        logger.info("recorded \(file)")
                    }
                } catch {
                    logger.error("could not record \(request.path ?? "/"): \(error.localizedDescription)")
                }
            }
            return (head, data)
        } catch {
            return jsonAnswer(
                .badGateway,
                ["message": "The backend this server forwards to did not answer: \(error.localizedDescription)"])
        }
    }

    /// The body in `pieces` pieces, the last one `duration` after the first.
    /// The `503` of an answer over ``FixtureServer/Configuration/maximumDelayedAnswers``.
    private func tooManyDelayed(_ record: (Int?, JournalNote?) -> Void) -> Response {
        record(503, nil)
        return Self.message(
            .serviceUnavailable,
            "Too many answers are waiting out a delay or paced out at once (\(delays.limit)); try again.",
            fields: [.retryAfter: "1"])
    }

    /// The pauses of an answer paced out to `channel`'s client, which the delay observer hears
    /// start: they end when the connection closes (a write to a client that left closes it at the
    /// next piece; one that half-closed still reads, and gets it all), and at a shutdown.
    private func startPausing(_ channel: any Channel) -> InterruptibleSleep {
        configuration.onDelay?(.waiting)
        return InterruptibleSleep(channel, endingWhenClient: .gone)
    }

    /// `data` cut as WireMock cuts a body: into `count` pieces of equal size (at most one a byte),
    /// the last one holding what is left over.
    static func pieces(of data: Data, count: Int) -> [Range<Data.Index>] {
        let count = max(1, min(count, data.count))
        let size = data.count / count
        return (0..<count).map { index in
            let start = data.startIndex + index * size
            return start..<(index == count - 1 ? data.endIndex : start + size)
        }
    }

    /// `data`'s `pieces`, `pause` apart, the first at once unless `first` (the step that ended a
    /// pause before it) says otherwise, holding `place` among the delayed answers until the body
    /// is sent or dropped.
    private func dribble(
        _ data: Data, in pieces: [Range<Data.Index>], pause: Duration, pauses: InterruptibleSleep,
        after first: FixtureServer.DelayStep = .elapsed, holding place: DelayedAnswers.Place
    ) -> ResponseBody {
        ResponseBody { writer in
            defer { withExtendedLifetime(place) {} }
            // After a shutdown the rest goes at once: a whole answer, not one cut short.
            var step = first
            do {
                for (index, piece) in pieces.enumerated() {
                    if index > 0, step == .elapsed {
                        step = await pauses.sleep(for: pause)
                        if step == .clientGone { throw DroppedConnection() }
                    }
                    let end = step == .shutdown ? data.endIndex : piece.upperBound
                    try await writer.write(ByteBuffer(bytes: data[piece.lowerBound..<end]))
                    if step == .shutdown { break }
                }
                try await writer.finish(nil)
            } catch {
                configuration.onDelay?(.clientGone)
                throw error
            }
            configuration.onDelay?(step)
        }
    }

    /// An answer made in full, its body in one piece.
    static func response(_ answer: (HTTPResponse, Data)) -> Response {
        Response(
            status: answer.0.status, headers: answer.0.headerFields,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.1)))
    }

    /// Whether `request` carries `token` as `Authorization: Bearer TOKEN`, the scheme in any case
    /// (RFC 9110), the token compared in constant time.
    func carriesToken(_ token: String, _ request: HTTPRequest) -> Bool {
        let given = request.headerFields[.authorization] ?? ""
        let scheme = "bearer "
        guard given.count > scheme.count, given.prefix(scheme.count).lowercased() == scheme else { return false }
        return Self.sameSecret(String(given.dropFirst(scheme.count)), token)
    }

    /// Whether two secrets are equal, in a time that does not say how much of them is.
    static func sameSecret(_ given: String, _ expected: String) -> Bool {
        let (lhs, rhs) = (Array(given.utf8), Array(expected.utf8))
        guard lhs.count == rhs.count else { return false }
        return zip(lhs, rhs).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// `{"message": text}` with `status` and `fields`.
    static func message(_ status: HTTPResponse.Status, _ text: String, fields: HTTPFields = [:]) -> Response {
        var (head, body) = jsonAnswer(status, ["message": text])
        head.headerFields.append(contentsOf: fields)
        return response((head, body))
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
            body: ResponseBody { [onStreamEnd = configuration.onStreamEnd] writer in
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
