import Foundation

/// Six distinct main numbers and, optionally, a bonus ball distinct from them.
///
/// A draw always has its bonus ball; a ticket may carry one too (the exercise's tickets do).
public struct LottoLine: Hashable, Sendable {
    /// How many main numbers a line has: six.
    public static let size = 6

    /// The six main numbers.
    public let numbers: NumberSet
    /// The bonus ball, distinct from ``numbers``; `nil` for a ticket without one.
    public let bonusBall: LottoNumber?

    /// Creates a ``LottoLine``.
    ///
    /// - Parameters:
    ///   - numbers: six distinct numbers, in any order.
    ///   - bonusBall: a number that is not one of `numbers`, or `nil`.
    /// - Throws: ``LineError/wrongCount(_:)``, ``LineError/repeated(_:)`` or
    ///   ``LineError/bonusAmongNumbers(_:)``.
    public init(numbers: [LottoNumber], bonusBall: LottoNumber?) throws(LineError) {
        let set = NumberSet(numbers)
        guard numbers.count == Self.size else { throw .wrongCount(numbers.count) }
        guard set.count == Self.size else { throw .repeated(Self.firstRepeat(in: numbers)) }
        if let bonusBall, set.contains(bonusBall) { throw .bonusAmongNumbers(bonusBall) }
        self.numbers = set
        self.bonusBall = bonusBall
    }

    /// A line of six numbers already known to be distinct and in range, with no bonus ball.
    init(distinct numbers: NumberSet) {
        self.numbers = numbers
        self.bonusBall = nil
    }

    /// Builds a line from plain integers, for input typed by a user.
    public init(_ numbers: [Int], bonusBall: Int?) throws(LineError) {
        var balls: [LottoNumber] = []
        for value in numbers {
            guard let number = LottoNumber(value) else { throw .outOfRange(value) }
            balls.append(number)
        }
        var bonus: LottoNumber?
        if let bonusBall {
            guard let number = LottoNumber(bonusBall) else { throw .outOfRange(bonusBall) }
            bonus = number
        }
        try self.init(numbers: balls, bonusBall: bonus)
    }

    /// The main numbers in ascending order.
    public var sortedNumbers: [LottoNumber] { Array(numbers) }

    private static func firstRepeat(in numbers: [LottoNumber]) -> LottoNumber {
        var seen = Set<LottoNumber>()
        for number in numbers where !seen.insert(number).inserted { return number }
        return numbers[0]
    }
}

/// Why numbers do not make a line.
public enum LineError: Error, Equatable, Sendable {
    /// The line has this many main numbers instead of six.
    case wrongCount(Int)
    /// This number is outside 1...59.
    case outOfRange(Int)
    /// This number appears twice.
    case repeated(LottoNumber)
    /// The bonus ball is also one of the main numbers.
    case bonusAmongNumbers(LottoNumber)
}

extension LineError: LocalizedError {
    /// What went wrong, in words a user can act on.
    public var errorDescription: String? {
        switch self {
        case .wrongCount(let count): text("LineError.wrongCount", String(LottoLine.size), String(count))
        case .outOfRange(let value): text("LineError.outOfRange", String(value))
        case .repeated(let number): text("LineError.repeated", number.description)
        case .bonusAmongNumbers(let number): text("LineError.bonusAmongNumbers", number.description)
        }
    }
}
