import Foundation

/// One part of a `multipart/…` body: its fields and its bytes.
package struct MultipartPart: Sendable {
    /// Each field's values, by its name in lower case.
    package let headers: [String: [String]]
    package let body: Data

    /// The parts of `body`, sent with `contentType` (`multipart/form-data; boundary=X`); `nil`
    /// when it is not a multipart body with a boundary.
    static func parts(of body: Data, contentType: String?) -> [MultipartPart]? {
        guard let contentType, contentType.lowercased().hasPrefix("multipart/") else { return nil }
        let boundary = contentType.split(separator: ";").dropFirst().lazy
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.lowercased().hasPrefix("boundary=") }
            .map { String($0.dropFirst("boundary=".count)).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        guard let boundary, !boundary.isEmpty else { return nil }
        let delimiter = Data("--\(boundary)".utf8)
        var parts: [MultipartPart] = []
        guard var start = body.range(of: delimiter)?.upperBound else { return nil }
        while let end = body.range(of: delimiter, in: start..<body.endIndex) {
            var chunk = body[start..<end.lowerBound]
            // The line break after the delimiter, and the one before the next belong to neither.
            if chunk.starts(with: Data("\r\n".utf8)) { chunk = chunk.dropFirst(2) }
            if chunk.last == UInt8(ascii: "\n") { chunk = chunk.dropLast() }
            if chunk.last == UInt8(ascii: "\r") { chunk = chunk.dropLast() }
            parts.append(part(chunk))
            start = end.upperBound
            if body[start...].starts(with: Data("--".utf8)) { break }
        }
        return parts
    }

    private static func part(_ chunk: Data) -> MultipartPart {
        let separator = chunk.range(of: Data("\r\n\r\n".utf8))
        let head = separator.map { chunk[chunk.startIndex..<$0.lowerBound] } ?? Data()
        let body = separator.map { chunk[$0.upperBound...] } ?? chunk
        var headers: [String: [String]] = [:]
        for line in String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n") {
            let pair = line.split(separator: ":", maxSplits: 1)
            guard pair.count == 2 else { continue }
            headers[pair[0].trimmingCharacters(in: .whitespaces).lowercased(), default: []].append(
                pair[1].trimmingCharacters(in: .whitespaces))
        }
        return MultipartPart(headers: headers, body: Data(body))
    }
}

/// WireMock's `multipartPatterns`: a pattern for the parts of a multipart body, which `ANY` part
/// (WireMock's default) or `ALL` of them must match, on their fields and bodies.
struct MultipartPattern: Sendable {
    let all: Bool
    let headers: [(String, StringMatcher)]
    let bodyPatterns: [StringMatcher]

    init(_ fields: Fields) throws(StubError) {
        try fields.allow(["matchingType", "headers", "bodyPatterns", "name"])
        switch try fields.string("matchingType")?.uppercased() {
        case nil, "ANY": all = false
        case "ALL": all = true
        case let other?: throw .field(fields.child("matchingType"), "\(other) is not ANY or ALL")
        }
        var headers: [(String, StringMatcher)] = []
        if let given = try fields.fields("headers") {
            for name in given.object.keys.sorted() {
                headers.append(
                    (
                        name.lowercased(),
                        try StringMatcher(given.nested(given.object[name] ?? .null, at: given.child(name)))
                    )
                )
            }
        }
        self.headers = headers
        var bodies: [StringMatcher] = []
        if case .array(let patterns)? = fields.object["bodyPatterns"] {
            for (index, pattern) in patterns.enumerated() {
                bodies.append(try StringMatcher(fields.nested(pattern, at: fields.child("bodyPatterns[\(index)]"))))
            }
        } else if fields.object["bodyPatterns"] != nil {
            throw .field(fields.child("bodyPatterns"), "must be an array of matchers")
        }
        bodyPatterns = bodies
    }

    var isCostly: Bool { headers.contains { $0.1.isCostly } || bodyPatterns.contains(where: \.isCostly) }

    /// Whether `parts` fit: any one of them, or all (and at least one).
    func matches(_ parts: [MultipartPart], budget: MatchBudget?) -> Bool {
        let fits = { (part: MultipartPart) in
            headers.allSatisfy { name, matcher in matcher.matchesAny(part.headers[name] ?? [], budget: budget) }
                && bodyPatterns.allSatisfy { matcher in
                    let text = String(decoding: part.body, as: UTF8.self)
                    return matcher.matches(
                        part.body.isEmpty ? nil : text, json: { JSONValue.parse(part.body) }, bytes: { part.body },
                        budget: budget)
                }
        }
        return all ? !parts.isEmpty && parts.allSatisfy(fits) : parts.contains(where: fits)
    }
}
