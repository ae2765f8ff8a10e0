import Foundation
import HTTPTypes

/// The redirects both transports follow, and the ones they refuse (Docs/Networking.md).
///
/// A redirect is followed to an http or https address with a port from 1 to 65535 and no user
/// name or password in it, at most ``limit`` times and never back to an address already visited.
/// To another origin it loses `Authorization`, `Proxy-Authorization` and `Cookie`, and a request
/// that would be sent there with its body (a `307` or `308` of a `POST`, whose body may hold a
/// password) is not followed at all.
package enum Redirects {
    /// Why a redirect loops, or is one too many, in this module's words.
    package static let loop = text("Redirect.loop")
    package static let tooMany = text("Redirect.tooMany")

    /// The most redirects one request follows.
    package static let limit = 5

    /// The fields a redirect to another origin never carries.
    package static let credentialFields: [HTTPField.Name] = [.authorization, .proxyAuthorization, .cookie]

    /// Why the redirect from `origin` to `target` must not be followed, or `nil` when it may be.
    ///
    /// - Parameters:
    ///   - location: the address as the server wrote it, for the error.
    ///   - resendsBody: whether following it would send the request's body again.
    package static func refusal(from origin: URL?, to target: URL?, location: String, resendsBody: Bool)
        -> NetworkError?
    {
        func refused(_ reason: String) -> NetworkError { .badRedirect(location: location, reason: reason) }
        guard let target, let scheme = target.scheme?.lowercased() else {
            return refused(text("Redirect.invalidAddress"))
        }
        guard scheme == "http" || scheme == "https" else {
            return refused(text("Redirect.notHTTP"))
        }
        guard let host = target.host, !host.isEmpty else { return refused(text("Redirect.noHost")) }
        if let port = target.port, !(1...65535).contains(port) {
            return refused(text("Redirect.portOutOfRange", String(port)))
        }
        guard target.user == nil, target.password == nil else {
            return refused(text("Redirect.credentials"))
        }
        if resendsBody, !sameOrigin(origin, target) {
            return refused(text("Redirect.bodyToAnotherSite"))
        }
        return nil
    }

    /// Scheme, host and port equal, compared as URLs spell them case-insensitively.
    package static func sameOrigin(_ lhs: URL?, _ rhs: URL?) -> Bool {
        guard let lhs, let rhs else { return false }
        return lhs.scheme?.lowercased() == rhs.scheme?.lowercased() && lhs.host?.lowercased() == rhs.host?.lowercased()
            && effectivePort(lhs) == effectivePort(rhs)
    }

    private static func effectivePort(_ url: URL) -> Int? {
        url.port ?? (url.scheme?.lowercased() == "https" ? 443 : url.scheme?.lowercased() == "http" ? 80 : nil)
    }
}
