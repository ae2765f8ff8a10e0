import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An XML document as stubs read it (`equalToXml`, `matchesXPath`, a template's `xPath`): its
/// nodes in document order, each with its name as written (`soap:Envelope`), the namespace its
/// prefix stands for, and its parent, so that XPath can walk it every way. Parsed with Foundation's
/// `XMLParser`, which every platform has; external entities are not read.
struct XMLTree: Sendable {
    enum Kind: Sendable, Equatable {
        /// The document itself, node 0, whose child is the root element.
        case document
        case element
        case attribute
        case text
    }

    struct Node: Sendable {
        var kind: Kind
        /// As written: `soap:Envelope`, `xml:lang`; empty for text.
        var name = ""
        var localName = ""
        /// The namespace URI its prefix (or the default namespace) stands for.
        var namespace: String?
        /// An attribute's value, a text's characters.
        var value = ""
        var parent: Int?
        var children: [Int] = []
        var attributes: [Int] = []
    }

    private(set) var nodes: [Node]

    /// - Throws: where the text stops being XML: `line 1, column 7: …`; or that `budget` ran out
    ///   while reading it.
    init(_ data: Data, budget: MatchBudget? = nil) throws(StubError.Reason) {
        let reader = Reader()
        reader.budget = budget
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        // Some parsers recover and return true from a document with errors (Foundation on Linux
        // does): an error reported, or an element left open, is as much a refusal.
        let parsed = parser.parse()
        if reader.isTooDeep { throw "elements are nested deeper than \(Self.maximumDepth)" }
        if reader.ranOut { throw "reading it took longer than the request's matching budget" }
        let failed = !parsed && !reader.skippedExternalDeclaration
        if let (line, column, code) = reader.error ?? (failed ? (parser.lineNumber, parser.columnNumber, 0) : nil) {
            throw "line \(line), column \(column): \(Self.reason(code))"
        }
        guard reader.isComplete, reader.nodes.count > 1 else { throw "an element is missing or not closed" }
        nodes = reader.nodes
    }

    /// The root element.
    var root: Int { nodes[0].children.first { nodes[$0].kind == .element } ?? 0 }

    /// XPath's string-value: an element's text, all of it, in order; an attribute's or a text's
    /// value.
    func text(of index: Int) -> String {
        switch nodes[index].kind {
        case .attribute, .text: return nodes[index].value
        case .element, .document: return nodes[index].children.map { text(of: $0) }.joined()
        }
    }

    /// The node written as XML: an element with its attributes and what it holds, a text escaped.
    func xml(of index: Int) -> String {
        let node = nodes[index]
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: "\"", with: "&quot;")
        }
        switch node.kind {
        case .text: return escaped(node.value)
        case .attribute: return node.value
        case .document: return node.children.map { xml(of: $0) }.joined()
        case .element:
            let attributes = node.attributes.map { " \(nodes[$0].name)=\"\(escaped(nodes[$0].value))\"" }.joined()
            let inside = node.children.map { xml(of: $0) }.joined()
            var declarations = ""
            if let namespace = node.namespace, node.parent.map({ nodes[$0].namespace }) != namespace {
                let prefix = node.name.split(separator: ":", maxSplits: 1)
                declarations = prefix.count == 2 ? " xmlns:\(prefix[0])=\"\(namespace)\"" : " xmlns=\"\(namespace)\""
            }
            return "<\(node.name)\(declarations)\(attributes)>\(inside)</\(node.name)>"
        }
    }

    /// The element children and texts (whitespace alone left out, neighbours joined), for
    /// comparing two documents.
    func significantChildren(of index: Int) -> [Int] {
        nodes[index].children.filter {
            nodes[$0].kind == .element || !nodes[$0].value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        }
    }

    /// The deepest nesting read: the tree is walked recursively, and Foundation's parser on Linux
    /// has no bound of its own (a body of 100,000 nested elements took the server's stack).
    static let maximumDepth = 256

    /// `XMLParser.ErrorCode`s in words.
    private static func reason(_ code: Int) -> String {
        switch code {
        case 4: "there is no element"
        case 5: "the document ends too soon, or goes on after its element"
        case 9, 10: "a character is not allowed there"
        case 23, 26, 27, 68: "an entity is not one this reads"
        case 39: "an attribute is not written name=\"value\""
        case 41, 42: "an attribute is written twice or has no value"
        case 73, 74, 76: "a closing tag does not match the element it closes"
        default: "it is not well-formed XML (XMLParser error \(code))"
        }
    }

    /// Builds the nodes as the parser reads them.
    private final class Reader: NSObject, XMLParserDelegate {
        var nodes = [Node(kind: .document)]
        /// The first error: its line, column and code.
        var error: (Int, Int, Int)?
        private var open = [0]

        /// Whether every element opened was closed.
        var isComplete: Bool { open == [0] }
        /// Whether reading stopped at ``XMLTree/maximumDepth``.
        private(set) var isTooDeep = false
        /// What reading may spend, looked at every 1,024 elements; whether it ran out.
        var budget: MatchBudget?
        private(set) var ranOut = false

        /// Whether the document type named an external declaration (`%dtd;`), which is not read,
        /// as WireMock does not read it.
        private(set) var skippedExternalDeclaration = false

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
            let code = (parseError as NSError).code
            // Before the root element, an entity not declared (libxml2's code 26, which Foundation
            // passes on as it is everywhere) is the document type's external one.
            if code == 26, nodes.count == 1 {
                skippedExternalDeclaration = true
                return
            }
            if error == nil { error = (parser.lineNumber, parser.columnNumber, code) }
        }
        /// The namespaces in scope: each element's declarations over its parent's.
        private var scopes: [[String: String]] = [[:]]

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            guard open.count <= XMLTree.maximumDepth else {
                isTooDeep = true
                parser.abortParsing()
                return
            }
            if nodes.count % 1024 == 1023, budget?.isSpentNow == true {
                ranOut = true
                parser.abortParsing()
                return
            }
            var scope = scopes.last ?? [:]
            for (key, value) in attributes {
                if key == "xmlns" { scope[""] = value }
                if key.hasPrefix("xmlns:") { scope[String(key.dropFirst(6))] = value }
            }
            scopes.append(scope)
            let (prefix, local) = Self.split(name)
            var element = Node(
                kind: .element, name: name, localName: local, namespace: scope[prefix ?? ""], parent: open.last)
            let index = nodes.count
            nodes.append(element)
            for key in attributes.keys.sorted() where key != "xmlns" && !key.hasPrefix("xmlns:") {
                let (attributePrefix, attributeLocal) = Self.split(key)
                element.attributes.append(nodes.count)
                nodes.append(
                    Node(
                        kind: .attribute, name: key, localName: attributeLocal,
                        namespace: attributePrefix.flatMap { scope[$0] }, value: attributes[key] ?? "", parent: index))
            }
            nodes[index].attributes = element.attributes
            if let parent = open.last { nodes[parent].children.append(index) }
            open.append(index)
        }

        func parser(
            _ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
        ) {
            open.removeLast()
            scopes.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            append(string)
        }

        func parser(_ parser: XMLParser, foundCDATA block: Data) {
            append(String(decoding: block, as: UTF8.self))
        }

        private func append(_ text: String) {
            guard let parent = open.last, parent != 0 else { return }
            if let last = nodes[parent].children.last, nodes[last].kind == .text {
                nodes[last].value += text
            } else {
                nodes[parent].children.append(nodes.count)
                nodes.append(Node(kind: .text, value: text, parent: parent))
            }
        }

        static func split(_ name: String) -> (String?, String) {
            guard let colon = name.firstIndex(of: ":") else { return (nil, name) }
            return (String(name[..<colon]), String(name[name.index(after: colon)...]))
        }
    }
}

/// WireMock's `equalToXml`: the same elements (by namespace and local name, whatever the prefix),
/// attributes in any order, and text, whitespace between elements aside; with placeholders,
/// `${xmlunit.ignore}` (between the stub's own delimiters, if it gives them) stands for any text
/// or attribute value.
package struct XMLExpectation: Sendable {
    let tree: XMLTree
    /// What a placeholder looks like; `nil` when the stub does not enable them.
    let placeholder: StubRegex?

    func matches(_ actual: XMLTree) -> Bool {
        same(tree.root, in: tree, actual.root, in: actual)
    }

    private func same(_ lhs: Int, in expected: XMLTree, _ rhs: Int, in actual: XMLTree) -> Bool {
        let (a, b) = (expected.nodes[lhs], actual.nodes[rhs])
        guard a.kind == b.kind else { return false }
        switch a.kind {
        case .text:
            return ignores(a.value)
                || a.value.trimmingCharacters(in: .whitespacesAndNewlines)
                    == b.value.trimmingCharacters(in: .whitespacesAndNewlines)
        case .attribute:
            return ignores(a.value) || a.value == b.value
        case .element, .document:
            guard a.localName == b.localName, a.namespace == b.namespace, a.attributes.count == b.attributes.count
            else { return false }
            for attribute in a.attributes {
                let name = expected.nodes[attribute]
                guard
                    let other = b.attributes.first(where: {
                        actual.nodes[$0].localName == name.localName && actual.nodes[$0].namespace == name.namespace
                    }), same(attribute, in: expected, other, in: actual)
                else { return false }
            }
            // As XMLUnit (WireMock's) pairs them: each element with the next one of its name,
            // wherever it is, and the texts in order.
            let (left, right) = (expected.significantChildren(of: lhs), actual.significantChildren(of: rhs))
            guard left.count == right.count else { return false }
            var unused = right
            for child in left {
                let node = expected.nodes[child]
                let partner = unused.firstIndex { candidate in
                    let other = actual.nodes[candidate]
                    return node.kind == .text
                        ? other.kind == .text
                        : other.kind == .element && other.localName == node.localName
                            && other.namespace == node.namespace
                }
                guard let partner, same(child, in: expected, unused[partner], in: actual) else { return false }
                unused.remove(at: partner)
            }
            return true
        }
    }

    private func ignores(_ value: String) -> Bool {
        placeholder?.matches(value) == true
    }
}
