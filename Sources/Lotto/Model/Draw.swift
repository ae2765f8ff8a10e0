import Foundation

/// A published draw: six main numbers, the bonus ball, and the jackpot it paid.
public struct Draw: Hashable, Sendable, Identifiable {
    /// The backend's id for the draw: `draw-3`.
    public let id: String
    /// The day the draw took place.
    public let date: DrawDate
    /// The six main numbers.
    public let numbers: NumberSet
    /// The bonus ball, never one of ``numbers``.
    public let bonusBall: LottoNumber
    /// The jackpot: what matching all six numbers paid.
    public let topPrize: Money

    /// Creates a ``Draw``.
    ///
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

    /// A draw from plain integers, for previews and tests:
    ///
    /// ```swift
    /// let draw = try Draw(
    ///     id: "draw-1", date: DrawDate(year: 2023, month: 5, day: 15)!, numbers: [2, 16, 23, 44, 47, 52],
    ///     bonusBall: 14, topPrize: .pounds(40_000_000))
    /// ```
    ///
    /// - Throws: ``LineError/outOfRange(_:)`` for a number outside 1...59, and the other line errors.
    public init(id: String, date: DrawDate, numbers: [Int], bonusBall: Int, topPrize: Money) throws(LineError) {
        guard let bonus = LottoNumber(bonusBall) else { throw .outOfRange(bonusBall) }
        let line = try LottoLine(numbers, bonusBall: bonusBall)
        try self.init(id: id, date: date, numbers: line.sortedNumbers, bonusBall: bonus, topPrize: topPrize)
    }

    /// The draw with `id`, or the latest when `id` is `nil`: what "check against a draw" means.
    /// - Throws: ``LottoError/drawNotFound(_:)``, or ``LottoError/noDraws`` when `draws` is empty.
    public static func find(_ id: String?, in draws: [Draw]) throws(LottoError) -> Draw {
        if let id {
            guard let draw = draws.first(where: { $0.id == id }) else { throw .drawNotFound(id) }
            return draw
        }
        guard let latest = draws.min(by: newestFirst) else { throw .noDraws }
        return latest
    }

    /// Newest first: later dates first, and for the same day the larger id first.
    public static func newestFirst(_ lhs: Draw, _ rhs: Draw) -> Bool {
        lhs.date != rhs.date ? lhs.date > rhs.date : lhs.id.compare(rhs.id, options: .numeric) == .orderedDescending
    }
}

extension Draw {
    /// The draw in words, for VoiceOver and the command line's screen-reader mode alike:
    /// `draw-13, Wed 5 Jul 2023: numbers 8, 19, 20, 30, 31, 45; bonus ball 5; top prize £42,000,000`.
    ///
    /// ```swift
    /// DrawRow(draw: draw)
    ///     .accessibilityElement(children: .ignore)
    ///     .accessibilityLabel(draw.accessibilityLabel)
    /// ```
    public var accessibilityLabel: String { accessibilityLabel(locale: nil) }

    /// ``accessibilityLabel`` with the date and the prize in `locale`'s words and symbols, for an
    /// app that shows them so: `draw.accessibilityLabel(locale: .current)`.
    public func accessibilityLabel(locale: Locale?) -> String {
        text(
            "Draw.accessibilityLabel", id, locale.map { date.formatted(.complete, locale: $0) } ?? date.longDescription,
            numbers.map { String($0.value) }.joined(separator: ", "), String(bonusBall.value),
            locale.map(topPrize.formatted(locale:)) ?? topPrize.description)
    }
}

/// A ticket bought for a draw, which may not have been published yet.
public struct Ticket: Hashable, Sendable, Identifiable, Codable {
    /// The backend's id for the ticket: `ticket-1`.
    public let id: String
    /// The id of the draw the ticket is for; that draw may not be published yet.
    public let drawID: String
    /// The ticket's six numbers and, when it has one, its bonus ball.
    public let line: LottoLine

    /// Creates a ``Ticket``.
    ///
    /// - Parameters:
    ///   - id: the ticket's id, such as `ticket-1`.
    ///   - drawID: the draw it was bought for.
    ///   - line: its numbers.
    public init(id: String, drawID: String, line: LottoLine) {
        self.id = id
        self.drawID = drawID
        self.line = line
    }
}
