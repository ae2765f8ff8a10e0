import ArgumentParser

struct KooberCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "koober", abstract: "Ride hailing: sign in, pick a drop-off, request a ride.")
}

struct ListingsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listings", abstract: "Retail listings: products, offers and badges, images.")
}
