/// Keeps the signed-in session on the device: the one place the token is stored. Any
/// `ValueStore` of sessions is one: a `FileValueStore` (a 0600 file) in an app, an
/// `InMemoryValueStore` in previews and tests.
///
/// ```swift
/// let store: any UserSessionStore = FileValueStore<UserSession>(fileURL: sessionFile)
/// ```
public typealias UserSessionStore = ValueStore<UserSession>
