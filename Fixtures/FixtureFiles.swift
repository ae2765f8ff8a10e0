import Foundation

/// The layout of the backends' data (`Fixtures/Data`, and a folder given to `apps serve --data`) and
/// the shape each file must have.
enum FixtureFiles {
    static let imageFolder = "listings/images/"

    /// Each JSON file and a check of its shape (decoding with the fixture's wire types).
    static let shapes: [String: @Sendable (Data) throws -> Void] = [
        "lotto/draws.json": { _ = try JSONDecoder().decode(DrawsFile.self, from: $0) },
        "lotto/tickets.json": { _ = try JSONDecoder().decode(TicketsFile.self, from: $0) },
        "pilot/licenses.json": { _ = try JSONDecoder().decode(LicensesFile.self, from: $0) },
        "koober/locations.json": { _ = try JSONDecoder().decode(FixtureBackend.LocationsFile.self, from: $0) },
        "koober/ride-options.json": { _ = try JSONDecoder().decode(RideOptionsFile.self, from: $0) },
        "listings/products.json": { _ = try JSONDecoder().decode(FixtureBackend.ProductsFile.self, from: $0) },
        "listings/offers.json": { _ = try JSONDecoder().decode(OffersFile.self, from: $0) },
    ]

    /// Every fixture file in `directory`, by its path in the layout, each checked. Hidden files are
    /// skipped; any other file is an error naming the files there can be.
    static func read(_ directory: URL) throws(FixtureDataError) -> [String: Data] {
        let root = directory.standardizedFileURL.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .unreadable(directory.path)
        }
        guard let walker = FileManager.default.enumerator(atPath: root) else {
            throw .unreadable(directory.path)
        }
        var files: [String: Data] = [:]
        while let path = walker.nextObject() as? String {
            let url = URL(fileURLWithPath: root).appendingPathComponent(path)
            if url.lastPathComponent.hasPrefix(".") {
                walker.skipDescendants()
                continue
            }
            guard (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) != true else { continue }
            let isImage =
                path.hasPrefix(imageFolder) && path.hasSuffix(".jpg")
                && !path.dropFirst(imageFolder.count).contains("/")
            guard shapes[path] != nil || isImage else {
                let known = shapes.keys.sorted().joined(separator: ", ")
                throw .invalid(
                    file: path, reason: "not a fixture file. The files are \(known) and \(imageFolder)KEY.jpg.")
            }
            guard let data = try? Data(contentsOf: url) else { throw .unreadable(url.path) }
            if isImage {
                guard data.starts(with: [0xFF, 0xD8]) else {
                    throw .invalid(file: path, reason: "not a JPEG (a JPEG starts with the bytes FF D8).")
                }
            } else {
                do {
                    try shapes[path]?(data)
                } catch {
                    throw .invalid(file: path, reason: describe(error))
                }
            }
            files[path] = data
        }
        return files
    }

    /// A decoding error in words, with the field it is about (`draws[2].number3`).
    static func describe(_ error: any Error) -> String {
        func field(_ path: [any CodingKey]) -> String {
            path.reduce("") { text, key in
                if let index = key.intValue { return text + "[\(index)]" }
                return text.isEmpty ? key.stringValue : text + "." + key.stringValue
            }
        }
        switch error as? DecodingError {
        case .keyNotFound(let key, let context)?:
            let parent = field(context.codingPath)
            return "\(parent.isEmpty ? "the file" : parent) has no field \"\(key.stringValue)\"."
        case .typeMismatch(let type, let context)?:
            return "\(field(context.codingPath)) is not \(article(type))."
        case .valueNotFound(let type, let context)?:
            return "\(field(context.codingPath)) is null, not \(article(type))."
        case .dataCorrupted(let context)? where context.codingPath.isEmpty:
            return "not valid JSON."
        case .dataCorrupted(let context)?:
            return "\(field(context.codingPath)): \(context.debugDescription)"
        default:
            return "cannot be read: \(error.localizedDescription)"
        }
    }

    private static func article(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type: "a whole number"
        case is Double.Type: "a number"
        case is [Any].Type: "a list"
        default: "an object"
        }
    }

    struct DrawsFile: Decodable {
        struct Draw: Decodable {
            var id, drawDate, number1, number2, number3, number4, number5, number6, bonusBall: String
            var topPrize: Int

            enum CodingKeys: String, CodingKey {
                case id, drawDate, number1, number2, number3, number4, number5, number6, topPrize
                case bonusBall = "bonus-ball"
            }
        }
        var draws: [Draw]
    }

    struct TicketsFile: Decodable {
        struct Ticket: Decodable {
            var id, drawId, number1, number2, number3, number4, number5, number6: String
            var bonusBall: String?
        }
        var tickets: [Ticket]
    }

    struct LicensesFile: Decodable {
        struct License: Decodable {
            var type: String
            var aircrafts: [String]
        }
        var licenses: [License]

        enum CodingKeys: String, CodingKey {
            case licenses = "pilot-licenses"
        }
    }

    struct RideOptionsFile: Decodable {
        struct Option: Decodable {
            var id, name: String
            var seats, baseFarePence: Int
        }
        var rideOptions: [Option]
    }

    struct OffersFile: Decodable {
        struct User: Decodable {
            struct Offer: Decodable {
                var id, title, type: String
            }
            var availableBadges: String
            var offers: [Offer]

            enum CodingKeys: String, CodingKey {
                case offers
                case availableBadges = "available_badges"
            }
        }
        var users: [String: User]
    }
}
