import Foundation
import HTTPTypes

/// What a stub's `request` matches, in WireMock's JSON: every part given must hold. The same
/// pattern finds requests in the journal (`POST /__admin/requests/find`, `/count`), so a test
/// asks for what its stub matched in the stub's own words.
package struct RequestPattern: Sendable {
    enum URLMatch: Sendable {
        case url(String)
        case urlPath(String)
        case urlPattern(StubRegex)
        case urlPathPattern(StubRegex)
        case urlPathTemplate(PathTemplate)
    }

    package let method: MethodPattern?
    let url: URLMatch?
    /// What the parts of a `urlPathTemplate` must be.
    let pathParameters: [(String, StringMatcher)]
    let queryParameters: [(String, StringMatcher)]
    let headers: [(HTTPField.Name, String, StringMatcher)]
    let cookies: [(String, StringMatcher)]
    /// The fields of an HTML form body (WireMock 3).
    let formParameters: [(String, StringMatcher)]
    let host: StringMatcher?
    /// WireMock 3's `scheme` (`http`, `https`), in any case.
    let scheme: String?
    /// The port the request was sent to (its `Host`'s, else the scheme's): WireMock 2.35.1 reads
    /// `port`, WireMock 3 too.
    let port: Int?
    /// `basicAuthCredentials`, as `Authorization` carries them after its scheme: `dG9tOnNlY3JldA==`.
    let basicCredentials: String?
    let bodyPatterns: [StringMatcher]
    let multipartPatterns: [MultipartPattern]

    /// A pattern on its own, as the journal's searches take it: `{"method": "GET", "urlPath": "/a"}`.
    package static func parse(_ data: Data) throws(StubError) -> RequestPattern {
        guard let json = JSONValue.parse(data) else { throw StubError(status: 400, message: "The body is not JSON.") }
        return try RequestPattern(Fields(json, path: "", reading: Reading(text: data)))
    }

    init(_ fields: Fields) throws(StubError) {
        try fields.allow([
            "method", "url", "urlPath", "urlPattern", "urlPathPattern", "urlPathTemplate", "pathParameters",
            "queryParameters", "headers", "cookies", "formParameters", "host", "scheme", "port", "basicAuthCredentials",
            "bodyPatterns", "multipartPatterns",
        ])
        method = try MethodPattern(fields)
        let urls = ["url", "urlPath", "urlPattern", "urlPathPattern", "urlPathTemplate"].filter {
            fields.object[$0] != nil
        }
        if urls.count > 1 { throw .field(fields.path, "give one of \(urls.joined(separator: ", ")), not several") }
        if let value = try fields.string("url") {
            url = .url(value)
        } else if let value = try fields.string("urlPath") {
            url = .urlPath(value)
        } else if let value = try fields.string("urlPattern") {
            url = .urlPattern(try StubRegex(value, path: fields.child("urlPattern")))
        } else if let value = try fields.string("urlPathPattern") {
            url = .urlPathPattern(try StubRegex(value, path: fields.child("urlPathPattern")))
        } else if let value = try fields.string("urlPathTemplate") {
            url = .urlPathTemplate(try PathTemplate(value, path: fields.child("urlPathTemplate")))
        } else {
            url = nil
        }
        pathParameters = try Self.matchers(fields.fields("pathParameters"))
        if !pathParameters.isEmpty {
            guard case .urlPathTemplate(let template) = url else {
                throw .field(fields.child("pathParameters"), "needs a urlPathTemplate naming its parameters")
            }
            if let unknown = pathParameters.map(\.0).first(where: { !template.names.contains($0) }) {
                throw .field(fields.child("pathParameters.\(unknown)"), "is not a parameter of \(template.source)")
            }
        }
        queryParameters = try Self.matchers(fields.fields("queryParameters"))
        headers = try Self.matchers(fields.fields("headers")).map { name, matcher throws(StubError) in
            guard let field = HTTPField.Name(name) else {
                throw .field(fields.child("headers.\(name)"), "is not a header field name")
            }
            return (field, name, matcher)
        }
        cookies = try Self.matchers(fields.fields("cookies"))
        formParameters = try Self.matchers(fields.fields("formParameters"))
        host = try fields.fields("host").map { (fields) throws(StubError) in try StringMatcher(fields) }
        scheme = try fields.string("scheme")?.lowercased()
        port = try fields.int("port", in: 0...65_535)
        if let credentials = try fields.fields("basicAuthCredentials") {
            try credentials.allow(["username", "password"])
            let pair = "\(try credentials.string("username") ?? ""):\(try credentials.string("password") ?? "")"
            basicCredentials = Data(pair.utf8).base64EncodedString()
        } else {
            basicCredentials = nil
        }
        switch fields.object["bodyPatterns"] {
        case nil: bodyPatterns = []
        case .array(let patterns)?:
            var matchers: [StringMatcher] = []
            for (index, pattern) in patterns.enumerated() {
                matchers.append(try StringMatcher(fields.nested(pattern, at: fields.child("bodyPatterns[\(index)]"))))
            }
            bodyPatterns = matchers
        default: throw .field(fields.child("bodyPatterns"), "must be an array of matchers")
        }
        switch fields.object["multipartPatterns"] {
        case nil: multipartPatterns = []
        case .array(let patterns)?:
            var multipart: [MultipartPattern] = []
            for (index, pattern) in patterns.enumerated() {
                multipart.append(
                    try MultipartPattern(fields.nested(pattern, at: fields.child("multipartPatterns[\(index)]"))))
            }
            multipartPatterns = multipart
        default: throw .field(fields.child("multipartPatterns"), "must be an array of multipart patterns")
        }
    }

    private static func matchers(_ fields: Fields?) throws(StubError) -> [(String, StringMatcher)] {
        guard let fields else { return [] }
        var result: [(String, StringMatcher)] = []
        for name in fields.object.keys.sorted() {
            result.append(
                (name, try StringMatcher(fields.nested(fields.object[name] ?? .null, at: fields.child(name)))))
        }
        return result
    }

    /// Whether matching it can be slow: a regular expression, or JSON to parse and compare.
    package var isCostly: Bool {
        switch url {
        case .urlPattern, .urlPathPattern: true
        default:
            (pathParameters + queryParameters + cookies + formParameters).contains { $0.1.isCostly }
                || bodyPatterns.contains(where: \.isCostly) || headers.contains { $0.2.isCostly }
                || multipartPatterns.contains(where: \.isCostly)
                || host?.isCostly == true
        }
    }

    /// The one path the pattern matches, as sent (`urlPath`, or `url` without its query); `nil`
    /// for a pattern or no URL at all.
    package var exactPath: String? {
        switch url {
        case .url(let target): String(target.prefix { $0 != "?" })
        case .urlPath(let path): path
        default: nil
        }
    }

    /// Whether this pattern, whose URL is a pattern or none (any), may take a request that
    /// `exact` (a stub of one path: `url` or `urlPath`) takes too, as far as `budget` lets its
    /// patterns be tried: its URL takes `exact`'s, and neither a method nor a query parameter or
    /// header that `exact` names with `equalTo` tells them apart. Two such stubs may both answer.
    package func mayShareRequests(with exact: RequestPattern, budget: MatchBudget) -> Bool {
        if case .exactly(let mine)? = method, case .exactly(let theirs)? = exact.method, mine != theirs {
            return false
        }
        guard let path = exact.exactPath else { return false }
        let url = if case .url(let target)? = exact.url { target } else { path }
        switch self.url {
        case .urlPattern(let regex)?: guard regex.matches(url, budget: budget) == true else { return false }
        case .urlPathPattern(let regex)?: guard regex.matches(path, budget: budget) == true else { return false }
        case .urlPathTemplate(let template)?: guard template.values(in: path) != nil else { return false }
        case nil: break
        case .url?, .urlPath?: return false
        }
        for (name, theirs) in exact.queryParameters {
            guard case .equalTo(let value, _) = theirs else { continue }
            for (mine, matcher) in queryParameters where mine == name {
                if !matcher.matchesAny([value], budget: budget) { return false }
            }
        }
        for (field, _, theirs) in exact.headers {
            guard case .equalTo(let value, _) = theirs else { continue }
            for (mine, _, matcher) in headers where mine == field {
                if !matcher.matchesAny([value], budget: budget) { return false }
            }
        }
        return true
    }

    /// Whether `authorization` is Basic (the scheme in any case, as HTTP has it) with `credentials`.
    private static func carries(_ authorization: String?, _ credentials: String) -> Bool {
        guard let authorization, let space = authorization.firstIndex(of: " ") else { return false }
        return authorization[..<space].lowercased() == "basic"
            && authorization[space...].trimmingCharacters(in: .whitespaces) == credentials
    }

    /// What the parts of its `urlPathTemplate` stand for in `context`'s path; none without one.
    func pathParameters(of context: ParsedRequest) -> [String: String] {
        guard case .urlPathTemplate(let template) = url else { return [:] }
        return template.values(in: context.path) ?? [:]
    }

    /// How `context` fits the pattern: every part is tried in turn, patterns drawing on the
    /// context's budget. Matching stops at the first part that differs; a `thorough` evaluation
    /// (a near miss) tries them all, so its distance counts every difference.
    package func evaluate(_ context: ParsedRequest, thorough: Bool = false) -> Evaluation {
        var evaluation = Evaluation()
        let budget = context.budget
        func differs(_ mismatch: Mismatch) -> Bool {
            evaluation.add(mismatch)
            return !thorough
        }
        if let method, !method.matches(context.method), differs(.method(context.method, expected: method)) {
            return evaluation
        }
        switch url {
        case .url(let expected) where expected != context.url:
            if differs(.url(context.url, expected: expected)) { return evaluation }
        case .urlPath(let expected) where expected != context.rawPath:
            if differs(.path(context.rawPath, expected: expected)) { return evaluation }
        case .urlPattern(let regex) where regex.matches(context.url, budget: budget) != true:
            if differs(.urlPattern(context.url, regex)) { return evaluation }
        case .urlPathPattern(let regex) where regex.matches(context.rawPath, budget: budget) != true:
            if differs(.pathPattern(context.rawPath, regex)) { return evaluation }
        case .urlPathTemplate(let template):
            guard let values = template.values(in: context.path) else {
                if differs(.pathTemplate(context.path, template)) { return evaluation }
                break
            }
            for (name, matcher) in pathParameters where !matcher.matches(values[name], budget: budget) {
                if differs(.pathParameter(name, matcher, values[name])) { return evaluation }
            }
        default: break
        }
        for (name, matcher) in queryParameters where !matcher.matchesAny(context.query[name] ?? [], budget: budget) {
            if differs(.query(name, matcher, context.query[name]?.first)) { return evaluation }
        }
        for (field, name, matcher) in headers where !matcher.matchesAny(context.header(field), budget: budget) {
            if differs(.header(name, matcher, context.header(field).first)) { return evaluation }
        }
        if let host, !host.matches(context.host, budget: budget), differs(.host(host, context.host)) {
            return evaluation
        }
        if let scheme, scheme != context.scheme, differs(.scheme(context.scheme, expected: scheme)) {
            return evaluation
        }
        if let port, port != context.port, differs(.port(context.port, expected: port)) { return evaluation }
        if !cookies.isEmpty {
            let sent = context.cookies
            for (name, matcher) in cookies where !matcher.matchesAny(sent[name] ?? [], budget: budget) {
                if differs(.cookie(name, matcher, sent[name]?.first)) { return evaluation }
            }
        }
        if !formParameters.isEmpty {
            let sent = context.formFields
            for (name, matcher) in formParameters where !matcher.matchesAny(sent[name] ?? [], budget: budget) {
                if differs(.formParameter(name, matcher, sent[name]?.first)) { return evaluation }
            }
        }
        if let basicCredentials, !Self.carries(context.header(.authorization).first, basicCredentials),
            differs(.credentials)
        {
            return evaluation
        }
        for matcher in bodyPatterns
        where !matcher.matches(context.bodyText, json: { context.bodyJSON }, bytes: { context.body }, budget: budget) {
            if differs(.body(matcher, context.bodyText)) { return evaluation }
        }
        if !multipartPatterns.isEmpty {
            let parts = context.multipartParts ?? []
            for (index, pattern) in multipartPatterns.enumerated() where !pattern.matches(parts, budget: budget) {
                if differs(.multipart(index, isMultipart: context.multipartParts != nil)) { return evaluation }
            }
        }
        return evaluation
    }
}

/// The methods a pattern takes: one (`"GET"`; `"ANY"` is no pattern at all), or WireMock 3's
/// `{"oneOf": ["PUT", "POST"]}` and `{"noneOf": ["PUT", "POST"]}`, where `ANY` is a name like another.
package enum MethodPattern: Sendable, Equatable {
    case exactly(String)
    case oneOf(Set<String>)
    case noneOf(Set<String>)

    /// The pattern of `fields`' `method`; `nil` when it takes any method.
    init?(_ fields: Fields) throws(StubError) {
        switch fields.object["method"] {
        case nil: return nil
        case .string(let name)?:
            guard name.uppercased() != "ANY" else { return nil }
            self = .exactly(name.uppercased())
        case .object(let object)? where object.count == 1:
            guard let (key, value) = object.first else { return nil }
            let path = fields.child("method.\(key)")
            guard case .array(let items) = value, !items.isEmpty else {
                throw .field(path, "must be a list of methods")
            }
            var names: Set<String> = []
            for item in items {
                guard case .string(let name) = item else { throw .field(path, "must be a list of methods") }
                names.insert(name.uppercased())
            }
            switch key {
            case "oneOf": self = .oneOf(names)
            case "noneOf": self = .noneOf(names)
            default: throw .field(path, "is not a method pattern: give a name, oneOf or noneOf")
            }
        default:
            throw .field(fields.child("method"), "must be a method name, or oneOf or noneOf a list of them")
        }
    }

    package func matches(_ method: String) -> Bool {
        switch self {
        case .exactly(let name): name == method
        case .oneOf(let names): names.contains(method)
        case .noneOf(let names): !names.contains(method)
        }
    }

    /// What was wanted, in words: `not POST`, `not one of POST, PUT`.
    var wanted: String {
        switch self {
        case .exactly(let name): "not \(name)"
        case .oneOf(let names): "not one of \(names.sorted().joined(separator: ", "))"
        case .noneOf(let names): "one of \(names.sorted().joined(separator: ", ")) it must not be"
        }
    }
}

/// How a request fits a ``RequestPattern``: what differs, and how far it is from matching.
package struct Evaluation {
    /// The parts that differ, in the order they were tried; none when the request matches.
    private(set) var differences: [Mismatch] = []

    package var isMatch: Bool { differences.isEmpty }

    /// 0 for a match, more the further the request is: a different method weighs most, then the
    /// URL (less when it is a near spelling of the one expected), then each other part. Summed as
    /// the parts are tried, once: sorting near misses reads it many times.
    package private(set) var distance: Double = 0

    mutating func add(_ mismatch: Mismatch) {
        differences.append(mismatch)
        distance += mismatch.distance
    }

    /// What differs, in words: `the method is GET, not POST; the header X-Test is missing`.
    package var description: String {
        differences.map(\.description).joined(separator: "; ")
    }
}

/// Where a request differs from a pattern. Put in words only when read: a request is tried
/// against every stub, and only a near miss is shown.
enum Mismatch {
    case method(String, expected: MethodPattern)
    case url(String, expected: String)
    case path(String, expected: String)
    case urlPattern(String, StubRegex)
    case pathPattern(String, StubRegex)
    case pathTemplate(String, PathTemplate)
    case pathParameter(String, StringMatcher, String?)
    case query(String, StringMatcher, String?)
    case header(String, StringMatcher, String?)
    case host(StringMatcher, String)
    case scheme(String, expected: String)
    case port(Int, expected: Int)
    case cookie(String, StringMatcher, String?)
    case formParameter(String, StringMatcher, String?)
    case credentials
    case body(StringMatcher, String?)
    case multipart(Int, isMultipart: Bool)

    /// In words: `the header X-Test is missing`.
    var description: String {
        switch self {
        case .method(let actual, let expected): "the method is \(actual), \(expected.wanted)"
        case .url(let actual, let expected): "the URL is \(actual), not \(expected)"
        case .path(let actual, let expected): "the path is \(actual), not \(expected)"
        case .urlPattern(let actual, let regex): "the URL \(actual) does not match \(regex.source)"
        case .pathPattern(let actual, let regex): "the path \(actual) does not match \(regex.source)"
        case .pathTemplate(let actual, let template): "the path \(actual) does not fit \(template.source)"
        case .pathParameter(let name, let matcher, let value): "the path parameter \(name) " + matcher.describe(value)
        case .query(let name, let matcher, let value): "the query parameter \(name) " + matcher.describe(value)
        case .header(let name, let matcher, let value): "the header \(name) " + matcher.describe(value)
        case .host(let matcher, let value): "the host " + matcher.describe(value)
        case .scheme(let actual, let expected): "the scheme is \(actual), not \(expected)"
        case .port(let actual, let expected): "the port is \(actual), not \(expected)"
        case .cookie(let name, let matcher, let value): "the cookie \(name) " + matcher.describe(value)
        case .formParameter(let name, let matcher, let value): "the form field \(name) " + matcher.describe(value)
        case .credentials: "the basic credentials differ"
        case .body(let matcher, let value): "the body " + matcher.describe(value)
        case .multipart(let index, let isMultipart):
            isMultipart ? "the parts do not fit multipartPatterns[\(index)]" : "the body is not multipart (no boundary)"
        }
    }

    /// This difference's share of an evaluation's distance.
    var distance: Double {
        switch self {
        case .method: 3
        case .url(let actual, let expected), .path(let actual, let expected):
            1 + editRatio(actual, expected)
        case .urlPattern, .pathPattern, .pathTemplate: 2
        default: 1
        }
    }
}

/// How different two strings are, from 0 (the same) to 1 (nothing alike): their edit distance
/// over the longer one's length, on their first 128 characters (a near spelling is short; a long
/// hostile URL costs no more than that).
package func editRatio(_ lhs: String, _ rhs: String) -> Double {
    let (a, b) = (Array(lhs.unicodeScalars.prefix(128)), Array(rhs.unicodeScalars.prefix(128)))
    guard !a.isEmpty, !b.isEmpty else { return a.count == b.count ? 0 : 1 }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return Double(previous[b.count]) / Double(max(a.count, b.count))
}
