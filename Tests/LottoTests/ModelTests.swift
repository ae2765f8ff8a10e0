import Foundation
import Testing

@testable import Lotto

@Suite("Lotto values")
struct ModelTests {
    @Test(arguments: [0, 60, -1, 100])
    func numbersOutside1To59DoNotExist(_ value: Int) {
        #expect(LottoNumber(value) == nil)
    }

    @Test func numbersFrom1To59Exist() {
        #expect(LottoNumber(1)?.value == 1)
        #expect(LottoNumber(59)?.value == 59)
    }

    @Test func aNumberSetIteratesInAscendingOrder() {
        let set = NumberSet([52, 2, 44, 16].map(number))
        #expect(set.map(\.value) == [2, 16, 44, 52])
        #expect(set.count == 4)
        #expect(set.contains(number(44)) && !set.contains(number(45)))
    }

    @Test(
        arguments: [
            ([1, 2, 3, 4, 5], nil, LineError.wrongCount(5)),
            ([1, 2, 3, 4, 5, 6, 7], nil, .wrongCount(7)),
            ([1, 2, 3, 4, 5, 60], nil, .outOfRange(60)),
            ([1, 2, 3, 4, 5, 6], 0, .outOfRange(0)),
            ([1, 2, 3, 3, 5, 6], nil, .repeated(LottoNumber(3)!)),
            ([1, 2, 3, 4, 5, 6], 6, .bonusAmongNumbers(LottoNumber(6)!)),
        ] as [([Int], Int?, LineError)])
    func invalidLinesCannotBeMade(_ numbers: [Int], _ bonus: Int?, _ error: LineError) {
        #expect(throws: error) { try LottoLine(numbers, bonusBall: bonus) }
    }

    @Test func aLineKeepsItsNumbersAndBonus() throws {
        let line = try line([44, 2, 23, 7, 58, 31], bonus: 14)
        #expect(line.sortedNumbers.map(\.value) == [2, 7, 23, 31, 44, 58])
        #expect(line.bonusBall == number(14))
    }

    @Test(arguments: [
        "2023-02-29", "2023-13-01", "2023-00-10", "2023-04-31", "2023-5-15", "15/05/2023", "", "2023-05-15T00:00",
    ])
    func drawDatesAreCalendarDays(_ text: String) {
        #expect(DrawDate(iso8601: text) == nil)
    }

    @Test func leapDaysExistInLeapYears() {
        #expect(DrawDate(iso8601: "2024-02-29") != nil)
        #expect(DrawDate(iso8601: "2000-02-29") != nil)
        #expect(DrawDate(iso8601: "1900-02-29") == nil)
    }

    @Test(arguments: [
        ("2023-05-15", "Mon 15 May 2023"), ("2023-07-15", "Sat 15 Jul 2023"), ("2024-02-29", "Thu 29 Feb 2024"),
        ("1970-01-01", "Thu 1 Jan 1970"), ("2000-01-02", "Sun 2 Jan 2000"),
    ])
    func drawDatesReadLikeADiary(_ text: String, _ expected: String) throws {
        let date = try #require(DrawDate(iso8601: text))
        #expect(date.longDescription == expected)
        #expect(date.description == text)
    }

    @Test func drawDatesOrderByDay() throws {
        #expect(DrawDate(iso8601: "2023-05-15")! < DrawDate(iso8601: "2023-06-01")!)
        #expect(DrawDate(iso8601: "2022-12-31")! < DrawDate(iso8601: "2023-01-01")!)
    }

    @Test(arguments: [
        (4_000_000_000, "£40,000,000"), (100_000_000, "£1,000,000"), (175_000, "£1,750"), (3_000, "£30"),
        (1_250, "£12.50"), (5, "£0.05"), (0, "£0"),
    ])
    func moneyReadsAsPounds(_ minor: Int, _ expected: String) {
        #expect(Money(amountMinor: minor).description == expected)
    }
}

@Suite("A set of numbers as a collection")
struct NumberSetCollectionTests {
    @Test func itsNumbersAreReadByPositionInAscendingOrder() throws {
        let set = NumberSet([44, 2, 23, 16, 52, 47].compactMap(LottoNumber.init))
        #expect(set.map(\.value) == [2, 16, 23, 44, 47, 52])
        #expect(set.indices.map { set[$0].value } == [2, 16, 23, 44, 47, 52])
        #expect(set.last?.value == 52, "a collection from either end, as ForEach reads it")
        #expect(NumberSet(bits: 0).isEmpty)
    }
}

@Suite("A draw's day in the reader's locale")
struct DrawDateLocaleTests {
    @Test func theDayIsWrittenInTheLocalesWordsAndOrderWhateverTheTimeZone() throws {
        let day = try #require(DrawDate(year: 2023, month: 7, day: 15))
        #expect(day.formatted(.abbreviated, locale: Locale(identifier: "en_GB")) == "15 Jul 2023")
        #expect(day.formatted(.numeric, locale: Locale(identifier: "de_DE")) == "15.7.2023")
        #expect(day.formatted(.complete, locale: Locale(identifier: "en_US")) == "Saturday, July 15, 2023")
        #expect(day.dateComponents.day == 15)
    }
}
