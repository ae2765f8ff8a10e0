/// One ball: a whole number from 1 to 59.
public struct LottoNumber: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The numbers a ball can carry: 1 to 59.
    public static let range: ClosedRange<Int> = 1...59

    /// The number, within ``range``.
    public let value: Int

    /// `nil` unless `value` is in ``range``.
    public init?(_ value: Int) {
        guard Self.range.contains(value) else { return nil }
        self.value = value
    }

    /// Orders balls by number.
    public static func < (lhs: LottoNumber, rhs: LottoNumber) -> Bool { lhs.value < rhs.value }

    /// The number as a ball shows it: `7`.
    public var description: String { String(value) }
}

/// A set of lotto numbers as the bits of one 64-bit word (bit *n* for number *n*), so matching
/// two sets is an `&` and a population count.
public struct NumberSet: Hashable, Sendable, Sequence {
    /// Bit *n* set for number *n*; bits outside 1...59 are always clear.
    public let bits: UInt64

    /// The set whose bits are `bits`, ignoring those outside 1...59.
    public init(bits: UInt64) {
        self.bits = bits & Self.validBits
    }

    /// The set of `numbers`; repeats count once.
    /// ```swift
    /// let matched = NumberSet(draw.numbers).intersection(ticket.line.numbers).count
    /// ```
    public init(_ numbers: some Sequence<LottoNumber>) {
        var bits: UInt64 = 0
        for number in numbers { bits |= 1 << UInt64(number.value) }
        self.bits = bits
    }

    /// Bits 1 to 59.
    static let validBits: UInt64 = ((1 << 60) - 1) & ~1

    /// How many numbers the set holds.
    public var count: Int { bits.nonzeroBitCount }

    /// Whether `number` is in the set.
    public func contains(_ number: LottoNumber) -> Bool { bits & (1 << UInt64(number.value)) != 0 }

    /// The numbers in both sets.
    public func intersection(_ other: NumberSet) -> NumberSet { NumberSet(bits: bits & other.bits) }

    /// The numbers in ascending order.
    public func makeIterator() -> AnyIterator<LottoNumber> {
        var remaining = bits
        return AnyIterator {
            guard remaining != 0 else { return nil }
            let value = remaining.trailingZeroBitCount
            remaining &= remaining - 1
            return LottoNumber(value)
        }
    }
}
