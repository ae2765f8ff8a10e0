import Fixtures
import Foundation
import Logging
import NIOTransport
import Networking

/// The composition root: the one place that picks concrete implementations for a command.
struct AppEnvironment: Sendable {
    let options: GlobalOptions
    let processEnvironment: [String: String]
    let httpClient: any HTTPClient
    /// Sees every answer of the run, to tell the user when one came from the offline cache.
    let offline: OfflineWatch
    let baseURL: URL
    /// Reads a password: a prompt without echo on a terminal, a line of stdin otherwise; tests
    /// answer in memory.
    let readSecret: @Sendable (_ prompt: String, _ console: Console) throws -> String
    /// Where `--verbose` lines go; a full-screen app sends them to a file.
    let log = LogDestination()

    /// The embedded backend's URL; only its path matters, no socket is opened.
    static let embeddedBaseURL = URL(string: "http://embedded.fixtures")!

    init(
        options: GlobalOptions, processEnvironment: [String: String] = ProcessInfo.processInfo.environment,
        readSecret: @escaping @Sendable (_ prompt: String, _ console: Console) throws -> String = Secrets.readLine
    ) throws {
        self.options = options
        self.processEnvironment = processEnvironment
        self.readSecret = readSecret
        let transport: any HTTPClient
        if let baseURL = options.baseURL.flatMap(Self.normalized) {
            self.baseURL = baseURL
            transport = NIOHTTPClient(timeout: .seconds(options.timeout))
        } else {
            // Like the original API, the embedded auth endpoint answers at random: a new seed each run.
            self.baseURL = Self.embeddedBaseURL
            transport = try Self.embeddedBackend(seed: .random(in: .min ... .max))
        }
        // Innermost first: retries see each attempt, the cache sees the outcome of all of them (and
        // falls back to a stored answer only when retrying did not help), the log sees one exchange
        // as the caller does, with its cache status and attempts. See Docs/Networking.md.
        var client: any HTTPClient = RetryingHTTPClient(transport)
        let cacheDirectory = Paths.cacheDirectory(option: options.cacheDirectory, environment: processEnvironment)
        try Paths.checkPrivate(cacheDirectory, keeping: .cache)
        client = CachingHTTPClient(client, directory: cacheDirectory)
        if options.verbose {
            var logger = Logger(label: "apps.http") { [log] _ in PlainLogHandler(destination: log) }
            logger.logLevel = .info
            client = LoggingHTTPClient(client, logger: logger)
        }
        self.offline = OfflineWatch(client)
        self.httpClient = offline
    }

    /// The fixture backends in process: no socket, no cache, nothing logged.
    static func embeddedBackend(seed: UInt64 = 0) throws -> StubHTTPClient {
        let backend = try FixtureBackend(configuration: .init(seed: seed))
        return StubHTTPClient { request, body in backend.respond(request, body: body) }
    }

    /// `HTTP://Host` as `http://Host`: a scheme is case-insensitive, and the transports compare it as written.
    static func normalized(_ baseURL: String) -> URL? {
        guard var components = URLComponents(string: baseURL) else { return nil }
        components.scheme = components.scheme?.lowercased()
        return components.url
    }

    var api: EndpointClient { EndpointClient(baseURL: baseURL, httpClient: httpClient) }

    /// Where the backend answers, as a user reads it: `http://127.0.0.1:8080`, or the embedded one.
    var origin: String {
        guard options.baseURL != nil, let scheme = baseURL.scheme?.lowercased(), let host = baseURL.host?.lowercased()
        else { return "the embedded backend" }
        let port = baseURL.port.map { ":\($0)" } ?? ""
        return "\(scheme)://\(host.contains(":") ? "[\(host)]" : host)\(port)"
    }

    /// The state folder, checked to be private before a token or a pilot is read or written there.
    func stateDirectory() throws -> URL {
        let directory = Paths.stateDirectory(option: options.stateDirectory, environment: processEnvironment)
        try Paths.checkPrivate(directory, keeping: .state)
        return directory
    }

}
