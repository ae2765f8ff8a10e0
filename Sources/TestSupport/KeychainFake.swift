import AppsCore
import Foundation
import Persistence

/// `KeychainItems` in memory, answering as the system keychain does: an add of an
/// existing item is a duplicate, an update or delete of a missing one is not found, and while
/// ``isLocked`` (a device not unlocked since it started) every call is interaction-not-allowed.
/// For testing a `KeychainValueStore` on any platform.
///
/// ```swift
/// let keychain = KeychainFake()
/// let store = KeychainValueStore<UserSession>(service: "app", account: "session", items: keychain)
/// keychain.isLocked = true  // now a load throws .unavailableUntilUnlock
/// ```
public final class KeychainFake: KeychainItems {
    private struct State {
        var items: [String: Data] = [:]
        var isLocked = false
    }

    private let state = Locked(State())

    /// An empty, unlocked keychain.
    public init() {}

    /// Whether the device counts as not unlocked since it started.
    public var isLocked: Bool {
        get { state.withLock { $0.isLocked } }
        set { state.withLock { $0.isLocked = newValue } }
    }

    /// The stored data of an item, for checking what a store wrote.
    public func data(service: String, account: String) -> Data? {
        state.withLock { $0.items[Self.key(service, account)] }
    }

    /// The item's data; ``isLocked`` refuses it.
    public func read(service: String, account: String) throws(KeychainError) -> Data? {
        try access { $0.items[Self.key(service, account)] }
    }

    /// Adds an item, or refuses a duplicate.
    public func add(_ data: Data, service: String, account: String) throws(KeychainError) {
        try access { state throws(KeychainError) in
            guard state.items[Self.key(service, account)] == nil else { throw .duplicate }
            state.items[Self.key(service, account)] = data
        }
    }

    /// Replaces an item's data, or says it is not found.
    public func update(_ data: Data, service: String, account: String) throws(KeychainError) {
        try access { state throws(KeychainError) in
            guard state.items[Self.key(service, account)] != nil else { throw .notFound }
            state.items[Self.key(service, account)] = data
        }
    }

    /// Deletes an item, or says it is not found.
    public func delete(service: String, account: String) throws(KeychainError) {
        try access { state throws(KeychainError) in
            guard state.items.removeValue(forKey: Self.key(service, account)) != nil else { throw .notFound }
        }
    }

    private func access<T>(_ body: (inout State) throws(KeychainError) -> T) throws(KeychainError) -> T {
        let result: Result<T, KeychainError> = state.withLock { state in
            guard !state.isLocked else { return .failure(.interactionNotAllowed) }
            do throws(KeychainError) {
                return .success(try body(&state))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private static func key(_ service: String, _ account: String) -> String { "\(service)\u{0}\(account)" }
}
