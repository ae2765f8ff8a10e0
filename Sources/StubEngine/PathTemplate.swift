import Foundation

/// WireMock 3's `urlPathTemplate`: a path with named parts, `/contacts/{contactId}/addresses/{id}`,
/// each standing for the text of one segment (or part of one: `/files/{name}.json`). A request's
/// path matches when its segments line up; ``values(in:)`` names what each part stood for, for
/// `pathParameters` and for templates (`{{request.path.contactId}}`).
struct PathTemplate: Sendable {
    enum Part: Sendable, Equatable {
        case literal(String)
        case variable(String)
    }

    let source: String
    private let segments: [[Part]]
    /// The names of its parts, in order.
    let names: [String]

    init(_ source: String, path: String) throws(StubError) {
        var segments: [[Part]] = []
        var names: [String] = []
        // A set beside the list: 20,000 parts checked against a list took 9 s to add.
        var named = Set<String>()
        for segment in source.split(separator: "/", omittingEmptySubsequences: false) {
            var parts: [Part] = []
            var rest = segment
            while !rest.isEmpty {
                guard let open = rest.firstIndex(of: "{") else {
                    parts.append(.literal(String(rest)))
                    break
                }
                if open > rest.startIndex { parts.append(.literal(String(rest[..<open]))) }
                guard let close = rest[open...].firstIndex(of: "}") else { throw .field(path, "a { is not closed") }
                let name = String(rest[rest.index(after: open)..<close])
                guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) else {
                    throw .field(path, "{\(name)} is not a parameter name (letters, digits, _ and -)")
                }
                guard named.insert(name).inserted else { throw .field(path, "{\(name)} is named twice") }
                if case .variable? = parts.last {
                    throw .field(path, "{\(name)} follows another parameter with nothing between")
                }
                parts.append(.variable(name))
                names.append(name)
                rest = rest[rest.index(after: close)...]
            }
            segments.append(parts)
        }
        self.source = source
        self.segments = segments
        self.names = names
    }

    /// What each named part stands for in `path` (percent-decoded); `nil` when it does not match.
    func values(in path: String) -> [String: String]? {
        let given = path.split(separator: "/", omittingEmptySubsequences: false)
        guard given.count == segments.count else { return nil }
        var values: [String: String] = [:]
        for (parts, text) in zip(segments, given) {
            guard Self.match(parts[...], text, into: &values) else { return nil }
        }
        return values
    }

    /// Whether `text` is `parts`, a parameter taking one character or more, the fewest that let
    /// the rest match.
    private static func match(_ parts: ArraySlice<Part>, _ text: Substring, into values: inout [String: String]) -> Bool
    {
        guard let first = parts.first else { return text.isEmpty }
        let rest = parts.dropFirst()
        switch first {
        case .literal(let literal):
            return text.hasPrefix(literal) && match(rest, text.dropFirst(literal.count), into: &values)
        case .variable(let name):
            guard !text.isEmpty else { return false }
            guard case .literal(let next)? = rest.first else {
                values[name] = String(text)
                return true
            }
            var start = text.index(after: text.startIndex)
            while let found = text[start...].range(of: next) {
                if match(rest, text[found.lowerBound...], into: &values) {
                    values[name] = String(text[..<found.lowerBound])
                    return true
                }
                guard found.lowerBound < text.endIndex else { break }
                start = text.index(after: found.lowerBound)
            }
            return false
        }
    }
}
