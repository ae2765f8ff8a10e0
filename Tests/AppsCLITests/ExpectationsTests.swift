import ArgumentParser
import Foundation
import Networking
import TestSupport
import Testing

@testable import AppsCLI

/// `apps` as people expect a command line to behave: a version, suggestions for typos, one voice
/// for errors, JSON errors in JSON mode, colour only where it belongs.
@Suite("apps as people expect it")
struct ExpectationsTests {
    static let leafCommands: [[String]] = [
        ["lotto", "results"], ["lotto", "draw"], ["lotto", "tickets"], ["lotto", "check"], ["lotto", "quickpick"],
        ["lotto", "check-file"], ["koober", "signin"], ["koober", "whoami"], ["koober", "signout"],
        ["koober", "locations"], ["koober", "ride"], ["koober", "contrast"], ["pilot", "licenses"],
        ["pilot", "register"], ["pilot", "whoami"], ["pilot", "logout"], ["listings", "products"],
        ["listings", "product"], ["listings", "images"], ["auth", "login"], ["serve"], ["completions"],
    ]

    /// In process: the help text is the command tree's, with no process needed to print it.
    @Test(arguments: leafCommands)
    func everyCommandsHelpHasRunnableExamples(_ command: [String]) throws {
        var type: any ParsableCommand.Type = Apps.self
        for name in command {
            type = try #require(type.configuration.subcommands.first { $0.configuration.commandName == name })
        }
        let help = Apps.helpMessage(for: type, columns: 120)
        #expect(help.contains("Examples:\n  apps "), "\(help)")
        #expect(help.contains("  apps \(command.joined(separator: " "))"), "\(help)")
    }

    @Test func theRootHelpListsTheEnvironmentTheFoldersAndTheExitCodes() async throws {
        let help = try await AppsProcess.run(["--help"]).stdout
        for needle in [
            "APPS_STATE_DIR", "APPS_CACHE_DIR", "XDG_STATE_HOME", "NO_COLOR", "LISTINGS_USERNAME",
            "~/.local/state/apps",
            "Exit codes:", "  64  ", "  69  ", "  74  ", "apps completions bash|zsh|fish", "Docs/man/apps.1",
            "apps lotto ui", "apps koober ui", "apps pilot ui", "apps listings ui", "apps auth ui", "Ctrl-Z suspends",
        ] {
            #expect(help.contains(needle), "missing \(needle)")
        }
    }

    @Test func aCommandsOwnOptionsComeFirstThenTheSharedOnesUnderTheirOwnTitle() throws {
        let help = Apps.helpMessage(for: LottoCommand.QuickPickCommand.self, columns: 120)
        let own = try #require(help.range(of: "COMMAND OPTIONS:\n  --count"))
        let shared = try #require(help.range(of: "SHARED OPTIONS:\n  --base-url"))
        #expect(own.lowerBound < shared.lowerBound)
    }

    @Test(arguments: [false, true])
    func aLibrarysOwnWordsAreTheCauseShownOnlyUnderVerbose(_ verbose: Bool) throws {
        let output = CapturedOutput()
        let console = Console(options: try GlobalOptions.parse(verbose ? ["--verbose"] : []), output: output)
        #expect(console.report(NetworkError.transport("Received HTTP/0.9 when not allowed")) == 69)
        #expect(output.standardError.hasPrefix("error: The backend's answer could not be read"))
        #expect(output.standardError.contains("HTTP/0.9") == verbose)
    }

    @Test func versionComesFromOnePlace() async throws {
        let output = try await AppsProcess.run(["--version"])
        #expect(output.status == 0)
        #expect(output.stdout == "\(Apps.version)\n")
        let verbose = try await AppsProcess.run(["lotto", "results", "--verbose"])
        #expect(verbose.stderr.hasPrefix("apps \(Apps.version)\n"))
        #expect(!verbose.stderr.contains("info apps.http"))
    }

    @Test(
        arguments: [
            (
                ["lott", "results"],
                "error: 'lott' is not a command of 'apps'. Did you mean 'lotto'?\nSee 'apps --help'.\n"
            ),
            (
                ["lotto", "drw"],
                "error: 'drw' is not a command of 'apps lotto'. Did you mean 'draw'?\nSee 'apps lotto --help'.\n"
            ),
            (
                ["help", "nope"],
                "error: 'nope' is not a command of 'apps'. Commands: lotto, koober, pilot, listings, auth, serve, completions.\nSee 'apps --help'.\n"
            ),
        ])
    func aMistypedCommandIsAUsageErrorWithASuggestion(_ arguments: [String], _ expected: String) async throws {
        let output = try await AppsProcess.run(arguments)
        #expect(output.status == 64)
        #expect(output.stderr == expected)
    }

    @Test(
        arguments: [
            ["lotto", "quickpick", "--count", "-1"], ["lotto", "results", "--timeout", "-5"],
            ["serve", "--latency-ms", "-5"], ["listings", "images", "--output", "x", "--parallel", "-2"],
        ])
    func aNegativeNumberIsOutOfRangeNotAMissingValue(_ arguments: [String]) async throws {
        let output = try await AppsProcess.run(arguments)
        #expect(output.status == 64)
        #expect(output.stderr.contains("must be between") || output.stderr.contains("from 1 to"), "\(output.stderr)")
        #expect(!output.stderr.contains("Missing value"))
    }

    @Test(
        arguments: [
            ["lotto", "check", "1", "2", "3", "--format", "json"],
            ["koober", "contrast", "#zzz", "#000", "--format", "json"],
            ["lotto", "results", "--bogus", "--format", "json"],
            ["lotto", "results", "--format=json", "--timeout", "0"],
        ])
    func usageErrorsInJSONModeAreTheErrorObjectOnStdout(_ arguments: [String]) async throws {
        let output = try await AppsProcess.run(arguments)
        #expect(output.status == 64)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect((object["error"] as? [String: Any])?["kind"] as? String == "validation")
        #expect(output.stderr.isEmpty)
    }

    @Test func runtimeErrorsUseTheSameLowercasePrefixAsUsageErrors() async throws {
        let usage = try await AppsProcess.run(["lotto", "check", "1"])
        let runtime = try await AppsProcess.run(["lotto", "draw", "nope"])
        #expect(usage.stderr.hasPrefix("error: "))
        #expect(runtime.stderr.hasPrefix("error: "))
        #expect(!runtime.stderr.contains("Usage:"))
    }

    @Test func aMissingFileAndAFolderAreBothInputErrors() async throws {
        try await withTemporaryDirectory { directory in
            let missing = try await AppsProcess.run([
                "lotto", "check-file", directory.appendingPathComponent("nope.txt").path,
            ])
            let folder = try await AppsProcess.run(["lotto", "check-file", directory.path])
            #expect(missing.status == 66)
            #expect(folder.status == 66)
        }
    }

    @Test func aByteOrderMarkDoesNotSpoilTheFirstLine() async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("lines.csv")
            try Data([0xEF, 0xBB, 0xBF] + Array("2,16,23,44,47,52\n".utf8)).write(to: file)
            let output = try await AppsProcess.run(["lotto", "check-file", file.path, "--draw", "draw-1"])
            #expect(output.status == 0, "\(output.stderr)")
            #expect(output.stdout.hasPrefix("Checked 1 line against draw-1"))
        }
    }

    @Test func quickPickWithoutASeedSaysWhichOneItDrew() async throws {
        let output = try await AppsProcess.run(["lotto", "quickpick", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let seed = try #require(object["seed"] as? String)
        let again = try await AppsProcess.run(["lotto", "quickpick", "--format", "json", "--seed", seed])
        #expect(again.stdout == output.stdout)
    }

    @Test func aLicenseTypeInAnyCaseIsStoredAsTheBackendSpellsIt() async throws {
        try await withTemporaryDirectory { state in
            let output = try await AppsProcess.run(
                [
                    "pilot", "register", "--name", "Ann", "--license", "ppl", "--format", "json", "--state-dir",
                    state.path,
                ],
                stdin: "Secret123456\nSecret123456\n")
            #expect(output.stdout.contains(#""license":"PPL""#), "\(output.stderr)")
        }
    }

    @Test func checkedBallsCarryAMarkBesideTheirColour() async throws {
        let output = try await AppsProcess.run(["lotto", "check", "2", "7", "23", "31", "44", "14", "--draw", "draw-1"])
        #expect(output.stdout.contains("  Yours   2*  7  14+ 23* 31  44*\n"))
    }

    @Test(
        arguments: [
            (["NO_COLOR": ""], true), (["NO_COLOR": "1"], false), (["TERM": "dumb"], false),
            (["TERM": "xterm-256color"], true),
        ])
    func colourFollowsNoColorAndTerm(_ environment: [String: String], _ coloured: Bool) {
        // Colour needs a terminal; the rules before that are checked on a console that pretends to have one.
        let colours = Console.wantsColour(noColorOption: false, environment: environment, isTerminal: true)
        #expect(colours == coloured)
    }
}
