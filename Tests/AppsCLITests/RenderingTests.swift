import Foundation
import TestSupport
import Testing

@testable import AppsCLI

/// Every command's text and JSON, rendered in process through the injectable console, against
/// the embedded backend.
@Suite("Rendering every command")
@MainActor
struct RenderingTests {
    /// A command that needs no state, what its text shows, and a key of its JSON object.
    struct Case: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var text: String
        var jsonKey: String

        var testDescription: String { arguments.joined(separator: " ") }
    }

    nonisolated static let stateless: [Case] = [
        Case(
            arguments: ["lotto", "results"], text: "Mon 15 May 2023   2 16 23 44 47 52     14  £40,000,000  draw-1",
            jsonKey: "draws"),
        Case(arguments: ["lotto", "draw", "draw-1"], text: "‹ Previous  draw-8", jsonKey: "draw"),
        Case(arguments: ["lotto", "tickets"], text: "Upcoming (draw not yet published)", jsonKey: "checked"),
        Case(
            arguments: ["lotto", "check", "2", "16", "23", "44", "47", "52", "--draw", "draw-1"], text: "Jackpot",
            jsonKey: "prize"),
        Case(arguments: ["lotto", "quickpick", "--seed", "7", "--count", "2"], text: "matched", jsonKey: "lines"),
        Case(arguments: ["koober", "locations"], text: "Opera House", jsonKey: "locations"),
        Case(arguments: ["koober", "contrast", "#000", "#00CEBC"], text: "10.55:1", jsonKey: "ratio"),
        Case(arguments: ["pilot", "licenses"], text: "PPL    C152, C172, D40A", jsonKey: "licenses"),
        Case(arguments: ["listings", "products"], text: "Blue Oxford Shirt", jsonKey: "products"),
        Case(arguments: ["listings", "product", "1"], text: "Image: shirt-blue, 346 bytes", jsonKey: "product"),
    ]

    @Test(arguments: stateless)
    func textAndJSON(_ command: Case) async throws {
        try await withTemporaryDirectory { state throws in
            let text = await InProcess.run(command.arguments, state: state)
            #expect(text.status == 0, "\(text.stderr)")
            #expect(text.stdout.contains(command.text), "\(text.stdout)")
            #expect(!text.stdout.contains("\u{1B}["), "captured output is never coloured")

            let json = await InProcess.run(command.arguments + ["--format", "json"], state: state)
            #expect(json.status == 0, "\(json.stderr)")
            #expect(try InProcess.json(json)[command.jsonKey] != nil)
        }
    }

    @Test func checkFileRendersItsReport() async throws {
        try await withTemporaryDirectory { state throws in
            let file = state.appendingPathComponent("lines.csv")
            try Data("2,16,23,44,47,52\n1,2,3,4,5,6\n".utf8).write(to: file)
            let text = await InProcess.run(["lotto", "check-file", file.path, "--draw", "draw-1"], state: state)
            #expect(text.status == 0, "\(text.stderr)")
            #expect(text.stdout.contains("Checked 2 lines against draw-1"))
            let json = try InProcess.json(
                await InProcess.run(
                    ["lotto", "check-file", file.path, "--draw", "draw-1", "--format", "json"], state: state))
            #expect(json["lines"] as? Int == 2)
        }
    }

    @Test func kooberSignsInShowsTheUserRidesAndSignsOut() async throws {
        try await withTemporaryDirectory { state throws in
            let signIn = await InProcess.run(
                ["koober", "signin", "--email", "johnny@gmail.com"], state: state, secrets: ["password"])
            #expect(signIn.stdout == "Signed in as Johnny Appleseed (johnny@gmail.com).\n")
            let whoami = try InProcess.json(
                await InProcess.run(["koober", "whoami", "--format", "json"], state: state))
            #expect((whoami["user"] as? [String: Any])?["displayName"] as? String == "Johnny")
            let ride = await InProcess.run(
                ["koober", "ride", "--pickup", "opera-house", "--dropoff", "moma"], state: state)
            #expect(ride.stdout.contains("from Opera House to MOMA"), "\(ride.stderr)")
            let rideJSON = try InProcess.json(
                await InProcess.run(
                    ["koober", "ride", "--pickup", "opera-house", "--dropoff", "moma", "--format", "json"], state: state
                ))
            #expect(((rideJSON["ride"] as? [String: Any])?["dropoff"] as? [String: Any])?["id"] as? String == "moma")
            #expect(await InProcess.run(["koober", "signout"], state: state).stdout == "Signed out.\n")
            let after = await InProcess.run(["koober", "whoami", "--format", "json"], state: state)
            #expect(after.status == 1)
            #expect((try InProcess.json(after)["error"] as? [String: Any])?["kind"] as? String == "notSignedIn")
        }
    }

    @Test func aWrongPasswordIsUnauthorizedInBothFormats() async throws {
        try await withTemporaryDirectory { state throws in
            let text = await InProcess.run(
                ["koober", "signin", "--email", "johnny@gmail.com"], state: state, secrets: ["nope"])
            #expect(text.status == 1)
            #expect(text.stderr == "error: The email or password is incorrect.\n")
            let json = await InProcess.run(
                ["koober", "signin", "--email", "johnny@gmail.com", "--format", "json"], state: state, secrets: ["nope"]
            )
            #expect((try InProcess.json(json)["error"] as? [String: Any])?["kind"] as? String == "unauthorized")
        }
    }

    @Test func pilotRegistersConfirmsRefusesASecondAndLogsOut() async throws {
        try await withTemporaryDirectory { state throws in
            let register = ["pilot", "register", "--name", "Ann", "--license", "PPL"]
            let first = await InProcess.run(register, state: state, secrets: ["Secret123456", "Secret123456"])
            #expect(first.stdout == "Welcome, Ann!\nLicense   PPL\nAircraft  C152, C172, D40A\n", "\(first.stderr)")
            let second = await InProcess.run(
                register + ["--format", "json"], state: state, secrets: ["Secret123456", "Secret123456"])
            #expect(second.status == 1)
            #expect((try InProcess.json(second)["error"] as? [String: Any])?["kind"] as? String == "conflict")
            let whoami = try InProcess.json(await InProcess.run(["pilot", "whoami", "--format", "json"], state: state))
            #expect((whoami["pilot"] as? [String: Any])?["name"] as? String == "Ann")
            #expect(await InProcess.run(["pilot", "logout"], state: state).stdout == "Logged out.\n")
            #expect(await InProcess.run(["pilot", "whoami"], state: state).status == 1)
        }
    }

    @Test func pilotValidationNamesEachField() async throws {
        try await withTemporaryDirectory { state throws in
            let output = await InProcess.run(
                ["pilot", "register", "--name", "Ann", "--license", "PPL", "--format", "json"], state: state,
                secrets: ["short", "other"])
            #expect(output.status == 1)
            let error = try #require(try InProcess.json(output)["error"] as? [String: Any])
            #expect(error["kind"] as? String == "validation")
            #expect((error["fields"] as? [String: String])?.keys.sorted() == ["password", "verification"])
        }
    }

    @Test func listingsImagesReportsWhatItWrote() async throws {
        try await withTemporaryDirectory { state throws in
            let folder = state.appendingPathComponent("images")
            let text = await InProcess.run(["listings", "images", "--output", folder.path], state: state)
            #expect(text.stdout.hasPrefix("Downloaded "), "\(text.stderr)")
            let json = try InProcess.json(
                await InProcess.run(["listings", "images", "--output", folder.path, "--format", "json"], state: state))
            #expect((json["downloaded"] as? Int ?? 0) > 0)
            #expect(json["failed"] is [Any])
        }
    }

    @Test func authLoginRendersEveryStateAsJSONLines() async throws {
        try await withTemporaryDirectory { state throws in
            let output = await InProcess.run(
                ["auth", "login", "--email", "a@b.c", "--format", "json"], state: state, secrets: ["pw"])
            let lines = output.stdout.split(separator: "\n").map(String.init)
            #expect(lines.count >= 4)
            #expect(lines.contains { $0.contains(#""title":"Cancel""#) })
            #expect(
                output.status == 0
                    ? lines.last?.contains(#""label":"hello.""#) == true : lines.last?.contains(#""error""#) == true)
        }
    }
}
