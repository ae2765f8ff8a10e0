import Foundation

/// The backends' files, read once: from the bundle, or from a folder of the same layout whose files
/// replace the bundled ones (`apps serve --data DIR`). Served as they are, byte for byte, so the
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

    /// The bundled files, each replaced by its namesake in `directory` when there is one. Every file
    /// taken from `directory` is checked first against the wire format of Docs/Backends.md.
    static func load(overriddenBy directory: URL? = nil) throws -> FixtureData {
        let overrides = try directory.map(FixtureFiles.read) ?? [:]
        func file(_ path: String) throws -> Data {
            try overrides[path] ?? bundled(path)
        }
        var images = try bundledImages()
        for (path, data) in overrides where path.hasPrefix(FixtureFiles.imageFolder) {
            images[String(path.dropFirst(FixtureFiles.imageFolder.count).dropLast(".jpg".count))] = data
        }
        return FixtureData(
            lottoDraws: try file("lotto/draws.json"),
            lottoTickets: try file("lotto/tickets.json"),
            pilotLicenses: try file("pilot/licenses.json"),
            kooberLocations: try file("koober/locations.json"),
            kooberRideOptions: try file("koober/ride-options.json"),
            listingsProducts: try file("listings/products.json"),
            listingsOffers: try file("listings/offers.json"),
            listingsImages: images)
    }

    private static func bundledImages() throws -> [String: Data] {
        guard let folder = Bundle.module.resourceURL?.appendingPathComponent("Data/\(FixtureFiles.imageFolder)"),
            let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
        else { throw FixtureDataError.missing(FixtureFiles.imageFolder) }
        var images: [String: Data] = [:]
        for name in names where name.hasSuffix(".jpg") {
            images[String(name.dropLast(4))] = try bundled(FixtureFiles.imageFolder + name)
        }
        return images
    }

    private static func bundled(_ relativePath: String) throws -> Data {
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

/// Why the fixture data cannot be served.
public enum FixtureDataError: Error, LocalizedError, Equatable {
    /// A bundled file is missing: the package was not built with its resources.
    case missing(String)
    /// The data folder, or a file in it, cannot be read.
    case unreadable(String)
    /// A file of the data folder is not a fixture file or does not have the fixture's shape; the
    /// message names the file and the field.
    case invalid(file: String, reason: String)

    public var errorDescription: String? {
        switch self {
        case .missing(let path): "The fixture file \(path) is missing from the Fixtures bundle."
        case .unreadable(let path): "\(path) is not a folder or file that can be read."
        case .invalid(let file, let reason): "\(file): \(reason)"
        }
    }
}
