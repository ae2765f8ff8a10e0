import FixtureTestSupport
import Foundation
import Networking
import TestSupport
import Testing

@testable import AppsCLI

@Suite("apps serve")
struct ServeCommandTests {
    @Test func printsTheListeningLineFirstAnswersHealthAndStopsOnSIGTERM() async throws {
        let process = try AppsProcess.start(["serve", "--port", "0"])
        let line = await AppsProcess.readLines(of: process) { !$0.isEmpty }.first ?? ""
        let prefix = "Listening on http://127.0.0.1:"
        try #require(line.hasPrefix(prefix), "first line: \(line)")
        let port = try #require(Int(line.dropFirst(prefix.count)))
        #expect(port > 0)

        let api = EndpointClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!, httpClient: URLSessionHTTPClient())
        #expect(try await api.send(Endpoint<[String: String]>.get("/health")) == ["status": "ok"])

        process.terminate()  // SIGTERM
        await AppsProcess.waitForExit(process)
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
    }

    @Test func aDropRateOfOneClosesEveryConnectionUnanswered() async throws {
        let process = try AppsProcess.start(["serve", "--port", "0", "--drop-rate", "1"])
        defer { process.terminate() }
        let line = await AppsProcess.readLines(of: process) { !$0.isEmpty }.first ?? ""
        let port = try #require(Int(line.split(separator: ":").last ?? ""), "first line: \(line)")
        let api = EndpointClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!, httpClient: URLSessionHTTPClient())
        await #expect(throws: NetworkError.connectionLost) {
            try await api.send(Endpoint<[String: String]>.get("/health"))
        }
    }

    @Test func aPortInUseIsOneClearLineAndExit69() async throws {
        try await withFixtureServer { server in
            let output = try await AppsProcess.run(["serve", "--port", String(server.port)])
            #expect(output.status == 69)
            #expect(
                output.stderr.hasSuffix("the port is in use. Choose another with --port, or --port 0 for a free one.\n")
            )
            #expect(!output.stderr.contains("errno"))
        }
    }

    @Test func verboseLogsEveryRequest() async throws {
        let process = try AppsProcess.start(["serve", "--port", "0", "--verbose"])
        let line = await AppsProcess.readLines(of: process) { !$0.isEmpty }.first ?? ""
        let port = try #require(Int(line.split(separator: ":").last ?? ""), "first line: \(line)")
        let api = EndpointClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!, httpClient: URLSessionHTTPClient())
        _ = try await api.send(Endpoint<[String: String]>.get("/health"))
        process.terminate()
        await AppsProcess.waitForExit(process)
        let log = String(
            decoding: (process.standardError as! Pipe).fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(log.contains("GET /health 200"))
    }

    @Test(.enabled(if: ServeCommandTests.hasIPv6Loopback))
    func anIPv6HostIsPrintedAsAURL() async throws {
        let process = try AppsProcess.start(["serve", "--host", "::1", "--port", "0"])
        defer { process.terminate() }
        let line = await AppsProcess.readLines(of: process) { !$0.isEmpty }.first ?? ""
        #expect(line.hasPrefix("Listening on http://[::1]:"))
        // A URL --base-url accepts. (FoundationNetworking itself refuses IPv6 literals with error
        // -1000, so the request is not made here; Docs/Reliability.md.)
        let url = try #require(URL(string: String(line.dropFirst("Listening on ".count))))
        #expect(url.host == "::1")
    }

    @Test(.enabled(if: ServeCommandTests.hasIPv6Loopback))
    func theBracketedIPv6FormItPrintsIsAccepted() async throws {
        let process = try AppsProcess.start(["serve", "--host", "[::1]", "--port", "0"])
        defer { process.terminate() }
        let line = await AppsProcess.readLines(of: process) { !$0.isEmpty }.first ?? ""
        #expect(line.hasPrefix("Listening on http://[::1]:"))
    }

    /// `--host 999.1.1.1` printed `Error: SocketAddressError.UnknownHost…` and exited 1.
    @Test(arguments: ["999.1.1.1", "", "[]", "1.2.3.4.5"])
    func aHostThatIsNotAnAddressIsAUsageError(_ host: String) async throws {
        let output = try await AppsProcess.run(["serve", "--host", host, "--port", "0"])
        #expect(output.status == 64)
        #expect(output.stderr.contains("--host \"\(host)\" is not an address to listen on"), "\(output.stderr)")
        #expect(!output.stderr.contains("SocketAddressError"))
    }

    /// Whether this machine can bind `::1` (some containers have no IPv6).
    static let hasIPv6Loopback: Bool = {
        let descriptor = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_addr = in6addr_loopback
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0
            }
        }
    }()

    /// The seed of the random faults comes second, so a failing run can be repeated with `--seed`.
    @Test func theSeedIsPrintedAtStartAndRepeatsWithSeed() async throws {
        let chosen = try AppsProcess.start(["serve", "--port", "0", "--failure-rate", "0.5"])
        defer { chosen.terminate() }
        let lines = await AppsProcess.readLines(of: chosen) { $0.count >= 2 }
        #expect(lines.last?.hasPrefix("Seed ") == true, "\(lines)")
        let given = try AppsProcess.start(["serve", "--port", "0", "--seed", "42"])
        defer { given.terminate() }
        let again = await AppsProcess.readLines(of: given) { $0.count >= 2 }
        #expect(again.last == "Seed 42 (--seed 42 repeats this run's random choices)")
    }

    @Test func aDataFolderReplacesTheFilesItHas() async throws {
        try await withTemporaryDirectory { folder in
            let draws = #"{"draws":[]}"#
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent("lotto"), withIntermediateDirectories: true)
            try Data(draws.utf8).write(to: folder.appendingPathComponent("lotto/draws.json"))
            let process = try AppsProcess.start(["serve", "--port", "0", "--data", folder.path])
            defer { process.terminate() }
            let line = await AppsProcess.readLines(of: process) { !$0.isEmpty }.first ?? ""
            let port = try #require(Int(line.split(separator: ":").last ?? ""), "first line: \(line)")
            let api = EndpointClient(
                baseURL: URL(string: "http://127.0.0.1:\(port)")!, httpClient: URLSessionHTTPClient())
            #expect(try await api.send(Endpoint<Data>.bytes("/lotto/draws")) == Data(draws.utf8))
            #expect(try await api.send(Endpoint<Data>.bytes("/lotto/tickets")).count > 100)
        }
    }

    @Test func aBrokenDataFileStopsTheServerNamingTheFileAndTheField() async throws {
        try await withTemporaryDirectory { folder in
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent("koober"), withIntermediateDirectories: true)
            try Data(#"{"rideOptions":[{"id":"emu","name":"Emu","seats":"two","baseFarePence":1}]}"#.utf8)
                .write(to: folder.appendingPathComponent("koober/ride-options.json"))
            let output = try await AppsProcess.run(["serve", "--port", "0", "--data", folder.path])
            #expect(output.status == 65)
            #expect(
                output.stderr
                    == "error: --data: koober/ride-options.json: rideOptions[0].seats is not a whole number.\n")
        }
    }

    @Test func aBrokenStubFileStopsTheServerNamingTheFileAndTheField() async throws {
        try await withTemporaryDirectory { folder in
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent("mappings"), withIntermediateDirectories: true)
            try Data(#"{"request": {"method": "GET"}, "response": {"fault": "BOOM"}}"#.utf8)
                .write(to: folder.appendingPathComponent("mappings/broken.json"))
            let output = try await AppsProcess.run(["serve", "--port", "0", "--root-dir", folder.path])
            #expect(output.status == 65)
            #expect(
                output.stderr.hasPrefix(
                    "error: --root-dir: mappings/broken.json: response.fault: BOOM is not a fault; use one of "))
        }
    }

    @Test func beyondLoopbackTheAdminRoutesNeedATokenThatTheStartLineShows() throws {
        let open = try ServeCommand.parse(["--host", "0.0.0.0"]).adminAccess(environment: [:])
        let token = try #require(open.token)
        #expect(token.count == 32)
        #expect(open.line == "Admin routes need Authorization: Bearer \(token) (listening beyond loopback)")
        #expect(try ServeCommand.parse([]).adminAccess(environment: [:]).token == nil, "loopback: nothing changes")
        let given = try ServeCommand.parse(["--host", "0.0.0.0"]).adminAccess(environment: ["APPS_ADMIN_TOKEN": "s3"])
        #expect(given.token == "s3")
        #expect(given.line?.contains("s3") == false, "a token given is not echoed")
    }

    @Test func anEmptyAdminTokenIsAUsageError() async throws {
        // A server whose admin routes need "" could be reached by no one.
        let output = try await AppsProcess.run(["serve", "--admin-token", ""])
        #expect(output.status == 64)
        #expect(output.stderr.contains("--admin-token is empty"))
    }

    @Test func aFailureRateOutsideZeroToOneIsAUsageError() async throws {
        let output = try await AppsProcess.run(["serve", "--failure-rate", "2"])
        #expect(output.status == 64)
        #expect(output.stderr.contains("--failure-rate must be between 0 and 1."))
    }

    @Test func helpListsTheSixSubcommands() async throws {
        let output = try await AppsProcess.run(["--help"])
        #expect(output.status == 0)
        for name in ["lotto", "koober", "pilot", "listings", "auth", "serve", "completions"] {
            #expect(output.stdout.contains("  \(name) "), "missing \(name)")
        }
    }
}
