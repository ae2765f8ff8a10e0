import Foundation
import HTTPTypes
import StubEngine

/// The five backends of Docs/Backends.md as one pure handler: a request (and its body) in, a response
/// (and its body) out. No sockets: `FixtureServer` puts it on HTTP, the CLI calls it in process.
///
/// Every fixture `GET` carries an `ETag` and answers `If-None-Match` with `304`. Unknown paths are
/// `404`, known paths with another method `405`, both with a `{"message"}` body.
public final class FixtureBackend: Sendable {
    /// How `POST /auth/authenticate` answers.
    public enum AuthOutcome: String, Sendable, CaseIterable {
        case random, success, unauthorized, error
    }

    public struct Configuration: Sendable {
        public var authOutcome: AuthOutcome
        /// Seeds every random choice the backend makes.
        public var seed: UInt64
        /// Whether the `/debug/` routes this package's own tests use are served (an echo, an open
        /// redirect, bodies of any size): never by default, since anyone who can reach the server
        /// could use them.
        public var testRoutes: Bool
        /// A folder laid out like `Fixtures/Data` whose files replace the bundled ones
        /// (`apps serve --data DIR`); each is checked when the backend is made.
        public var dataDirectory: URL?
        /// A WireMock root folder whose `mappings/` are the stubs the backend starts with (and
        /// goes back to on reset), and whose `__files/` their `bodyFileName`s name
        /// (`apps serve --root-dir DIR`).
        public var rootDirectory: URL?
        /// The most bytes of memory stubs keep (``StubMapping/size``), every world of the server
        /// together: the main one and each sandbox (`apps serve --stub-budget-mb`, 1 GiB by
        /// default); a `rootDirectory` whose stubs keep more is refused.
        public var stubBytes: Int
        /// The most bytes of stubs one world keeps: an eighth of ``stubBytes`` unless set, so one
        /// sandbox cannot take them all.
        public var stubBytesPerWorld: Int {
            get { perWorld ?? stubBytes / 8 }
            set { perWorld = newValue }
        }
        private var perWorld: Int?
        /// Whether every stub's response is a template, as if each asked for `response-template`
        /// (`apps serve --global-response-templating`, WireMock's flag).
        public var globalResponseTemplating = false
        /// Whether the five embedded backends answer: their routes, their scenarios, and their
        /// contract held over stubs on their paths. `false` (`apps serve --no-backends`): the
        /// stubs are the whole server, as WireMock serves a team's folder.
        public var embeddedBackends = true

        public init(
            authOutcome: AuthOutcome = .random, seed: UInt64 = 0, testRoutes: Bool = false, dataDirectory: URL? = nil,
            rootDirectory: URL? = nil, stubBytes: Int = 1 << 30
        ) {
            self.authOutcome = authOutcome
            self.seed = seed
            self.testRoutes = testRoutes
            self.dataDirectory = dataDirectory
            self.rootDirectory = rootDirectory
            self.stubBytes = stubBytes
        }
    }

    public let configuration: Configuration
    let data: FixtureData
    let contract: Contract
    let random: Locked<WyRand>
    let kooberAccounts: Locked<[String: KooberAccount]>
    /// Koober's rides by the `Idempotency-Key` they were requested with (and who asked), so a
    /// request sent again after a lost answer books nothing more.
    let kooberRides = Locked(KooberRides())
    /// Scenarios not in their first state (see ``Scenario``).
    let scenarioStates = Locked<[String: String]>([:])
    /// The stub mappings, which answer before the fixtures (Docs/Backends.md, "Stubs").
    package let stubs: StubStore
    /// What in ``Configuration/rootDirectory`` will not answer as written (a body file that is
    /// not there), one a line; `apps serve` prints them as it starts.
    package let folderWarnings: [String]
    /// WireMock's recording, this world's, within the server's stub budget.
    package let recorder: StubRecorder
    private let routes: [Route]

    /// - Throws: ``FixtureDataError`` when a file of ``Configuration/dataDirectory`` is not a fixture
    ///   file or does not have its shape (the error names the file and the field); a
    ///   `StubFolder.LoadError` when a mapping of ``Configuration/rootDirectory`` is not one.
    public init(configuration: Configuration = Configuration()) throws {
        self.configuration = configuration
        self.data = try FixtureData.load(overriddenBy: configuration.dataDirectory)
        let contract = try Contract.load()
        self.contract = contract
        self.random = Locked(WyRand(seed: configuration.seed))
        self.kooberAccounts = Locked([Self.kooberFixtureAccount.email: Self.kooberFixtureAccount])
        let loaded = try Self.readFolder(of: configuration, contract: contract)
        folderWarnings = loaded.warnings
        self.stubs = StubStore(
            initial: loaded.mappings, files: configuration.rootDirectory?.appendingPathComponent("__files"),
            byteCapacity: configuration.stubBytesPerWorld, ledger: ByteLedger(limit: configuration.stubBytes))
        recorder = StubRecorder(ledger: stubs.ledger)
        let embedded =
            Self.healthRoutes + Self.lottoRoutes + Self.pilotRoutes + Self.authRoutes + Self.kooberRoutes
            + Self.listingsRoutes
        self.routes =
            (configuration.embeddedBackends ? embedded : []) + (configuration.testRoutes ? Self.testRoutes : [])
    }

    /// The stubs a reset brings back read again from ``Configuration/rootDirectory``'s files as
    /// they are now, as WireMock's resets read them: what will not answer as written, one a line.
    /// - Throws: `StubFolder.LoadError` when a mapping is not one; the stubs are then as they were.
    package func readFolderAgain() throws -> [String] {
        let loaded = try Self.readFolder(of: configuration, contract: contract)
        stubs.initial = loaded.mappings
        return loaded.warnings
    }

    private static func readFolder(of configuration: Configuration, contract: Contract) throws -> StubFolder.Loaded {
        try configuration.rootDirectory.map { root in
            try StubFolder.load(
                root, memoryBudget: configuration.stubBytes, templating: configuration.globalResponseTemplating,
                check: configuration.embeddedBackends ? contract.check : { _ in })
        } ?? StubFolder.Loaded()
    }

    /// A backend in `base`'s start state with state of its own (sign-ups, scenarios, stubs): a
    /// sandbox of `apps serve`. The fixture data is shared, not read again.
    package init(startingAs base: FixtureBackend) {
        configuration = base.configuration
        data = base.data
        contract = base.contract
        random = Locked(WyRand(seed: base.configuration.seed))
        kooberAccounts = Locked([Self.kooberFixtureAccount.email: Self.kooberFixtureAccount])
        stubs = StubStore(
            initial: base.stubs.initial, files: base.stubs.files, byteCapacity: base.stubs.byteCapacity,
            ledger: base.stubs.ledger)
        recorder = StubRecorder(ledger: base.stubs.ledger)
        folderWarnings = base.folderWarnings
        routes = base.routes
    }

    /// Answers one request.
    public func handle(_ request: HTTPRequest, body: Data?) -> (HTTPResponse, Data) {
        let url = RequestURL(request.path ?? "/")
        let matches = routes.compactMap { route in route.match(url.segments).map { (route, $0) } }
        guard !matches.isEmpty else {
            return Reply.message(.notFound, "No route for \(url.path).")
        }
        guard let (route, parameters) = matches.first(where: { $0.0.method == request.method }) else {
            let allowed = matches.map(\.0.method.rawValue).joined(separator: ", ")
            var (response, body) = Reply.message(
                .methodNotAllowed, "\(request.method.rawValue) is not allowed on \(url.path); use \(allowed).")
            response.headerFields[.allow] = allowed
            return (response, body)
        }
        let call = Call(request: request, body: body ?? Data(), url: url, parameters: parameters)
        let (response, responseBody) =
            if let preferences = Preferences(request.headerFields) {
                answer(
                    preferences, for: call, route: route,
                    operation: contract.operation(request.method, pattern: route.pattern))
            } else {
                route.handler(self, call)
            }
        return Self.applyingETag(request: request, response: response, body: responseBody)
    }

    /// Whether a fixture route answers `request`'s method and path.
    package func hasRoute(for request: HTTPRequest) -> Bool {
        let segments = RequestURL(request.path ?? "/").segments
        return routes.contains { $0.method == request.method && $0.match(segments) != nil }
    }

    /// The fixture routes closest to `method target`, each with the first thing that differs:
    /// `the method is GET, not POST`, `the path has drwas where the route has draws`.
    package func nearRoutes(method: String, target: String, limit: Int = 3) -> [(route: String, difference: String)] {
        let segments = RequestURL(target).segments
        let scored = routes.map { route -> (Route, Double, String) in
            let shared = zip(route.pattern, segments).prefix { $0.hasPrefix(":") || $0 == $1 }.count
            let sameMethod = route.method.rawValue == method
            var score = Double(shared * 4 + (route.pattern.count == segments.count ? 2 : 0) + (sameMethod ? 1 : 0))
            let difference: String
            if let (expected, actual) = zip(route.pattern, segments).first(where: { !$0.hasPrefix(":") && $0 != $1 }) {
                // Of routes that differ in one segment, the nearest spelling first (ridez: rides).
                score -= editRatio(actual, expected)
                difference = "the path has \(actual) where the route has \(expected)"
            } else if route.pattern.count != segments.count {
                difference = "the path has \(segments.count) segments, the route \(route.pattern.count)"
            } else if !sameMethod {
                difference = "the method is \(method), not \(route.method.rawValue)"
            } else {
                difference = "none"
            }
            return (route, score, difference)
        }
        return scored.sorted { $0.1 > $1.1 }.prefix(limit).map { route, _, difference in
            ("\(route.method.rawValue) /" + route.pattern.joined(separator: "/"), difference)
        }
    }

    /// Adds an `ETag` to successful `GET`s and turns a matching `If-None-Match` into `304`.
    private static func applyingETag(request: HTTPRequest, response: HTTPResponse, body: Data) -> (HTTPResponse, Data) {
        guard request.method == .get, response.status == .ok else { return (response, body) }
        var response = response
        let tag = ETag.of(body)
        response.headerFields[.eTag] = tag
        if let ifNoneMatch = request.headerFields[.ifNoneMatch], ETag.matches(tag, ifNoneMatch: ifNoneMatch) {
            response.status = .notModified
            response.headerFields[.contentType] = nil
            return (response, Data())
        }
        return (response, body)
    }

    static let healthRoutes: [Route] = [
        Route(.get, "/health") { _, _ in Reply.json(.ok, Data(#"{"status":"ok"}"#.utf8)) }
    ]

    /// The largest body `/debug/bytes` makes.
    public static let maximumTestBodyBytes = 1 << 20

    /// Served only with ``Configuration/testRoutes``.
    static let testRoutes: [Route] = [
        Route(.post, "/debug/echo", handler: echo),
        Route(.get, "/debug/echo", handler: echo),
        Route(.get, "/debug/redirect") { _, call in
            guard let target = call.url.query["to"] else { return Reply.message(.badRequest, "Say where: ?to=URL") }
            return (HTTPResponse(status: .found, headerFields: [.location: target]), Data())
        },
        Route(.get, "/debug/bytes") { _, call in
            let count = min(max(Int(call.url.query["count"] ?? "") ?? 0, 0), maximumTestBodyBytes)
            return (
                HTTPResponse(status: .ok, headerFields: [.contentType: "application/octet-stream"]), Data(count: count)
            )
        },
    ]

    /// Answers with the request's own body and content type, its `X-` fields, its method in
    /// `X-Echo-Method` and whether it carried credentials in `X-Echo-Credentials` (`Authorization`
    /// or `Cookie`; never their values): for checking what a client really sends.
    private static func echo(_: FixtureBackend, _ call: Call) -> (HTTPResponse, Data) {
        var response = HTTPResponse(status: .ok)
        for field in call.request.headerFields where field.name.canonicalName.hasPrefix("x-") {
            response.headerFields.append(field)
        }
        response.headerFields[HTTPField.Name("X-Echo-Method")!] = call.request.method.rawValue
        let credentials = call.request.headerFields[.authorization] != nil || call.request.headerFields[.cookie] != nil
        response.headerFields[HTTPField.Name("X-Echo-Credentials")!] = credentials ? "present" : "absent"
        response.headerFields[.contentType] = call.request.headerFields[.contentType] ?? "application/octet-stream"
        return (response, call.body)
    }
}

/// One incoming request, as a route handler sees it.
struct Call {
    var request: HTTPRequest
    var body: Data
    var url: RequestURL
    var parameters: [String: String]
}

/// A method and a path pattern (`/listings/api/product/:id`) with the handler behind them.
struct Route: Sendable {
    typealias Handler = @Sendable (FixtureBackend, Call) -> (HTTPResponse, Data)

    let method: HTTPRequest.Method
    let pattern: [String]
    let handler: Handler

    init(_ method: HTTPRequest.Method, _ pattern: String, handler: @escaping Handler) {
        self.method = method
        self.pattern = pattern.split(separator: "/").map(String.init)
        self.handler = handler
    }

    /// The path parameters if `segments` fit the pattern.
    func match(_ segments: [String]) -> [String: String]? {
        guard segments.count == pattern.count else { return nil }
        var parameters: [String: String] = [:]
        for (part, segment) in zip(pattern, segments) {
            if part.hasPrefix(":") {
                parameters[String(part.dropFirst())] = segment
            } else if part != segment {
                return nil
            }
        }
        return parameters
    }
}

/// Strong validators from the body's bytes (64-bit FNV-1a), quoted as HTTP wants.
enum ETag {
    static func of(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return "\"\(String(hash, radix: 16))\""
    }

    static func matches(_ tag: String, ifNoneMatch: String) -> Bool {
        ifNoneMatch.split(separator: ",").contains { candidate in
            let candidate = candidate.trimmingCharacters(in: .whitespaces)
            return candidate == "*" || candidate == tag || candidate == "W/\(tag)"
        }
    }
}

/// A small, fast, seedable generator (wyrand), so the backend's random choices repeat per seed. The
/// fixture backend shares no code with the clients, so it has its own generator, not theirs.
public struct WyRand: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0xa076_1d64_78bd_642f
        let product = state.multipliedFullWidth(by: state ^ 0xe703_7ed1_a0b4_28db)
        return product.high ^ product.low
    }
}
