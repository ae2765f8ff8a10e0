import Foundation
import HTTPTypes

/// What a caching layer did with a request, as it reports it in the response's fields.
public enum CacheStatus: String, Sendable {
    /// Answered from a fresh stored response, without a request.
    case hit
    /// The server confirmed the stored response with `304`.
    case revalidated
    /// Not stored, or stored but replaced: the answer came from the server.
    case miss
    /// The server could not be reached; this is the stored response, possibly out of date.
    case stale
}

/// The fields the package's decorators set on the answers they pass on.
extension HTTPField.Name {
    /// `hit`, `revalidated`, `miss` or `stale`: set by the cache decorator on every answer.
    public static let appsCacheStatus = HTTPField.Name("X-Apps-Cache")!
    /// When the stored answer was received, as seconds since 1970.
    public static let appsCacheStoredAt = HTTPField.Name("X-Apps-Cache-Stored-At")!
}

extension HTTPFields {
    /// Removes the fields only ``CachingHTTPClient`` may set, so that a server cannot pass an answer
    /// off as cached (or the backend as unreachable).
    package mutating func removeCacheBookkeeping() {
        self[.appsCacheStatus] = nil
        self[.appsCacheStoredAt] = nil
    }
}

/// What the package's decorators said about an answer.
extension HTTPResponse {
    /// The cache's verdict, if a cache handled the request.
    public var cacheStatus: CacheStatus? {
        headerFields[.appsCacheStatus].flatMap(CacheStatus.init(rawValue:))
    }

    /// When the answer was stored, for answers served from the cache (`hit` or `stale`).
    public var cachedAt: Date? {
        guard cacheStatus == .hit || cacheStatus == .stale,
            let seconds = headerFields[.appsCacheStoredAt].flatMap(Double.init)
        else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }
}
