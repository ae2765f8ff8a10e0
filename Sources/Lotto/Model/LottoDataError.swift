import Foundation

/// Why the backend's Lotto data cannot be used, naming the record and the field:
/// `draw-7: number3 "61" is not between 1 and 59`.
public struct LottoDataError: Error, Equatable, Sendable, Codable, CustomStringConvertible, LocalizedError {
    public let record: String
    public let field: String?
    public let problem: String

    /// - Parameters:
    ///   - record: the record's id, or its position (`draws[3]`) when it has none.
    ///   - field: the wire field at fault, `nil` when the record as a whole is.
    ///   - problem: what is wrong, as the end of a sentence: `"61" is not between 1 and 59`.
    public init(record: String, field: String?, problem: String) {
        self.record = record
        self.field = field
        self.problem = problem
    }

    public var description: String {
        "\(record): " + (field.map { "\($0) \(problem)" } ?? problem)
    }

    public var errorDescription: String? { description }
}
