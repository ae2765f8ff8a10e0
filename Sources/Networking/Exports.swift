// AppsCore's shared values (`LoadState`, `MoneyFormat`, `SeededGenerator`) come with every
// domain through here, and so does Foundation, whose `URL`, `Date` and `Data` every domain's API
// takes: `import Lotto` is the one import an app needs (.ci/samples type-checks the samples that say so). Networking's public API speaks swift-http-types (`HTTPRequest`, `HTTPResponse`, `HTTPFields`)
// and, on Linux, FoundationNetworking's `URLSession`: `import Networking` brings them along, so an
// app needs no other import, and no package of its own, to call any of it.
@_exported import AppsCore
@_exported import Foundation
@_exported import HTTPTypes
@_exported import HTTPTypesFoundation

#if canImport(FoundationNetworking)
    @_exported import FoundationNetworking
#endif
