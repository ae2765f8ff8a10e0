import Foundation
import HTTPTypes
import Testing
import Yams

/// Docs/openapi.yaml as far as the contract tests read it: each operation's method, path
/// template and the example of its successful answer.
struct OpenAPIDocument {
    struct Operation: Hashable, CustomStringConvertible {
        var method: String
        var template: String

        var description: String { "\(method) \(template)" }

        /// Whether `path` (percent-encoded, without the query) fills this template.
        func matches(method: String, path: String) -> Bool {
            let pattern = template.split(separator: "/", omittingEmptySubsequences: false)
            let segments = path.split(separator: "/", omittingEmptySubsequences: false)
            guard method == self.method, pattern.count == segments.count else { return false }
            return zip(pattern, segments).allSatisfy { pattern, segment in
                (pattern.hasPrefix("{") && pattern.hasSuffix("}") && !segment.isEmpty) || pattern == segment
            }
        }
    }

    struct Answer {
        var status: Int
        var contentType: String
        /// The documented example, as JSON; nil when the operation documents none.
        var example: Data?
    }

    private(set) var answers: [Operation: Answer] = [:]
    var operations: Set<Operation> { Set(answers.keys) }

    static let url = URL(filePath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Docs/openapi.yaml")

    init(contentsOf url: URL = Self.url) throws {
        let root = try #require(try Yams.load(yaml: String(contentsOf: url, encoding: .utf8)) as? [String: Any])
        let paths = try #require(root["paths"] as? [String: [String: Any]])
        for (template, item) in paths {
            for (method, operation) in item {
                guard let operation = operation as? [String: Any],
                    let responses = operation["responses"] as? [String: Any]
                else { continue }
                let success = responses.keys.compactMap(Int.init).filter { (200..<300).contains($0) }.min()
                guard let status = success, let response = responses[String(status)] as? [String: Any] else {
                    continue
                }
                let content = (response["content"] as? [String: [String: Any]]) ?? [:]
                let (contentType, media) = content.first ?? ("", [:])
                let example = try media["example"].map { try JSONSerialization.data(withJSONObject: $0) }
                answers[Operation(method: method.uppercased(), template: template)] = Answer(
                    status: status, contentType: contentType, example: example)
            }
        }
    }

    func operation(method: String, path: String) -> Operation? {
        operations.first { $0.matches(method: method, path: path) }
    }

    func answer(for operation: Operation) -> Answer? { answers[operation] }
}
