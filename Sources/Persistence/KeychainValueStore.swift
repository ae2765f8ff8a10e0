import Foundation

/// The keychain calls a ``KeychainValueStore`` makes, one generic-password item at a time, as a
/// small protocol: `SystemKeychain` makes them on Apple platforms; a fake (TestSupport's
/// `KeychainFake`) stands in for them in tests and on Linux.
public protocol KeychainItems: Sendable {
    /// The item's data, or `nil` when there is no item.
    func read(service: String, account: String) throws(KeychainError) -> Data?
    /// Adds an item; ``KeychainError/duplicate`` when one exists.
    func add(_ data: Data, service: String, account: String) throws(KeychainError)
    /// Replaces an item's data; ``KeychainError/notFound`` when there is no item.
    func update(_ data: Data, service: String, account: String) throws(KeychainError)
    /// Deletes the item; ``KeychainError/notFound`` when there is none.
    func delete(service: String, account: String) throws(KeychainError)
}

/// What a keychain call can answer besides success.
public enum KeychainError: Error, Equatable, Sendable {
    /// There is no such item (`errSecItemNotFound`).
    case notFound
    /// The item exists already (`errSecDuplicateItem`).
    case duplicate
    /// The device has not been unlocked since it started, so the item cannot be read
    /// (`errSecInteractionNotAllowed`): an app launched in the background before first unlock.
    case interactionNotAllowed
    /// Any other status the keychain returned.
    case failed(status: Int32)
}

/// A ``ValueStore`` for a secret (a session token): one generic-password item in the keychain,
/// readable after the device's first unlock, kept on this device only (never synced to iCloud,
/// never restored from a backup onto another device). On Apple platforms this is the store for a
/// session; `FileValueStore` is the one for Linux.
///
/// ```swift
/// let sessions = KeychainValueStore<UserSession>(service: "com.example.koober", account: "session")
/// let app = KooberAppModel(signIn: KooberSignInUseCase(remoteAPI: auth, store: sessions), …)
/// ```
///
/// A save adds the item or, when it exists, updates it: either call replaces the whole item or
/// nothing, so a failed save keeps the previous value. Of two creates racing, the keychain lets
/// exactly one add the item. A read before first unlock is
/// ``PersistenceError/unavailableUntilUnlock(file:)``, which an app can wait out.
public struct KeychainValueStore<Value: Codable & Sendable>: ValueStore {
    /// The item's service: usually the app's bundle identifier.
    public let service: String
    /// The item's account: what the value is, such as `session`.
    public let account: String
    private let items: any KeychainItems

    /// Creates a ``KeychainValueStore``.
    ///
    /// - Parameters:
    ///   - service: the item's service, usually the app's bundle identifier.
    ///   - account: the item's account, naming the value.
    ///   - items: the keychain; `SystemKeychain` on Apple platforms (the default there).
    public init(service: String, account: String, items: any KeychainItems) {
        self.service = service
        self.account = account
        self.items = items
    }

    /// What errors call the item: `keychain service/account`.
    private var name: String { "keychain \(service)/\(account)" }

    /// Reads and decodes the item; see ``ValueStore/load()``.
    public func load() throws -> Value? {
        let data: Data?
        do {
            data = try items.read(service: service, account: account)
        } catch {
            throw failure(error, reading: true)
        }
        return try data.map { try StoredValue.decode(Value.self, from: $0, file: name) }
    }

    /// Adds the item, or replaces its data; see ``ValueStore/save(_:)``.
    public func save(_ value: Value) throws {
        let data = try StoredValue.encode(value, file: name)
        do {
            do {
                try items.add(data, service: service, account: account)
            } catch .duplicate {
                try items.update(data, service: service, account: account)
            }
        } catch {
            throw failure(error, reading: false)
        }
    }

    /// Adds the item only if there is none; see ``ValueStore/create(_:)``.
    public func create(_ value: Value) throws {
        let data = try StoredValue.encode(value, file: name)
        do {
            try items.add(data, service: service, account: account)
        } catch .duplicate {
            throw PersistenceError.alreadyExists(file: name)
        } catch {
            throw failure(error, reading: false)
        }
    }

    /// Deletes the item; deleting nothing is not an error.
    public func delete() throws {
        do {
            try items.delete(service: service, account: account)
        } catch .notFound {
            return
        } catch {
            throw PersistenceError.deleteFailed(file: name, reason: "\(error)")
        }
    }

    private func failure(_ error: KeychainError, reading: Bool) -> PersistenceError {
        switch error {
        case .interactionNotAllowed: .unavailableUntilUnlock(file: name)
        default:
            reading
                ? .readFailed(file: name, reason: "\(error)") : .writeFailed(file: name, reason: "\(error)")
        }
    }
}
