import Foundation
import StubEngine

/// Writes what a real backend answered into the layout of `Fixtures/Data`, so that a folder
/// recorded once (`apps serve --proxy URL --record DIR`) is replayed later (`apps serve --data DIR`).
///
/// Only the data routes' successful `GET` answers are kept: draws, tickets, licenses, places, ride
/// options, products (with the details of those fetched one by one), each user's offers, and
/// images. Sign-ins, sign-ups, rides and logins are never written, nor is any request field, so no
/// password, token or `Authorization` reaches the folder.
///
/// ```swift
/// let recorder = FixtureRecorder(directory: URL(fileURLWithPath: "recorded"))
/// let file = try recorder.record(path: "/lotto/draws", body: body)  // "lotto/draws.json"
/// ```
public final class FixtureRecorder: Sendable {
    public let directory: URL
    private let lock = Locked(())

    public init(directory: URL) {
        self.directory = directory
    }

    /// Keeps `body`, the `200` answer to `GET path` (with its query), if it is fixture data.
    /// - Returns: the file written, relative to ``directory``, or `nil` when the route holds no data.
    @discardableResult
    public func record(path: String, body: Data) throws -> String? {
        let url = RequestURL(path)
        let segments = url.segments
        return try lock.withLock { _ in
            switch segments {
            case ["lotto", "draws"]: return try write(body, to: "lotto/draws.json")
            case ["lotto", "tickets"]: return try write(body, to: "lotto/tickets.json")
            case ["pilot", "licenses"]: return try write(body, to: "pilot/licenses.json")
            case ["koober", "ride-options"]: return try write(body, to: "koober/ride-options.json")
            case ["koober", "locations"]:
                return try merge(body, list: "locations", into: "koober/locations.json")
            case ["listings", "api", "products"]:
                return try merge(body, list: "products", into: "listings/products.json", keeping: "information")
            case let parts where parts.count == 4 && parts.starts(with: ["listings", "api", "product"]):
                return try merge(
                    Data(#"{"products":["#.utf8) + body + Data("]}".utf8), list: "products",
                    into: "listings/products.json")
            case let parts
            where parts.count == 5 && parts.starts(with: ["listings", "api", "user"]) && parts[4] == "offers":
                return try mergeOffers(body, user: parts[3])
            case let parts where parts.count == 3 && parts.starts(with: ["listings", "image"]):
                let name = parts[2]
                guard name.hasSuffix(".jpg"), !name.contains("/"), !name.hasPrefix(".") else { return nil }
                return try write(body, to: FixtureFiles.imageFolder + name)
            default:
                return nil
            }
        }
    }

    private func write(_ data: Data, to path: String) throws -> String {
        let url = directory.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url, options: .atomic)
        return path
    }

    private func existing(_ path: String) -> [String: Any]? {
        (try? Data(contentsOf: directory.appendingPathComponent(path)))
            .flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
    }

    private func encoded(_ object: [String: Any]) throws -> Data {
        try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
    }

    /// Adds the answer's items to the file's list by `id`, replacing items with the same id; with
    /// `kept`, a replaced item keeps that field when the answer's item has none.
    private func merge(_ body: Data, list: String, into path: String, keeping kept: String? = nil) throws -> String? {
        guard let answer = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
            let items = answer[list] as? [[String: Any]]
        else { return nil }
        var file = existing(path) ?? [list: [Any]()]
        var merged = file[list] as? [[String: Any]] ?? []
        for item in items {
            guard let id = item["id"] as? String else { continue }
            if let index = merged.firstIndex(where: { $0["id"] as? String == id }) {
                var replacement = item
                if let kept, replacement[kept] == nil { replacement[kept] = merged[index][kept] }
                merged[index] = replacement
            } else {
                merged.append(item)
            }
        }
        file[list] = merged
        return try write(encoded(file), to: path)
    }

    private func mergeOffers(_ body: Data, user: String) throws -> String? {
        guard let offers = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return nil }
        let path = "listings/offers.json"
        var file = existing(path) ?? [:]
        var users = file["users"] as? [String: Any] ?? [:]
        users[user] = offers
        file["users"] = users
        return try write(encoded(file), to: path)
    }
}
