/// Keeps the registered pilot on the device. Any `ValueStore` of pilots is one: a
/// `FileValueStore` in an app, an `InMemoryValueStore` in previews and tests.
///
/// ```swift
/// let store: any PilotStore = FileValueStore<Pilot>(fileURL: pilotFile)
/// ```
public typealias PilotStore = ValueStore<Pilot>
