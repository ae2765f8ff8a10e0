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

/// A seedable generator (SplitMix64): the same seed gives the same quick picks.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}
