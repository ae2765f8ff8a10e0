import AppsCore
import Foundation
import Testing

@Suite("Money formatting")
struct MoneyFormatTests {
    @Test(
        arguments: [
            (125_000, "GBP", false, "£1,250.00"), (1_250, "EUR", false, "€12.50"), (-5, "USD", false, "-$0.05"),
            (1_234_567, "JPY", false, "¥1,234,567"), (1_250, "chf", false, "CHF 12.50"),
            (4_000_000_000, "GBP", true, "£40,000,000"), (1_250, "GBP", true, "£12.50"), (0, "GBP", true, "£0"),
        ] as [(Int, String, Bool, String)])
    func formatsByCurrency(_ minor: Int, _ currency: String, _ dropsZero: Bool, _ expected: String) {
        #expect(MoneyFormat.format(minor, currency: currency, dropsZeroMinorUnits: dropsZero) == expected)
    }

    /// An app's reader sees amounts in their own locale's symbols and separators.
    @Test func aLocaleWritesAmountsAsItsReadersReadThem() {
        let german = Locale(identifier: "de_DE")
        #expect(MoneyFormat.format(125_000, currency: "GBP", locale: german) == "1.250,00\u{a0}£")
        #expect(
            MoneyFormat.format(4_000_000_000, currency: "GBP", dropsZeroMinorUnits: true, locale: german)
                == "40.000.000\u{a0}£")
        #expect(MoneyFormat.format(125_050, currency: "GBP", locale: Locale(identifier: "en_GB")) == "£1,250.50")
        #expect(MoneyFormat.format(1_234_567, currency: "JPY", locale: Locale(identifier: "en_US")) == "¥1,234,567")
    }
}

@Suite("Shared values")
struct SharedValueTests {
    @Test func aSeedRepeatsItsSequenceAndAnotherSeedDoesNot() {
        var first = SeededGenerator(seed: 7)
        var second = SeededGenerator(seed: 7)
        var other = SeededGenerator(seed: 8)
        let sequence = (0..<4).map { _ in first.next() }
        #expect(sequence == (0..<4).map { _ in second.next() })
        #expect(sequence != (0..<4).map { _ in other.next() })
    }

    @Test func loadStateExposesItsValueAndFailure() {
        struct Failed: Error, Equatable {}
        #expect(LoadState<Int, Failed>.loaded(3).value == 3)
        #expect(LoadState<Int, Failed>.failed(Failed(), previous: nil).failure == Failed())
        #expect(LoadState<Int, Failed>.loading(previous: nil).isLoading)
        #expect(LoadState<Int, Failed>.idle.value == nil)
    }

    @Test func aCodingPathReadsAsWritten() {
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int?
            init(stringValue: String) { self.stringValue = stringValue }
            init(intValue: Int) {
                self.stringValue = "\(intValue)"
                self.intValue = intValue
            }
        }
        #expect(
            describeCodingPath([Key(stringValue: "draws"), Key(intValue: 3), Key(stringValue: "number1")])
                == "draws[3].number1")
    }

    @Test func lockedSerialisesUpdates() async {
        let count = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<100 { group.addTask { count.withLock { $0 += 1 } } }
        }
        #expect(count.withLock { $0 } == 100)
    }
}

@Suite("Each id once")
struct FirstOfEachIDTests {
    struct Row: Identifiable, Equatable {
        let id: Int
        let name: String
    }

    @Test func aRepeatedIDKeepsItsFirstElementInOrder() {
        let rows = [Row(id: 2, name: "a"), Row(id: 1, name: "b"), Row(id: 2, name: "c"), Row(id: 3, name: "d")]
        #expect(rows.firstOfEachID() == [Row(id: 2, name: "a"), Row(id: 1, name: "b"), Row(id: 3, name: "d")])
    }
}
