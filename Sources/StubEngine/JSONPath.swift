import Foundation

/// The JSONPath that stub mappings and templates use, read as Jayway's JSONPath (WireMock's)
/// reads it: `$`, members (`.name`, `['a','b']`), indices and slices (`[0]`, `[-1]`, `[0,2]`,
/// `[1:3]`), wildcards (`.*`, `[*]`), deep scans (`$..id`), a function at the end (`length()`,
/// `size()` of an array or object, `min()`, `max()`, `sum()`, `avg()`), and filters: `[?(@.price < 10 && @.tags)]`
/// with `==`, `!=`, `<`, `<=`, `>`, `>=`, `=~ /regex/i`, `in`, `nin`, `subsetof`, `anyof`,
/// `noneof`, `contains`, `size`, `empty`, `!`, `&&`, `||`, parentheses, and paths from `@` or `$`.
package struct JSONPath: Sendable {
    enum Step: Sendable {
        case members([String])
        case indices([Int])
        case slice(start: Int?, end: Int?)
        case wildcard
        /// `..`: the node and every node under it, for the step that follows.
        case descendants
        case filter(Filter)
    }

    enum Function: String, Sendable, CaseIterable {
        case length, size, min, max, sum, avg
    }

    indirect enum Filter: Sendable {
        case exists(Operand)
        case compare(Operand, Comparison, Operand)
        case and(Filter, Filter)
        case or(Filter, Filter)
        case not(Filter)
    }

    enum Operand: Sendable {
        /// A path from the element tested (`@`) or from the document (`$`).
        case path(JSONPath, fromRoot: Bool)
        case value(JSONValue)
        case regex(StubRegex)
    }

    enum Comparison: String, Sendable, CaseIterable {
        // Longest first, so that `<=` is not read as `<`.
        case strictEqual = "==="
        case strictNotEqual = "!=="
        case equal = "=="
        case notEqual = "!="
        case lessOrEqual = "<="
        case greaterOrEqual = ">="
        case less = "<"
        case greater = ">"
        case matches = "=~"
        case notIn = "nin"
        case `in`
        case subsetOf = "subsetof"
        case anyOf = "anyof"
        case noneOf = "noneof"
        case contains
        case size
        case empty
    }

    let steps: [Step]
    let function: Function?

    /// - Throws: a sentence saying where `expression` stops being JSONPath this server reads. As
    /// Jayway's, a path without its `$` starts from the document: `store.book` is `$.store.book`,
    /// `[0]` is `$[0]`.
    package init(_ expression: String) throws(StubError.Reason) {
        let trimmed = expression.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw "a JSONPath is $ and the steps after it" }
        var reader = Reader(
            trimmed.hasPrefix("$")
                ? trimmed : trimmed.hasPrefix("[") || trimmed.hasPrefix(".") ? "$" + trimmed : "$." + trimmed)
        guard reader.take("$") else { throw "a JSONPath starts with $" }
        self = try reader.path(inFilter: false)
        guard reader.isAtEnd else { throw "unexpected \(reader.rest.prefix(10)) in the path" }
    }

    fileprivate init(steps: [Step], function: Function?) {
        self.steps = steps
        self.function = function
    }

    /// Whether the path names at most one value (members and indices only, or a function): a
    /// template writes what it selects as that value, not as a list.
    var isDefinite: Bool { function != nil || stepsAreDefinite }

    private var stepsAreDefinite: Bool {
        steps.allSatisfy {
            switch $0 {
            case .members(let names): names.count == 1
            case .indices(let indices): indices.count == 1
            case .slice, .wildcard, .descendants, .filter: false
            }
        }
    }

    /// Whether the path selects anything in `document`, as WireMock decides: a definite path
    /// must name a value that is not null nor an empty array or object; any other path must
    /// select at least one value. A filter that spends `budget` selects nothing.
    package func selects(in document: JSONValue, budget: MatchBudget? = nil) -> Bool {
        let found = evaluate(document, budget: budget)
        // A filter cut short by the budget counts as no match, as a pattern out of time does.
        if budget?.isSpent == true { return false }
        guard isDefinite else { return !found.isEmpty }
        switch found.first {
        case nil, .null?: return false
        case .array(let elements)?: return !elements.isEmpty
        case .object(let members)?: return !members.isEmpty
        default: return true
        }
    }

    /// What the path selects in `document`, in document order (an object's members by name); a
    /// function gives one value. Filters draw on `budget` and stop when it is spent.
    func evaluate(_ document: JSONValue, budget: MatchBudget? = nil) -> [JSONValue] {
        evaluate(document, root: document, budget: budget)
    }

    /// The most nodes one step may reach: `$..*..*..*` over a body of a few thousand nodes would
    /// otherwise reach billions, with or without a budget to stop it.
    static let maximumNodes = 1 << 20

    private func evaluate(_ node: JSONValue, root: JSONValue, budget: MatchBudget?) -> [JSONValue] {
        var nodes = [node]
        var afterDescendants = false
        for step in steps {
            if case .descendants = step {
                var found: [JSONValue] = []
                for node in nodes {
                    guard Self.collectDescendants(of: node, into: &found, budget: budget) else { return [] }
                }
                nodes = found
                afterDescendants = true
                continue
            }
            nodes = nodes.flatMap { apply(step, to: $0, scanned: afterDescendants, root: root, budget: budget) }
            afterDescendants = false
        }
        guard let function else { return nodes }
        return apply(function, to: stepsAreDefinite ? nodes.first : .array(nodes)).map { [$0] } ?? []
    }

    /// Adds `node` and everything under it to `found`; `false`, with nothing more added, when
    /// ``maximumNodes`` is reached or the budget is spent: the path then selects nothing, as a
    /// filter cut short does.
    private static func collectDescendants(
        of node: JSONValue, into found: inout [JSONValue], budget: MatchBudget?
    ) -> Bool {
        var pending = [node]
        while let next = pending.popLast() {
            guard found.count < maximumNodes else { return false }
            if found.count % 4096 == 4095, budget?.isSpentNow == true { return false }
            found.append(next)
            switch next {
            case .array(let elements): pending.append(contentsOf: elements.reversed())
            case .object(let members):
                pending.append(contentsOf: members.keys.sorted().reversed().compactMap { members[$0] })
            default: break
            }
        }
        return true
    }

    private func apply(
        _ step: Step, to node: JSONValue, scanned: Bool, root: JSONValue, budget: MatchBudget?
    ) -> [JSONValue] {
        switch (step, node) {
        case (.members(let names), .object(let members)): return names.compactMap { members[$0] }
        case (.indices(let indices), .array(let elements)):
            return indices.compactMap { index in
                let position = index < 0 ? elements.count + index : index
                return elements.indices.contains(position) ? elements[position] : nil
            }
        case (.slice(let start, let end), .array(let elements)):
            func position(_ index: Int) -> Int {
                Swift.min(Swift.max(index < 0 ? elements.count + index : index, 0), elements.count)
            }
            let (from, to) = (position(start ?? 0), position(end ?? elements.count))
            return from < to ? Array(elements[from..<to]) : []
        case (.wildcard, .array(let elements)): return elements
        case (.wildcard, .object(let members)): return members.keys.sorted().compactMap { members[$0] }
        case (.filter(let filter), _):
            let candidates: [JSONValue]
            switch node {
            // A deep scan tests every node it reaches itself; otherwise an array's elements are
            // tested, and an object tests itself, as in Jayway's JSONPath.
            case .array(let elements) where !scanned: candidates = elements
            case .array: candidates = []
            default: candidates = [node]
            }
            var kept: [JSONValue] = []
            for candidate in candidates {
                if budget?.isSpentNow == true { break }
                if filter.holds(for: candidate, root: root, budget: budget) { kept.append(candidate) }
            }
            return kept
        default: return []
        }
    }

    private func apply(_ function: Function, to value: JSONValue?) -> JSONValue? {
        switch (function, value) {
        case (.length, .array(let elements)?), (.size, .array(let elements)?): return .number(Double(elements.count))
        case (.length, .object(let members)?), (.size, .object(let members)?): return .number(Double(members.count))
        case (_, .array(let elements)?):
            let numbers = elements.compactMap { element -> Double? in
                if case .number(let number) = element { return number }
                return nil
            }
            guard !numbers.isEmpty else { return nil }
            switch function {
            case .min: return .number(numbers.min() ?? 0)
            case .max: return .number(numbers.max() ?? 0)
            case .sum: return .number(numbers.reduce(0, +))
            case .avg: return .number(numbers.reduce(0, +) / Double(numbers.count))
            case .length, .size: return nil
            }
        default: return nil
        }
    }

    /// The value an operand path stands for: the one value of a definite path (`nil` when it
    /// names nothing), else the list of what it selects.
    fileprivate func value(in node: JSONValue, root: JSONValue, budget: MatchBudget?) -> JSONValue? {
        let found = evaluate(node, root: root, budget: budget)
        return isDefinite ? found.first : .array(found)
    }
}

extension JSONPath.Filter {
    func holds(for candidate: JSONValue, root: JSONValue, budget: MatchBudget?) -> Bool {
        switch self {
        case .and(let lhs, let rhs):
            return lhs.holds(for: candidate, root: root, budget: budget)
                && rhs.holds(for: candidate, root: root, budget: budget)
        case .or(let lhs, let rhs):
            return lhs.holds(for: candidate, root: root, budget: budget)
                || rhs.holds(for: candidate, root: root, budget: budget)
        case .not(let filter): return !filter.holds(for: candidate, root: root, budget: budget)
        case .exists(let operand):
            switch operand.value(candidate, root: root, budget: budget) {
            case nil: return false
            case .array(let elements)? where !operand.isDefinite: return !elements.isEmpty
            default: return true
            }
        case .compare(let lhs, let comparison, let rhs):
            if case .regex(let regex) = rhs, comparison == .matches {
                guard let value = lhs.value(candidate, root: root, budget: budget) else { return false }
                return regex.matches(value.text, budget: budget) == true
            }
            guard let left = lhs.value(candidate, root: root, budget: budget),
                let right = rhs.value(candidate, root: root, budget: budget)
            else {
                // Jayway's negations hold when a side is missing: `[?(@.seats != 4)]` keeps an
                // element without seats.
                return [.notEqual, .strictNotEqual, .notIn].contains(comparison)
            }
            return comparison.holds(left, right)
        }
    }
}

extension JSONPath.Operand {
    var isDefinite: Bool {
        if case .path(let path, _) = self { return path.isDefinite }
        return true
    }

    var isPath: Bool {
        if case .path = self { return true }
        return false
    }

    func value(_ candidate: JSONValue, root: JSONValue, budget: MatchBudget?) -> JSONValue? {
        switch self {
        case .path(let path, let fromRoot): path.value(in: fromRoot ? root : candidate, root: root, budget: budget)
        case .value(let value): value
        case .regex: nil
        }
    }
}

extension JSONPath.Comparison {
    func holds(_ left: JSONValue, _ right: JSONValue) -> Bool {
        switch self {
        case .strictEqual: return left == right
        case .strictNotEqual: return left != right
        case .equal: return Self.loosely(left, right)
        case .notEqual: return !Self.loosely(left, right)
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard let order = Self.order(left, right) else { return false }
            switch self {
            case .less: return order == .orderedAscending
            case .lessOrEqual: return order != .orderedDescending
            case .greater: return order == .orderedDescending
            default: return order != .orderedAscending
            }
        case .matches: return false
        case .in, .notIn:
            guard case .array(let options) = right else { return false }
            return options.contains { Self.loosely(left, $0) } == (self == .in)
        case .subsetOf, .anyOf, .noneOf:
            guard case .array(let items) = left, case .array(let options) = right else { return false }
            let inOptions = { (item: JSONValue) in options.contains { Self.loosely(item, $0) } }
            switch self {
            case .subsetOf: return items.allSatisfy(inOptions)
            case .anyOf: return items.contains(where: inOptions)
            default: return !items.contains(where: inOptions)
            }
        case .contains:
            switch left {
            case .string(let text): return text.contains(right.text)
            case .array(let items): return items.contains { Self.loosely($0, right) }
            default: return false
            }
        case .size:
            guard case .number(let size) = right else { return false }
            switch left {
            case .string(let text): return Double(text.count) == size
            case .array(let items): return Double(items.count) == size
            default: return false
            }
        case .empty:
            guard case .bool(let wanted) = right else { return false }
            switch left {
            case .string(let text): return text.isEmpty == wanted
            case .array(let items): return items.isEmpty == wanted
            default: return false
            }
        }
    }

    /// Jayway's `==`: a number and a string holding that number are equal.
    private static func loosely(_ left: JSONValue, _ right: JSONValue) -> Bool {
        switch (left, right) {
        case (.number(let number), .string(let text)), (.string(let text), .number(let number)):
            return Double(text) == number
        default: return left == right
        }
    }

    private static func order(_ left: JSONValue, _ right: JSONValue) -> ComparisonResult? {
        func number(_ value: JSONValue) -> Double? {
            switch value {
            case .number(let number): number
            case .string(let text): Double(text)
            default: nil
            }
        }
        if case .string(let lhs) = left, case .string(let rhs) = right {
            return lhs == rhs ? .orderedSame : lhs < rhs ? .orderedAscending : .orderedDescending
        }
        guard let lhs = number(left), let rhs = number(right) else { return nil }
        return lhs == rhs ? .orderedSame : lhs < rhs ? .orderedAscending : .orderedDescending
    }
}

/// Reads a JSONPath, or a filter inside one, a character at a time.
private struct Reader {
    /// The most operators, parentheses and filters one JSONPath may hold: reading, matching and
    /// letting go of a filter recurse into it, and one nested a hundred thousand times deep (or
    /// `a || a || …` as long) would take the server's stack.
    static let maximumComposites = 256

    private(set) var rest: Substring
    /// The operators, parentheses and filters read so far, nested filters' included.
    private(set) var composites: Int

    init(_ text: String, composites: Int = 0) {
        rest = Substring(text)
        self.composites = composites
    }

    /// Counts one more operator, parenthesis or filter; past ``maximumComposites`` the path is refused.
    private mutating func compose() throws(StubError.Reason) {
        composites += 1
        guard composites <= Self.maximumComposites else {
            throw "the path holds more than \(Self.maximumComposites) operators, parentheses and filters"
        }
    }

    var isAtEnd: Bool { rest.isEmpty }

    mutating func skipSpaces() { rest = rest.drop { $0 == " " } }

    mutating func take(_ prefix: String) -> Bool {
        guard rest.hasPrefix(prefix) else { return false }
        rest = rest.dropFirst(prefix.count)
        return true
    }

    /// Steps, up to the end, or in a filter up to what is not a path (a space, an operator, `)`).
    mutating func path(inFilter: Bool) throws(StubError.Reason) -> JSONPath {
        var steps: [JSONPath.Step] = []
        while let first = rest.first {
            if take("..") {
                steps.append(.descendants)
                if rest.first == "[" { continue }
                if take("*") {
                    steps.append(.wildcard)
                    continue
                }
                let name = self.name(inFilter: inFilter)
                guard !name.isEmpty else { throw "a member name is missing after .." }
                steps.append(.members([name]))
            } else if first == "." {
                rest = rest.dropFirst()
                // Jayway reads `$.[0]` and `$.['a']` as `$[0]` and `$['a']`.
                if rest.first == "[" { continue }
                if take("*") {
                    steps.append(.wildcard)
                    continue
                }
                let name = self.name(inFilter: inFilter)
                guard !name.isEmpty else { throw "a member name is missing after ." }
                if take("()") {
                    guard let function = JSONPath.Function(rawValue: name) else {
                        throw
                            "\(name)() is not a function this server knows; use one of \(JSONPath.Function.allCases.map { "\($0.rawValue)()" }.joined(separator: ", "))"
                    }
                    guard inFilter || rest.isEmpty else { throw "\(name)() must come last" }
                    return JSONPath(steps: steps, function: function)
                }
                steps.append(.members([name]))
            } else if first == "[" {
                guard let close = closing("[", "]", of: rest) else { throw "a [ is not closed" }
                let inside = rest[rest.index(after: rest.startIndex)..<close]
                rest = rest[rest.index(after: close)...]
                steps.append(try bracket(inside.trimmingCharacters(in: .whitespaces)))
            } else if inFilter {
                break
            } else {
                throw "unexpected \(first) in the path"
            }
        }
        return JSONPath(steps: steps, function: nil)
    }

    private mutating func name(inFilter: Bool) -> String {
        let stops: Set<Character> =
            inFilter ? [".", "[", "(", ")", " ", "=", "!", "<", ">", "&", "|", ","] : [".", "[", "("]
        let name = rest.prefix { !stops.contains($0) }
        rest = rest.dropFirst(name.count)
        return String(name)
    }

    private mutating func bracket(_ text: String) throws(StubError.Reason) -> JSONPath.Step {
        if text == "*" { return .wildcard }
        if text.hasPrefix("?") {
            var inside = Substring(text.dropFirst()).trimmingCharacters(in: .whitespaces)[...]
            guard inside.first == "(", let close = closing("(", ")", of: inside),
                inside.index(after: close) == inside.endIndex
            else { throw "a filter is written [?(...)]" }
            inside = inside[inside.index(after: inside.startIndex)..<close]
            try compose()
            var reader = Reader(String(inside), composites: composites)
            let filter = try reader.disjunction()
            composites = reader.composites
            reader.skipSpaces()
            guard reader.isAtEnd else { throw "unexpected \(reader.rest.prefix(10)) in the filter \(text)" }
            return .filter(filter)
        }
        let parts = split(text)
        if parts.count == 1, let colon = text.firstIndex(of: ":") {
            let bounds = [text[..<colon], text[text.index(after: colon)...].prefix { $0 != ":" }]
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard bounds.allSatisfy({ $0.isEmpty || Int($0) != nil }) else { throw "[\(text)] is not a slice" }
            return .slice(start: Int(bounds[0]), end: Int(bounds[1]))
        }
        let indices = parts.compactMap { Int($0) }
        if indices.count == parts.count { return .indices(indices) }
        let names = parts.compactMap(Self.quoted)
        if names.count == parts.count { return .members(names) }
        throw "[\(text)] is not an index, a name, a slice or a filter"
    }

    /// `a, 'b,c', d` into its parts, commas inside quotes kept.
    private func split(_ text: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var quote: Character?
        for character in text {
            if let opened = quote {
                if character == opened { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "," {
                parts.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
                continue
            }
            current.append(character)
        }
        parts.append(current.trimmingCharacters(in: .whitespaces))
        return parts
    }

    static func quoted(_ text: String) -> String? {
        guard text.count >= 2, let first = text.first, first == "'" || first == "\"", text.last == first else {
            return nil
        }
        return String(text.dropFirst().dropLast())
    }

    // MARK: Filters

    mutating func disjunction() throws(StubError.Reason) -> JSONPath.Filter {
        var filter = try conjunction()
        skipSpaces()
        while take("||") {
            try compose()
            filter = .or(filter, try conjunction())
            skipSpaces()
        }
        return filter
    }

    private mutating func conjunction() throws(StubError.Reason) -> JSONPath.Filter {
        var filter = try unary()
        skipSpaces()
        while take("&&") {
            try compose()
            filter = .and(filter, try unary())
            skipSpaces()
        }
        return filter
    }

    private mutating func unary() throws(StubError.Reason) -> JSONPath.Filter {
        skipSpaces()
        if rest.hasPrefix("!") && !rest.hasPrefix("!=") {
            rest = rest.dropFirst()
            try compose()
            return .not(try unary())
        }
        if take("(") {
            try compose()
            let filter = try disjunction()
            skipSpaces()
            guard take(")") else { throw "a ( is not closed in the filter" }
            return filter
        }
        let lhs = try operand()
        skipSpaces()
        guard let comparison = comparison() else {
            guard lhs.isPath else { throw "a filter tests a path, @.field, or compares it" }
            return .exists(lhs)
        }
        skipSpaces()
        let rhs = try operand(regex: comparison == .matches)
        if comparison == .matches, !rhsIsRegex(rhs) { throw "=~ takes a /regular expression/" }
        return .compare(lhs, comparison, rhs)
    }

    private func rhsIsRegex(_ operand: JSONPath.Operand) -> Bool {
        if case .regex = operand { return true }
        return false
    }

    private mutating func comparison() -> JSONPath.Comparison? {
        for comparison in JSONPath.Comparison.allCases where rest.hasPrefix(comparison.rawValue) {
            let after = rest.dropFirst(comparison.rawValue.count).first
            // A word (`in`, `size`) stands alone: `@.index` is not `@.` `in` `dex`.
            if comparison.rawValue.first?.isLetter == true, let after, after.isLetter { continue }
            rest = rest.dropFirst(comparison.rawValue.count)
            return comparison
        }
        return nil
    }

    private mutating func operand(regex: Bool = false) throws(StubError.Reason) -> JSONPath.Operand {
        if take("@") { return .path(try path(inFilter: true), fromRoot: false) }
        if take("$") { return .path(try path(inFilter: true), fromRoot: true) }
        if regex, rest.first == "/" {
            rest = rest.dropFirst()
            var pattern = ""
            var escaped = false
            while let character = rest.first {
                rest = rest.dropFirst()
                if character == "/" && !escaped { break }
                escaped = character == "\\" && !escaped
                pattern.append(character)
            }
            let flags = rest.prefix { $0.isLetter }
            rest = rest.dropFirst(flags.count)
            let prefix = flags.contains("i") ? "(?i)" : ""
            do throws(StubError) { return .regex(try StubRegex(prefix + pattern, path: "")) } catch {
                throw "/\(pattern)/ is not a regular expression"
            }
        }
        return .value(try literal())
    }

    /// A string in quotes, a number, `true`, `false`, `null`, a list of them in brackets, or a
    /// JSON object.
    private mutating func literal() throws(StubError.Reason) -> JSONValue {
        if rest.first == "{" {
            guard let close = closing("{", "}", of: rest),
                let object = JSONValue.parse(Data(rest[...close].utf8))
            else { throw "an object in the filter is not JSON" }
            rest = rest[rest.index(after: close)...]
            return object
        }
        if let quote = rest.first, quote == "'" || quote == "\"" {
            guard let end = rest.dropFirst().firstIndex(of: quote) else { throw "a quote is not closed in the filter" }
            let text = String(rest[rest.index(after: rest.startIndex)..<end])
            rest = rest[rest.index(after: end)...]
            return .string(text)
        }
        if rest.first == "[" {
            guard let close = closing("[", "]", of: rest) else { throw "a [ is not closed in the filter" }
            let inside = String(rest[rest.index(after: rest.startIndex)..<close])
            rest = rest[rest.index(after: close)...]
            var items: [JSONValue] = []
            for part in split(inside) where !part.isEmpty {
                var reader = Reader(part)
                items.append(try reader.literal())
            }
            return .array(items)
        }
        let word = rest.prefix { !" )&|".contains($0) }
        guard !word.isEmpty, let value = JSONValue.parse(Data(word.utf8)) else {
            throw "\(word.isEmpty ? "nothing" : String(word)) is not a value a filter compares with"
        }
        rest = rest.dropFirst(word.count)
        return value
    }
}

/// Where the bracket that opens `text` (`open`, its first character) closes, brackets inside it
/// counted and quoted text (`'…'`, `"…"`) skipped: JSONPath's `[…]`, a template's `(…)`.
func closing(_ open: Character, _ close: Character, of text: Substring) -> Substring.Index? {
    closing(open, close, of: text, deeperThan: .max)
}

/// The index of the `close` that closes the `open` `text` starts with, as ``closing(_:_:of:)``;
/// `nil` as soon as the brackets nest deeper than `limit`, so that text nested a hundred thousand
/// deep is refused after reading `limit` brackets, not all of it at every depth.
func closing(_ open: Character, _ close: Character, of text: Substring, deeperThan limit: Int) -> Substring.Index? {
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
            if depth > limit { return nil }
        } else if character == close {
            depth -= 1
            if depth == 0 { return index }
        }
    }
    return nil
}
