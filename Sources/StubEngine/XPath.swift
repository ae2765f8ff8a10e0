import Foundation

/// The part of XPath 1.0 that stubs use (`matchesXPath`, a template's `xPath`): location paths
/// (`/a/b`, `//b`, `a/b`, `.`, `..`, `*`, `@id`, `text()`, `node()`) with predicates (`[2]`,
/// `[@id='7']`, `[count(item) > 1]`), `or`, `and`, `=`, `!=`, `<`, `<=`, `>`, `>=`, `+`, `-`,
/// literals, numbers, and the functions `count`, `contains`, `starts-with`, `string-length`,
/// `normalize-space`, `not`, `true`, `false`, `string`, `number`, `sum`, `name`, `local-name`,
/// `last`, `position`. A name with a prefix matches by the namespace the prefix stands for in
/// `namespaces` (WireMock's `xPathNamespaces`) and the local name; without them, it matches
/// nothing, as in WireMock (`//*[local-name()='Body']` reads any namespace).
package struct XPath: Sendable {
    indirect enum Expression: Sendable {
        case path(absolute: Bool, [Step])
        case literal(String)
        case number(Double)
        case function(String, [Expression])
        case binary(String, Expression, Expression)
        case negative(Expression)
    }

    enum Axis: Sendable {
        case child, descendantOrSelf, attribute, current, parent
    }

    enum Test: Sendable {
        case name(prefix: String?, local: String)
        case anyElement
        case text
        case node
    }

    struct Step: Sendable {
        var axis: Axis
        var test: Test
        var predicates: [Expression] = []
    }

    enum Value {
        case nodes([Int])
        case string(String)
        case number(Double)
        case boolean(Bool)
    }

    let source: String
    let expression: Expression
    let namespaces: [String: String]?

    static let functions: Set<String> = [
        "count", "contains", "starts-with", "string-length", "normalize-space", "not", "true", "false", "string",
        "number", "sum", "name", "local-name", "last", "position",
    ]

    /// - Throws: where `source` stops being XPath this server reads.
    init(_ source: String, namespaces: [String: String]? = nil) throws(StubError.Reason) {
        var reader = Reader(source)
        expression = try reader.expression()
        reader.skipSpaces()
        guard reader.rest.isEmpty else { throw "unexpected \(reader.rest.prefix(12)) in the XPath" }
        self.source = source
        self.namespaces = namespaces
    }

    /// What the expression gives in `tree`, from its root, within `budget` (past it, every step
    /// selects nothing).
    private func evaluate(_ tree: XMLTree, in evaluation: Evaluation) -> Value {
        evaluation.value(of: expression, context: 0, position: 1, size: 1)
    }

    /// Whether it selects something (or is true) in `tree`; `nil` when it visits more than
    /// ``maximumVisits`` nodes or spends `budget` first, cut short.
    func selects(in tree: XMLTree, budget: MatchBudget? = nil) -> Bool? {
        let evaluation = Evaluation(tree: tree, namespaces: namespaces, budget: budget)
        let selects = evaluation.boolean(evaluate(tree, in: evaluation))
        return evaluation.isCutShort ? nil : selects
    }

    /// The texts it gives in `tree`: each node's (an element's as XML when `asXML`), or the one
    /// value; `nil` when cut short, as ``selects(in:budget:)`` is.
    func texts(in tree: XMLTree, asXML: Bool = false, budget: MatchBudget? = nil) -> [String]? {
        let evaluation = Evaluation(tree: tree, namespaces: namespaces, budget: budget)
        let value = evaluate(tree, in: evaluation)
        guard !evaluation.isCutShort else { return nil }
        switch value {
        case .nodes(let nodes):
            return nodes.map { asXML && tree.nodes[$0].kind == .element ? tree.xml(of: $0) : tree.text(of: $0) }
        case let value: return [evaluation.string(value)]
        }
    }

    /// The most nodes one evaluation may visit: a predicate that selects from the root for each
    /// node (`//e[count(//f) > 0]`) visits the square of the body's nodes, and ran for minutes.
    static let maximumVisits = 2_000_000

    private struct Evaluation {
        let tree: XMLTree
        let namespaces: [String: String]?
        /// The nodes visited so far; past ``XPath/maximumVisits``, or once the budget is spent,
        /// every step selects nothing.
        private let visits: Visits

        init(tree: XMLTree, namespaces: [String: String]?, budget: MatchBudget?) {
            self.tree = tree
            self.namespaces = namespaces
            visits = Visits(budget: budget)
        }

        /// Whether it stopped before the end: past the visits, or the budget.
        var isCutShort: Bool { visits.count > XPath.maximumVisits }

        final class Visits {
            private(set) var count = 0
            private let budget: MatchBudget?
            /// When the budget is read next: reading the CPU time is a system call.
            private var nextReading = 4096

            init(budget: MatchBudget?) {
                self.budget = budget
            }

            /// Counts `more` visits; `false` once past the limit or the budget. Past the limit the
            /// budget is spent too: which of the two comes first depends on the machine.
            func add(_ more: Int) -> Bool {
                count += more
                if count >= nextReading {
                    nextReading = count + 4096
                    if budget?.isSpentNow == true { count = XPath.maximumVisits + 1 }
                }
                guard count <= XPath.maximumVisits else {
                    budget?.spendAll()
                    return false
                }
                return true
            }
        }

        /// A node's text, its length counted among the visits (a predicate that reads the whole
        /// document's text for each node copies the square of it); empty once they are spent.
        private func nodeText(_ node: Int) -> String {
            guard visits.count <= XPath.maximumVisits else { return "" }
            let text = tree.text(of: node)
            _ = visits.add(text.utf8.count / 8)
            return text
        }

        func value(of expression: Expression, context: Int, position: Int, size: Int) -> Value {
            switch expression {
            case .literal(let text): return .string(text)
            case .number(let number): return .number(number)
            case .negative(let inner):
                return .number(-number(value(of: inner, context: context, position: position, size: size)))
            case .path(let absolute, let steps):
                var nodes = [absolute ? 0 : context]
                for step in steps { nodes = apply(step, to: nodes) }
                return .nodes(nodes)
            case .function(let name, let arguments):
                switch name {
                case "last": return .number(Double(size))
                case "position": return .number(Double(position))
                default:
                    let values = arguments.map { value(of: $0, context: context, position: position, size: size) }
                    return call(name, values, context: context)
                }
            case .binary(let symbol, let lhs, let rhs):
                let left = value(of: lhs, context: context, position: position, size: size)
                if symbol == "or", boolean(left) { return .boolean(true) }
                if symbol == "and", !boolean(left) { return .boolean(false) }
                let right = value(of: rhs, context: context, position: position, size: size)
                switch symbol {
                case "or", "and": return .boolean(boolean(right))
                case "+": return .number(number(left) + number(right))
                case "-": return .number(number(left) - number(right))
                default: return .boolean(compare(left, symbol, right))
                }
            }
        }

        private func apply(_ step: Step, to nodes: [Int]) -> [Int] {
            var selected: [Int] = []
            var seen = Set<Int>()
            for node in nodes {
                // Cut short, nothing more is walked: a predicate's path for each node left used
                // to walk the whole tree again before its visits were refused.
                guard !isCutShort else { return [] }
                let candidates: [Int]
                switch step.axis {
                case .child: candidates = tree.nodes[node].children
                case .attribute: candidates = tree.nodes[node].attributes
                case .current: candidates = [node]
                case .parent: candidates = tree.nodes[node].parent.map { [$0] } ?? []
                case .descendantOrSelf: candidates = descendants(of: node)
                }
                guard visits.add(candidates.count) else { return [] }
                var matching = candidates.filter { fits($0, step.test, axis: step.axis) }
                for predicate in step.predicates {
                    let size = matching.count
                    matching = matching.enumerated().filter { offset, candidate in
                        switch value(of: predicate, context: candidate, position: offset + 1, size: size) {
                        case .number(let wanted): return Double(offset + 1) == wanted
                        case let other: return boolean(other)
                        }
                    }.map(\.element)
                }
                for candidate in matching where seen.insert(candidate).inserted { selected.append(candidate) }
            }
            return selected.sorted()
        }

        private func descendants(of node: Int) -> [Int] {
            [node] + tree.nodes[node].children.flatMap { descendants(of: $0) }
        }

        private func fits(_ index: Int, _ test: Test, axis: Axis) -> Bool {
            let node = tree.nodes[index]
            switch test {
            case .node: return true
            case .text: return node.kind == .text
            case .anyElement: return axis == .attribute ? node.kind == .attribute : node.kind == .element
            case .name(let prefix, let local):
                guard node.kind == (axis == .attribute ? .attribute : .element) else { return false }
                guard let prefix else { return node.name == local }
                guard let namespace = namespaces?[prefix] else { return false }
                return node.localName == local && node.namespace == namespace
            }
        }

        private func call(_ name: String, _ values: [Value], context: Int) -> Value {
            func text(_ index: Int) -> String { values.count > index ? string(values[index]) : nodeText(context) }
            switch name {
            case "count":
                if case .nodes(let nodes)? = values.first { return .number(Double(nodes.count)) }
                return .number(0)
            case "contains": return .boolean(text(0).contains(text(1)))
            case "starts-with": return .boolean(text(0).hasPrefix(text(1)))
            case "string-length": return .number(Double(text(0).count))
            case "normalize-space":
                return .string(text(0).split(whereSeparator: \.isWhitespace).joined(separator: " "))
            case "not": return .boolean(!(values.first.map(boolean) ?? false))
            case "true": return .boolean(true)
            case "false": return .boolean(false)
            case "string": return .string(text(0))
            case "number": return .number(values.first.map(number) ?? number(.string(nodeText(context))))
            case "sum":
                guard case .nodes(let nodes)? = values.first else { return .number(.nan) }
                return .number(
                    nodes.reduce(0) { $0 + (Double(nodeText($1).trimmingCharacters(in: .whitespaces)) ?? .nan) })
            case "name", "local-name":
                let node: Int? = if case .nodes(let nodes)? = values.first { nodes.first } else { context }
                guard let node else { return .string("") }
                return .string(name == "name" ? tree.nodes[node].name : tree.nodes[node].localName)
            default: return .boolean(false)
            }
        }

        func boolean(_ value: Value) -> Bool {
            switch value {
            case .nodes(let nodes): !nodes.isEmpty
            case .string(let text): !text.isEmpty
            case .number(let number): number != 0 && !number.isNaN
            case .boolean(let flag): flag
            }
        }

        func string(_ value: Value) -> String {
            switch value {
            case .nodes(let nodes): nodes.first.map { nodeText($0) } ?? ""
            case .string(let text): text
            case .number(let number):
                number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : "\(number)"
            case .boolean(let flag): flag ? "true" : "false"
            }
        }

        func number(_ value: Value) -> Double {
            switch value {
            case .number(let number): number
            case .boolean(let flag): flag ? 1 : 0
            default: Double(string(value).trimmingCharacters(in: .whitespaces)) ?? .nan
            }
        }

        /// XPath 1.0's comparisons: a node set holds when any of its nodes does.
        private func compare(_ lhs: Value, _ symbol: String, _ rhs: Value) -> Bool {
            if case .nodes(let nodes) = lhs {
                return nodes.contains { compare(.string(nodeText($0)), symbol, rhs) }
            }
            if case .nodes(let nodes) = rhs {
                return nodes.contains { compare(lhs, symbol, .string(nodeText($0))) }
            }
            if symbol == "=" || symbol == "!=" {
                let same: Bool
                switch (lhs, rhs) {
                case (.boolean, _), (_, .boolean): same = boolean(lhs) == boolean(rhs)
                case (.number, _), (_, .number): same = number(lhs) == number(rhs)
                default: same = string(lhs) == string(rhs)
                }
                return symbol == "=" ? same : !same
            }
            let (a, b) = (number(lhs), number(rhs))
            switch symbol {
            case "<": return a < b
            case "<=": return a <= b
            case ">": return a > b
            default: return a >= b
            }
        }
    }

    /// Reads an expression, a character at a time.
    private struct Reader {
        /// The most operators, parentheses, predicates and function calls one XPath may hold:
        /// reading, evaluating and letting go of it recurse into it, and one nested a hundred
        /// thousand times deep (or `a or a or …` as long) would take the server's stack.
        static let maximumComposites = 256

        var rest: Substring
        private var composites = 0

        init(_ text: String) { rest = Substring(text) }

        /// Counts one more composite; past ``maximumComposites`` the XPath is refused.
        private mutating func compose() throws(StubError.Reason) {
            composites += 1
            guard composites <= Self.maximumComposites else {
                throw "the XPath holds more than \(Self.maximumComposites) operators, parentheses and predicates"
            }
        }

        mutating func skipSpaces() { rest = rest.drop { $0 == " " || $0 == "\n" || $0 == "\t" } }

        mutating func take(_ token: String) -> Bool {
            skipSpaces()
            guard rest.hasPrefix(token) else { return false }
            // A word stands alone: `order` is not `or` `der`.
            if token.last?.isLetter == true, let next = rest.dropFirst(token.count).first,
                next.isLetter || next.isNumber || next == "-" || next == "_"
            {
                return false
            }
            rest = rest.dropFirst(token.count)
            return true
        }

        mutating func expression() throws(StubError.Reason) -> Expression { try binary(level: 0) }

        private static let levels: [[String]] = [["or"], ["and"], ["!=", "="], ["<=", ">=", "<", ">"], ["+", "-"]]

        private mutating func binary(level: Int) throws(StubError.Reason) -> Expression {
            guard level < Self.levels.count else { return try unary() }
            var lhs = try binary(level: level + 1)
            while let symbol = Self.levels[level].first(where: { take($0) }) {
                try compose()
                lhs = .binary(symbol, lhs, try binary(level: level + 1))
            }
            return lhs
        }

        private mutating func unary() throws(StubError.Reason) -> Expression {
            if take("-") {
                try compose()
                return .negative(try unary())
            }
            skipSpaces()
            guard let first = rest.first else { throw "an XPath ends where a value is missing" }
            if first == "(" {
                rest = rest.dropFirst()
                try compose()
                let inner = try expression()
                guard take(")") else { throw "a ( is not closed in the XPath" }
                return inner
            }
            if first == "'" || first == "\"" {
                guard let end = rest.dropFirst().firstIndex(of: first) else {
                    throw "a quote is not closed in the XPath"
                }
                let text = String(rest[rest.index(after: rest.startIndex)..<end])
                rest = rest[rest.index(after: end)...]
                return .literal(text)
            }
            if first.isNumber || (first == "." && rest.dropFirst().first?.isNumber == true) {
                let digits = rest.prefix { $0.isNumber || $0 == "." }
                rest = rest.dropFirst(digits.count)
                guard let number = Double(digits) else { throw "\(digits) is not a number" }
                return .number(number)
            }
            // A function call: a name, then (, that is not a node test.
            let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
            if !name.isEmpty, rest.dropFirst(name.count).drop(while: { $0 == " " }).first == "(",
                !["text", "node"].contains(String(name))
            {
                guard XPath.functions.contains(String(name)) else {
                    throw
                        "\(name)() is not a function this server has; use one of \(XPath.functions.sorted().joined(separator: ", "))"
                }
                rest = rest.dropFirst(name.count)
                _ = take("(")
                var arguments: [Expression] = []
                if !take(")") {
                    try compose()
                    repeat { arguments.append(try expression()) } while take(",")
                    guard take(")") else { throw "\(name)( is not closed" }
                }
                return .function(String(name), arguments)
            }
            return try path()
        }

        private mutating func path() throws(StubError.Reason) -> Expression {
            skipSpaces()
            var steps: [Step] = []
            var absolute = false
            if rest.hasPrefix("//") {
                absolute = true
                rest = rest.dropFirst(2)
                steps.append(Step(axis: .descendantOrSelf, test: .node))
            } else if rest.hasPrefix("/") {
                absolute = true
                rest = rest.dropFirst()
                skipSpaces()
                if rest.isEmpty || !(rest.first.map { $0.isLetter || "*@._".contains($0) } ?? false) {
                    return .path(absolute: true, [])
                }
            }
            while true {
                steps.append(try step())
                if rest.hasPrefix("//") {
                    rest = rest.dropFirst(2)
                    steps.append(Step(axis: .descendantOrSelf, test: .node))
                } else if rest.hasPrefix("/") {
                    rest = rest.dropFirst()
                } else {
                    break
                }
            }
            return .path(absolute: absolute, steps)
        }

        private mutating func step() throws(StubError.Reason) -> Step {
            skipSpaces()
            if rest.hasPrefix("..") {
                rest = rest.dropFirst(2)
                return Step(axis: .parent, test: .node)
            }
            if rest.hasPrefix(".") {
                rest = rest.dropFirst()
                return Step(axis: .current, test: .node)
            }
            var axis = Axis.child
            if rest.hasPrefix("@") {
                rest = rest.dropFirst()
                axis = .attribute
            }
            let test: Test
            if rest.hasPrefix("*") {
                rest = rest.dropFirst()
                test = .anyElement
            } else {
                let name = rest.prefix { $0.isLetter || $0.isNumber || "-_.:".contains($0) }
                guard !name.isEmpty else { throw "a step of the XPath has no name: \(rest.prefix(12))" }
                rest = rest.dropFirst(name.count)
                if (name == "text" || name == "node"), rest.hasPrefix("()") {
                    rest = rest.dropFirst(2)
                    test = name == "text" ? .text : .node
                } else if let colon = name.firstIndex(of: ":") {
                    test = .name(prefix: String(name[..<colon]), local: String(name[name.index(after: colon)...]))
                } else {
                    test = .name(prefix: nil, local: String(name))
                }
            }
            var step = Step(axis: axis, test: test)
            while take("[") {
                try compose()
                step.predicates.append(try expression())
                guard take("]") else { throw "a [ is not closed in the XPath" }
            }
            return step
        }
    }
}
