import Foundation
import HTTPTypes
import StubEngine

/// `Prefer: code=…` and `Prefer: example=…`, as Stoplight Prism reads them: a request asks for one
/// of its operation's documented answers (Docs/openapi.yaml, through `Contract/responses.json`),
/// and only that request gets it.
///
/// - `code=N` answers with the document's example for status `N`. When `N` is a success and the
///   route answers with `N` anyway, the route's own answer goes out (the real data, not the
///   example). A code that is not a success never runs the route, so nothing is created.
/// - `example=NAME` picks a named example (of the status `code` names, or of any status).
/// - A code or an example the operation does not document is `400` naming the ones it does.
///
/// Other preferences (`fault=…`, which the server reads, `respond-async`) are left alone, as
/// RFC 7240 asks. An answer a preference chose carries `Preference-Applied`.
struct Preferences: Equatable {
    /// The `code` as sent: `401`, or `abc`, which no operation documents.
    var code: String?
    var example: String?

    /// The `code` and `example` of the request's `Prefer` fields, or `nil` when it has neither.
    init?(_ fields: HTTPFields) {
        let preferences = PreferHeader.preferences(in: fields)
        code = preferences["code"]
        example = preferences["example"]
        if code == nil, example == nil { return nil }
    }
}

/// The `Prefer` fields of a request (RFC 7240) as name and value: `Prefer: code=401, example="x"`
/// is `["code": "401", "example": "x"]`. Names are lower-cased, quotes and parameters after `;` are
/// dropped, and a preference given twice counts the first time, as the RFC says.
public enum PreferHeader {
    public static func preferences(in fields: HTTPFields) -> [String: String] {
        var preferences: [String: String] = [:]
        for value in fields[values: .prefer] {
            for preference in value.split(separator: ",") {
                let token = preference.split(separator: ";").first ?? ""
                let parts = token.split(separator: "=", maxSplits: 1).map {
                    $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                }
                guard parts.count == 2, preferences[parts[0].lowercased()] == nil else { continue }
                preferences[parts[0].lowercased()] = parts[1]
            }
        }
        return preferences
    }
}

/// Docs/openapi.yaml's answers, operation by operation, as `.ci/contract-responses` writes them.
struct Contract: Decodable, Sendable {
    struct Operation: Decodable, Sendable {
        var method: String
        var path: String
        var responses: [Response]
    }

    struct Response: Decodable, Sendable {
        var status: Int
        var headers: [String: String]
        var contentType: String?
        var examples: [Example]
        /// The JSON body's schema, every `$ref` resolved.
        var schema: JSONValue?
    }

    struct Example: Decodable, Sendable {
        var name: String
        var body: String
    }

    var operations: [Operation]

    static func load() throws -> Contract {
        guard let url = Bundle.module.url(forResource: "responses", withExtension: "json", subdirectory: "Contract"),
            let data = try? Data(contentsOf: url)
        else { throw FixtureDataError.missing("Contract/responses.json") }
        return try JSONDecoder().decode(Contract.self, from: data)
    }

    /// The operation of `method` on a route with `pattern` (`/listings/api/product/:id`).
    func operation(_ method: HTTPRequest.Method, pattern: [String]) -> Operation? {
        let path = "/" + pattern.map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : $0 }.joined(separator: "/")
        return operations.first { $0.method == method.rawValue && $0.path == path }
    }
}

extension FixtureBackend {
    /// The answer `preferences` ask for, or `nil` when the route's own answer (from `route`) is it.
    func answer(
        _ preferences: Preferences, for call: Call, route: Route, operation: Contract.Operation?
    ) -> (HTTPResponse, Data) {
        let name = "\(call.request.method.rawValue) \(call.url.path)"
        guard let operation else {
            return Reply.message(.badRequest, "Prefer: \(name) has no documented answers to choose from.")
        }
        let codes = operation.responses.map { String($0.status) }.joined(separator: ", ")
        var candidates = operation.responses
        if let code = preferences.code {
            candidates = candidates.filter { String($0.status) == code }
            guard !candidates.isEmpty else {
                return Reply.message(
                    .badRequest, "Prefer: code=\(code) is not an answer of \(name); it documents \(codes).")
            }
            if let status = Int(code), (200..<300).contains(status), preferences.example == nil {
                let (response, body) = route.handler(self, call)
                if response.status.code == status { return applied(preferences, to: (response, body)) }
            }
        }
        let response: Contract.Response
        let example: Contract.Example?
        if let wanted = preferences.example {
            guard
                let found = candidates.lazy.compactMap({ candidate in
                    candidate.examples.first { $0.name == wanted }.map { (candidate, $0) }
                }).first
            else {
                let names = candidates.flatMap { $0.examples.map(\.name) }.filter { $0 != "default" }
                let known = names.isEmpty ? "it has no named examples" : "it has \(names.joined(separator: ", "))"
                return Reply.message(.badRequest, "Prefer: example=\(wanted) is not an example of \(name); \(known).")
            }
            (response, example) = found
        } else {
            response = candidates[0]
            example = response.examples.first
        }
        var head = HTTPResponse(status: .init(code: response.status))
        for (field, value) in response.headers.sorted(by: { $0.key < $1.key }) {
            if let field = HTTPField.Name(field) { head.headerFields[field] = value }
        }
        if let contentType = response.contentType { head.headerFields[.contentType] = contentType }
        return applied(preferences, to: (head, Data((example?.body ?? "").utf8)))
    }

    private func applied(_ preferences: Preferences, to answer: (HTTPResponse, Data)) -> (HTTPResponse, Data) {
        var (response, body) = answer
        let applied = [preferences.code.map { "code=\($0)" }, preferences.example.map { "example=\($0)" }]
        response.headerFields[.preferenceApplied] = applied.compactMap { $0 }.joined(separator: ", ")
        return (response, body)
    }
}

extension HTTPField.Name {
    static let prefer = Self("Prefer")!
    static let preferenceApplied = Self("Preference-Applied")!
}
