import Foundation

/// One of WireMock's value matchers, on a query parameter, a header or the body: a tree, since
/// `and`, `or` and `not` hold other matchers. Compiled once when the stub is added (regular
/// expressions, JSON, JSONPath); ``matches(_:budget:)`` only runs it.
package indirect enum StringMatcher: Sendable {
    case equalTo(String, caseInsensitive: Bool)
    case contains(String)
    case doesNotContain(String)
    case matches(StubRegex)
    case doesNotMatch(StubRegex)
    case absent
    case equalToJson(JSONValue, ignoreArrayOrder: Bool, ignoreExtraElements: Bool)
    case matchesJsonPath(JSONPath, source: String)
    /// `{"matchesJsonPath": {"expression": "$.a", "equalTo": "b"}}`: a value the path selects
    /// matches the matcher beside the expression.
    case jsonPathValue(JSONPath, source: String, StringMatcher)
    /// Every one of them matches.
    case and([StringMatcher])
    /// At least one of them matches.
    case or([StringMatcher])
    /// The matcher inside does not match.
    case not(StringMatcher)
    /// `before`, `after`, `equalToDateTime`.
    case date(DateMatcher)
    /// The bytes, given in base64.
    case binaryEqualTo(Data)
    /// Of a repeated query parameter, header, cookie or form field: as many values as matchers,
    /// each matcher matching one (WireMock 3).
    case hasExactly([StringMatcher])
    /// Each matcher matches one of the values (WireMock 3).
    case includes([StringMatcher])
    /// The same XML, whitespace between elements and prefixes aside.
    case equalToXml(XMLExpectation)
    /// An XPath that selects something; with a matcher, something whose text it matches.
    case matchesXPath(XPath, StringMatcher?)

    /// How one matcher is read: its name, the options beside it, and what it makes of its fields.
    private struct Reader: Sendable {
        let name: String
        var options: Set<String> = []
        /// From the matcher's value, the object it is in (for its options), and its path.
        let read: @Sendable (JSONValue, Fields, _ path: String) throws(StubError) -> StringMatcher
    }

    /// Every matcher this server reads; the names in "use one of …" come from here.
    private static let readers: [Reader] = [
        Reader(name: "equalTo", options: ["caseInsensitive"]) { value, fields, path throws(StubError) in
            .equalTo(try text(value, path), caseInsensitive: try fields.bool("caseInsensitive"))
        },
        Reader(name: "contains") { value, _, path throws(StubError) in .contains(try text(value, path)) },
        Reader(name: "doesNotContain") { value, _, path throws(StubError) in .doesNotContain(try text(value, path)) },
        Reader(name: "matches") { value, _, path throws(StubError) in
            .matches(try StubRegex(text(value, path), path: path))
        },
        Reader(name: "doesNotMatch") { value, _, path throws(StubError) in
            .doesNotMatch(try StubRegex(text(value, path), path: path))
        },
        Reader(name: "absent") { value, _, path throws(StubError) in
            guard value == .bool(true) else { throw .field(path, "must be true") }
            return .absent
        },
        Reader(name: "equalToJson", options: ["ignoreArrayOrder", "ignoreExtraElements"]) {
            value, fields, path throws(StubError) in
            var expected = value
            // WireMock takes the JSON itself or the JSON as a string.
            if case .string(let text) = expected {
                guard let parsed = JSONValue.parse(Data(text.utf8)) else { throw .field(path, "is not JSON") }
                expected = parsed
            }
            return .equalToJson(
                expected, ignoreArrayOrder: try fields.bool("ignoreArrayOrder"),
                ignoreExtraElements: try fields.bool("ignoreExtraElements"))
        },
        Reader(name: "matchesJsonPath") { value, fields, path throws(StubError) in
            let (source, valueMatcher) = try expressionForm(value, fields, path)
            let jsonPath: JSONPath
            do throws(StubError.Reason) { jsonPath = try JSONPath(source) } catch { throw .field(path, error) }
            return valueMatcher.map { .jsonPathValue(jsonPath, source: source, $0) }
                ?? .matchesJsonPath(jsonPath, source: source)
        },
        Reader(name: "before", options: DateMatcher.options) { value, fields, path throws(StubError) in
            .date(try DateMatcher(.before, text(value, path), fields: fields, path: path))
        },
        Reader(name: "after", options: DateMatcher.options) { value, fields, path throws(StubError) in
            .date(try DateMatcher(.after, text(value, path), fields: fields, path: path))
        },
        Reader(name: "equalToDateTime", options: DateMatcher.options) { value, fields, path throws(StubError) in
            .date(try DateMatcher(.equalToDateTime, text(value, path), fields: fields, path: path))
        },
        Reader(name: "binaryEqualTo") { value, _, path throws(StubError) in
            guard let data = Data(base64Encoded: try text(value, path)) else { throw .field(path, "is not base64") }
            return .binaryEqualTo(data)
        },
        Reader(name: "hasExactly") { value, fields, path throws(StubError) in .hasExactly(try list(value, fields, path))
        },
        Reader(name: "includes") { value, fields, path throws(StubError) in .includes(try list(value, fields, path)) },
        Reader(
            name: "equalToXml",
            options: ["enablePlaceholders", "placeholderOpeningDelimiterRegex", "placeholderClosingDelimiterRegex"]
        ) { value, fields, path throws(StubError) in
            let tree: XMLTree
            let source = try text(value, path)
            do throws(StubError.Reason) { tree = try XMLTree(Data(source.utf8)) } catch {
                throw .field(path, "is not XML: \(error.text)")
            }
            // XMLUnit's placeholder between its delimiters, `${` and `}` unless the stub says otherwise.
            let opening = try fields.string("placeholderOpeningDelimiterRegex") ?? #"\$\{"#
            let closing = try fields.string("placeholderClosingDelimiterRegex") ?? "\\}"
            let placeholder =
                try fields.bool("enablePlaceholders")
                ? try StubRegex(#"\s*(?:\#(opening))xmlunit\.ignore(?:\#(closing))\s*"#, path: fields.path) : nil
            return .equalToXml(XMLExpectation(tree: tree, placeholder: placeholder))
        },
        Reader(name: "matchesXPath", options: ["xPathNamespaces"]) { value, fields, path throws(StubError) in
            let (source, valueMatcher) = try expressionForm(value, fields, path)
            var namespaces: [String: String]?
            if let given = try fields.fields("xPathNamespaces") {
                namespaces = [:]
                for prefix in given.object.keys {
                    namespaces?[prefix] = try given.string(prefix)
                }
            }
            do throws(StubError.Reason) {
                return .matchesXPath(try XPath(source, namespaces: namespaces), valueMatcher)
            } catch {
                throw .field(path, error)
            }
        },
        Reader(name: "and") { value, fields, path throws(StubError) in .and(try list(value, fields, path)) },
        Reader(name: "or") { value, fields, path throws(StubError) in .or(try list(value, fields, path)) },
        Reader(name: "not") { value, fields, path throws(StubError) in
            .not(try StringMatcher(fields.nested(value, at: path)))
        },
    ]

    static let names = readers.map(\.name)

    /// The operators a matcher's object names (`equalTo`, `matches`, …): an error in one is an
    /// error in the matcher, as WireMock points at it.
    package static let operators = Set(names)

    /// A matcher on its own, from its JSON: `{"equalTo": "a"}`.
    package static func parse(_ data: Data) throws(StubError) -> StringMatcher {
        guard let json = JSONValue.parse(data) else { throw StubError(status: 400, message: "The body is not JSON.") }
        return try StringMatcher(Fields(json, path: "matcher", reading: Reading(text: data, at: "matcher")))
    }

    init(_ fields: Fields) throws(StubError) {
        let given = Self.readers.filter { fields.object[$0.name] != nil }
        // WireMock reads a matcher that names two operators as absent when one is `"absent": true`,
        // else by the one written first, and reads past the others: so does this server, saying
        // so. Only the mapping's text tells which was first.
        let first =
            given.count < 2
            ? nil
            : fields.object["absent"] == .bool(true) ? "absent" : fields.reading.firstOperator(at: fields.path)
        guard let reader = given.count == 1 ? given.first : given.first(where: { $0.name == first }) else {
            let options = Set(Self.readers.flatMap(\.options))
            let unknown = fields.object.keys.sorted().first { !options.contains($0) }
            throw .field(
                fields.path,
                given.count > 1
                    ? "give one matcher, not \(given.map(\.name).joined(separator: " and "))"
                    : "\(unknown.map { "\($0) is not a matcher this server knows; " } ?? "")use one of \(Self.names.joined(separator: ", "))"
            )
        }
        try fields.allow(reader.options.union(given.map(\.name)))
        if given.count > 1 {
            // Read past, but read: a value that could be no operator's is refused all the same,
            // as the admin API's schema says.
            for other in given where other.name != reader.name {
                _ = try other.read(fields.object[other.name] ?? .null, fields, fields.child(other.name))
            }
            fields.reading.readPast(
                given.map(\.name).filter { $0 != reader.name }, at: fields.path, keeping: reader.name)
        }
        self = try reader.read(fields.object[reader.name] ?? .null, fields, fields.child(reader.name))
    }

    private static func text(_ value: JSONValue, _ path: String) throws(StubError) -> String {
        guard case .string(let text) = value else { throw .field(path, "must be a string") }
        return text
    }

    /// An expression alone (`"$.a"`), or WireMock's object form with a matcher for what it selects
    /// (`{"expression": "$.a", "equalTo": "b"}`): `matchesJsonPath`'s and `matchesXPath`'s.
    private static func expressionForm(
        _ value: JSONValue, _ fields: Fields, _ path: String
    ) throws(StubError) -> (String, StringMatcher?) {
        guard case .object(var members) = value else { return (try text(value, path), nil) }
        guard case .string(let expression)? = members.removeValue(forKey: "expression") else {
            throw .field("\(path).expression", "must be a string")
        }
        return (expression, try StringMatcher(fields.nested(.object(members), at: path)))
    }

    /// The matchers of `and` or `or`: an array of one or more.
    private static func list(_ value: JSONValue, _ fields: Fields, _ path: String) throws(StubError) -> [StringMatcher]
    {
        guard case .array(let items) = value, !items.isEmpty else {
            throw .field(path, "must be an array of one or more matchers")
        }
        var matchers: [StringMatcher] = []
        for (index, item) in items.enumerated() {
            matchers.append(try StringMatcher(fields.nested(item, at: "\(path)[\(index)]")))
        }
        return matchers
    }

    /// Whether it can be slow: a regular expression, or JSON to parse and compare.
    var isCostly: Bool {
        switch self {
        case .matches, .doesNotMatch, .equalToJson, .matchesJsonPath, .jsonPathValue: true
        case .equalTo, .contains, .doesNotContain, .absent, .date, .binaryEqualTo: false
        case .equalToXml, .matchesXPath: true
        case .and(let matchers), .or(let matchers), .hasExactly(let matchers), .includes(let matchers):
            matchers.contains(where: \.isCostly)
        case .not(let matcher): matcher.isCostly
        }
    }

    /// Whether `value` matches. `json` reads it as JSON (the body's is parsed once for all stubs);
    /// patterns draw on `budget`.
    package func matches(
        _ value: String?, json: (() -> JSONValue?)? = nil, bytes: (() -> Data)? = nil, budget: MatchBudget? = nil
    ) -> Bool {
        switch self {
        case .hasExactly, .includes: return matchesAny(value.map { [$0] } ?? [], budget: budget)
        case .absent: return value == nil
        // A pattern that runs out of time counts as no match (Docs/Backends.md), so here it holds.
        case .doesNotMatch(let regex): return value.map { regex.matches($0, budget: budget) != true } ?? true
        case .and(let matchers):
            return matchers.allSatisfy { $0.matches(value, json: json, bytes: bytes, budget: budget) }
        case .or(let matchers): return matchers.contains { $0.matches(value, json: json, bytes: bytes, budget: budget) }
        case .not(let matcher): return !matcher.matches(value, json: json, bytes: bytes, budget: budget)
        default: break
        }
        guard let value else { return false }
        let parsed = { json.map { $0() } ?? JSONValue.parse(Data(value.utf8)) }
        switch self {
        case .equalTo(let expected, let caseInsensitive):
            return caseInsensitive ? expected.lowercased() == value.lowercased() : expected == value
        case .contains(let part): return value.contains(part)
        case .doesNotContain(let part): return !value.contains(part)
        case .matches(let regex): return regex.matches(value, budget: budget) == true
        case .equalToJson(let expected, let ignoreArrayOrder, let ignoreExtraElements):
            guard let actual = parsed() else { return false }
            return expected.matches(
                actual, ignoreArrayOrder: ignoreArrayOrder, ignoreExtraElements: ignoreExtraElements, budget: budget)
        case .matchesJsonPath(let path, _):
            return parsed().map { path.selects(in: $0, budget: budget) } ?? false
        case .jsonPathValue(let path, _, let matcher):
            guard let document = parsed() else { return false }
            let selected = path.evaluate(document, budget: budget).filter { $0 != .null }
            if budget?.isSpent == true { return false }
            // Nothing selected (or null) is a missing value: `absent` holds, any other does not.
            guard !selected.isEmpty else { return matcher.matches(nil, budget: budget) }
            // Any one value selected, or, as WireMock also tries, all that a list path selects.
            let candidates = path.isDefinite ? selected : selected + [.array(selected)]
            return candidates.contains { value in matcher.matches(value.text, json: { value }, budget: budget) }
        case .date(let matcher): return matcher.matches(value)
        case .binaryEqualTo(let expected): return (bytes?() ?? Data(value.utf8)) == expected
        case .equalToXml(let expected):
            return (try? XMLTree(bytes?() ?? Data(value.utf8), budget: budget)).map(expected.matches) ?? false
        case .matchesXPath(let path, let matcher):
            guard let tree = try? XMLTree(bytes?() ?? Data(value.utf8), budget: budget) else { return false }
            // Cut short, it matches nothing, as a spent budget matches nothing elsewhere.
            guard let matcher else { return path.selects(in: tree, budget: budget) ?? false }
            let asXML = if case .equalToXml = matcher { true } else { false }
            return (path.texts(in: tree, asXML: asXML, budget: budget) ?? []).contains {
                matcher.matches($0, budget: budget)
            }
        case .absent, .doesNotMatch, .and, .or, .not, .hasExactly, .includes: return false
        }
    }

    /// Whether any of `values` matches, as WireMock matches a repeated query parameter or header;
    /// no values at all is a missing one.
    func matchesAny(_ values: [String], budget: MatchBudget?) -> Bool {
        switch self {
        case .hasExactly(let matchers):
            return values.count == matchers.count
                && matchers.allSatisfy { matcher in values.contains { matcher.matches($0, budget: budget) } }
                && values.allSatisfy { value in matchers.contains { $0.matches(value, budget: budget) } }
        case .includes(let matchers):
            return matchers.allSatisfy { matcher in values.contains { matcher.matches($0, budget: budget) } }
        default: break
        }
        guard !values.isEmpty else { return matches(nil, budget: budget) }
        if case .absent = self { return false }
        return values.contains { matches($0, budget: budget) }
    }

    /// Why `value` does not match, after "the body " or "the header X ".
    func describe(_ value: String?) -> String {
        switch self {
        case .absent: return "is present"
        case .not(let matcher): return "should not be what it is (\(matcher.summary))"
        case _ where value == nil: return "is missing"
        case .equalTo(let expected, _): return "is not \(expected.debugDescription)"
        case .contains(let part): return "does not contain \(part.debugDescription)"
        case .doesNotContain(let part): return "contains \(part.debugDescription)"
        case .matches(let regex): return "does not match \(regex.source)"
        case .doesNotMatch(let regex): return "matches \(regex.source)"
        case .equalToJson: return "is not the JSON expected"
        case .matchesJsonPath(_, let source): return "has nothing at \(source)"
        case .jsonPathValue(_, let source, let matcher): return "has nothing at \(source) that is \(matcher.summary)"
        case .date(let matcher): return "is not \(matcher.comparison.rawValue) \(matcher.source)"
        case .equalToXml: return "is not the XML expected"
        case .matchesXPath(let path, let matcher):
            return "has nothing at \(path.source)" + (matcher.map { " that is \($0.summary)" } ?? "")
        case .binaryEqualTo: return "is not the bytes expected"
        case .hasExactly(let matchers):
            return "does not have exactly " + matchers.map(\.summary).joined(separator: ", ")
        case .includes(let matchers): return "does not include " + matchers.map(\.summary).joined(separator: ", ")
        case .and(let matchers):
            let failing = matchers.first { !$0.matches(value) } ?? matchers[0]
            return failing.describe(value)
        case .or(let matchers): return "matches none of " + matchers.map(\.summary).joined(separator: ", ")
        }
    }

    /// The matcher in a few words: `equalTo "a"`.
    var summary: String {
        switch self {
        case .equalTo(let expected, _): "equalTo \(expected.debugDescription)"
        case .contains(let part): "contains \(part.debugDescription)"
        case .doesNotContain(let part): "doesNotContain \(part.debugDescription)"
        case .matches(let regex): "matches \(regex.source)"
        case .doesNotMatch(let regex): "doesNotMatch \(regex.source)"
        case .absent: "absent"
        case .equalToJson: "equalToJson"
        case .matchesJsonPath(_, let source): "matchesJsonPath \(source)"
        case .jsonPathValue(_, let source, let matcher): "matchesJsonPath \(source) \(matcher.summary)"
        case .and(let matchers): "and(" + matchers.map(\.summary).joined(separator: ", ") + ")"
        case .or(let matchers): "or(" + matchers.map(\.summary).joined(separator: ", ") + ")"
        case .not(let matcher): "not(\(matcher.summary))"
        case .date(let matcher): "\(matcher.comparison.rawValue) \(matcher.source)"
        case .binaryEqualTo(let data): "binaryEqualTo \(data.base64EncodedString())"
        case .equalToXml: "equalToXml"
        case .matchesXPath(let path, let matcher):
            "matchesXPath \(path.source)" + (matcher.map { " \($0.summary)" } ?? "")
        case .hasExactly(let matchers): "hasExactly(" + matchers.map(\.summary).joined(separator: ", ") + ")"
        case .includes(let matchers): "includes(" + matchers.map(\.summary).joined(separator: ", ") + ")"
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
            let expression = try? NSRegularExpression(
                pattern: "^(?:\(Self.javaBraces(source)))$", options: [.dotMatchesLineSeparators])
        else { throw .field(path, "\(source) is not a regular expression") }
        self.source = source
        self.expression = expression
    }

    /// `source` with each `}` that closes no `{2,5}` escaped: Java (WireMock's dialect) reads such a
    /// brace as itself, ICU refuses the pattern.
    static func javaBraces(_ source: String) -> String {
        var result = ""
        var characters = source[...]
        while let character = characters.popFirst() {
            result.append(character)
            if character == "\\", let escaped = characters.popFirst() {
                result.append(escaped)
            } else if character == "{" {
                let quantifier = characters.prefix { $0.isASCII && ($0.isNumber || $0 == ",") }
                if !quantifier.isEmpty, characters.dropFirst(quantifier.count).first == "}" {
                    result += quantifier + "}"
                    characters = characters.dropFirst(quantifier.count + 1)
                }
            } else if character == "}" {
                result.insert("\\", at: result.index(before: result.endIndex))
            }
        }
        return result
    }

    /// Whether `text` matches; `nil` when the match ran out of time: its own bound, or what is left
    /// of `budget`, which a match that runs out spends.
    package func matches(_ text: String, budget: MatchBudget? = nil) -> Bool? {
        let limit = min(Self.timeLimit, budget?.remaining ?? Self.timeLimit)
        if budget?.isSpent == true { return nil }
        // CPU time of this thread, as the budget counts: a match waiting for a core spends none.
        let start = MatchBudget.threadCPUTime()
        var found = false
        var timedOut = false
        expression.enumerateMatches(in: text, options: [.reportProgress], range: NSRange(text.startIndex..., in: text))
        {
            result, _, stop in
            if result != nil {
                found = true
                stop.pointee = true
            } else if (MatchBudget.threadCPUTime() - start).seconds > limit {
                timedOut = true
                stop.pointee = true
            }
        }
        // A match cut short by what was left of the budget leaves it spent.
        if timedOut { _ = budget?.remaining }
        return timedOut ? nil : found
    }
}
