import ArgumentParser
import FixtureServer
import Fixtures
import Foundation
import Logging
import NIOCore
import NIOTransport
import StubEngine

/// `apps serve`: the fixture backend over HTTP, with fault injection.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Serve the five fixture backends over HTTP until SIGINT or SIGTERM.",
        discussion: HelpText.serve)

    @Option(help: "The address to listen on: a name, an IPv4 address, or an IPv6 one (brackets optional).")
    var host = "127.0.0.1"

    @Option(parsing: .unconditional, help: "The port to listen on (0 to 65535; 0 lets the system choose).")
    var port = 8080

    @Option(
        name: .customLong("latency-ms"), parsing: .unconditional,
        help: "Milliseconds to wait before every answer (0 to 60000).")
    var latencyMilliseconds = 0

    @Option(
        name: .customLong("max-delayed"), parsing: .unconditional,
        help: "The most answers waiting out a delay at once (--latency-ms, fixedDelayMilliseconds); more get 503.")
    var maximumDelayedAnswers = 512

    @Option(
        name: .customLong("max-connections"), parsing: .unconditional,
        help: "The most connections open at once; more wait to be accepted (default: the descriptor limit less 64).")
    var maximumConnections: Int?

    @Option(
        name: .customLong("match-budget-ms"), parsing: .unconditional,
        help:
            "Milliseconds of CPU time matching one request against the stubs may take, all patterns together (1 to 10000)."
    )
    var matchBudgetMilliseconds = 100

    @Option(
        name: .customLong("stub-budget-mb"), parsing: .unconditional,
        help:
            "MiB of memory the stubs of all worlds (the server and its sandboxes) keep together; one world an eighth of it."
    )
    var stubBudgetMegabytes = 1024

    @Option(
        name: .customLong("journal-mb"), parsing: .unconditional,
        help: "MiB of requests each world's journal keeps (headers, URL and the first 16 KiB of each body).")
    var journalMegabytes = 4

    @Option(
        name: .customLong("journal-total-mb"), parsing: .unconditional,
        help: "MiB of requests all worlds' journals keep together; past it the busiest world's oldest go.")
    var journalTotalMegabytes = 64

    @Option(
        name: .customLong("failure-rate"), parsing: .unconditional,
        help: "The fraction of requests (0 to 1) answered 503.")
    var failureRate = 0.0

    @Option(
        name: .customLong("drop-rate"), help: "The fraction of requests (0 to 1) whose connection is closed unanswered."
    )
    var dropRate = 0.0

    @Option(name: .customLong("reset-rate"), help: "The fraction of requests (0 to 1) whose connection is reset.")
    var resetRate = 0.0

    @Option(
        name: .customLong("truncate-rate"),
        help: "The fraction of requests (0 to 1) that get half the body they were promised, then a closed connection.")
    var truncateRate = 0.0

    @Option(
        name: .customLong("dribble-rate"),
        help: "The fraction of requests (0 to 1) whose body comes in ten small pieces over --dribble-ms.")
    var dribbleRate = 0.0

    @Option(
        name: .customLong("dribble-ms"), parsing: .unconditional,
        help: "How long a dribbled body takes, in milliseconds (0 to 60000).")
    var dribbleMilliseconds = 2000

    @Option(help: "Seeds every random choice (faults, the auth outcome); printed at start when not given.")
    var seed: UInt64?

    @Option(
        name: .customLong("auth-outcome"),
        help: "How /auth/authenticate answers: random, success, unauthorized or error.")
    var authOutcome: FixtureBackend.AuthOutcome = .random

    @Option(
        help: ArgumentHelp(
            "A folder laid out like Fixtures/Data whose files replace the built-in ones, checked at start.",
            valueName: "dir"))
    var data: String?

    @Option(
        name: .customLong("root-dir"),
        help: ArgumentHelp(
            "A WireMock root folder: the stubs of mappings/ (at any depth) answer first, with bodies from __files/.",
            valueName: "dir"))
    var rootDirectory: String?

    @Flag(
        name: .customLong("global-response-templating"),
        help: "Render every stub's response as a template, as if each asked for response-template (WireMock's flag).")
    var globalResponseTemplating = false

    @Flag(
        name: .customLong("no-backends"),
        help:
            "The embedded backends claim no path, list no scenario and check no stub against their contract: the stubs are the whole server, as WireMock serves a folder."
    )
    var noBackends = false

    @Option(
        help: ArgumentHelp(
            "Forward every request to this backend (http or https) instead of answering from the fixtures.",
            valueName: "url"))
    var proxy: String?

    @Option(
        help: ArgumentHelp(
            "With --proxy: write the backend's data answers into this folder, in the layout --data reads.",
            valueName: "dir"))
    var record: String?

    enum RecordLayout: String, ExpressibleByArgument, CaseIterable {
        case data, wiremock
    }

    @Option(
        name: .customLong("record-as"),
        help: ArgumentHelp(
            "What --record writes: data (the layout --data reads) or wiremock (a WireMock folder, every exchange a "
                + "stub in mappings/, which --root-dir serves).",
            valueName: "layout"))
    var recordAs: RecordLayout = .data

    @Option(
        name: .customLong("admin-token"),
        help: ArgumentHelp(
            "The token the /__admin/ routes need (Authorization: Bearer TOKEN); also APPS_ADMIN_TOKEN. Listening "
                + "beyond loopback, one is made if none is given.",
            valueName: "token"))
    var adminToken: String?

    @Flag(help: "Log every request on stderr.")
    var verbose = false

    @Flag(
        name: .customLong("test-routes"),
        help: "Also serve the /debug/ routes this package's own tests use (echo, redirect, large bodies).")
    var testRoutes = false

    /// The host without the brackets an IPv6 address has in a URL (and in the line this command prints).
    var bareHost: String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    /// The backend `--proxy` names, when it is an http or https URL with a host.
    var upstream: URL? {
        guard let proxy, let url = URL(string: proxy), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
            url.host?.isEmpty == false, url.query == nil, url.fragment == nil
        else { return nil }
        return url
    }

    func validate() throws {
        if proxy != nil, upstream == nil {
            throw ValidationError("--proxy needs an http or https URL such as https://api.example.com.")
        }
        if record != nil, proxy == nil { throw ValidationError("--record writes what --proxy forwards: add --proxy.") }
        if recordAs != .data, record == nil {
            throw ValidationError("--record-as says how --record writes: add --record DIR.")
        }
        if data != nil, proxy != nil {
            throw ValidationError("--data and --proxy exclude each other: the answers come from one or the other.")
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        guard !bareHost.isEmpty, (try? SocketAddress.makeAddressResolvingHost(bareHost, port: 0)) != nil else {
            throw ValidationError(
                "--host \"\(host)\" is not an address to listen on: use a name such as localhost, or an address "
                    + "such as 127.0.0.1 or ::1.")
        }
        guard (0...60_000).contains(latencyMilliseconds) else {
            throw ValidationError("--latency-ms must be between 0 and 60000.")
        }
        if adminToken?.isEmpty == true {
            throw ValidationError("--admin-token is empty: give a token, or leave the option out.")
        }
        guard (1...10_000).contains(matchBudgetMilliseconds) else {
            throw ValidationError("--match-budget-ms must be between 1 and 10000.")
        }
        guard (1...65_536).contains(stubBudgetMegabytes) else {
            throw ValidationError("--stub-budget-mb must be between 1 and 65536.")
        }
        guard (1...4_096).contains(journalMegabytes) else {
            throw ValidationError("--journal-mb must be between 1 and 4096.")
        }
        guard (1...65_536).contains(journalTotalMegabytes) else {
            throw ValidationError("--journal-total-mb must be between 1 and 65536.")
        }
        guard maximumDelayedAnswers >= 1 else { throw ValidationError("--max-delayed must be 1 or more.") }
        if let maximumConnections, maximumConnections < 1 {
            throw ValidationError("--max-connections must be 1 or more.")
        }
        let rates = [
            ("--failure-rate", failureRate), ("--drop-rate", dropRate), ("--reset-rate", resetRate),
            ("--truncate-rate", truncateRate), ("--dribble-rate", dribbleRate),
        ]
        for (name, rate) in rates where !(0...1).contains(rate) {
            throw ValidationError("\(name) must be between 0 and 1.")
        }
        guard rates.map(\.1).reduce(0, +) <= 1 else {
            throw ValidationError("The fault rates add up to more than 1: together they are at most 1.")
        }
        guard (0...60_000).contains(dribbleMilliseconds) else {
            throw ValidationError("--dribble-ms must be between 0 and 60000.")
        }
    }

    func run() async throws {
        var logger = Logger(label: "apps.serve") { _ in PlainLogHandler() }
        logger.logLevel = verbose ? .info : .warning
        let seed = seed ?? UInt64.random(in: 0...UInt64(UInt32.max))
        let backend: FixtureBackend
        do {
            var backendConfiguration = FixtureBackend.Configuration(
                authOutcome: authOutcome, seed: seed, testRoutes: testRoutes,
                dataDirectory: data.map { URL(fileURLWithPath: $0) },
                rootDirectory: rootDirectory.map { URL(fileURLWithPath: $0) }, stubBytes: stubBudgetMegabytes << 20)
            backendConfiguration.globalResponseTemplating = globalResponseTemplating
            backendConfiguration.embeddedBackends = !noBackends
            backend = try FixtureBackend(configuration: backendConfiguration)
            for warning in backend.folderWarnings {
                try? StandardStreams().write("warning: --root-dir: \(warning)\n", to: .standardError)
            }
        } catch let error as StubFolder.LoadError {
            try? StandardStreams().write("error: --root-dir: \(error.message)\n", to: .standardError)
            if error.isOverBudget {
                try? StandardStreams().write(
                    "hint: a larger budget: --stub-budget-mb (now \(stubBudgetMegabytes))\n", to: .standardError)
            }
            throw ExitCode(65)
        } catch let error as FixtureDataError {
            try? StandardStreams().write(
                "error: --data: \(error.localizedDescription)\n", to: .standardError)
            if case .unreadable = error { throw ExitCode(66) }
            throw ExitCode(65)
        }
        var configuration = FixtureServer.Configuration(
            host: bareHost, port: port, latency: .milliseconds(latencyMilliseconds), failureRate: failureRate,
            dropRate: dropRate, resetRate: resetRate, truncateRate: truncateRate, dribbleRate: dribbleRate,
            dribbleDuration: .milliseconds(dribbleMilliseconds), seed: seed)
        configuration.maximumDelayedAnswers = maximumDelayedAnswers
        configuration.matchBudget = .milliseconds(matchBudgetMilliseconds)
        configuration.journalBytes = journalMegabytes << 20
        configuration.journalBytesPerServer = journalTotalMegabytes << 20
        if let maximumConnections { configuration.maximumConnections = maximumConnections }
        let (token, tokenLine) = adminAccess(environment: ProcessInfo.processInfo.environment)
        configuration.adminToken = token
        let client = NIOHTTPClient(timeout: .seconds(30))
        configuration.send = { request, body in try await client.send(request, body: body) }
        if let upstream {
            configuration.forward = Self.forwarder(to: upstream)
            switch recordAs {
            case .data: configuration.recorder = record.map { FixtureRecorder(directory: URL(fileURLWithPath: $0)) }
            case .wiremock:
                configuration.stubRecorder = record.map { StubFolderRecorder(directory: URL(fileURLWithPath: $0)) }
            }
        }
        let server = FixtureServer(configuration: configuration, backend: backend, logger: logger)
        // An IPv6 address is written in brackets, so the line is a URL --base-url accepts.
        let shownHost = bareHost.contains(":") ? "[\(bareHost)]" : bareHost
        do {
            try await server.run(gracefulShutdownSignals: [.sigterm, .sigint]) { port in
                try? StandardStreams().write(
                    "Listening on http://\(shownHost):\(port)\nSeed \(seed) (--seed \(seed) repeats this run's random "
                        + "choices)\n" + (tokenLine.map { $0 + "\n" } ?? ""), to: .standardOutput)
            }
        } catch let error as IOError {
            let (reason, code): (String, Int32) =
                switch error.errnoCode {
                case EADDRINUSE: ("the port is in use. Choose another with --port, or --port 0 for a free one", 69)
                case EADDRNOTAVAIL: ("no network interface of this machine has that address", 64)
                default: (String(cString: strerror(error.errnoCode)), 69)
                }
            try? StandardStreams().write(
                "error: Cannot listen on \(shownHost):\(port): \(reason).\n", to: .standardError)
            throw ExitCode(code)
        }
    }
}

extension ServeCommand {
    /// Whether `host` is this machine only.
    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// The admin routes' token and the start line that says so: the one given (`--admin-token`,
    /// then `APPS_ADMIN_TOKEN`), or beyond loopback a new one, which the line shows; on loopback
    /// without one, nothing changes.
    func adminAccess(environment: [String: String]) -> (token: String?, line: String?) {
        let given = adminToken ?? environment["APPS_ADMIN_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        if let given {
            return (given, "Admin routes need Authorization: Bearer with the token given")
        }
        guard !Self.isLoopback(bareHost) else { return (nil, nil) }
        let made = (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
        return (made, "Admin routes need Authorization: Bearer \(made) (listening beyond loopback)")
    }

    /// Sends a request to `upstream`, under its path, with the client `--base-url` uses (its
    /// timeouts, body cap and redirect rules).
    static func forwarder(to upstream: URL) -> FixtureServer.Forward {
        let client = NIOHTTPClient(timeout: .seconds(30))
        let base = upstream.path.hasSuffix("/") ? String(upstream.path.dropLast()) : upstream.path
        let host = upstream.host.map { $0.contains(":") ? "[\($0)]" : $0 } ?? ""
        let authority = upstream.port.map { "\(host):\($0)" } ?? host
        return { request, body in
            var request = request
            request.scheme = upstream.scheme
            request.authority = authority
            request.path = base + (request.path ?? "/")
            return try await client.send(request, body: body)
        }
    }
}

extension FixtureBackend.AuthOutcome: ExpressibleByArgument {}
