import Foundation

/// A published draw: six main numbers, the bonus ball, and the jackpot it paid.
public struct Draw: Hashable, Sendable, Identifiable {
    public let id: String
    public let date: DrawDate
    public let numbers: NumberSet
    public let bonusBall: LottoNumber
    public let topPrize: Money

    /// - Throws: ``LineError/bonusAmongNumbers(_:)`` and the other line errors; a draw's bonus is required.
    public init(id: String, date: DrawDate, numbers: [LottoNumber], bonusBall: LottoNumber, topPrize: Money)
        throws(LineError)
    {
        self.id = id
        self.date = date
        self.numbers = try LottoLine(numbers: numbers, bonusBall: bonusBall).numbers
        self.bonusBall = bonusBall
        self.topPrize = topPrize
    }

    /// Newest first: later dates first, and for the same day the larger id first.
    public static func newestFirst(_ lhs: Draw, _ rhs: Draw) -> Bool {
        lhs.date != rhs.date ? lhs.date > rhs.date : lhs.id.compare(rhs.id, options: .numeric) == .orderedDescending
    }
}

/// A ticket bought for a draw, which may not have been published yet.
public struct Ticket: Hashable, Sendable, Identifiable {
    public let id: String
    public let drawID: String
    public let line: LottoLine

    public init(id: String, drawID: String, line: LottoLine) {
        self.id = id
        self.drawID = drawID
        self.line = line
    }
}
