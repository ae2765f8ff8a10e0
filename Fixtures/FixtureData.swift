import Foundation

/// The backends' files, read once from the bundle. Served as they are, byte for byte, so the
/// wire quirks of the original APIs reach clients untouched.
struct FixtureData: Sendable {
    var lottoDraws: Data
    var lottoTickets: Data
    var pilotLicenses: Data
    var kooberLocations: Data
    var kooberRideOptions: Data
    var listingsProducts: Data
    var listingsOffers: Data
    /// By image key (`shirt-blue`, `loyalty_icon`).
    var listingsImages: [String: Data]

    static func load() throws -> FixtureData {
        FixtureData(
            lottoDraws: try file("lotto/draws.json"),
            lottoTickets: try file("lotto/tickets.json"),
            pilotLicenses: try file("pilot/licenses.json"),
            kooberLocations: try file("koober/locations.json"),
            kooberRideOptions: try file("koober/ride-options.json"),
            listingsProducts: try file("listings/products.json"),
            listingsOffers: try file("listings/offers.json"),
            listingsImages: try images(in: "listings/images"))
    }

    static func images(in relativePath: String) throws -> [String: Data] {
        guard let folder = Bundle.module.resourceURL?.appendingPathComponent("Data/\(relativePath)"),
            let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
        else { throw FixtureDataError.missing(relativePath) }
        var images: [String: Data] = [:]
        for name in names where name.hasSuffix(".jpg") {
            images[String(name.dropLast(4))] = try file("\(relativePath)/\(name)")
        }
        return images
    }

    static func file(_ relativePath: String) throws -> Data {
        guard let root = Bundle.module.resourceURL?.appendingPathComponent("Data") else {
            throw FixtureDataError.missing(relativePath)
        }
        do {
            return try Data(contentsOf: root.appendingPathComponent(relativePath))
        } catch {
            throw FixtureDataError.missing(relativePath)
        }
    }
}

public enum FixtureDataError: Error, LocalizedError, Equatable {
    case missing(String)

    public var errorDescription: String? {
        switch self {
        case .missing(let path): "The fixture file \(path) is missing from the Fixtures bundle."
        }
    }
}
