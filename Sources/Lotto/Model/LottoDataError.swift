import Foundation

/// Why the backend's Lotto data cannot be used, naming the record and the field:
/// `draw-7: number3 "61" is not between 1 and 59`.
public struct LottoDataError: Error, Equatable, Sendable, Codable, CustomStringConvertible, LocalizedError {
    /// The record's id (`draw-7`), or its position (`draws[3]`) when it has none.
    public let record: String
    /// The wire field at fault (`number3`), or `nil` when the record as a whole is.
    public let field: String?
    /// What is wrong, in words: `"61" is not between 1 and 59`.
    public let problem: String

    /// Creates a ``LottoDataError``.
    ///
    /// - Parameters:
    ///   - record: the record's id, or its position (`draws[3]`) when it has none.
    ///   - field: the wire field at fault, `nil` when the record as a whole is.
    ///   - problem: what is wrong, as the end of a sentence: `"61" is not between 1 and 59`.
    public init(record: String, field: String?, problem: String) {
        self.record = record
        self.field = field
        self.problem = problem
    }

    /// The record, the field and the problem in one line: `draw-7: number3 "61" is not between 1 and 59`.
    public var description: String {
        "\(record): " + (field.map { "\($0) \(problem)" } ?? problem)
    }

    /// What went wrong, in words a user can act on.
    public var errorDescription: String? { description }
}
