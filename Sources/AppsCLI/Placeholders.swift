import ArgumentParser

struct KooberCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "koober", abstract: "Ride hailing: sign in, pick a drop-off, request a ride.")
}

struct PilotCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pilot", abstract: "Pilot registration: licenses, register, whoami, logout.")
}

struct ListingsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listings", abstract: "Retail listings: products, offers and badges, images.")
}
