/// How one ball of a checked line fared.
public enum BallState: String, Sendable, Codable {
    /// Among the draw's six main numbers, in any position.
    case matched
    /// Equal to the draw's bonus ball.
    case bonus
    /// Neither a main number of the draw nor its bonus ball.
    case unmatched
}

/// The UK Lotto prize tiers.
public enum PrizeTier: String, Sendable, Codable, CaseIterable {
    /// All six main numbers: the draw's top prize.
    case jackpot
    /// Five main numbers and the bonus ball.
    case match5bonus
    /// Five main numbers.
    case match5
    /// Four main numbers.
    case match4
    /// Three main numbers.
    case match3
    /// Two main numbers: a free Lucky Dip.
    case match2

    /// The fixed amount of the tier; `nil` for the jackpot (the draw's top prize) and for
    /// `match2` (a free Lucky Dip, not money).
    public var fixedAmount: Money? {
        switch self {
        case .jackpot, .match2: nil
        case .match5bonus: .pounds(1_000_000)
        case .match5: .pounds(1_750)
        case .match4: .pounds(140)
        case .match3: .pounds(30)
        }
    }

    /// The tier's name as a ticket shows it: `Match 5 + bonus`.
    public var title: String {
        text("PrizeTier." + rawValue)
    }
}

/// A prize won: its tier and the amount (`nil` for `match2`'s Lucky Dip).
public struct Prize: Hashable, Sendable, Codable {
    /// The tier won.
    public let tier: PrizeTier
    /// What it paid; `nil` for `match2`'s Lucky Dip.
    public let amount: Money?

    /// A prize as a checker would report it; for previews and test doubles:
    /// `Prize(tier: .match3, amount: .pounds(30))`.
    public init(tier: PrizeTier, amount: Money?) {
        self.tier = tier
        self.amount = amount
    }

    /// What it pays, in words a screen shows: `£30`, or for `match2` `a free Lucky Dip`, from
    /// the module's strings (an app may reword it); amounts the same on every machine.
    ///
    /// ```swift
    /// Text("\(prize.tier.title): \(prize.payout)")  // "Match 2: a free Lucky Dip"
    /// ```
    public var payout: String { payout(locale: nil) }

    /// ``payout`` with the amount in `locale`'s symbols and separators.
    public func payout(locale: Locale?) -> String {
        guard let amount else { return text("Prize.luckyDip") }
        return locale.map(amount.formatted(locale:)) ?? amount.description
    }
}

/// A line checked against a draw. It is `Identifiable`, so a list shows checks with
/// `ForEach(checks) { … }`: by its ticket, or for a line that is no ticket's (a quick pick) by its
/// draw and numbers.
public struct TicketCheck: Hashable, Sendable, Codable, Identifiable {
    /// One ball of a checked line and how it fared.
    public struct Ball: Hashable, Sendable, Codable {
        /// The ball's number.
        public let number: LottoNumber
        /// Whether it matched a main number, the bonus ball, or nothing.
        public let state: BallState

        /// Creates a ``Ball``.
        ///
        /// - Parameters:
        ///   - number: the ball's number.
        ///   - state: how it fared against the draw.
        public init(number: LottoNumber, state: BallState) {
            self.number = number
            self.state = state
        }
    }

    /// The ticket the line came from; `nil` for a line that is not a ticket's (a quick pick).
    public let ticketID: String?
    /// The draw the line was checked against.
    public let drawID: String
    /// The main numbers in ascending order with their states.
    public let balls: [Ball]
    /// The line's own bonus ball, `matched` when it equals the draw's bonus ball.
    public let bonusBall: Ball?
    /// How many of the line's main numbers are among the draw's.
    public let matchedCount: Int
    /// The draw's bonus ball is one of the line's numbers or its bonus ball.
    public let bonusMatched: Bool
    /// The prize won, or `nil` when the line won nothing.
    public let prize: Prize?

    /// The check's identity in a list: `ticket-1`, or `draw-1: 2 16 23 30 41 55` for a line that is
    /// no ticket's.
    public var id: String {
        ticketID ?? "\(drawID): " + balls.map { String($0.number.value) }.joined(separator: " ")
    }

    /// A checked line as ``TicketChecker/check(_:ticketID:)`` returns it. Checking a line against
    /// a draw is the usual way to get one; this initialiser is for previews and test doubles,
    /// and takes the values as they are:
    ///
    /// ```swift
    /// let check = TicketCheck(
    ///     ticketID: "ticket-1", drawID: "draw-1",
    ///     balls: [2, 16, 23, 30, 41, 55].map { TicketCheck.Ball(number: LottoNumber($0)!, state: .unmatched) },
    ///     bonusBall: nil, matchedCount: 0, bonusMatched: false, prize: nil)
    /// ```
    public init(
        ticketID: String?, drawID: String, balls: [Ball], bonusBall: Ball?, matchedCount: Int, bonusMatched: Bool,
        prize: Prize?
    ) {
        self.ticketID = ticketID
        self.drawID = drawID
        self.balls = balls
        self.bonusBall = bonusBall
        self.matchedCount = matchedCount
        self.bonusMatched = bonusMatched
        self.prize = prize
    }
}

/// Checks lines against a draw by UK Lotto rules: a number matches when it is among the draw's
/// main numbers, in any position.
public struct TicketChecker: Sendable {
    /// The draw lines are checked against.
    public let draw: Draw
    @usableFromInline let drawBits: UInt64
    @usableFromInline let bonusBit: UInt64

    /// Creates a ``TicketChecker``.
    ///
    /// - Parameter draw: the draw to check against.
    public init(draw: Draw) {
        self.draw = draw
        drawBits = draw.numbers.bits
        bonusBit = 1 << UInt64(draw.bonusBall.value)
    }

    /// The tier alone, from bits: the hot path of bulk checking.
    @inlinable
    public func tier(numbers: UInt64, bonus: UInt64) -> PrizeTier? {
        Self.tier(matched: (numbers & drawBits).nonzeroBitCount, bonusMatched: (numbers | bonus) & bonusBit != 0)
    }

    /// Checks one line against ``draw``.
    /// ```swift
    /// let check = TicketChecker(draw: latest).check(ticket.line, ticketID: ticket.id)
    /// if let prize = check.prize { print(prize.tier.title) }  // "Match 3"
    /// ```
    /// - Parameters:
    ///   - line: the numbers to check.
    ///   - ticketID: the ticket the line came from, carried into the result.
    /// - Returns: each ball's state, the match count and the prize.
    public func check(_ line: LottoLine, ticketID: String? = nil) -> TicketCheck {
        let bonus: UInt64 = line.bonusBall.map { 1 << UInt64($0.value) } ?? 0
        let matched = (line.numbers.bits & drawBits).nonzeroBitCount
        let bonusMatched = (line.numbers.bits | bonus) & bonusBit != 0
        let balls = line.numbers.map { number in
            TicketCheck.Ball(
                number: number,
                state: draw.numbers.contains(number) ? .matched : number == draw.bonusBall ? .bonus : .unmatched)
        }
        let tier = Self.tier(matched: matched, bonusMatched: bonusMatched)
        return TicketCheck(
            ticketID: ticketID, drawID: draw.id, balls: balls,
            bonusBall: line.bonusBall.map { .init(number: $0, state: $0 == draw.bonusBall ? .matched : .unmatched) },
            matchedCount: matched, bonusMatched: bonusMatched,
            prize: tier.map { Prize(tier: $0, amount: $0 == .jackpot ? draw.topPrize : $0.fixedAmount) })
    }

    @usableFromInline
    static func tier(matched: Int, bonusMatched: Bool) -> PrizeTier? {
        switch matched {
        case 6: .jackpot
        case 5: bonusMatched ? .match5bonus : .match5
        case 4: .match4
        case 3: .match3
        case 2: .match2
        default: nil
        }
    }
}
