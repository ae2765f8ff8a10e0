// `import AuthMVP` is all an app writes: the networking (and storage) types this domain's public API
// uses come along with it.
@_exported import Networking
// An app keeps the session token in a store (a `KeychainStore` or `FileStore` of `Authentication`).
@_exported import Persistence
