import FixtureServer
import FixtureTestSupport
import Foundation
import HTTPTypes
import TestSupport
import Testing

@testable import AppsCLI

/// Strings from a backend or a user cannot drive the terminal: text mode shows their control
/// characters escaped, JSON keeps them exactly.
@Suite("Terminal safety")
@MainActor
struct TerminalSafetyTests {
    static let title = "\u{1B}]0;pwned\u{7}"
    static let clear = "\u{1B}[2J"
    static let bidi = "\u{202E}evil"

    /// A backend whose names carry escape sequences.
    func withHostileBackend(_ body: (URL) async throws -> Void) async throws {
        var configuration = FixtureServer.Configuration()
        configuration.answer = { request in
            let json: String
            switch request.path ?? "" {
            case "/koober/locations":
                json =
                    #"{"locations": [{"id": "x\u001b[2J", "name": "Opera\u001b]0;pwned\u0007House", "latitude": 0, "longitude": 0}]}"#
            case "/pilot/licenses":
                json =
                    #"{"pilot-licenses": [{"type": "P\u001b[31mPL", "aircrafts": ["C152\u202Eevil"]}, {"type": "ATPL", "aircrafts": ["B737"]}]}"#
            default: return nil
            }
            return (HTTPResponse(status: .ok, headerFields: [.contentType: "application/json"]), Data(json.utf8))
        }
        try await withFixtureServer(configuration) { server in try await body(server.baseURL) }
    }

    @Test func backendNamesAreEscapedInTextAndExactInJSON() async throws {
        try await withHostileBackend { baseURL in
            try await withTemporaryDirectory { state throws in
                let base = ["--base-url", baseURL.absoluteString]
                let text = await InProcess.run(["koober", "locations"] + base, state: state)
                #expect(!text.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
                #expect(text.stdout.contains(#"Opera\u{1B}]0;pwned\u{7}House"#))
                #expect(text.stdout.contains(#"x\u{1B}[2J"#))
                let json = try InProcess.json(
                    await InProcess.run(["koober", "locations", "--format", "json"] + base, state: state))
                let names = (json["locations"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
                #expect(names == ["Opera\(Self.title)House"])
            }
        }
    }

    @Test func paddedColumnsCountWhatIsShown() async throws {
        try await withHostileBackend { baseURL in
            try await withTemporaryDirectory { state throws in
                let text = await InProcess.run(
                    ["pilot", "licenses", "--base-url", baseURL.absoluteString], state: state)
                let lines = text.stdout.split(separator: "\n").map(String.init)
                #expect(lines.first == #"P\u{1B}[31mPL C152\u{202E}evil"#)
                #expect(lines.last == "ATPL   B737")
            }
        }
    }

    @Test func aHostileNameTypedByTheUserIsEscapedOnTheConfirmationScreen() async throws {
        try await withTemporaryDirectory { state throws in
            let output = await InProcess.run(
                ["pilot", "register", "--name", "Ann\nEvil\u{1B}[31m\u{7}", "--license", "PPL"], state: state,
                secrets: ["Secret123456", "Secret123456"])
            #expect(output.status == 0, "\(output.stderr)")
            #expect(output.stdout.hasPrefix(#"Welcome, Ann\u{A}Evil\u{1B}[31m\u{7}!"#))
            let json = try InProcess.json(await InProcess.run(["pilot", "whoami", "--format", "json"], state: state))
            #expect((json["pilot"] as? [String: Any])?["name"] as? String == "Ann\nEvil\u{1B}[31m\u{7}")
        }
    }

    @Test func errorMessagesEscapeWhatTheyQuote() async throws {
        try await withTemporaryDirectory { state throws in
            let output = await InProcess.run(["lotto", "draw", "nope\(Self.clear)\(Self.bidi)"], state: state)
            #expect(output.status == 1)
            #expect(output.stderr == #"error: There is no draw "nope\u{1B}[2J\u{202E}evil"."# + "\n")
        }
    }

    @Test(arguments: ["\u{1B}]0;t\u{7}", "\u{9B}31m", "a\u{7F}b", "\u{2066}x\u{2069}"])
    func everyUnsafeCharacterIsEscapedAndNothingElse(_ hostile: String) {
        #expect(!hostile.terminalSafe.unicodeScalars.contains(where: TerminalText.isUnsafe))
        #expect("Zoë · £12 – 東京".terminalSafe == "Zoë · £12 – 東京")
        #expect(TerminalText.guarded("\u{1B}[1mbold\u{1B}[0m \(hostile)").hasPrefix("\u{1B}[1mbold\u{1B}[0m "))
        #expect(!TerminalText.guarded(hostile).unicodeScalars.contains(where: TerminalText.isUnsafe))
    }
}
