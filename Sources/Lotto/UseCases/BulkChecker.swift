/// Checks many lines against one draw as bytes stream in, for a lottery operator's files:
/// `2,16,23,44,47,52,14` per line (six numbers, then an optional bonus ball), `\n` or `\r\n`
/// endings, blank lines ignored, spaces around numbers allowed.
///
/// One pass over the bytes with a small state machine: nothing is buffered, so a line cut by a
/// chunk boundary needs no copy and memory stays flat whatever the input.
public struct BulkChecker: Sendable {
    /// Totals per tier.
    public struct Report: Equatable, Sendable {
        /// The draw every line was checked against.
        public let drawID: String
        /// How many lines were read, valid or not.
        public var lines = 0
        /// How many lines were invalid and skipped.
        public var invalid = 0
        /// How many lines won in each tier; tiers nobody won are absent.
        public var counts: [PrizeTier: Int] = [:]
        /// The prize money per tier; `nil` for `match2` (a Lucky Dip is not money).
        public let amounts: [PrizeTier: Int?]

        /// How many lines won in `tier`.
        public func count(_ tier: PrizeTier) -> Int { counts[tier] ?? 0 }

        /// The total paid in a tier, in minor units; `nil` for `match2`, and for a total too large
        /// for an `Int`, which ``BulkChecker/finish()`` reports as ``TotalTooLarge``.
        public func totalMinor(_ tier: PrizeTier) -> Int? {
            guard let amount = amounts[tier].flatMap({ $0 }) else { return nil }
            let (total, overflow) = amount.multipliedReportingOverflow(by: count(tier))
            return overflow ? nil : total
        }
    }

    /// The money won in a tier is more than an `Int` of minor units holds: the draw's prize is not
    /// a real one.
    public struct TotalTooLarge: Error, Equatable, Sendable, CustomStringConvertible {
        /// The tier whose total overflowed.
        public let tier: PrizeTier
        /// How many lines won it.
        public let count: Int
        /// Its prize per line, in minor units.
        public let amountMinor: Int

        /// `2 lines won the jackpot of 4611686018427387904 minor units each: the total is too large to count`.
        public var description: String {
            text("BulkChecker.totalTooLarge", String(count), tier.rawValue, String(amountMinor))
        }
    }

    /// A line that is not six distinct numbers from 1 to 59 and an optional distinct bonus.
    public struct InvalidLine: Error, Equatable, Sendable, CustomStringConvertible {
        /// The line's number in the input, from 1.
        public let lineNumber: Int
        /// What is wrong with it: `"61" is not between 1 and 59`.
        public let reason: String

        /// The line and its problem: `line 3: "61" is not between 1 and 59`.
        public var description: String { text("BulkChecker.invalidLine", String(lineNumber), reason) }
    }

    private let checker: TicketChecker
    private let skipInvalid: Bool
    private var report: Report
    /// Per tier index (`PrizeTier.allCases` order), counted in a fixed array on the hot path.
    private var tierCounts = [Int](repeating: 0, count: PrizeTier.allCases.count)

    // The line being read.
    private var lineNumber = 1
    private var numbers: UInt64 = 0
    private var bonus: UInt64 = 0
    private var fields = 0
    private var value = 0
    private var digits = 0
    private var lineHasContent = false
    /// Set after an invalid line was counted, until its end.
    private var skippingLine = false

    /// Creates a ``BulkChecker``.
    ///
    /// - Parameters:
    ///   - draw: the draw to check against.
    ///   - skipInvalid: count invalid lines and go on, rather than stop at the first with ``InvalidLine``.
    public init(draw: Draw, skipInvalid: Bool) {
        checker = TicketChecker(draw: draw)
        self.skipInvalid = skipInvalid
        var amounts: [PrizeTier: Int?] = [:]
        for tier in PrizeTier.allCases {
            amounts[tier] = tier == .jackpot ? draw.topPrize.amountMinor : tier.fixedAmount?.amountMinor
        }
        report = Report(drawID: draw.id, amounts: amounts)
    }

    /// Checks the lines in `chunk`; a line cut at the chunk's end continues in the next chunk.
    /// - Throws: ``InvalidLine`` for the first bad line, unless invalid lines are skipped.
    public mutating func consume(_ chunk: UnsafeRawBufferPointer) throws {
        // The hot loop keeps the line's state in locals (registers); the rare paths (a rejected
        // field, the end of a line) store it back and call the methods below.
        var value = self.value
        var digits = self.digits
        var content = lineHasContent
        for index in chunk.indices {
            let byte = chunk[index]
            let digit = byte &- UInt8(ascii: "0")
            if digit < 10 {
                if skippingLine { continue }
                value = value &* 10 &+ Int(digit)
                digits &+= 1
                content = true
                continue
            }
            switch byte {
            case UInt8(ascii: ","):
                if skippingLine { continue }
                (self.value, self.digits, lineHasContent) = (value, digits, true)
                try endField()
                (value, digits, content) = (0, 0, true)
            case UInt8(ascii: "\n"):
                (self.value, self.digits, lineHasContent) = (value, digits, content)
                try endLine()
                (value, digits, content) = (0, 0, false)
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                continue
            default:
                if skippingLine { continue }
                try reject(text("BulkChecker.notADigit", Self.character(at: index, in: chunk)))
            }
        }
        (self.value, self.digits, lineHasContent) = (value, digits, content)
    }

    /// Checks a last line without a line ending and returns the totals.
    /// - Throws: ``InvalidLine`` for a bad last line; ``TotalTooLarge`` when a tier's money does not
    ///   fit in an `Int` of minor units.
    public mutating func finish() throws -> Report {
        if lineHasContent || skippingLine { try endLine() }
        var final = report
        for (index, tier) in PrizeTier.allCases.enumerated() where tierCounts[index] > 0 {
            final.counts[tier] = tierCounts[index]
            if let amount = final.amounts[tier].flatMap({ $0 }), final.totalMinor(tier) == nil {
                throw TotalTooLarge(tier: tier, count: tierCounts[index], amountMinor: amount)
            }
        }
        return final
    }

    @inline(__always)
    private mutating func endField() throws {
        // Literals, not `LottoNumber.range` or `LottoLine.size`: a static property is a lazy global,
        // and its accessor costs a call per field on the hot path.
        guard digits > 0 else { return try reject(text("BulkChecker.emptyField")) }
        guard digits <= 2, value >= 1, value <= 59 else {
            return try reject(
                text("BulkChecker.outOfRange", digits > 2 ? text("BulkChecker.aNumber") : String(value)))
        }
        let bit: UInt64 = 1 << UInt64(value)
        guard numbers & bit == 0 else { return try reject(text("BulkChecker.repeated", String(value))) }
        if fields < 6 {
            numbers |= bit
        } else if fields == 6 {
            bonus = bit
        } else {
            return try reject(text("BulkChecker.tooMany"))
        }
        fields += 1
        value = 0
        digits = 0
    }

    @inline(__always)
    private mutating func endLine() throws {
        defer { startLine() }
        if skippingLine || !lineHasContent { return }
        try endField()
        if skippingLine { return }
        guard fields >= 6 else {
            return try reject(text("BulkChecker.tooFew", String(fields)))
        }
        report.lines += 1
        if let tier = checker.tier(numbers: numbers, bonus: bonus) {
            tierCounts[Self.index(of: tier)] += 1
        }
    }

    private mutating func startLine() {
        lineNumber += 1
        (numbers, bonus, fields, value, digits, lineHasContent, skippingLine) = (0, 0, 0, 0, 0, false, false)
    }

    private mutating func reject(_ reason: String) throws {
        guard skipInvalid else { throw InvalidLine(lineNumber: lineNumber, reason: reason) }
        report.invalid += 1
        skippingLine = true
    }

    /// The character that starts at `index`, named as a reader finds it: `the character "x"`,
    /// `the character "７" (U+FF17)`, `the control character U+001B`, or `the byte 0xFF` when the
    /// bytes there are not UTF-8 (or the character is cut by the chunk's end).
    static func character(at index: Int, in chunk: UnsafeRawBufferPointer) -> String {
        let lead = chunk[index]
        let length =
            switch lead {
            case 0..<0x80: 1
            case 0xC2..<0xE0: 2
            case 0xE0..<0xF0: 3
            case 0xF0..<0xF5: 4
            default: 0
            }
        guard length > 0, index + length <= chunk.count,
            let shown = String(validating: chunk[index..<index + length], as: UTF8.self),
            let scalar = shown.unicodeScalars.first
        else { return text("Character.byte", String(lead, radix: 16, uppercase: true)) }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
            return text("Character.control", code)
        default:
            return length == 1 ? text("Character.plain", shown) : text("Character.coded", shown, code)
        }
    }

    private static func index(of tier: PrizeTier) -> Int {
        switch tier {
        case .jackpot: 0
        case .match5bonus: 1
        case .match5: 2
        case .match4: 3
        case .match3: 4
        case .match2: 5
        }
    }
}
