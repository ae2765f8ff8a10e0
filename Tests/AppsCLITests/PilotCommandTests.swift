import FixtureTestSupport
import Foundation
import TestSupport
import Testing

@Suite("apps pilot")
struct PilotCommandTests {
    func apps(_ arguments: [String], state: URL, stdin: String = "") async throws -> AppsProcess.Output {
        try await AppsProcess.run(arguments + ["--state-dir", state.path], stdin: stdin)
    }

    @Test func registerThenWhoamiInANewProcessThenLogout() async throws {
        try await withTemporaryDirectory { state in
            let registered = try await apps(
                ["pilot", "register", "--name", "Ann", "--license", "PPL", "--format", "json"], state: state,
                stdin: "Secret123456\nSecret123456\n")
            #expect(registered.status == 0, "\(registered.stderr)")
            #expect(
                registered.stdout == #"{"pilot":{"name":"Ann","license":"PPL","aircraft":["C152","C172","D40A"]}}"#
                    + "\n")

            let whoami = try await apps(["pilot", "whoami"], state: state)
            #expect(whoami.status == 0)
            #expect(whoami.stdout.contains("Welcome, Ann!"))
            #expect(whoami.stdout.contains("C152, C172, D40A"))

            let stored = try String(contentsOf: state.appendingPathComponent("pilot.json"), encoding: .utf8)
            #expect(!stored.contains("Secret123456"))

            #expect(try await apps(["pilot", "logout"], state: state).status == 0)
            let after = try await apps(["pilot", "whoami", "--format", "json"], state: state)
            #expect(after.status == 1)
            #expect(after.stdout.contains(#""kind":"notSignedIn""#))
        }
    }

    @Test func aWeakPasswordExits1WithTheFirstFailingRuleAndStoresNothing() async throws {
        try await withTemporaryDirectory { state in
            let output = try await apps(
                ["pilot", "register", "--name", "Ann", "--license", "PPL", "--format", "json"], state: state,
                stdin: "weakpass\nweakpass\n")
            #expect(output.status == 1)
            let body = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
            let error = try #require(body?["error"] as? [String: Any])
            #expect(error["kind"] as? String == "validation")
            #expect((error["fields"] as? [String: String]) == ["password": "Use at least 12 characters."])
            #expect(!FileManager.default.fileExists(atPath: state.appendingPathComponent("pilot.json").path))
        }
    }

    @Test func aSecondRegistrationIsAConflict() async throws {
        try await withTemporaryDirectory { state in
            let arguments = ["pilot", "register", "--name", "Ann", "--license", "MPL", "--format", "json"]
            _ = try await apps(arguments, state: state, stdin: "Secret123456\nSecret123456\n")
            let second = try await apps(arguments, state: state, stdin: "Secret123456\nSecret123456\n")
            #expect(second.status == 1)
            #expect(second.stdout.contains(#""kind":"conflict""#))
        }
    }

    @Test func mismatchedVerificationAndUnknownLicenseAreReportedPerField() async throws {
        try await withTemporaryDirectory { state in
            let output = try await apps(
                ["pilot", "register", "--name", " ", "--license", "GLIDER", "--format", "json"], state: state,
                stdin: "Secret123456\nSecret654321\n")
            let body = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
            let fields = (body?["error"] as? [String: Any])?["fields"] as? [String: String]
            #expect(Set(fields?.keys ?? [:].keys) == ["name", "verification", "license"])
        }
    }

    @Test func licensesListTheAircraftOverALiveBackend() async throws {
        try await withFixtureServer { server in
            let output = try await AppsProcess.run(
                ["pilot", "licenses", "--base-url", server.baseURL.absoluteString, "--format", "json"])
            #expect(output.status == 0)
            #expect(output.stdout.contains(#"{"type":"ATPL","aircraft":["B737","A380","B747"]}"#))
        }
    }

    @Test func aDamagedStoredPilotIsReportedAndNeverOverwritten() async throws {
        try await withTemporaryDirectory { state in
            let file = state.appendingPathComponent("pilot.json")
            try Data("{ damaged".utf8).write(to: file)
            let output = try await apps(
                ["pilot", "register", "--name", "Ann", "--license", "PPL", "--format", "json"], state: state,
                stdin: "Secret123456\nSecret123456\n")
            #expect(output.status == 65)
            #expect(output.stdout.contains(#""kind":"badData""#))
            #expect(try Data(contentsOf: file) == Data("{ damaged".utf8))
        }
    }

    @Test func licensesThatCannotLoadMakeRegisterUnavailable() async throws {
        try await withRefusingPort { port in
            try await withTemporaryDirectory { state in
                let output = try await apps(
                    [
                        "pilot", "register", "--name", "Ann", "--license", "PPL", "--base-url",
                        "http://127.0.0.1:\(port)",
                    ],
                    state: state, stdin: "Secret123456\nSecret123456\n")
                #expect(output.status == 69)
                #expect(output.stderr.contains("The licenses cannot be loaded."))
            }
        }
    }

    @Test func logoutWithNoPilotStillSucceeds() async throws {
        try await withTemporaryDirectory { state in
            let output = try await apps(["pilot", "logout"], state: state)
            #expect(output.status == 0)
        }
    }
}
