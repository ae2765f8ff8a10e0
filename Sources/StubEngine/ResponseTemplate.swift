import Foundation
import HTTPTypes

/// A response template in WireMock's Handlebars dialect (`"transformers": ["response-template"]`):
/// `{{request.path.[1]}}`, `{{jsonPath request.body '$.id'}}`, `{{#each …}}…{{/each}}`. Read once
/// when the stub is added, refusing a helper it does not know by name, and rendered for each
/// request from its ``ParsedRequest``.
///
/// What `{{…}}` writes is HTML-escaped, as Handlebars (and so WireMock) does; `{{{…}}}` is not.
package struct ResponseTemplate: Sendable {
    indirect enum Node: Sendable {
        case text(String)
        case value(Expression, escaped: Bool)
        /// `{{#name params}}body{{else}}inverse{{/name}}`; `as |item index|` names the block's
        /// parameters.
        case block(
            helper: String, [Expression], [String: Expression], blockParameters: [String], body: [Node], inverse: [Node]
        )
    }

    indirect enum Expression: Sendable {
        /// `request.path.[1]`, `this`, `@index`: the segments.
        case path([String])
        case literal(TemplateValue)
        /// A helper with its parameters and `key=value` options.
        case call(String, [Expression], [String: Expression])
    }

    let nodes: [Node]

    /// Reads `source`. - Throws: a sentence naming where it stops being a template this server renders.
    package init(_ source: String) throws(StubError.Reason) {
        var parser = TemplateParser(source)
        nodes = try parser.nodes(until: nil).nodes
    }

    /// Whether `text` holds anything to render (`{{`); a template without is its text.
    package static func isTemplate(_ text: String) -> Bool { text.contains("{{") }

    /// The text for `request`, at most `limit` bytes of it; the template names the request
    /// `requestName` (a webhook's is `originalRequest`). - Throws: why it could not be rendered (a
    /// helper given what it cannot use, an answer too long).
    package func render(
        _ request: ParsedRequest, now: Date = Date(), limit: Int = TemplateRenderer.maximumOutput,
        requestName: String = "request"
    ) throws(StubError.Reason) -> String {
        request.budget.resume()
        var renderer = TemplateRenderer(request: request, now: now, limit: limit, requestName: requestName)
        try renderer.render(nodes, scope: TemplateScope(this: .null))
        return renderer.output
    }
}

/// A value a template works with: the request's model, JSON read from it, what helpers make.
enum TemplateValue: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    /// JSON from the body (`jsonPath`, `parseJson`): its members and elements can be walked, and it
    /// is written as JSON.
    case json(JSONValue)
    case list([TemplateValue])
    case map([String: TemplateValue])
    /// What reads as one text but holds several: a repeated query parameter or header (its first
    /// value), the path (`/a/b`, whose `[n]` is a segment, and whose `name` is the part of a
    /// `urlPathTemplate` so named).
    case many(String, [TemplateValue], named: [String: TemplateValue] = [:])

    /// As a template writes it.
    var text: String {
        switch self {
        case .null: ""
        case .bool(let value): value ? "true" : "false"
        case .number(let value): value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
        case .string(let value): value
        case .json(.string(let value)): value
        case .json(let value): String(decoding: value.data, as: UTF8.self)
        case .list(let items): "[" + items.map(\.text).joined(separator: ", ") + "]"
        case .map(let members):
            "{" + members.keys.sorted().map { "\($0)=\(members[$0]?.text ?? "")" }.joined(separator: ", ") + "}"
        case .many(let text, _, _): text
        }
    }

    /// Whether `#if` takes it as true: not null, false, empty, or zero.
    var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let value): value
        case .number(let value): value != 0
        case .string(let value): !value.isEmpty
        case .json(.null), .json(.bool(false)): false
        case .json(.array(let items)): !items.isEmpty
        case .json: true
        case .list(let items): !items.isEmpty
        case .map(let members): !members.isEmpty
        case .many(let text, _, _): !text.isEmpty
        }
    }

    /// The member or element `key` (`[1]`, `name`); `.null` when there is none.
    func member(_ key: String) -> TemplateValue {
        switch self {
        case .map(let members):
            return members[key] ?? members.first { $0.key.lowercased() == key.lowercased() }?.value ?? .null
        case .json(.object(let members)): return members[key].map(TemplateValue.json) ?? .null
        case .json(.array(let items)):
            return Int(key).flatMap { items.indices.contains($0) ? .json(items[$0]) : nil } ?? .null
        case .many(_, _, let named) where named[key] != nil: return named[key] ?? .null
        case .list(let items), .many(_, let items, _):
            return Int(key).flatMap { items.indices.contains($0) ? items[$0] : nil } ?? .null
        default: return .null
        }
    }

    /// Whether its elements are members with names (a map, a JSON object), not a list's.
    var isKeyed: Bool {
        switch self {
        case .map, .json(.object): true
        default: false
        }
    }

    /// Its elements, for `#each` and `size`; `nil` when it has none to walk.
    var elements: [(key: String, value: TemplateValue)]? {
        switch self {
        case .list(let items), .many(_, let items, _): items.enumerated().map { (String($0), $1) }
        case .json(.array(let items)): items.enumerated().map { (String($0), .json($1)) }
        case .json(.object(let members)): members.keys.sorted().map { ($0, .json(members[$0] ?? .null)) }
        // By name in any case (`Accept`, then `connection`), as WireMock lists headers.
        case .map(let members):
            members.keys.map { ($0.lowercased(), $0) }.sorted { $0 < $1 }.map { ($0.1, members[$0.1] ?? .null) }
        default: nil
        }
    }

    /// As a number, for comparisons and `math`: a number, or text that reads as one.
    var number: Double? {
        switch self {
        case .number(let value), .json(.number(let value)): value
        case .bool, .null, .list, .map, .json: nil
        case .string(let text), .many(let text, _, _): Double(text.trimmingCharacters(in: .whitespaces))
        }
    }
}

/// What names resolve against in a block: `this`, the block's parameters, `@index`, `@key`;
/// and, through `../`, the scope of the `#each` or `#with` around it.
struct TemplateScope {
    var this: TemplateValue
    var names: [String: TemplateValue] = [:]
    private var outer: Outer?

    /// Where an `#each` or `#with` goes in: `this` and the names the block gives it.
    init(this: TemplateValue, names: [String: TemplateValue] = [:], inside outer: TemplateScope? = nil) {
        self.this = this
        self.names = names
        self.outer = outer.map(Outer.init)
    }

    /// The scope `levels` blocks out (`../../` is two), or `nil` past the template's top.
    func out(_ levels: Int) -> TemplateScope? {
        var scope = self
        for _ in 0..<levels {
            guard let outer = scope.outer else { return nil }
            scope = outer.scope
        }
        return scope
    }

    /// The template's top scope: what `@root` reads.
    var root: TemplateScope {
        var scope = self
        while let outer = scope.outer { scope = outer.scope }
        return scope
    }

    private final class Outer {
        let scope: TemplateScope
        init(_ scope: TemplateScope) { self.scope = scope }
    }
}

/// Reads a template into nodes.
struct TemplateParser {
    typealias Node = ResponseTemplate.Node
    /// The deepest blocks and subexpressions may nest: reading, rendering and letting go of a
    /// template recurse into it, and blocks nested a hundred thousand deep would take the
    /// server's stack.
    static let maximumDepth = 64

    private var rest: Substring
    private var depth = 0
    /// Whether the last tag ended `~}}`: the text after it starts at its first non-space.
    private var trimsNextText = false

    init(_ source: String) {
        rest = Substring(source)
    }

    /// The nodes up to `{{/closing}}` (or the end, when `closing` is `nil`), and what follows
    /// when an `{{else}}` ended them first: `""` for an inverse, or the block that `{{else if
    /// …}}` (`else` and any block helper) opens; `nil` when they ran to the close.
    mutating func nodes(until closing: String?) throws(StubError.Reason) -> (nodes: [Node], otherwise: Substring?) {
        var nodes: [Node] = []
        while let open = rest.firstRange(of: "{{") {
            var text = takeText(rest[..<open.lowerBound])
            let raw = rest[open.upperBound...].hasPrefix("{")
            let start = raw ? rest.index(after: open.upperBound) : open.upperBound
            if rest[start...].hasPrefix("!--") {
                guard let end = rest[start...].firstRange(of: "--}}") else { throw "a {{!-- comment is not closed" }
                rest = rest[end.upperBound...]
                if !text.isEmpty { nodes.append(.text(String(text))) }
                continue
            }
            let closer = raw ? "}}}" : "}}"
            guard let end = rest[start...].firstRange(of: closer) else { throw "a {{ is not closed by \(closer)" }
            var tag = rest[start..<end.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
            rest = rest[end.upperBound...]
            // Handlebars' white space control: `{{~` drops the white space before the tag, `~}}`
            // the white space after it.
            if tag.hasPrefix("~") {
                tag = tag.dropFirst().trimmingCharacters(in: .whitespacesAndNewlines)
                while let last = text.last, last.isWhitespace { text.removeLast() }
            }
            if tag.hasSuffix("~") {
                tag = tag.dropLast().trimmingCharacters(in: .whitespacesAndNewlines)
                trimsNextText = true
            }
            if !text.isEmpty { nodes.append(.text(String(text))) }
            if tag.hasPrefix("!") { continue }
            if tag.hasPrefix("/") {
                let name = tag.dropFirst().trimmingCharacters(in: .whitespaces)
                guard name == closing else { throw "{{/\(name)}} closes no {{#\(name)}}" }
                return (nodes, nil)
            }
            // `{{^}}` is Handlebars' other way to write `{{else}}`.
            if tag == "else" || tag == "^" || tag.hasPrefix("else ") {
                guard closing != nil else { throw "{{else}} is outside a block" }
                return (nodes, tag == "^" ? "" : Substring(tag.dropFirst(4).drop { $0 == " " }))
            }
            if tag.hasPrefix("#") {
                nodes.append(try block(Substring(tag.dropFirst())))
            } else {
                var words = TemplateWords(Substring(tag))
                nodes.append(.value(try words.expression(), escaped: !raw))
            }
        }
        let text = takeText(rest)
        if !text.isEmpty { nodes.append(.text(String(text))) }
        rest = ""
        if let closing { throw "{{#\(closing)}} is not closed by {{/\(closing)}}" }
        return (nodes, nil)
    }

    /// `text`, the text up to the next tag, without its leading white space when the tag before
    /// ended `~}}`.
    private mutating func takeText(_ text: Substring) -> Substring {
        guard trimsNextText else { return text }
        trimsNextText = false
        return text.drop { $0.isWhitespace }
    }

    /// `{{#name params as |item index|}}` and its body and inverse, up to its `{{/name}}`; or,
    /// given the `closing` name, the block an `{{else name params}}` opens inside another block,
    /// up to that one's close: `{{#if a}}…{{else if b}}…{{else}}…{{/if}}`.
    private mutating func block(_ tag: Substring, closing: String? = nil) throws(StubError.Reason) -> Node {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { throw "blocks are nested deeper than \(Self.maximumDepth)" }
        var tag = tag
        var parameters: [String] = []
        if let alias = tag.range(of: " as |") {
            parameters = tag[alias.upperBound...].prefix { $0 != "|" }.split(separator: " ").map(String.init)
            tag = tag[..<alias.lowerBound]
        }
        var words = TemplateWords(tag)
        let head = try words.expression(forceCall: true)
        guard case .call(let name, let arguments, let options) = head else {
            throw "a block {{#…}} starts with a helper"
        }
        let closing = closing ?? name
        let (body, otherwise) = try nodes(until: closing)
        var inverse: [Node] = []
        if let otherwise, otherwise.isEmpty {
            // Of several `{{else}}`s, Handlebars.java keeps what follows the last.
            var last = try nodes(until: closing)
            while last.otherwise != nil { last = try nodes(until: closing) }
            inverse = last.nodes
        } else if let otherwise {
            inverse = [try block(otherwise, closing: closing)]
        }
        return .block(
            helper: name, arguments, options, blockParameters: parameters, body: body, inverse: inverse)
    }
}

/// The words of one tag read as an expression: `jsonPath request.body '$.id'`,
/// `randomValue length=8 type='ALPHANUMERIC'`, `eq (size request.query.tag) 2`.
struct TemplateWords {
    typealias Expression = ResponseTemplate.Expression
    private var rest: Substring
    /// How deep in `(…)` subexpressions these words are.
    private let depth: Int

    init(_ text: Substring, depth: Int = 0) {
        rest = text
        self.depth = depth
    }

    /// The whole tag: a helper with its parameters, or one value. `forceCall`: the first word is a
    /// helper even with no parameters (a block's).
    mutating func expression(forceCall: Bool = false) throws(StubError.Reason) -> Expression {
        guard let first = try word() else { throw "an empty {{}}" }
        var parameters: [Expression] = []
        var options: [String: Expression] = [:]
        while let next = try word() {
            if case .option(let key) = next {
                options[key] = try word()?.expression ?? .literal(.string(""))
            } else {
                parameters.append(next.expression)
            }
        }
        let head = first.expression
        guard case .path(let segments) = head, segments.count == 1 else {
            guard parameters.isEmpty, options.isEmpty else { throw "a helper's name comes first" }
            return head
        }
        let name = segments[0]
        if forceCall || !parameters.isEmpty || !options.isEmpty || TemplateHelpers.takesNoParameters.contains(name) {
            guard TemplateHelpers.names.contains(name) || ["if", "unless", "each", "with"].contains(name) else {
                throw .unsupported("\(name) is not a helper this server has")
            }
            return .call(name, parameters, options)
        }
        return head
    }

    private enum Word {
        case path([String])
        case literal(TemplateValue)
        case call(String, [Expression], [String: Expression])
        case option(String)

        var expression: Expression {
            switch self {
            case .path(let segments): .path(segments)
            case .literal(let value): .literal(value)
            case .call(let name, let parameters, let options): .call(name, parameters, options)
            case .option(let key): .literal(.string(key))
            }
        }
    }

    /// The next word: a quoted string, a number, `true`/`false`/`null`, `(a subexpression)`,
    /// `key=` (an option's name), or a path; `nil` at the end.
    private mutating func word() throws(StubError.Reason) -> Word? {
        rest = rest.drop { $0 == " " || $0 == "\n" || $0 == "\t" }
        guard let first = rest.first else { return nil }
        if first == "'" || first == "\"" {
            guard let close = rest.dropFirst().firstIndex(of: first) else { throw "a string \(first)… is not closed" }
            let text = String(rest[rest.index(after: rest.startIndex)..<close])
            rest = rest[rest.index(after: close)...]
            return .literal(.string(text))
        }
        if first == "(" {
            guard let end = closing("(", ")", of: rest, deeperThan: TemplateParser.maximumDepth - depth) else {
                guard closing("(", ")", of: rest) == nil else {
                    throw "(…) subexpressions are nested deeper than \(TemplateParser.maximumDepth)"
                }
                throw "a ( is not closed"
            }
            var inner = TemplateWords(rest[rest.index(after: rest.startIndex)..<end], depth: depth + 1)
            rest = rest[rest.index(after: end)...]
            let expression = try inner.expression(forceCall: true)
            guard case .call(let name, let parameters, let options) = expression else { throw "(…) holds a helper" }
            return .call(name, parameters, options)
        }
        var token = ""
        var bracket = false
        while let character = rest.first {
            if character == "[" { bracket = true }
            if character == "]" { bracket = false }
            if !bracket, character == " " || character == "(" { break }
            // `key='a b'`: the option's value is the next word, quoted or not.
            if !bracket, character == "=" {
                rest = rest.dropFirst()
                return .option(token)
            }
            token.append(character)
            rest = rest.dropFirst()
        }
        switch token {
        case "true": return .literal(.bool(true))
        case "false": return .literal(.bool(false))
        case "null": return .literal(.null)
        default: break
        }
        if let number = Double(token), token.first.map({ $0.isNumber || $0 == "-" }) == true {
            return .literal(.number(number))
        }
        return .path(Self.segments(token))
    }

    /// `request.path.[1]` as `request`, `path`, `1`; `request.headers.[X-Id]` keeps its brackets'
    /// text. Each `../` in front is a `..` segment, and `@../index` is `..`, `@index`.
    static func segments(_ path: String) -> [String] {
        var rest = Substring(path)
        let data = rest.hasPrefix("@../")
        if data { rest = rest.dropFirst() }
        var outward: [String] = []
        while rest.hasPrefix("../") {
            outward.append("..")
            rest = rest.dropFirst(3)
        }
        var segments: [String] = []
        var current = ""
        var bracket = false
        for character in rest {
            switch character {
            case "[" where !bracket: bracket = true
            case "]" where bracket: bracket = false
            case "." where !bracket, "/" where !bracket:
                if !current.isEmpty { segments.append(current) }
                current = ""
            default: current.append(character)
            }
        }
        if !current.isEmpty { segments.append(current) }
        if data, let name = segments.first { segments[0] = "@" + name }
        return outward + segments
    }
}

/// Renders nodes for one request.
package struct TemplateRenderer {
    typealias Node = ResponseTemplate.Node
    typealias Expression = ResponseTemplate.Expression

    /// The longest answer a template may make (a `#each` over `range 1 100000000` ends here).
    package static let maximumOutput = 16 << 20
    /// The most steps (a node written, a block's turn) one answer may take: a `#each` in a
    /// `#each` that writes nothing is ten billion turns and no output.
    package static let maximumSteps = 1_000_000

    let request: ParsedRequest
    let now: Date
    let limit: Int
    /// What templates call the request: `request`, or a webhook's `originalRequest`.
    let requestName: String
    private(set) var output = ""
    private var steps = 0
    /// What the template named as it went (`{{formData request.body 'form'}}`, `{{#assign
    /// 'name'}}`), read by the rest of it as `{{form.field}}` and `{{name}}`.
    private var variables: [String: TemplateValue] = [:]

    init(request: ParsedRequest, now: Date, limit: Int, requestName: String = "request") {
        self.request = request
        self.now = now
        self.limit = limit
        self.requestName = requestName
    }

    /// `request.NAME.KEY` read directly for the query, the headers and the path's segments;
    /// `nil` for the others (and a named part of a path template), read through ``member(_:of:)``.
    static func member(_ name: String, _ key: String, of request: ParsedRequest) -> TemplateValue? {
        let many = { (values: [String]) in TemplateValue.many(values.first ?? "", values.map(TemplateValue.string)) }
        switch name {
        case "query": return request.query[key].map(many) ?? .null
        case "headers":
            if key.lowercased() == "host" { return request.head.authority.map(TemplateValue.string) ?? .null }
            guard let field = HTTPField.Name(key) else { return .null }
            let values = request.header(field)
            return values.isEmpty ? .null : many(values)
        case "path":
            // A part of the stub's path template is read by its name first, even a number (`{0}`).
            if let value = request.pathParameters[key] { return .string(value) }
            guard let index = Int(key) else { return nil }
            let segments = request.path.split(separator: "/")
            return segments.indices.contains(index) ? .string(String(segments[index])) : .null
        default: return nil
        }
    }

    /// The names ``member(_:of:)`` reads.
    static let requestMembers = [
        "url", "path", "pathSegments", "method", "body", "bodyAsBase64", "baseUrl", "query", "headers", "cookies",
        "scheme", "host", "port", "requestLine",
    ]

    /// `request.NAME` as templates read it, WireMock's names; made only when a template asks
    /// (most read one or two of them).
    static func member(_ name: String, of request: ParsedRequest) -> TemplateValue {
        let many = { (values: [String]) in TemplateValue.many(values.first ?? "", values.map(TemplateValue.string)) }
        let segments = { request.path.split(separator: "/").map { TemplateValue.string(String($0)) } }
        switch name {
        case "url": return .string(request.url)
        case "path":
            return .many(request.path, segments(), named: request.pathParameters.mapValues(TemplateValue.string))
        // Written as the path, walked as its segments, as WireMock's.
        case "pathSegments": return .many(request.path, segments())
        case "method": return .string(request.method)
        case "body": return .string(request.bodyText ?? "")
        case "bodyAsBase64": return .string(request.body.base64EncodedString())
        case "baseUrl":
            return .string("http://" + (request.head.authority ?? "localhost"))
        case "query": return .map(request.query.mapValues(many))
        case "headers":
            // Named as sent (the first spelling of each), `Host` among them.
            var headers: [String: [String]] = [:]
            var spelling: [String: String] = [:]
            let fields =
                [(name: "Host", value: request.head.authority)].compactMap { field in
                    field.value.map { (field.name, $0) }
                } + request.head.headerFields.map { ($0.name.rawName, $0.value) }
            for (name, value) in fields {
                let spelt = spelling[name.lowercased(), default: name]
                spelling[name.lowercased()] = spelt
                headers[spelt, default: []].append(value)
            }
            return .map(headers.mapValues(many))
        case "cookies": return .map(request.cookies.mapValues(many))
        case "scheme": return .string(request.head.scheme ?? "http")
        case "host": return .string(request.host)
        case "port":
            let port = request.head.authority?.split(separator: ":").last.flatMap { Int($0) }
            return .number(Double(port ?? 80))
        case "requestLine":
            // WireMock's request line: the same parts again under one name, with the host and port.
            var parts: [String: TemplateValue] = [:]
            for part in ["method", "url", "path", "pathSegments", "query", "baseUrl", "scheme", "host", "port"] {
                parts[part] = member(part, of: request)
            }
            return .map(parts)
        default: return .null
        }
    }

    mutating func render(_ nodes: [Node], scope: TemplateScope) throws(StubError.Reason) {
        for node in nodes {
            try step()
            switch node {
            case .text(let text): output += text
            case .value(let expression, let escaped):
                let value: TemplateValue
                if let written = try assigned(expression, scope: scope) {
                    value = written
                } else {
                    value = try evaluate(expression, scope: scope)
                }
                let text = value.text
                output += escaped ? Self.escaped(text) : text
            case .block(let name, let parameters, let options, let names, let body, let inverse):
                try block(name, parameters, options, names: names, body: body, inverse: inverse, scope: scope)
            }
            guard output.utf8.count <= limit else { throw "the answer would be longer than \(byteCount(limit))" }
        }
    }

    private mutating func block(
        _ name: String, _ parameters: [Expression], _ options: [String: Expression], names: [String], body: [Node],
        inverse: [Node], scope: TemplateScope
    ) throws(StubError.Reason) {
        let values = try parameters.map { (expression) throws(StubError.Reason) in
            try evaluate(expression, scope: scope)
        }
        switch name {
        case "each":
            guard let elements = values.first?.elements, !elements.isEmpty else {
                return try render(inverse, scope: scope)
            }
            let keyed = values.first?.isKeyed ?? false
            for (index, element) in elements.enumerated() {
                try step()
                var inner = TemplateScope(this: element.value, names: scope.names, inside: scope)
                inner.names["@index"] = .number(Double(index))
                inner.names["@key"] = .string(element.key)
                inner.names["@first"] = .bool(index == 0)
                inner.names["@last"] = .bool(index == elements.count - 1)
                if let item = names.first { inner.names[item] = element.value }
                // `as |value key|`: a member's name, an element's index.
                if names.count > 1 { inner.names[names[1]] = keyed ? .string(element.key) : .number(Double(index)) }
                try render(body, scope: inner)
            }
        case "with":
            let value = values.first ?? .null
            guard value.isTruthy else { return try render(inverse, scope: scope) }
            var inner = TemplateScope(this: value, names: scope.names, inside: scope)
            if let item = names.first { inner.names[item] = value }
            try render(body, scope: inner)
        case "if", "unless":
            let truth = values.first?.isTruthy ?? false
            try render(truth == (name == "if") ? body : inverse, scope: scope)
        case "assign":
            // `{{#assign 'name'}}…{{/assign}}`: what the block writes, named, written nowhere.
            let written = output
            output = ""
            defer { output = written }
            try render(body, scope: scope)
            variables[values.first?.text ?? ""] = .string(output)
        default:
            let value = try evaluate(.call(name, parameters, options), scope: scope)
            try render(value.isTruthy ? body : inverse, scope: scope)
        }
    }

    /// Counts one step of the work; past ``maximumSteps`` the answer is not made.
    private mutating func step() throws(StubError.Reason) {
        steps += 1
        guard steps <= Self.maximumSteps else {
            throw "the template would take more than \(Self.maximumSteps) steps to write its answer"
        }
    }

    /// WireMock's helpers that write nothing and name what they make for the rest of the template:
    /// `{{regexExtract request.body '([a-z]+)-([0-9]+)' 'parts'}}` (every match's groups,
    /// `{{parts.0}}`), `{{formData request.body 'form' urlDecode=true}}` (a form's fields,
    /// `{{form.name}}`) and `{{parseJson request.body 'body'}}` (the JSON, `{{body.name}}`; an
    /// empty object when it is not JSON). What it writes: nothing, or, when `regexExtract` finds
    /// no groups, its `default=` or WireMock's error; `nil` for any other expression.
    private mutating func assigned(
        _ expression: Expression, scope: TemplateScope
    ) throws(StubError.Reason) -> TemplateValue? {
        guard case .call(let name, let parameters, let options) = expression,
            (name == "regexExtract" && parameters.count == 3)
                || (["formData", "parseJson"].contains(name) && parameters.count == 2)
        else { return nil }
        let values = try parameters.map { (expression) throws(StubError.Reason) in
            try evaluate(expression, scope: scope)
        }
        let variable = values[parameters.count - 1].text
        if name == "parseJson" {
            variables[variable] = .json(JSONValue.parse(Data(values[0].text.utf8)) ?? .object([:]))
        } else if name == "formData" {
            let decoded = try options["urlDecode"].map { (expression) throws(StubError.Reason) in
                try evaluate(expression, scope: scope).isTruthy
            }
            variables[variable] = TemplateHelpers.formFields(values[0].text, decoded: decoded ?? false)
        } else {
            // The empty pattern has no groups to name.
            let pattern = values[1].text
            let regex = pattern.isEmpty ? nil : try? NSRegularExpression(pattern: pattern)
            if !pattern.isEmpty, regex == nil { return TemplateHelpers.invalidPattern(pattern) }
            let groups =
                try regex.map { (regex) throws(StubError.Reason) in
                    try TemplateHelpers.groups(of: regex, in: values[0].text, budget: request.budget)
                } ?? []
            guard !groups.isEmpty else {
                guard let given = options["default"] else { return TemplateHelpers.nothingMatched(values[1].text) }
                return try evaluate(given, scope: scope)
            }
            // Written as its first group and walked as all of them, as WireMock's ListOrSingle.
            variables[variable] = .many(groups[0].text, groups)
        }
        return .null
    }

    func evaluate(_ expression: Expression, scope: TemplateScope) throws(StubError.Reason) -> TemplateValue {
        switch expression {
        case .literal(let value): return value
        case .path(let segments): return resolve(segments, scope: scope)
        case .call(let name, let parameters, let options):
            let values = try parameters.map { (expression) throws(StubError.Reason) in
                try evaluate(expression, scope: scope)
            }
            var given: [String: TemplateValue] = [:]
            for (key, expression) in options { given[key] = try evaluate(expression, scope: scope) }
            return try TemplateHelpers.call(name, values, given, now: now, budget: request.budget)
        }
    }

    private func resolve(_ segments: [String], scope: TemplateScope) -> TemplateValue {
        // `@root.…` reads the template's top scope; each `..` one scope out.
        let fromRoot = segments.first == "@root"
        let skipped = fromRoot ? 1 : segments.prefix { $0 == ".." }.count
        guard let scope = fromRoot ? scope.root : scope.out(skipped), let first = segments.dropFirst(skipped).first
        else { return .null }
        var value: TemplateValue
        var rest = segments.dropFirst(skipped + 1)
        if first == "this" {
            value = scope.this
        } else if let named = scope.names[first] ?? variables[first] {
            value = named
        } else if first == requestName {
            // `request.query.q`, `request.headers.X`, `request.path.[1]` read the one value asked
            // for, without making the whole map or list first; `request` alone (`{{#with request}}`,
            // `{{lookup request 'method'}}`) is all of it.
            if let name = rest.popFirst() {
                if let key = rest.first, let direct = Self.member(name, key, of: request) {
                    rest.removeFirst()
                    value = direct
                } else {
                    value = Self.member(name, of: request)
                }
            } else {
                value = .map(
                    Dictionary(uniqueKeysWithValues: Self.requestMembers.map { ($0, Self.member($0, of: request)) }))
            }
        } else {
            value = scope.this.member(first)
        }
        while let key = rest.popFirst() { value = value.member(key) }
        return value
    }

    /// `text` with the characters HTML gives meaning escaped, as Handlebars escapes `{{…}}`.
    static func escaped(_ text: String) -> String {
        // Byte by byte: the characters escaped are ASCII, and most values hold none of them.
        let special: (UInt8) -> Bool = {
            switch $0 {
            case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"),
                UInt8(ascii: "`"), UInt8(ascii: "="):
                true
            default: false
            }
        }
        guard text.utf8.contains(where: special) else { return text }
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): result += "&amp;".utf8
            case UInt8(ascii: "<"): result += "&lt;".utf8
            case UInt8(ascii: ">"): result += "&gt;".utf8
            case UInt8(ascii: "\""): result += "&quot;".utf8
            case UInt8(ascii: "'"): result += "&#x27;".utf8
            case UInt8(ascii: "`"): result += "&#x60;".utf8
            case UInt8(ascii: "="): result += "&#x3D;".utf8
            default: result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
