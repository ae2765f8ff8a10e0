import ArgumentParser
import Foundation

/// `apps`: the five app domains on the command line. Each leaf command renders a domain's
/// presentation state as text or JSON (Docs/CLI.md).
public struct Apps: AsyncParsableCommand {
    /// The version, in one place: `apps --version` and the first line of `--verbose` output.
    public static let version = "0.5.0"

    public static let configuration = CommandConfiguration(
        commandName: "apps",
        abstract: "Five iOS app exercises as libraries, run end to end on the command line.", discussion: HelpText.root,
        version: version,
        subcommands: [
            LottoCommand.self, KooberCommand.self, PilotCommand.self, ListingsCommand.self, AuthCommand.self,
            ServeCommand.self, CompletionsCommand.self, StoreStressCommand.self, BenchCommand.self,
        ])

    public init() {}

    /// Parses and runs like ArgumentParser's own `main`, but reports usage errors in the CLI's one
    /// voice: `error: …` on stderr with a pointer to the right help, or the JSON error object on
    /// stdout under `--format json`, exit 64; an unknown command gets a "did you mean".
    public static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            if let unknown = UnknownCommand(arguments) { throw unknown }
            var command = try await asyncParseAsRoot(arguments)
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch let error as UnknownCommand {
            exit(reportingUsage: error.message, help: error.helpCommand, arguments: arguments)
        } catch  where exitCode(for: error) == .validationFailure && !(error is ExitCode) {
            exit(reportingUsage: message(for: error), help: UnknownCommand.knownPath(arguments), arguments: arguments)
        } catch {
            exit(withError: error)
        }
    }

    private static func exit(reportingUsage message: String, help: [String], arguments: [String]) -> Never {
        let console = StandardStreams()
        if UnknownCommand.wantsJSON(arguments) {
            try? console.write(Failure(kind: .validation, message: message).json.serialized + "\n", to: .standardOutput)
        } else {
            let text =
                "error: \(message.terminalSafe)\nSee '\((["apps"] + help + ["--help"]).joined(separator: " "))'.\n"
            try? console.write(text, to: .standardError)
        }
        Foundation.exit(ExitCode.validationFailure.rawValue)
    }
}
