// `import PilotRegistration` is all an app writes: the networking (and storage) types this domain's public API
// uses come along with it.
@_exported import Networking
@_exported import Persistence
