import ArgumentParser

struct ListingsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listings", abstract: "Retail listings: products, offers and badges, images.")
}
