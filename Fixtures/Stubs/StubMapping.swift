import Foundation
import HTTPTypes

/// Why a stub mapping was refused, with the status the admin API answers: `400` for a body that is
/// not JSON, `404` for an unknown id, `422` for a mapping that names its broken field
/// (`request.bodyPatterns[0].matches: … is not a regular expression`).
package struct StubError: Error, Equatable, Sendable {
    /// What is wrong in one field, in words.
    package struct Reason: Error, Equatable, Sendable, ExpressibleByStringInterpolation {
        package let text: String
        package init(stringLiteral text: String) { self.text = text }
        package init(stringInterpolation: DefaultStringInterpolation) {
            text = String(stringInterpolation: stringInterpolation)
        }
    }

    package var status: Int
    package var message: String

    package init(status: Int, message: String) {
        self.status = status
        self.message = message
    }

    static func field(_ path: String, _ reason: Reason) -> StubError {
        StubError(status: 422, message: "\(path): \(reason.text)")
    }
}

/// Whether `name` is 1 to 64 letters, digits, `.`, `_` or `-`, and not dots alone: what a stub's id
/// and a sandbox's name may be, since each stands in an admin path (every HTTP client removes the
/// path segments `.` and `..`, so a sandbox `..` would be the main world).
package func isPlainName(_ name: String) -> Bool {
    (1...64).contains(name.count) && name.contains { $0 != "." }
        && name.unicodeScalars.allSatisfy {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0))
        }
}

/// A stub mapping in WireMock's JSON: what requests it matches, what it answers, its priority and
/// its scenario (Docs/Backends.md, "Stubs"). Made only by ``parse(_:files:id:)``, which refuses a
/// mapping it could not honour, naming the field.
package struct StubMapping: Sendable {
    package let id: String
    /// 1 is matched first; WireMock's default is 5.
    package let priority: Int
    package let request: RequestPattern
    package let response: StubResponse
    package let scenarioName: String?
    package let requiredScenarioState: String?
    package let newScenarioState: String?
    /// The mapping as given, with its `id`: what the admin API lists.
    package let json: JSONValue
    /// What it costs to keep, in bytes: its JSON text (the tree it is read into takes a few times
    /// more, in proportion).
    package let size: Int

    /// The state every stub scenario starts in, as WireMock names it.
    package static let startedState = "Started"

    /// A mapping from its JSON. `id` (or `uuid`) is kept when the mapping has one, else made.
    package static func parse(_ data: Data, files: URL? = nil) throws(StubError) -> StubMapping {
        guard let json = JSONValue.parse(data) else {
            throw StubError(status: 400, message: "The body is not JSON.")
        }
        return try parse(json, files: files, path: "")
    }

    package static func parse(_ json: JSONValue, files: URL?, path: String) throws(StubError) -> StubMapping {
        let mapping = try Fields(json, path: path)
        try mapping.allow([
            "id", "uuid", "name", "priority", "request", "response", "scenarioName", "requiredScenarioState",
            "newScenarioState", "metadata", "persistent",
        ])
        let given = try mapping.string("id")
        let uuid = try mapping.string("uuid")
        for (key, value) in [("id", given), ("uuid", uuid)] {
            guard let value else { continue }
            guard isPlainName(value), value != "reset", value != "import"
            else {
                throw .field(
                    mapping.child(key),
                    "1 to 64 letters, digits, '.', '_' or '-', not dots alone, and not reset or import (the admin paths beside it)"
                )
            }
        }
        let id = given ?? uuid ?? UUID().uuidString.lowercased()
        let priority = try mapping.int("priority", in: 1...Int(Int32.max)) ?? 5
        // Fields kept as given but not used still have WireMock's types.
        _ = try mapping.string("name")
        _ = try mapping.bool("persistent")
        _ = try mapping.fields("metadata")
        guard let request = try mapping.fields("request") else {
            throw .field(mapping.child("request"), "a stub says which requests it matches")
        }
        guard let response = try mapping.fields("response") else {
            throw .field(mapping.child("response"), "a stub says what it answers")
        }
        var stored = mapping.object
        stored["id"] = .string(id)
        stored["uuid"] = nil
        var scenario: [String: String] = [:]
        for key in ["scenarioName", "requiredScenarioState", "newScenarioState"] {
            guard let value = try mapping.string(key) else { continue }
            // A scenario is named in an admin path: /__admin/scenarios/NAME/state.
            guard !value.isEmpty, !value.contains("/") else {
                throw .field(mapping.child(key), "must be a name without /")
            }
            scenario[key] = value
        }
        return StubMapping(
            id: id, priority: priority, request: try RequestPattern(request),
            response: try StubResponse(response, files: files), scenarioName: scenario["scenarioName"],
            requiredScenarioState: scenario["requiredScenarioState"],
            newScenarioState: scenario["newScenarioState"], json: .object(stored),
            size: JSONValue.object(stored).data.count)
    }

    /// The mappings of a list, each named by its place (`mappings[2].request…`) and passed through
    /// `check`: WireMock's `{"mappings": [...]}`, in a file or an import.
    package static func parse(
        list: [JSONValue], files: URL?, check: (StubMapping) throws(StubError) -> Void
    ) throws(StubError) -> [StubMapping] {
        var mappings: [StubMapping] = []
        var places: [String: Int] = [:]
        for (index, json) in list.enumerated() {
            let mapping = try parse(json, files: files, path: "mappings[\(index)]")
            if let first = places[mapping.id] {
                throw .field(
                    "mappings[\(index)].id", "\(mapping.id) is the id of mappings[\(first)] too: each stub has its own")
            }
            places[mapping.id] = index
            try check(mapping)
            mappings.append(mapping)
        }
        return mappings
    }

    /// Whether the mapping's `metadata` turns the contract check off: `{"contract": "off"}`.
    package var contractOff: Bool {
        guard case .object(let members) = json, case .object(let metadata)? = members["metadata"] else { return false }
        return metadata["contract"] == .string("off")
    }
}

/// The fields of one JSON object of a mapping, read with the path that names them in errors.
struct Fields {
    let object: [String: JSONValue]
    let path: String

    init(_ json: JSONValue, path: String) throws(StubError) {
        guard case .object(let object) = json else {
            throw .field(path.isEmpty ? "mapping" : path, "must be a JSON object")
        }
        self.object = object
        self.path = path
    }

    /// The path of the member `key`: `request.method`.
    func child(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// Refuses members other than `names`.
    func allow(_ names: Set<String>) throws(StubError) {
        if let unknown = object.keys.sorted().first(where: { !names.contains($0) }) {
            throw .field(child(unknown), "is not a field this server reads here")
        }
    }

    func string(_ key: String) throws(StubError) -> String? {
        switch object[key] {
        case nil: return nil
        case .string(let value)?: return value
        default: throw .field(child(key), "must be a string")
        }
    }

    func bool(_ key: String) throws(StubError) -> Bool {
        switch object[key] {
        case nil: return false
        case .bool(let value)?: return value
        default: throw .field(child(key), "must be true or false")
        }
    }

    func int(_ key: String, in range: ClosedRange<Int>) throws(StubError) -> Int? {
        switch object[key] {
        case nil: return nil
        case .number(let value)?
        where value.rounded() == value && Double(range.lowerBound)...Double(range.upperBound) ~= value:
            return Int(value)
        default: throw .field(child(key), "must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
    }

    func fields(_ key: String) throws(StubError) -> Fields? {
        guard let value = object[key] else { return nil }
        return try Fields(value, path: child(key))
    }
}

/// What a stub's `request` matches: every part given must hold.
package struct RequestPattern: Sendable {
    enum URLMatch: Sendable {
        case url(String)
        case urlPath(String)
        case urlPattern(StubRegex)
        case urlPathPattern(StubRegex)
    }

    let method: String?
    let url: URLMatch?
    let queryParameters: [(String, StringMatcher)]
    let headers: [(HTTPField.Name, String, StringMatcher)]
    let basicAuthorization: String?
    let bodyPatterns: [StringMatcher]

    init(_ fields: Fields) throws(StubError) {
        try fields.allow([
            "method", "url", "urlPath", "urlPattern", "urlPathPattern", "queryParameters", "headers",
            "basicAuthCredentials", "bodyPatterns",
        ])
        method = try fields.string("method").map { $0.uppercased() }.flatMap { $0 == "ANY" ? nil : $0 }
        let urls = ["url", "urlPath", "urlPattern", "urlPathPattern"].filter { fields.object[$0] != nil }
        if urls.count > 1 { throw .field(fields.path, "give one of \(urls.joined(separator: ", ")), not several") }
        if let value = try fields.string("url") {
            url = .url(value)
        } else if let value = try fields.string("urlPath") {
            url = .urlPath(value)
        } else if let value = try fields.string("urlPattern") {
            url = .urlPattern(try StubRegex(value, path: fields.child("urlPattern")))
        } else if let value = try fields.string("urlPathPattern") {
            url = .urlPathPattern(try StubRegex(value, path: fields.child("urlPathPattern")))
        } else {
            url = nil
        }
        queryParameters = try Self.matchers(fields.fields("queryParameters")).map { ($0.0, $0.1) }
        headers = try Self.matchers(fields.fields("headers")).map { name, matcher throws(StubError) in
            guard let field = HTTPField.Name(name) else {
                throw .field(fields.child("headers.\(name)"), "is not a header field name")
            }
            return (field, name, matcher)
        }
        if let credentials = try fields.fields("basicAuthCredentials") {
            try credentials.allow(["username", "password"])
            let pair = "\(try credentials.string("username") ?? ""):\(try credentials.string("password") ?? "")"
            basicAuthorization = "Basic " + Data(pair.utf8).base64EncodedString()
        } else {
            basicAuthorization = nil
        }
        switch fields.object["bodyPatterns"] {
        case nil: bodyPatterns = []
        case .array(let patterns)?:
            var matchers: [StringMatcher] = []
            for (index, pattern) in patterns.enumerated() {
                matchers.append(try StringMatcher(Fields(pattern, path: fields.child("bodyPatterns[\(index)]"))))
            }
            bodyPatterns = matchers
        default: throw .field(fields.child("bodyPatterns"), "must be an array of matchers")
        }
    }

    private static func matchers(_ fields: Fields?) throws(StubError) -> [(String, StringMatcher)] {
        guard let fields else { return [] }
        var result: [(String, StringMatcher)] = []
        for name in fields.object.keys.sorted() {
            result.append((name, try StringMatcher(Fields(fields.object[name] ?? .null, path: fields.child(name)))))
        }
        return result
    }

    /// Whether matching it can be slow: a regular expression, or JSON to parse and compare.
    var isCostly: Bool {
        let costly = { (matcher: StringMatcher) in
            switch matcher {
            case .matches, .doesNotMatch, .equalToJson, .matchesJsonPath: true
            case .equalTo, .contains, .absent: false
            }
        }
        switch url {
        case .urlPattern, .urlPathPattern: return true
        default:
            return bodyPatterns.contains(where: costly) || queryParameters.contains { costly($0.1) }
                || headers.contains { costly($0.2) }
        }
    }

    /// The one path the pattern matches (`urlPath`, or `url` without its query); `nil` for a
    /// pattern or no URL at all.
    var exactPath: String? {
        switch url {
        case .url(let target): RequestURL(target).path
        case .urlPath(let path): path
        default: nil
        }
    }

    /// The first part that `request` does not fit; `nil` when it fits every part. Nothing is put
    /// in words here: a request is tried against every stub, and only a near miss is read.
    func mismatch(_ request: HTTPRequest, target: StubTarget) -> Mismatch? {
        if let method, method != target.method { return .method(target.method, expected: method) }
        switch url {
        case .url(let expected) where expected != target.url: return .url(target.url, expected: expected)
        case .urlPath(let expected) where expected != target.path: return .path(target.path, expected: expected)
        case .urlPattern(let regex) where regex.matches(target.url, budget: target.budget) != true:
            return .urlPattern(target.url, regex)
        case .urlPathPattern(let regex) where regex.matches(target.path, budget: target.budget) != true:
            return .pathPattern(target.path, regex)
        default: break
        }
        for (name, matcher) in queryParameters where !matcher.matches(target.query[name], budget: target.budget) {
            return .query(name, matcher, target.query[name])
        }
        for (field, name, matcher) in headers {
            let values = request.headerFields[values: field]
            let value = values.isEmpty ? nil : values.joined(separator: ", ")
            if !matcher.matches(value, budget: target.budget) { return .header(name, matcher, value) }
        }
        if let basicAuthorization, request.headerFields[.authorization] != basicAuthorization { return .credentials }
        for matcher in bodyPatterns where !matcher.matches(target.body, json: target.bodyJSON, budget: target.budget) {
            return .body(matcher, target.body)
        }
        return nil
    }
}

/// Where a request first differs from a stub's pattern.
enum Mismatch {
    case method(String, expected: String)
    case url(String, expected: String)
    case path(String, expected: String)
    case urlPattern(String, StubRegex)
    case pathPattern(String, StubRegex)
    case query(String, StringMatcher, String?)
    case header(String, StringMatcher, String?)
    case credentials
    case body(StringMatcher, String?)

    /// In words: `the header X-Test is missing`.
    var description: String {
        switch self {
        case .method(let actual, let expected): "the method is \(actual), not \(expected)"
        case .url(let actual, let expected): "the URL is \(actual), not \(expected)"
        case .path(let actual, let expected): "the path is \(actual), not \(expected)"
        case .urlPattern(let actual, let regex): "the URL \(actual) does not match \(regex.source)"
        case .pathPattern(let actual, let regex): "the path \(actual) does not match \(regex.source)"
        case .query(let name, let matcher, let value): "the query parameter \(name) " + matcher.describe(value)
        case .header(let name, let matcher, let value): "the header \(name) " + matcher.describe(value)
        case .credentials: "the basic credentials differ"
        case .body(let matcher, let value): "the body " + matcher.describe(value)
        }
    }

    /// How far the request is from the stub: a different method is further than a different URL,
    /// which is further than a header or the body.
    var distance: Int {
        switch self {
        case .method: 2
        case .url, .path, .urlPattern, .pathPattern: 1
        default: 0
        }
    }
}

/// A request as stubs compare it, read once for all of them: its body is parsed as JSON at most
/// once, however many stubs compare it, and every pattern draws on one ``MatchBudget``.
package final class StubTarget {
    let method: String
    /// Path and query as sent: `/lotto/draws?limit=1`.
    let url: String
    /// The path, percent-decoded: `/lotto/draws`.
    let path: String
    /// The query's parameters, decoded; the first of a repeated one.
    let query: [String: String]
    /// The body as text; `nil` when there is none.
    let body: String?
    /// What matching this request may still spend.
    let budget: MatchBudget
    private var parsedBody: JSONValue??

    package init(_ request: HTTPRequest, body: Data, budget: MatchBudget = MatchBudget()) {
        let target = request.path ?? "/"
        let parsed = RequestURL(target)
        method = request.method.rawValue
        url = target
        path = parsed.path
        query = parsed.query
        self.body = body.isEmpty ? nil : String(decoding: body, as: UTF8.self)
        self.budget = budget
    }

    /// The body as JSON, parsed the first time a stub asks; `nil` when it is not JSON.
    func bodyJSON() -> JSONValue? {
        if let parsedBody { return parsedBody }
        let parsed = body.flatMap { JSONValue.parse(Data($0.utf8)) }
        parsedBody = .some(parsed)
        return parsed
    }
}

/// One of WireMock's string matchers, on a query parameter, a header or the body.
enum StringMatcher: Sendable {
    case equalTo(String, caseInsensitive: Bool)
    case contains(String)
    case matches(StubRegex)
    case doesNotMatch(StubRegex)
    case absent
    case equalToJson(JSONValue, ignoreArrayOrder: Bool, ignoreExtraElements: Bool)
    case matchesJsonPath(JSONPath, source: String)

    static let names = ["equalTo", "contains", "matches", "doesNotMatch", "absent", "equalToJson", "matchesJsonPath"]

    init(_ fields: Fields) throws(StubError) {
        let given = Self.names.filter { fields.object[$0] != nil }
        guard given.count == 1, let name = given.first else {
            let unknown = fields.object.keys.sorted().first {
                !["caseInsensitive", "ignoreArrayOrder", "ignoreExtraElements"].contains($0)
            }
            throw .field(
                fields.path,
                given.count > 1
                    ? "give one matcher, not \(given.joined(separator: " and "))"
                    : "\(unknown.map { "\($0) is not a matcher this server knows; " } ?? "")use one of \(Self.names.joined(separator: ", "))"
            )
        }
        try fields.allow([name, "caseInsensitive", "ignoreArrayOrder", "ignoreExtraElements"])
        let path = fields.child(name)
        switch name {
        case "equalTo":
            self = .equalTo(try Self.text(fields, name), caseInsensitive: try fields.bool("caseInsensitive"))
        case "contains": self = .contains(try Self.text(fields, name))
        case "matches": self = .matches(try StubRegex(Self.text(fields, name), path: path))
        case "doesNotMatch": self = .doesNotMatch(try StubRegex(Self.text(fields, name), path: path))
        case "absent":
            guard fields.object[name] == .bool(true) else { throw .field(path, "must be true") }
            self = .absent
        case "equalToJson":
            var expected = fields.object[name] ?? .null
            // WireMock takes the JSON itself or the JSON as a string.
            if case .string(let text) = expected {
                guard let parsed = JSONValue.parse(Data(text.utf8)) else { throw .field(path, "is not JSON") }
                expected = parsed
            }
            self = .equalToJson(
                expected, ignoreArrayOrder: try fields.bool("ignoreArrayOrder"),
                ignoreExtraElements: try fields.bool("ignoreExtraElements"))
        default:
            let source = try Self.text(fields, name)
            do throws(StubError.Reason) {
                self = .matchesJsonPath(try JSONPath(source), source: source)
            } catch {
                throw .field(path, error)
            }
        }
    }

    private static func text(_ fields: Fields, _ name: String) throws(StubError) -> String {
        guard let value = try fields.string(name) else { throw .field(fields.child(name), "must be a string") }
        return value
    }

    /// Whether `value` matches. `json` reads it as JSON (the body's is parsed once for all stubs);
    /// patterns draw on `budget`.
    func matches(_ value: String?, json: (() -> JSONValue?)? = nil, budget: MatchBudget? = nil) -> Bool {
        switch self {
        case .absent: return value == nil
        // A pattern that runs out of time counts as no match (Docs/Backends.md), so here it holds.
        case .doesNotMatch(let regex): return value.map { regex.matches($0, budget: budget) != true } ?? true
        default: break
        }
        guard let value else { return false }
        let parsed = { json.map { $0() } ?? JSONValue.parse(Data(value.utf8)) }
        switch self {
        case .equalTo(let expected, let caseInsensitive):
            return caseInsensitive ? expected.lowercased() == value.lowercased() : expected == value
        case .contains(let part): return value.contains(part)
        case .matches(let regex): return regex.matches(value, budget: budget) == true
        case .equalToJson(let expected, let ignoreArrayOrder, let ignoreExtraElements):
            guard let actual = parsed() else { return false }
            return expected.matches(
                actual, ignoreArrayOrder: ignoreArrayOrder, ignoreExtraElements: ignoreExtraElements)
        case .matchesJsonPath(let path, _):
            return parsed().map(path.selects) ?? false
        case .absent, .doesNotMatch: return false
        }
    }

    /// Why `value` does not match, after "the body " or "the header X ".
    func describe(_ value: String?) -> String {
        switch self {
        case .absent: return "is present"
        case _ where value == nil: return "is missing"
        case .equalTo(let expected, _): return "is not \(expected.debugDescription)"
        case .contains(let part): return "does not contain \(part.debugDescription)"
        case .matches(let regex): return "does not match \(regex.source)"
        case .doesNotMatch(let regex): return "matches \(regex.source)"
        case .equalToJson: return "is not the JSON expected"
        case .matchesJsonPath(_, let source): return "has nothing at \(source)"
        }
    }
}

/// A user's regular expression, matched whole (as WireMock does) with a bound on its time, so
/// that a catastrophic pattern cannot hold the server: a match that takes longer counts as none.
package struct StubRegex: @unchecked Sendable {
    // NSRegularExpression is immutable and safe to share; it is not marked Sendable everywhere.
    let source: String
    private let expression: NSRegularExpression
    /// How long one match may take.
    static let timeLimit: TimeInterval = 0.05

    package init(_ source: String, path: String) throws(StubError) {
        guard
            let expression = try? NSRegularExpression(pattern: "^(?:\(source))$", options: [.dotMatchesLineSeparators])
        else { throw .field(path, "\(source) is not a regular expression") }
        self.source = source
        self.expression = expression
    }

    /// Whether `text` matches; `nil` when the match ran out of time: its own bound, or what is left
    /// of `budget`, which a match that runs out spends.
    package func matches(_ text: String, budget: MatchBudget? = nil) -> Bool? {
        let limit = min(Self.timeLimit, budget?.remaining ?? Self.timeLimit)
        if budget?.isSpent == true { return nil }
        let start = Date()
        var found = false
        var timedOut = false
        expression.enumerateMatches(in: text, options: [.reportProgress], range: NSRange(text.startIndex..., in: text))
        {
            result, _, stop in
            if result != nil {
                found = true
                stop.pointee = true
            } else if Date().timeIntervalSince(start) > limit {
                timedOut = true
                stop.pointee = true
            }
        }
        // A match cut short by what was left of the budget leaves it spent.
        if timedOut { _ = budget?.remaining }
        return timedOut ? nil : found
    }
}
