import Persistence

/// Keeps the registered pilot on the device.
public protocol PilotStore: Sendable {
    func load() throws -> Pilot?
    func save(_ pilot: Pilot) throws
    func delete() throws
}

/// A ``PilotStore`` on a Persistence value store (a file in the state folder, in the app).
public struct PersistentPilotStore: PilotStore {
    private let store: any ValueStore<Pilot>

    public init(store: any ValueStore<Pilot>) {
        self.store = store
    }

    public func load() throws -> Pilot? { try store.load() }
    public func save(_ pilot: Pilot) throws { try store.save(pilot) }
    public func delete() throws { try store.delete() }
}
