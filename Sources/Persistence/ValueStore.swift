import AppsCore
import Foundation

/// Keeps one `Codable` value: the signed-in session, the registered pilot, ...
///
/// `load` answers `nil` when nothing was saved. A value that cannot be read back is
/// ``PersistenceError/corrupt(file:reason:)``, never a crash. A failed `save` leaves the previous
/// value in place.
public protocol ValueStore<Value>: Sendable {
    /// What the store keeps.
    associatedtype Value: Codable & Sendable

    /// The stored value, or `nil` when nothing was saved.
    /// - Throws: ``PersistenceError``: the value cannot be read or decoded.
    func load() throws -> Value?
    /// Replaces the stored value, atomically.
    /// - Throws: ``PersistenceError/writeFailed(file:reason:)``; the previous value stays.
    func save(_ value: Value) throws
    /// Saves `value` only if nothing is stored, atomically: of two creates racing, exactly one
    /// succeeds and the other throws ``PersistenceError/alreadyExists(file:)``.
    func create(_ value: Value) throws
    /// Forgets the value; deleting nothing is not an error.
    func delete() throws
}

/// What a store can fail with, naming the file involved.
public enum PersistenceError: Error, Equatable, Sendable {
    /// The stored bytes are not a value of this type.
    case corrupt(file: String, reason: String)
    /// The value could not be read: no permission, a folder in its place, an I/O error.
    case readFailed(file: String, reason: String)
    /// The value could not be written; the previous one is kept.
    case writeFailed(file: String, reason: String)
    /// The value could not be deleted.
    case deleteFailed(file: String, reason: String)
    /// ``ValueStore/create(_:)`` found a value stored already.
    case alreadyExists(file: String)
    /// The file is larger than any value the store keeps: it is refused before it is read.
    case tooLarge(file: String, limitBytes: Int)
    /// The value is protected until the device is first unlocked, and it has not been since it
    /// started (an app launched in the background): try again after the user unlocks it.
    case unavailableUntilUnlock(file: String)
}

extension PersistenceError {
    /// Any error a store threw, as a `PersistenceError`: stores throw nothing else, but a store an
    /// app writes itself may.
    public init(_ error: any Error) {
        self = error as? PersistenceError ?? .readFailed(file: "the store", reason: error.localizedDescription)
    }
}

extension PersistenceError: LocalizedError {
    /// What went wrong, in words an app's user can act on, without the file's path (an app shows
    /// no paths; the file is in the case for logs and tools); looked up in the module's
    /// `Localizable.strings`, English by default.
    public var errorDescription: String? {
        switch self {
        case .corrupt: text("PersistenceError.corrupt")
        case .readFailed(_, let reason): text("PersistenceError.readFailed", reason)
        case .writeFailed(_, let reason): text("PersistenceError.writeFailed", reason)
        case .deleteFailed(_, let reason): text("PersistenceError.deleteFailed", reason)
        case .alreadyExists: text("PersistenceError.alreadyExists")
        case .tooLarge: text("PersistenceError.tooLarge")
        case .unavailableUntilUnlock: text("PersistenceError.unavailableUntilUnlock")
        }
    }
}

/// A string of this module's `Localizable.strings`, filled in.
func text(_ key: String, _ arguments: String...) -> String {
    localized(key, bundle: .module, table: "Persistence", arguments: arguments)
}

enum StoredValue {
    static func encode<Value: Encodable>(_ value: Value, file: String) throws -> Data {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            return try encoder.encode(value)
        } catch {
            throw PersistenceError.writeFailed(file: file, reason: "the value cannot be encoded: \(error)")
        }
    }

    static func decode<Value: Decodable>(_ type: Value.Type, from data: Data, file: String) throws -> Value {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw PersistenceError.corrupt(file: file, reason: reason(for: error))
        }
    }

    private static func reason(for error: any Error) -> String {
        guard let decodingError = error as? DecodingError else { return "\(error)" }
        switch decodingError {
        case .dataCorrupted: return "not valid JSON"
        case .keyNotFound(let key, _): return "missing \"\(key.stringValue)\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "wrong value at \(describeCodingPath(context.codingPath))"
        @unknown default: return "\(decodingError)"
        }
    }
}
