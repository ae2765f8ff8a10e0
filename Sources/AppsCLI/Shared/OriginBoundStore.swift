import Foundation
import Persistence

/// A store whose value belongs to one backend: a session token is kept beside the origin that
/// issued it, in a file of that origin's own, and never read for (or sent to) another one, as
/// `gh` keeps one token per host.
struct OriginBoundStore<Value: Codable & Sendable>: ValueStore {
    struct Stored: Codable, Sendable {
        var origin: String
        var value: Value
    }

    let origin: String
    let file: FileValueStore<Stored>

    /// - Parameters:
    ///   - name: the file's name without extension; the origin is added to it.
    init(name: String, origin: String, in directory: URL) {
        self.origin = origin
        let safe = origin.unicodeScalars.map {
            CharacterSet.alphanumerics.contains($0) && $0.isASCII ? Character($0) : "-"
        }
        file = FileValueStore(fileURL: directory.appendingPathComponent("\(name)-\(String(safe)).json"))
    }

    func load() throws -> Value? {
        guard let stored = try file.load(), stored.origin == origin else { return nil }
        return stored.value
    }

    func save(_ value: Value) throws { try file.save(Stored(origin: origin, value: value)) }
    func create(_ value: Value) throws { try file.create(Stored(origin: origin, value: value)) }
    func delete() throws { try file.delete() }
}
