import AppsCore
import FixtureServer
import FixtureTestSupport
import Foundation
import TestSupport
import Testing

@Suite("apps koober")
struct KooberCommandTests {
    /// The session file of the embedded backend: one file per origin.
    let embeddedSessionFile = "koober-session-the-embedded-backend.json"

    func apps(_ arguments: [String], state: URL, stdin: String = "") async throws -> AppsProcess.Output {
        try await AppsProcess.run(arguments + ["--state-dir", state.path], stdin: stdin)
    }

    @Test func signInWhoamiRideSignOutAcrossProcesses() async throws {
        try await withTemporaryDirectory { state in
            let signIn = try await apps(
                ["koober", "signin", "--email", "johnny@gmail.com", "--format", "json"], state: state,
                stdin: "password\n")
            #expect(signIn.status == 0, "\(signIn.stderr)")
            #expect(signIn.stdout.contains(#""fullName":"Johnny Appleseed""#))
            #expect(!signIn.stdout.contains("kb1."))

            let stored = try String(contentsOf: state.appendingPathComponent(embeddedSessionFile), encoding: .utf8)
            #expect(stored.contains("kb1."))

            let whoami = try await apps(["koober", "whoami"], state: state)
            #expect(whoami.stdout.contains("Johnny Appleseed"))

            let ride = try await apps(
                [
                    "koober", "ride", "--pickup", "Opera House", "--dropoff", "MOMA", "--option", "Wallaroo",
                    "--format", "json",
                ],
                state: state)
            #expect(ride.status == 0, "\(ride.stderr)")
            #expect(ride.stdout.contains(#""status":"requested""#))
            #expect(ride.stdout.contains(#""option":{"id":"wallaroo","name":"Wallaroo"}"#))

            #expect(try await apps(["koober", "signout"], state: state).status == 0)
            let after = try await apps(["koober", "whoami", "--format", "json"], state: state)
            #expect(after.status == 1)
            #expect(after.stdout.contains(#""kind":"notSignedIn""#))
        }
    }

    @Test func wrongCredentialsExit1Unauthorized() async throws {
        try await withTemporaryDirectory { state in
            let output = try await apps(
                ["koober", "signin", "--email", "johnny@gmail.com", "--format", "json"], state: state, stdin: "nope\n")
            #expect(output.status == 1)
            #expect(output.stdout.contains(#""kind":"unauthorized""#))
            #expect(!FileManager.default.fileExists(atPath: state.appendingPathComponent(embeddedSessionFile).path))
        }
    }

    @Test func aSessionIsNeverSentToAnotherBackend() async throws {
        try await withTemporaryDirectory { state in
            let signIn = try await apps(
                ["koober", "signin", "--email", "johnny@gmail.com"], state: state, stdin: "password\n")
            #expect(signIn.status == 0)
            let authorizations = Locked<[String]>([])
            var configuration = FixtureServer.Configuration()
            configuration.onRequest = { request in
                if let value = request.headerFields[.authorization] { authorizations.withLock { $0.append(value) } }
            }
            try await withFixtureServer(configuration) { server in
                let origin = "http://127.0.0.1:\(server.port)"
                let ride = try await apps(
                    ["koober", "ride", "--pickup", "opera-house", "--dropoff", "moma", "--base-url", origin],
                    state: state)
                #expect(ride.status == 1)
                #expect(ride.stderr.contains("Not signed in to \(origin)."))
            }
            #expect(authorizations.withLock { $0 }.isEmpty)
            let whoami = try await apps(["koober", "whoami"], state: state)
            #expect(whoami.stdout.contains("Johnny Appleseed"), "the embedded backend's session is kept")
        }
    }

    /// `koober ui --pickup nowhere-land` picked the user up at Opera House without a word; the
    /// text command refuses the place, and so does the full-screen app, before taking the screen.
    @Test func theFullScreenAppRefusesAPickupThereIsNot() async throws {
        try await withTemporaryDirectory { state in
            let output = try await apps(["koober", "ui", "--pickup", "nowhere-land"], state: state)
            #expect(output.status == 1)
            #expect(output.stderr.contains(#"There is no place "nowhere-land". Choose from: "#), "\(output.stderr)")
        }
    }

    @Test func aRideWithoutASessionIsNotSignedIn() async throws {
        try await withTemporaryDirectory { state in
            let output = try await apps(
                ["koober", "ride", "--pickup", "opera-house", "--dropoff", "moma"], state: state)
            #expect(output.status == 1)
        }
    }

    @Test func aRejectedTokenSignsOut() async throws {
        try await withTemporaryDirectory { state in
            let file = state.appendingPathComponent(embeddedSessionFile)
            try Data(
                #"{"origin":"the embedded backend","value":{"profile":{"displayName":"J","fullName":"J","email":"j@x","phone":"1"},"remoteSession":{"token":"forged"}}}"#
                    .utf8
            ).write(to: file)
            let output = try await apps(
                ["koober", "ride", "--pickup", "opera-house", "--dropoff", "moma", "--format", "json"], state: state)
            #expect(output.status == 1)
            #expect(output.stdout.contains(#""kind":"unauthorized""#))
            #expect(!FileManager.default.fileExists(atPath: file.path))
        }
    }

    @Test func contrastJudgesTheBrandColour() async throws {
        let white = try await AppsProcess.run(["koober", "contrast", "#00CEBC", "#FFFFFF", "--format", "json"])
        #expect(
            white.stdout
                == ##"{"foreground":"#00CEBC","background":"#FFFFFF","ratio":1.99,"aa":false,"aaLarge":false,"aaa":false,"aaaLarge":false}"##
                + "\n")
        let black = try await AppsProcess.run(["koober", "contrast", "#000", "#00CEBC", "--format", "json"])
        #expect(black.stdout.contains(#""aaa":true"#))
    }

    @Test func anInvalidColourIsAUsageError() async throws {
        #expect(try await AppsProcess.run(["koober", "contrast", "#12", "#FFF"]).status == 64)
    }

    @Test func locationsSearchOverALiveBackend() async throws {
        try await withFixtureServer { server in
            let output = try await AppsProcess.run(
                [
                    "koober", "locations", "--query", "GEORGE", "--base-url", server.baseURL.absoluteString, "--format",
                    "json",
                ])
            #expect(output.stdout.contains(#""name":"100 George Street""#))
            #expect(!output.stdout.contains("Opera House"))
        }
    }
}
