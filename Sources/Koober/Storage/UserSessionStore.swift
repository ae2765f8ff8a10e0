import Persistence

/// Keeps the signed-in session on the device: the one place the token is stored.
public protocol UserSessionStore: Sendable {
    func readUserSession() throws -> UserSession?
    func save(_ session: UserSession) throws
    func delete() throws
}

/// A ``UserSessionStore`` on a Persistence value store (a 0600 file in the state folder).
public struct PersistentUserSessionStore: UserSessionStore {
    private let store: any ValueStore<UserSession>

    public init(store: any ValueStore<UserSession>) {
        self.store = store
    }

    public func readUserSession() throws -> UserSession? { try store.load() }
    public func save(_ session: UserSession) throws { try store.save(session) }
    public func delete() throws { try store.delete() }
}
