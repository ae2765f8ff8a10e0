/// Random valid lines, as a shop's Lucky Dip makes them.
public enum QuickPick {
    /// How many different lines there are: 59 choose 6.
    public static let distinctLines = 45_057_474

    /// `count` lines of six distinct numbers from 1 to 59, each drawn uniformly, no two alike (so
    /// each is its own row in a list: a line's ``TicketCheck/id`` is its numbers). A `count` past
    /// ``distinctLines`` gets every line there is.
    ///
    /// ```swift
    /// var generator = SeededGenerator(seed: 7)
    /// let lines = QuickPick.lines(count: 5, using: &generator)
    /// ```
    public static func lines(count: Int, using generator: inout some RandomNumberGenerator) -> [LottoLine] {
        let count = min(max(0, count), distinctLines)
        var seen = Set<UInt64>(minimumCapacity: count)
        var lines: [LottoLine] = []
        lines.reserveCapacity(count)
        while lines.count < count {
            let line = line(using: &generator)
            if seen.insert(line.numbers.bits).inserted { lines.append(line) }
        }
        return lines
    }

    static func line(using generator: inout some RandomNumberGenerator) -> LottoLine {
        var bits: UInt64 = 0
        while bits.nonzeroBitCount < LottoLine.size {
            bits |= 1 << UInt64(Int.random(in: LottoNumber.range, using: &generator))
        }
        return LottoLine(distinct: NumberSet(bits: bits))
    }
}
