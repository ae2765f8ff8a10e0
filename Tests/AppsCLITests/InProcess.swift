import AppsCore
import ArgumentParser
import Foundation
import Testing

@testable import AppsCLI

/// Runs `apps` inside the test process: the arguments parsed as the binary parses them, the
/// command run against the embedded backend (or `--base-url`), its output captured in memory.
/// The binary itself is still launched by the tests of exit codes, signals and terminals.
@MainActor
enum InProcess {
    /// - Parameters:
    ///   - state: the folder for sessions, the pilot and the HTTP cache of this run.
    ///   - secrets: the passwords typed at the prompts, in order.
    static func run(_ arguments: [String], state: URL, secrets: [String] = []) async -> AppsProcess.Output {
        let output = CapturedOutput()
        let command: any ParsableCommand
        do {
            command = try Apps.parseAsRoot(arguments)
        } catch {
            return AppsProcess.Output(
                status: Apps.exitCode(for: error).rawValue, stdout: "", stderr: Apps.fullMessage(for: error))
        }
        guard let leaf = command as? any LeafCommand else {
            Issue.record("\(arguments) is not a command that renders a screen")
            return AppsProcess.Output(status: -1, stdout: "", stderr: "")
        }
        let console = Console(options: leaf.options, environment: [:], output: output)
        let answers = Locked(secrets[...])
        let status: Int32
        do {
            let environment = try AppEnvironment(
                options: leaf.options,
                processEnvironment: [
                    "APPS_STATE_DIR": state.appendingPathComponent("state").path,
                    "APPS_CACHE_DIR": state.appendingPathComponent("cache").path,
                ],
                readSecret: { prompt, _ in
                    guard let answer = answers.withLock({ $0.popFirst() }) else {
                        throw ValidationError("Expected \(prompt.lowercased()) as a line on standard input.")
                    }
                    return answer
                })
            try await leaf.execute(in: environment, console: console)
            status = 0
        } catch let error as ValidationError {
            try? output.write("Error: \(error.message)\n", to: .standardError)
            status = ExitCode.validationFailure.rawValue
        } catch {
            status = console.report(error)
        }
        return AppsProcess.Output(status: status, stdout: output.standardOutput, stderr: output.standardError)
    }

    /// The JSON object a `--format json` run printed.
    static func json(_ output: AppsProcess.Output) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        return try #require(object, "stdout: \(output.stdout) stderr: \(output.stderr)")
    }
}
