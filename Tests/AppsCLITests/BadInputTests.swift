import FixtureTestSupport
import Foundation
import Koober
import Persistence
import TestSupport
import Testing

@testable import AppsCLI

/// `apps` under output it cannot write and numbers out of range: an error and an exit code, never
/// a crash, and nothing half done.
@Suite("apps under bad input")
struct BadInputTests {
    @Test func aFullDiskForTheResultIsOneLineAndExit74() async throws {
        let output = try await AppsProcess.shell(#""$APPS" lotto results > /dev/full"#)
        #expect(output.status == 74)
        #expect(output.stderr == "error: Cannot write to standard output: No space left on device.\n")
    }

    @Test func aClosedStandardOutputIsExit74() async throws {
        let output = try await AppsProcess.shell(#""$APPS" lotto results --format json >&-"#)
        #expect(output.status == 74)
        #expect(output.stderr.hasPrefix("error: Cannot write to standard output"))
    }

    @Test func aClosedStandardErrorStillGivesTheFailureExitCode() async throws {
        let output = try await AppsProcess.shell(#""$APPS" lotto draw nope 2>&-"#)
        #expect(output.status == 1)
    }

    @Test func aSignInThatCannotBeShownIsNotKept() async throws {
        try await withTemporaryDirectory { state in
            let environment = ["APPS_STATE_DIR": state.path]
            let signIn = try await AppsProcess.shell(
                #""$APPS" koober signin --email johnny@gmail.com > /dev/full"#, stdin: "password\n",
                environment: environment)
            #expect(signIn.status == 74)
            let whoami = try await AppsProcess.run(["koober", "whoami"], environment: environment)
            #expect(whoami.status == 1)
            #expect(
                !FileManager.default.fileExists(
                    atPath: state.appendingPathComponent("koober-session-the-embedded-backend.json").path))
        }
    }

    @Test func aRegistrationThatCannotBeShownIsNotKept() async throws {
        try await withTemporaryDirectory { state in
            let environment = ["APPS_STATE_DIR": state.path]
            let register = try await AppsProcess.shell(
                #""$APPS" pilot register --name Ann --license PPL > /dev/full"#, stdin: "Secret123456\nSecret123456\n",
                environment: environment)
            #expect(register.status == 74)
            #expect(try await AppsProcess.run(["pilot", "whoami"], environment: environment).status == 1)
        }
    }

    @Test func twentyRegistrationsAtOnceLetExactlyOneWin() async throws {
        try await withTemporaryDirectory { state in
            let environment = ["APPS_STATE_DIR": state.path]
            let outputs = try await withThrowingTaskGroup(of: (Int, AppsProcess.Output).self) { group in
                for index in 0..<20 {
                    group.addTask {
                        let output = try await AppsProcess.run(
                            ["pilot", "register", "--name", "Pilot\(index)", "--license", "PPL", "--format", "json"],
                            stdin: "Secret123456\nSecret123456\n", environment: environment)
                        return (index, output)
                    }
                }
                return try await group.reduce(into: [(Int, AppsProcess.Output)]()) { $0.append($1) }
            }
            let winners = outputs.filter { $0.1.status == 0 }
            #expect(winners.count == 1)
            #expect(outputs.filter { $0.1.status == 1 && $0.1.stdout.contains(#""kind":"conflict""#) }.count == 19)
            let whoami = try await AppsProcess.run(["pilot", "whoami", "--format", "json"], environment: environment)
            #expect(whoami.stdout.contains(#""name":"Pilot\#(winners.first?.0 ?? -1)""#))
        }
    }

    @Test func aStateFolderThatIsAFileIsAnIOErrorNamingIt() async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("state")
            try Data("not a folder".utf8).write(to: file)
            let environment = ["APPS_STATE_DIR": file.path]
            let whoami = try await AppsProcess.run(["koober", "whoami"], environment: environment)
            #expect(whoami.status == 74)
            #expect(whoami.stderr.contains(file.path))
            let register = try await AppsProcess.run(
                ["pilot", "register", "--name", "Ann", "--license", "PPL", "--format", "json"],
                stdin: "Secret123456\nSecret123456\n", environment: environment)
            #expect(register.status == 74)
            #expect(register.stdout.contains(#""kind":"io""#))
        }
    }

    @Test(arguments: ["--state-dir", "--cache-dir"])
    func anEmptyFolderOptionIsAUsageError(_ option: String) async throws {
        let output = try await AppsProcess.run(["koober", "whoami", option, ""])
        #expect(output.status == 64)
        #expect(output.stderr.contains("\(option) must name a folder"))
    }

    @Test func aStateFolderOthersCanWriteIsRefusedWithTheFix() async throws {
        try await withTemporaryDirectory { directory in
            let state = directory.appendingPathComponent("state")
            try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
            try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: state.path)
            let output = try await AppsProcess.run(["koober", "whoami", "--state-dir", state.path])
            #expect(output.status == 74)
            #expect(output.stderr.contains("chmod 700 \(state.path)"))
        }
    }

    /// Another user could plant answers in a cache folder they can write to (`draw-99` shown as
    /// fresh data), even with the sticky bit.
    @Test(arguments: [0o777, 0o1777, 0o775])
    func aCacheFolderOthersCanWriteIsRefusedWithTheFix(_ mode: Int) async throws {
        try await withTemporaryDirectory { directory in
            let cache = directory.appendingPathComponent("cache")
            try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: cache.path)
            let output = try await AppsProcess.run(["lotto", "results", "--cache-dir", cache.path])
            #expect(output.status == 74)
            #expect(output.stderr.contains("The cache folder \(cache.path) can be written by other users"))
            #expect(output.stderr.contains("chmod 700 \(cache.path)"))
        }
    }

    /// A state folder that is a link to a private folder of the user's used to be "not a folder".
    @Test func aStateFolderThatLinksToAPrivateFolderIsFollowed() async throws {
        try await withTemporaryDirectory { directory in
            let target = directory.appendingPathComponent("private")
            try FileManager.default.createDirectory(
                at: target, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let link = directory.appendingPathComponent("state")
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
            let environment = ["APPS_STATE_DIR": link.path]
            let register = try await AppsProcess.run(
                ["pilot", "register", "--name", "Ann", "--license", "PPL"], stdin: "Secret123456\nSecret123456\n",
                environment: environment)
            #expect(register.status == 0, "\(register.stderr)")
            #expect(try await AppsProcess.run(["pilot", "whoami"], environment: environment).status == 0)
            // The link's target is what is checked.
            try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: target.path)
            let refused = try await AppsProcess.run(["pilot", "whoami"], environment: environment)
            #expect(refused.status == 74)
            #expect(refused.stderr.contains("chmod 700"))
        }
    }

    /// `--cache-dir ~/x` used to delete the oldest of everything in `~/x` until it held under 50 MB.
    @Test func aCacheFolderSharedWithTheUsersFilesLosesNoneOfThem() async throws {
        try await withTemporaryDirectory { directory in
            let manager = FileManager.default
            let photos = directory.appendingPathComponent("photos")
            try manager.createDirectory(at: photos, withIntermediateDirectories: true)
            try Data("hi\n".utf8).write(to: photos.appendingPathComponent("a.jpg"))
            let thesis = directory.appendingPathComponent("thesis.pdf")
            #expect(manager.createFile(atPath: thesis.path, contents: nil))
            let handle = try FileHandle(forWritingTo: thesis)
            try handle.truncate(atOffset: 60_000_000)  // sparse: 60 MB long, nothing written
            try handle.close()
            let old = Date(timeIntervalSince1970: 1_546_300_800)
            for item in [photos, thesis] {
                try manager.setAttributes([.modificationDate: old], ofItemAtPath: item.path)
            }
            let output = try await AppsProcess.run(["lotto", "results", "--cache-dir", directory.path])
            #expect(output.status == 0, "\(output.stderr)")
            #expect(try manager.attributesOfItem(atPath: thesis.path)[.size] as? Int == 60_000_000)
            #expect(try Data(contentsOf: photos.appendingPathComponent("a.jpg")) == Data("hi\n".utf8))
        }
    }

    /// Signed in, or registered, but the state could not be written (a full disk): 74, as
    /// Docs/CLI.md says, not 65 or 73.
    @Test func aStateFileThatCannotBeWrittenIsExit74() {
        let full = PersistenceError.writeFailed(file: "/state/x.json", reason: "write failed: No space left on device")
        #expect(Failure(full).exitCode == 74)
        let signIn = KooberError.signIn(.storingSessionFailed(message: full.localizedDescription))
        #expect(Failure(signIn).exitCode == 74)
        #expect(Failure(signIn).kind == .io)
        #expect(Failure(KooberError.signUp(.storingSessionFailed(message: full.localizedDescription))).exitCode == 74)
    }

    /// A scheme is case-insensitive: `HTTP://` was refused.
    @Test func anUpperCaseSchemeIsAccepted() async throws {
        try await withFixtureServer { server in
            try await withTemporaryDirectory { state in
                let output = try await AppsProcess.run(
                    ["lotto", "results", "--base-url", "HTTP://127.0.0.1:\(server.port)"],
                    environment: [
                        "APPS_STATE_DIR": state.path, "APPS_CACHE_DIR": state.appendingPathComponent("cache").path,
                    ])
                #expect(output.status == 0, "\(output.stderr)")
                #expect(output.stdout.contains("draw-"))
            }
        }
    }

    @Test func generatedLinesThatCannotBeWrittenAreExit74() async throws {
        let output = try await AppsProcess.shell(#""$APPS" lotto generate-lines --count 10 > /dev/full"#)
        #expect(output.status == 74)
    }

    @Test(
        arguments: [
            (
                ["lotto", "results", "--timeout", "9223372036854775807"],
                "--timeout must be a whole number of seconds from 1 to 3600."
            ),
            (["lotto", "results", "--timeout", "0"], "--timeout must be a whole number of seconds from 1 to 3600."),
            (["lotto", "generate-lines", "--count=-5"], "--count must be between 1 and 100000000."),
            (["serve", "--latency-ms", "600000"], "--latency-ms must be between 0 and 60000."),
            (["serve", "--record", "out"], "--record writes what --proxy forwards: add --proxy."),
            (["serve", "--proxy", "ftp://example.com"], "--proxy needs an http or https URL"),
            (["serve", "--proxy", "http://x.test", "--data", "d"], "--data and --proxy exclude each other"),
            (["serve", "--reset-rate", "0.6", "--truncate-rate", "0.6"], "The fault rates add up to more than 1"),
            // NIO trapped on a port above 65535.
            (
                ["lotto", "results", "--base-url", "http://127.0.0.1:99999"],
                "--base-url has port 99999; a port is from 1 to 65535."
            ),
            (
                ["lotto", "results", "--base-url", "http://localhost:70000"],
                "--base-url has port 70000; a port is from 1 to 65535."
            ),
            // Credentials in the URL were silently dropped.
            (
                ["lotto", "results", "--base-url", "http://alice:pw@127.0.0.1:8080"],
                "--base-url must not carry a user name or password"
            ),
            (["listings", "images", "--output", "x", "--parallel", "33"], "--parallel must be between 1 and 32."),
        ])
    func numbersOutOfRangeAreUsageErrorsNamingTheRange(_ arguments: [String], _ message: String) async throws {
        let output = try await AppsProcess.run(arguments)
        #expect(output.status == 64)
        #expect(output.stderr.contains(message), "\(output.stderr)")
    }

    @Test func everyNumericOptionShowsItsRangeInItsHelp() async throws {
        let help = [
            (["lotto", "results", "--help"], "(1 to 3600)"), (["lotto", "quickpick", "--help"], "(1 to 1000)"),
            (["lotto", "generate-lines", "--help"], "(1 to 100000000)"),
            (["listings", "images", "--help"], "(1 to 32)"),
            (["serve", "--help"], "(0 to 60000)"), (["serve", "--help"], "(0 to 65535"),
        ]
        for (arguments, range) in help {
            let output = try await AppsProcess.run(arguments)
            let words = output.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(words.contains(range), "\(arguments)")
        }
    }
}
