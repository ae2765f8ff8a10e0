import FixtureTestSupport
import Fixtures
import Foundation
import TestSupport
import Testing

@Suite("apps auth login")
struct AuthCommandTests {
    func login(outcome: FixtureBackendOutcome, format: String = "text", password: String = "secret\n") async throws
        -> AppsProcess.Output
    {
        try await withFixtureServer(backend: .init(authOutcome: outcome.value)) { server in
            try await AppsProcess.run(
                [
                    "auth", "login", "--email", "ann@example.com", "--base-url", server.baseURL.absoluteString,
                    "--format", format,
                ],
                stdin: password)
        }
    }

    @Test func successPrintsHello() async throws {
        let output = try await login(outcome: .success)
        #expect(output.status == 0)
        #expect(output.stdout == "hello.\n")
    }

    @Test func unauthorizedPrintsTheBackendsMessageAndExits1() async throws {
        let output = try await login(outcome: .unauthorized)
        #expect(output.status == 1)
        #expect(output.stderr.contains("The email or password is incorrect."))
    }

    @Test func aServerErrorExits69() async throws {
        let output = try await login(outcome: .error)
        #expect(output.status == 69)
        #expect(output.stderr.contains("(error 500)"))
    }

    @Test func jsonRendersEveryStateAndTheSuccessScreen() async throws {
        let output = try await login(outcome: .success, format: "json")
        let lines = output.stdout.split(separator: "\n").map { String($0) }
        #expect(lines.count == 6)
        let states = try lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:] }
        let titles = states.dropLast().map { ($0["button"] as? [String: Any])?["title"] as? String }
        #expect(titles == ["Login", "Login", "Login", "Cancel", "Login"])
        #expect(states[3]["activity"] as? Bool == true)
        #expect((states[0]["email"] as? [String: Any])?["border"] as? String == "black")
        #expect((states[2]["password"] as? [String: Any])?["border"] as? String == "blue")
        #expect(states[2]["password"].map { ($0 as? [String: Any])?["text"] == nil } == true)
        #expect(lines.last == #"{"screen":"success","label":"hello."}"#)
        #expect(!output.stdout.contains("secret"))
    }

    @Test func jsonAfterUnauthorizedShowsTryAgainAndTheError() async throws {
        let output = try await login(outcome: .unauthorized, format: "json")
        let lines = output.stdout.split(separator: "\n").map { String($0) }
        #expect(lines.dropLast().last?.contains(#""title":"Try again""#) == true)
        #expect(lines.last == #"{"error":{"kind":"unauthorized","message":"The email or password is incorrect."}}"#)
    }

    @Test func anInvalidEmailNeverReachesTheBackend() async throws {
        let output = try await AppsProcess.run(["auth", "login", "--email", "no-at-sign"], stdin: "secret\n")
        #expect(output.status == 1)
        #expect(output.stderr.contains("Enter an email address with an @"))
    }

    @Test func noPasswordOnStdinIsAUsageError() async throws {
        let output = try await AppsProcess.run(["auth", "login", "--email", "ann@example.com"], stdin: "")
        #expect(output.status == 64)
    }
}

/// The forced outcomes, named for test output.
enum FixtureBackendOutcome: String, CustomTestStringConvertible {
    case success, unauthorized, error

    var testDescription: String { rawValue }
}

extension FixtureBackendOutcome {
    var value: FixtureBackend.AuthOutcome { FixtureBackend.AuthOutcome(rawValue: rawValue)! }
}
