import ArgumentParser

struct LottoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lotto", abstract: "UK Lotto: results, draws, tickets, checks and quick picks.")
}
