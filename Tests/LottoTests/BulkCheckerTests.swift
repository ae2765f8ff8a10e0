import Testing

@testable import Lotto

@Suite("Bulk checking")
struct BulkCheckerTests {
    func run(_ text: String, skipInvalid: Bool = false, chunk: Int = 7) throws -> BulkChecker.Report {
        var checker = BulkChecker(draw: try makeDraw(), skipInvalid: skipInvalid)
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            let end = min(start + chunk, bytes.count)
            try bytes[start..<end].withUnsafeBytes { try checker.consume($0) }
            start = end
        }
        return try checker.finish()
    }

    @Test func linesAreTotalledPerTierAcrossChunkBoundaries() throws {
        let text = """
            52,47,44,23,16,2,1
            2,16,23,44,47,1,14
            2,16,23,44,47,14
            2,16,23,44,47,1
            2,16,23,44,1,3,5
            2,16,23,1,3,4
            2,16,1,3,4,5
            1,3,4,5,6,7

            """
        for chunk in [1, 3, 7, 64, 4096] {
            let report = try run(text, chunk: chunk)
            #expect(report.lines == 8)
            #expect(PrizeTier.allCases.map(report.count) == [1, 2, 1, 1, 1, 1])
            #expect(report.totalMinor(.jackpot) == 4_000_000_000)
            #expect(report.totalMinor(.match5bonus) == 200_000_000)
            #expect(report.totalMinor(.match2) == nil)
        }
    }

    @Test func crlfSpacesBlankLinesAndAMissingFinalNewlineAreFine() throws {
        let report = try run("2, 16, 23, 44, 47, 52, 14\r\n\r\n\n 1,3,4,5,6,7")
        #expect(report.lines == 2)
        #expect(report.count(.jackpot) == 1)
    }

    @Test(arguments: [
        ("1,2,3,4,5,6\n1,2,3,60,5,6\n", "line 2: 60 is not between 1 and 59"),
        ("1,2,3,4,5\n", "line 1: has 5 numbers; a line has six and an optional bonus ball"),
        ("1,2,3,4,5,5\n", "line 1: 5 appears twice"),
        ("1,2,3,4,5,6,6\n", "line 1: 6 appears twice"),
        ("1,2,3,4,5,6,7,8\n", "line 1: has more than seven numbers"),
        ("1,2,,4,5,6\n", "line 1: has an empty field"),
        ("\n\n1,2,x,4,5,6\n", #"line 3: has the character "x"; only digits and commas are allowed"#),
        ("1,2,3,4,5,123\n", "line 1: a number is not between 1 and 59"),
        // A character beyond ASCII is named whole, not by its first byte, at any chunk size.
        ("1,2,\u{FF17},4,5,6\n", #"line 1: has the character "７" (U+FF17); only digits and commas are allowed"#),
        ("1,2,é,4,5,6\n", #"line 1: has the character "é" (U+00E9); only digits and commas are allowed"#),
        ("1,2,\u{1B}[31m,4,5,6\n", "line 1: has the control character U+001B; only digits and commas are allowed"),
        ("1,2,\u{202E},4,5,6\n", "line 1: has the control character U+202E; only digits and commas are allowed"),
    ])
    func aMalformedLineIsRejectedWithItsNumber(_ text: String, _ message: String) throws {
        let error = #expect(throws: BulkChecker.InvalidLine.self) { try run(text, chunk: 4096) }
        #expect(error?.description == message)
    }

    @Test func bytesThatAreNotUTF8AreNamedAsBytes() throws {
        var checker = BulkChecker(draw: try makeDraw(), skipInvalid: false)
        let error = #expect(throws: BulkChecker.InvalidLine.self) {
            try [UInt8]([0x31, 0x2C, 0xFF, 0x0A]).withUnsafeBytes { try checker.consume($0) }
        }
        #expect(error?.reason == "has the byte 0xFF; only digits and commas are allowed")
    }

    /// A top prize of 2⁶² minor units won twice used to trap ("arithmetic overflow").
    @Test func aTotalTooLargeToCountIsAnErrorNotATrap() throws {
        var checker = BulkChecker(draw: try makeDraw(topPrize: 1 << 62), skipInvalid: false)
        try Array("2,16,23,44,47,52\n2,16,23,44,47,52\n".utf8).withUnsafeBytes { try checker.consume($0) }
        let error = #expect(throws: BulkChecker.TotalTooLarge.self) { try checker.finish() }
        #expect(error == BulkChecker.TotalTooLarge(tier: .jackpot, count: 2, amountMinor: 1 << 62))
    }

    @Test func skippingInvalidLinesCountsThem() throws {
        let report = try run("1,2,3,4,5,6\n1,2,3,60,5,6\n1,1,2,3,4,5\n2,16,23,44,47,52\n", skipInvalid: true)
        #expect(report.lines == 2)
        #expect(report.invalid == 2)
        #expect(report.count(.jackpot) == 1)
    }

    @Test func anEndlessLineIsRejectedWithoutGrowingWithoutBound() throws {
        let long = String(repeating: "1", count: 10_000)
        #expect(throws: BulkChecker.InvalidLine.self) { try run(long, chunk: 512) }
    }

    @Test func theBulkTiersAgreeWithCheckingOneByOne() throws {
        var generator = SeededGenerator(seed: 9)
        let lines = QuickPick.lines(count: 3_000, using: &generator)
        let text = lines.map { $0.sortedNumbers.map(\.description).joined(separator: ",") }.joined(separator: "\n")
        let report = try run(text, chunk: 1000)
        let checker = TicketChecker(draw: try makeDraw())
        for tier in PrizeTier.allCases {
            #expect(report.count(tier) == lines.filter { checker.check($0).prize?.tier == tier }.count)
        }
    }
}
