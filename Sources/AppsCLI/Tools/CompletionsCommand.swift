import ArgumentParser
import Foundation
import Koober
import Lotto
import Networking
import PilotRegistration

/// `apps completions bash|zsh|fish`: the shell completion script, as swift-argument-parser writes it.
struct CompletionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "completions", abstract: "Print the completion script for bash, zsh or fish.",
        discussion: HelpText.completions)

    @Argument(help: "The shell: bash, zsh or fish.") var shell: CompletionShell

    func run() throws {
        try StandardStreams().write(Apps.completionScript(for: shell), to: .standardOutput)
    }
}

extension CompletionShell: @retroactive ExpressibleByArgument {
    public init?(argument: String) {
        self.init(rawValue: argument)
    }

    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

/// What a shell offers after a command name: the embedded backend's draw ids, license types,
/// places and users, asked for through the same services the commands use.
enum CompletionValues {
    static let drawIDs = CompletionKind.custom { _, _, _ in
        await values { try await RemoteLottoService(api: $0).loadDraws().value.sorted(by: Draw.newestFirst).map(\.id) }
    }

    static let licenseTypes = CompletionKind.custom { _, _, _ in
        await values { try await RemoteLicensesService(api: $0).loadLicenses().map(\.type) }
    }

    static let places = CompletionKind.custom { _, _, _ in
        await values { try await RemoteRideService(api: $0).searchLocations("").map(\.id) }
    }

    /// The listings backend's users (its offers are per user).
    static let users = CompletionKind.list(["1", "2", "3", "4", "5"])

    private static func values(_ load: (EndpointClient) async throws -> [String]) async -> [String] {
        guard let backend = try? AppEnvironment.embeddedBackend() else { return [] }
        return (try? await load(EndpointClient(baseURL: AppEnvironment.embeddedBaseURL, httpClient: backend))) ?? []
    }
}
