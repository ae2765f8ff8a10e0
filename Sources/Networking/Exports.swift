// AppsCore's shared values (`LoadState`, `MoneyFormat`, `SeededGenerator`) come with every
// domain through here. Networking's public API speaks swift-http-types (`HTTPRequest`, `HTTPResponse`, `HTTPFields`)
// and, on Linux, FoundationNetworking's `URLSession`: `import Networking` brings them along, so an
// app needs no other import, and no package of its own, to call any of it.
@_exported import AppsCore
@_exported import HTTPTypes
@_exported import HTTPTypesFoundation

#if canImport(FoundationNetworking)
    @_exported import FoundationNetworking
#endif
