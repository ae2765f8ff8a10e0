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

    /// A number known to be in ``range``: a set bit of a ``NumberSet``.
    fileprivate init(bit value: Int) {
        self.value = value
    }

    /// Orders balls by number.
    public static func < (lhs: LottoNumber, rhs: LottoNumber) -> Bool { lhs.value < rhs.value }

    /// The number as a ball shows it: `7`.
    public var description: String { String(value) }
}

/// A set of lotto numbers as the bits of one 64-bit word (bit *n* for number *n*), so matching
/// two sets is an `&` and a population count. A collection of its numbers in ascending order, so a
/// screen lists them as they are: `ForEach(draw.numbers, id: \.self) { Ball($0) }`.
public struct NumberSet: Hashable, Sendable, RandomAccessCollection {
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
            return LottoNumber(bit: value)
        }
    }

    /// `0`: the smallest number's position.
    public var startIndex: Int { 0 }
    /// ``count``: one past the largest number's position.
    public var endIndex: Int { count }

    /// The number at `position`, counted from the smallest; like an array's, a position outside
    /// `startIndex..<endIndex` stops the program.
    public subscript(position: Int) -> LottoNumber {
        precondition(indices.contains(position))
        var remaining = bits
        for _ in 0..<position { remaining &= remaining - 1 }
        return LottoNumber(bit: remaining.trailingZeroBitCount)
    }
}
