import Foundation
import HTTPTypes

/// One request as the stub engine reads it, parsed once: its decoded path and multi-valued query,
/// its fields, and its body with text and JSON views made the first time something asks. Matching
/// against every stub, the near misses of a request nothing served, and the journal's searches
/// all read the same context, and every pattern they run draws on its one ``MatchBudget``.
///
/// One request's: made for it and read by one task at a time (it moves to the thread that runs
/// the patterns, hence `@unchecked Sendable`).
package final class ParsedRequest: @unchecked Sendable {
    package let head: HTTPRequest
    /// `GET`, `POST`, …
    package let method: String
    /// Path and query as sent: `/lotto/draws?limit=1`.
    package let url: String
    /// The path, percent-decoded: `/lotto/draws`.
    package let path: String
    /// The path as sent, still percent-encoded (`/a%20b`): what `urlPath` and `urlPathPattern`
    /// match, as WireMock's do.
    package let rawPath: String
    /// Each query parameter's values, decoded, in the order sent.
    package let query: [String: [String]]
    package let body: Data
    /// What the parts of the `urlPathTemplate` of the stub that answers stood for: a template's
    /// `{{request.path.contactId}}`.
    package var pathParameters: [String: String] = [:]
    /// What matching this request may still spend.
    package private(set) var budget: MatchBudget
    private var text: String??
    private var json: JSONValue??

    package init(_ head: HTTPRequest, body: Data, budget: MatchBudget = MatchBudget()) {
        let target = head.path ?? "/"
        let parsed = RequestURL(target)
        self.head = head
        method = head.method.rawValue
        url = target
        path = parsed.path
        rawPath = String(target.prefix { $0 != "?" })
        query = parsed.queryValues
        self.body = body
        self.budget = budget
    }

    /// A new budget, of `allowance` or the same as before, for another piece of work on the
    /// request (its near misses, after matching spent the first).
    package func renewBudget(_ allowance: Duration? = nil) {
        budget = MatchBudget(allowance ?? budget.allowance)
    }

    /// The values of the header field `name`, one per field line as sent. `Host` is the request's
    /// authority, which HTTP/1.1 sends as that field and the server keeps apart from the others.
    package func header(_ name: HTTPField.Name) -> [String] {
        let values = head.headerFields[values: name]
        if values.isEmpty, name.canonicalName == "host", let authority = head.authority { return [authority] }
        return values
    }

    /// The body as text (UTF-8); `nil` when there is none.
    package var bodyText: String? {
        if let text { return text }
        let made = body.isEmpty ? nil : String(decoding: body, as: UTF8.self)
        text = .some(made)
        return made
    }

    /// Each cookie's values, from every `Cookie` field, percent-decoded as WireMock 3 reads them
    /// (`a%20b` is `a b`; a value that does not decode is kept as sent).
    package var cookies: [String: [String]] {
        var cookies: [String: [String]] = [:]
        for pair in header(.cookie).flatMap({ $0.split(separator: ";") }) {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2 { cookies[parts[0], default: []].append(parts[1].removingPercentEncoding ?? parts[1]) }
        }
        return cookies
    }

    /// The body read as an HTML form (`a=1&b=two+words`): each field's values, decoded.
    package var formFields: [String: [String]] {
        RequestURL("/?" + (bodyText ?? "")).queryValues
    }

    /// The parts of a `multipart/…` body; `nil` when it is not one.
    package var multipartParts: [MultipartPart]? {
        MultipartPart.parts(of: body, contentType: header(.contentType).first)
    }

    /// The host the request was sent to, without its port: `Host`'s, or the URL's.
    /// `http` or `https`, as the request was sent.
    package var scheme: String { (head.scheme ?? "http").lowercased() }

    /// The port the request was sent to: its authority's, else the scheme's.
    package var port: Int {
        let authority = head.authority ?? ""
        let afterHost = authority.hasPrefix("[") ? authority.drop { $0 != "]" }.dropFirst() : authority[...]
        if let colon = afterHost.lastIndex(of: ":"), let port = Int(afterHost[afterHost.index(after: colon)...]) {
            return port
        }
        return scheme == "https" ? 443 : 80
    }

    package var host: String {
        let authority = head.authority ?? ""
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            return String(authority[...close])
        }
        return String(authority.prefix { $0 != ":" })
    }

    /// The body as JSON, parsed the first time it is asked for; `nil` when it is not JSON.
    package var bodyJSON: JSONValue? {
        if let json { return json }
        let parsed = body.isEmpty ? nil : JSONValue.parse(body)
        json = .some(parsed)
        return parsed
    }
}
