import AppsCore
import Foundation

/// A ``ValueStore`` in memory, for tests and previews. It encodes like the file store, so a value
/// that cannot be encoded fails the same way and leaves the previous one in place.
public final class InMemoryValueStore<Value: Codable & Sendable>: ValueStore {
    private let data: Locked<Data?>
    private let name: String

    /// An empty store, for a preview: nothing to encode, so nothing can fail.
    ///
    /// ```swift
    /// let store = InMemoryValueStore<Settings>()
    /// ```
    public init() {
        self.name = "memory"
        self.data = Locked(nil)
    }

    /// Creates an ``InMemoryValueStore``.
    ///
    /// ```swift
    /// let store = try InMemoryValueStore(Settings(theme: "dark"))
    /// ```
    /// - Parameters:
    ///   - value: what the store starts with; empty by default.
    ///   - name: what errors call the store, where a file store would name its file.
    /// - Throws: ``PersistenceError/writeFailed(file:reason:)`` when `value` cannot be encoded.
    public init(_ value: Value? = nil, name: String = "memory") throws {
        self.name = name
        self.data = Locked(try value.map { try StoredValue.encode($0, file: name) })
    }

    /// The stored value, decoded again; see ``ValueStore/load()``.
    public func load() throws -> Value? {
        guard let data = data.withLock({ $0 }) else { return nil }
        return try StoredValue.decode(Value.self, from: data, file: name)
    }

    /// Replaces the value; see ``ValueStore/save(_:)``.
    public func save(_ value: Value) throws {
        let encoded = try StoredValue.encode(value, file: name)
        data.withLock { $0 = encoded }
    }

    public func create(_ value: Value) throws {
        let encoded = try StoredValue.encode(value, file: name)
        try data.withLock { stored in
            guard stored == nil else { throw PersistenceError.alreadyExists(file: name) }
            stored = encoded
        }
    }

    public func delete() throws {
        data.withLock { $0 = nil }
    }
}
