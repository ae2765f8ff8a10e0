import Foundation
import HTTPTypes

/// A request a stub sends after it answers: WireMock's webhooks, `serveEventListeners` named
/// `webhook` (WireMock 3) or the older `postServeActions`. Its URL, fields and body are templates
/// of the request that set it off, which they call `originalRequest`
/// (`{{jsonPath originalRequest.body '$.id'}}`). The server sends it after the answer, after its
/// `delay`, bounded in time (Docs/Backends.md, "Webhooks").
package struct Webhook: Sendable {
    let method: HTTPRequest.Method
    let url: Text
    let headers: [(HTTPField.Name, Text)]
    let body: Body
    let delay: Duration
    let distribution: StubResponse.DelayDistribution?

    /// Text as given, or a template of it.
    enum Text: Sendable {
        case plain(String)
        case template(ResponseTemplate)

        init(_ text: String, path: String) throws(StubError) {
            guard ResponseTemplate.isTemplate(text) else {
                self = .plain(text)
                return
            }
            do throws(StubError.Reason) { self = .template(try ResponseTemplate(text)) } catch {
                throw .field(path, error)
            }
        }

        func render(_ request: ParsedRequest) throws(StubError.Reason) -> String {
            switch self {
            case .plain(let text): text
            case .template(let template): try template.render(request, requestName: "originalRequest")
            }
        }
    }

    enum Body: Sendable {
        case text(Text)
        case bytes(Data)
    }

    /// The webhooks of a mapping: its `serveEventListeners` and `postServeActions` (an array of
    /// `{"name": "webhook", "parameters": {...}}`, or the older `{"webhook": {...}}`).
    /// The most webhooks one stub may send for a request: a thousand on one stub rendered and
    /// sent at once for every request it answers.
    package static let maximumPerStub = 16

    static func all(in mapping: Fields) throws(StubError) -> [Webhook] {
        var hooks: [Webhook] = []
        for key in ["serveEventListeners", "postServeActions"] {
            let path = mapping.child(key)
            switch mapping.object[key] {
            case nil: continue
            case .array(let listeners)?:
                for (index, listener) in listeners.enumerated() {
                    let fields = try mapping.nested(listener, at: "\(path)[\(index)]")
                    try fields.allow(["name", "parameters", "requestPhases"])
                    guard try fields.string("name") == "webhook" else {
                        let name = (try? fields.string("name")) ?? nil
                        throw .field(
                            fields.child("name"),
                            "\(name ?? "nothing") is a WireMock extension this server does not have; it sends webhook")
                    }
                    guard let parameters = try fields.fields("parameters") else {
                        throw .field(fields.child("parameters"), "is missing")
                    }
                    hooks.append(try Webhook(parameters))
                }
            case .object(let actions)? where key == "postServeActions":
                for name in actions.keys.sorted() {
                    guard name == "webhook" else {
                        throw .field(
                            "\(path).\(name)", "is a WireMock extension this server does not have; it sends webhook")
                    }
                    hooks.append(try Webhook(mapping.nested(actions[name] ?? .null, at: "\(path).\(name)")))
                }
            default: throw .field(path, "must be an array of {\"name\": \"webhook\", \"parameters\": {…}}")
            }
        }
        guard hooks.count <= maximumPerStub else {
            throw .field("postServeActions", "a stub sends at most \(maximumPerStub) webhooks, not \(hooks.count)")
        }
        return hooks
    }

    init(_ fields: Fields) throws(StubError) {
        try fields.allow(["method", "url", "headers", "body", "base64Body", "delay"])
        guard let method = try fields.string("method") else { throw .field(fields.child("method"), "is missing") }
        guard let parsed = HTTPRequest.Method(method.uppercased()) else {
            throw .field(fields.child("method"), "\(method) is not a method")
        }
        self.method = parsed
        guard let url = try fields.string("url") else { throw .field(fields.child("url"), "is missing") }
        self.url = try Text(url, path: fields.child("url"))
        if case .plain(let text) = self.url, Self.target(text) == nil {
            throw .field(fields.child("url"), "\(text) is not an http:// or https:// address")
        }
        var headers: [(HTTPField.Name, Text)] = []
        if let given = try fields.fields("headers") {
            for name in given.object.keys.sorted() {
                guard let field = HTTPField.Name(name) else {
                    throw .field(given.child(name), "is not a header field name")
                }
                let values: [JSONValue] =
                    if case .array(let values)? = given.object[name] { values } else { [given.object[name] ?? .null] }
                for value in values {
                    guard case .string(let text) = value else {
                        throw .field(given.child(name), "must be a string (or strings)")
                    }
                    headers.append((field, try Text(text, path: given.child(name))))
                }
            }
        }
        self.headers = headers
        if let encoded = try fields.string("base64Body") {
            guard let data = Data(base64Encoded: encoded) else {
                throw .field(fields.child("base64Body"), "is not base64")
            }
            body = .bytes(data)
        } else {
            body = .text(try Text(try fields.string("body") ?? "", path: fields.child("body")))
        }
        (delay, distribution) = try Self.delay(fields.fields("delay"))
    }

    /// `{"type": "fixed", "milliseconds": 500}`, or a distribution as a response's.
    private static func delay(_ fields: Fields?) throws(StubError) -> (Duration, StubResponse.DelayDistribution?) {
        guard let fields else { return (.zero, nil) }
        if try fields.string("type") == "fixed" {
            try fields.allow(["type", "milliseconds"])
            let milliseconds = try fields.int("milliseconds", in: 0...StubResponse.maximumDelayMilliseconds) ?? 0
            return (.milliseconds(milliseconds), nil)
        }
        return (.zero, try StubResponse.distribution(fields))
    }

    /// How long to wait after the answer before sending.
    package func sampledDelay() -> Duration {
        guard let distribution else { return delay }
        var generator = SystemRandomNumberGenerator()
        return .milliseconds(distribution.wholeMilliseconds(using: &generator))
    }

    /// The request to send for `trigger`, rendered from it. - Throws: why it cannot be sent (a
    /// template that fails, a URL that is not an http:// or https:// address once rendered).
    package func request(for trigger: ParsedRequest) throws(StubError.Reason) -> (HTTPRequest, Data) {
        let address = try url.render(trigger)
        guard let (scheme, authority, path) = Self.target(address) else {
            throw "\(address) is not an http:// or https:// address"
        }
        var request = HTTPRequest(method: method, scheme: scheme, authority: authority, path: path)
        for (name, value) in headers {
            request.headerFields.append(
                HTTPField(name: name, value: try value.render(trigger).filter { $0 != "\r" && $0 != "\n" }))
        }
        switch body {
        case .bytes(let data): return (request, data)
        case .text(let text): return (request, Data(try text.render(trigger).utf8))
        }
    }

    /// An absolute http(s) URL as a request's scheme, authority and path with query.
    package static func target(_ address: String) -> (String, String, String)? {
        guard let components = URLComponents(string: address), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.percentEncodedHost, !host.isEmpty
        else { return nil }
        let authority = components.port.map { "\(host):\($0)" } ?? host
        var path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        if let query = components.percentEncodedQuery { path += "?" + query }
        return (scheme, authority, path)
    }
}
