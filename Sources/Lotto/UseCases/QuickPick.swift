/// Random valid lines, as a shop's Lucky Dip makes them.
public enum QuickPick {
    /// `count` lines of six distinct numbers from 1 to 59, each drawn uniformly.
    public static func lines(count: Int, using generator: inout some RandomNumberGenerator) -> [LottoLine] {
        (0..<max(0, count)).map { _ in line(using: &generator) }
    }

    static func line(using generator: inout some RandomNumberGenerator) -> LottoLine {
        var bits: UInt64 = 0
        while bits.nonzeroBitCount < LottoLine.size {
            bits |= 1 << UInt64(Int.random(in: LottoNumber.range, using: &generator))
        }
        return LottoLine(distinct: NumberSet(bits: bits))
    }
}
