import ArgumentParser
import Foundation

/// A command that does one thing and renders it: build the screen's model, drive it, render its
/// state. The global options, the composition root, and Docs/CLI.md's error reporting and exit codes
/// live here, in one place.
protocol LeafCommand: AsyncParsableCommand, Sendable {
    var options: GlobalOptions { get }
    @MainActor func run(in environment: AppEnvironment, console: Console) async throws
}

extension LeafCommand {
    func run() async throws {
        let console = Console(options: options)
        if options.verbose { console.notice("apps \(Apps.version)") }
        do {
            try await execute(in: try AppEnvironment(options: options), console: console)
        } catch let error as ExitCode {
            throw error
        } catch let error as ValidationError {
            throw error
        } catch {
            throw ExitCode(console.report(error))
        }
    }

    /// Runs the command, then says so when anything it showed came from the offline cache.
    @MainActor func execute(in environment: AppEnvironment, console: Console) async throws {
        try await run(in: environment, console: console)
        if let storedAt = environment.offline.staleSince {
            console.notice("offline: showing results cached at \(storedAt.formatted(.iso8601))")
        }
    }
}
