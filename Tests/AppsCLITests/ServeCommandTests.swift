import Foundation
import Networking
import Testing

@Suite("apps serve")
struct ServeCommandTests {
    @Test func printsTheListeningLineFirstAnswersHealthAndStopsOnSIGTERM() async throws {
        let process = try AppsProcess.start(["serve", "--port", "0"])
        let line = await AppsProcess.readLines(of: process) { !$0.isEmpty }.first ?? ""
        let prefix = "Listening on http://127.0.0.1:"
        try #require(line.hasPrefix(prefix), "first line: \(line)")
        let port = try #require(Int(line.dropFirst(prefix.count)))
        #expect(port > 0)

        let api = APIClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!, httpClient: URLSessionHTTPClient())
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
        let api = APIClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!, httpClient: URLSessionHTTPClient())
        await #expect(throws: NetworkError.connectionLost) {
            try await api.send(Endpoint<[String: String]>.get("/health"))
        }
    }

    @Test func aFailureRateOutsideZeroToOneIsAUsageError() async throws {
        let output = try await AppsProcess.run(["serve", "--failure-rate", "2"])
        #expect(output.status == 64)
        #expect(output.stderr.contains("--failure-rate must be between 0 and 1."))
    }

    @Test func helpListsTheSixSubcommands() async throws {
        let output = try await AppsProcess.run(["--help"])
        #expect(output.status == 0)
        for name in ["lotto", "koober", "pilot", "listings", "auth", "serve"] {
            #expect(output.stdout.contains("  \(name) "), "missing \(name)")
        }
    }
}
