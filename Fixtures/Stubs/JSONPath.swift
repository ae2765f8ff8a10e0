import Foundation

/// The part of JSONPath that stub mappings use (`matchesJsonPath`): `$`, members (`.name`,
/// `['name']`), indices (`[0]`, `[-1]`), wildcards (`.*`, `[*]`) and a filter on a member,
/// `[?(@.field == 'value')]`, `[?(@.count != 3)]` or `[?(@.field)]` (the member is there). A
/// path matches a body when it selects at least one value.
package struct JSONPath: Sendable {
    enum Step: Sendable {
        case member(String)
        case index(Int)
        case wildcard
        case filter(member: [String], test: Test)
    }

    enum Test: Sendable {
        case exists
        case equal(JSONValue)
        case notEqual(JSONValue)
    }

    let steps: [Step]

    /// - Throws: a sentence saying where `expression` stops being JSONPath this server reads.
    package init(_ expression: String) throws(StubError.Reason) {
        var rest = Substring(expression.trimmingCharacters(in: .whitespaces))
        guard rest.first == "$" else { throw "a JSONPath starts with $" }
        rest = rest.dropFirst()
        var steps: [Step] = []
        while let first = rest.first {
            if rest.hasPrefix("..") { throw "deep scans (..) are not supported" }
            if first == "." {
                rest = rest.dropFirst()
                let name = rest.prefix { $0 != "." && $0 != "[" }
                guard !name.isEmpty else { throw "a member name is missing after ." }
                steps.append(name == "*" ? .wildcard : .member(String(name)))
                rest = rest.dropFirst(name.count)
            } else if first == "[" {
                guard let close = closing("[", "]", of: rest) else { throw "a [ is not closed" }
                steps.append(try Self.bracket(rest[rest.index(after: rest.startIndex)..<close]))
                rest = rest[rest.index(after: close)...]
            } else {
                throw "unexpected \(first) in the path"
            }
        }
        self.steps = steps
    }

    /// Whether the path names at most one value (members and indices only): a template writes
    /// what it selects as that value, not as a list.
    var isDefinite: Bool {
        steps.allSatisfy {
            switch $0 {
            case .member, .index: true
            case .wildcard, .filter: false
            }
        }
    }

    /// Whether the path selects anything in `document`.
    package func selects(in document: JSONValue) -> Bool {
        !evaluate(document).isEmpty
    }

    func evaluate(_ document: JSONValue) -> [JSONValue] {
        steps.reduce([document]) { nodes, step in nodes.flatMap { Self.apply(step, to: $0) } }
    }

    private static func apply(_ step: Step, to node: JSONValue) -> [JSONValue] {
        switch (step, node) {
        case (.member(let name), .object(let members)): return members[name].map { [$0] } ?? []
        case (.index(let index), .array(let elements)):
            let position = index < 0 ? elements.count + index : index
            return elements.indices.contains(position) ? [elements[position]] : []
        case (.wildcard, .array(let elements)): return elements
        case (.wildcard, .object(let members)): return members.keys.sorted().compactMap { members[$0] }
        case (.filter(let path, let test), _):
            let candidates: [JSONValue] =
                switch node {
                case .array(let elements): elements
                // On an object the filter tests the object itself, as Jayway's JSONPath (WireMock's) does.
                case .object: [node]
                default: []
                }
            return candidates.filter { candidate in
                let value = path.reduce(Optional(candidate)) { node, name in
                    if case .object(let members)? = node { return members[name] }
                    return nil
                }
                switch test {
                case .exists: return value != nil
                case .equal(let expected): return value == expected
                case .notEqual(let expected): return value != nil && value != expected
                }
            }
        default: return []
        }
    }

    private static func bracket(_ inside: Substring) throws(StubError.Reason) -> Step {
        let text = inside.trimmingCharacters(in: .whitespaces)
        if text == "*" { return .wildcard }
        if let index = Int(text) { return .index(index) }
        if let name = quoted(text) { return .member(name) }
        guard text.hasPrefix("?(") && text.hasSuffix(")") else { throw "[\(text)] is not an index, a name or a filter" }
        let condition = text.dropFirst(2).dropLast().trimmingCharacters(in: .whitespaces)
        guard condition.hasPrefix("@.") else { throw "a filter tests a member of @: [?(@.field == 'value')]" }
        for (symbol, isEqual) in [("==", true), ("!=", false)] {
            guard let range = condition.range(of: symbol) else { continue }
            let member = condition[..<range.lowerBound].dropFirst(2).trimmingCharacters(in: .whitespaces)
            let operand = condition[range.upperBound...].trimmingCharacters(in: .whitespaces)
            let value: JSONValue
            if let string = quoted(operand) {
                value = .string(string)
            } else if let parsed = JSONValue.parse(Data(operand.utf8)) {
                value = parsed
            } else {
                throw "\(operand) is not a value a filter compares with"
            }
            let path = member.split(separator: ".").map(String.init)
            guard !path.isEmpty else { throw "a filter names the member it tests" }
            return .filter(member: path, test: isEqual ? .equal(value) : .notEqual(value))
        }
        let path = condition.dropFirst(2).split(separator: ".").map(String.init)
        guard !path.isEmpty, path.allSatisfy({ $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" } })
        else { throw "only == and != filters are supported" }
        return .filter(member: path, test: .exists)
    }

    private static func quoted(_ text: String) -> String? {
        guard text.count >= 2, let first = text.first, first == "'" || first == "\"", text.last == first else {
            return nil
        }
        return String(text.dropFirst().dropLast())
    }
}

/// Where the bracket that opens `text` (`open`, its first character) closes, brackets inside it
/// counted and quoted text (`'…'`, `"…"`) skipped: JSONPath's `[…]`, a template's `(…)`.
func closing(_ open: Character, _ close: Character, of text: Substring) -> Substring.Index? {
    var quote: Character?
    var depth = 0
    for index in text.indices {
        let character = text[index]
        if let opened = quote {
            if character == opened { quote = nil }
        } else if character == "'" || character == "\"" {
            quote = character
        } else if character == open {
            depth += 1
        } else if character == close {
            depth -= 1
            if depth == 0 { return index }
        }
    }
    return nil
}
