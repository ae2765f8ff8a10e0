import Testing

@testable import Lotto

@Suite("Checking a line by UK Lotto rules")
struct CheckingTests {
    /// Draw: 2 16 23 44 47 52, bonus 14, top prize £40,000,000.
    func check(_ numbers: [Int], bonus: Int? = nil) throws -> TicketCheck {
        TicketChecker(draw: try makeDraw()).check(try line(numbers, bonus: bonus), ticketID: "t")
    }

    @Test func numbersMatchInAnyPosition() throws {
        // Every number of the draw, none where the draw had it.
        let result = try check([52, 47, 44, 23, 16, 2])
        #expect(result.matchedCount == 6)
        #expect(result.balls.allSatisfy { $0.state == .matched })
    }

    @Test func theExercisesTicketMatchesThreeAndItsBonus() throws {
        let result = try check([2, 7, 23, 31, 44, 58], bonus: 14)
        #expect(result.balls.map(\.state) == [.matched, .unmatched, .matched, .unmatched, .matched, .unmatched])
        #expect(result.bonusBall == .init(number: number(14), state: .matched))
        #expect(result.matchedCount == 3)
        #expect(result.bonusMatched)
        #expect(result.prize == Prize(tier: .match3, amount: .pounds(30)))
    }

    @Test func aMainNumberEqualToTheDrawsBonusBallIsMarkedBonus() throws {
        let result = try check([14, 2, 3, 4, 5, 6])
        #expect(result.balls.first { $0.number == number(14) }?.state == .bonus)
        #expect(result.balls.first { $0.number == number(2) }?.state == .matched)
        #expect(result.bonusMatched)
        #expect(result.bonusBall == nil)
    }

    @Test func anOwnBonusBallThatMissesIsUnmatched() throws {
        let result = try check([1, 3, 4, 5, 6, 7], bonus: 2)
        #expect(result.bonusBall?.state == .unmatched)
        #expect(!result.bonusMatched)
        #expect(result.prize == nil)
    }

    @Test(
        arguments: [
            ([2, 16, 23, 44, 47, 52], nil, PrizeTier.jackpot, 4_000_000_000),
            ([2, 16, 23, 44, 47, 14], nil, .match5bonus, 100_000_000),
            ([2, 16, 23, 44, 47, 1], 14, .match5bonus, 100_000_000),
            ([2, 16, 23, 44, 47, 1], nil, .match5, 175_000),
            ([2, 16, 23, 44, 1, 3], 14, .match4, 14_000),
            ([2, 16, 23, 1, 3, 4], nil, .match3, 3_000),
        ] as [([Int], Int?, PrizeTier, Int)])
    func everyMoneyTierPaysItsAmount(_ numbers: [Int], _ bonus: Int?, _ tier: PrizeTier, _ minor: Int) throws {
        #expect(try check(numbers, bonus: bonus).prize == Prize(tier: tier, amount: Money(amountMinor: minor)))
    }

    @Test func twoMatchesWinALuckyDipWithNoAmount() throws {
        #expect(try check([2, 16, 1, 3, 4, 5]).prize == Prize(tier: .match2, amount: nil))
    }

    @Test(arguments: [[2, 1, 3, 4, 5, 6], [1, 3, 4, 5, 6, 7], [14, 2, 1, 3, 4, 5]])
    func fewerThanTwoMatchesWinNothing(_ numbers: [Int]) throws {
        #expect(try check(numbers).prize == nil)
    }

    @Test func theTierAloneAgreesWithTheFullCheck() throws {
        let draw = try makeDraw()
        let checker = TicketChecker(draw: draw)
        var generator = SeededGenerator(seed: 1)
        for candidate in QuickPick.lines(count: 2_000, using: &generator) {
            #expect(checker.tier(numbers: candidate.numbers.bits, bonus: 0) == checker.check(candidate).prize?.tier)
        }
    }
}

@Suite("Quick pick")
struct QuickPickTests {
    /// Yields the numbers it was given, one `next()` each, as `Int.random(in: 1...59)` reads them.
    struct ScriptedNumbers: RandomNumberGenerator {
        var numbers: [Int]
        var index = 0

        mutating func next() -> UInt64 {
            defer { index = (index + 1) % numbers.count }
            // The middle of the number's slice of the 64-bit range, so no value is ever rejected.
            return UInt64((Double(numbers[index] - 1) + 0.5) / 59 * 0x1p64)
        }
    }

    @Test @MainActor func aLineDrawnTwiceIsDrawnAgainSoEveryRowHasItsOwnID() throws {
        var generator = ScriptedNumbers(numbers: Array(1...6) + Array(1...6) + Array(7...12))
        let lines = QuickPick.lines(count: 2, using: &generator)
        #expect(lines.map { $0.numbers.map(\.value) } == [Array(1...6), Array(7...12)])

        let model = QuickPickViewModel(generator: ScriptedNumbers(numbers: Array(1...6) + Array(1...6) + Array(7...12)))
        model.pick(count: 2, draws: [try makeDraw()])
        #expect(Set(model.lines.map(\.id)).count == 2)
    }

    @Test func noCountIsNoLines() {
        var generator = SeededGenerator(seed: 1)
        #expect(QuickPick.lines(count: -3, using: &generator).isEmpty)
    }
}
