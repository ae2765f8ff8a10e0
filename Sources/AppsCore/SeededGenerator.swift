/// A seedable random number generator (WyRand): the same seed gives the same sequence, so
/// quick picks, previews and tests repeat.
///
/// ```swift
/// var generator = SeededGenerator(seed: 42)
/// let lines = QuickPick.lines(count: 5, using: &generator)
/// ```
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
