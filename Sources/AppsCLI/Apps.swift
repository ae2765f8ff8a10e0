import ArgumentParser

/// `apps`: the five app domains on the command line. Each leaf command renders a domain's
/// presentation state as text or JSON (see CLI.md).
public struct Apps: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "apps",
        abstract: "Five iOS app exercises as libraries, run end to end on the command line.",
        subcommands: [
            LottoCommand.self, KooberCommand.self, PilotCommand.self, ListingsCommand.self, AuthCommand.self,
            ServeCommand.self, StoreStressCommand.self,
        ])

    public init() {}
}
