import Listings
import Testing

@Suite("Badge parsing")
struct BadgeParserTests {
    @Test func theExerciseStringKeepsItsPriorityOrder() {
        #expect(
            BadgeParser.parse("loyalty:SLOTTED,BONUS||sale:PRIORITY_ACCESS,REDUCED") == [
                Badge(name: "loyalty", types: ["SLOTTED", "BONUS"]),
                Badge(name: "sale", types: ["PRIORITY_ACCESS", "REDUCED"]),
            ])
    }

    @Test(arguments: ["", "||", "   "])
    func nothingMeansNoBadges(_ text: String) {
        #expect(BadgeParser.parse(text).isEmpty)
    }

    @Test(arguments: [
        ("nocolon||sale:REDUCED", ["sale"]), (":BONUS||sale:REDUCED", ["sale"]), ("  :X||a:Y||b", ["a"]),
        ("sale:REDUCED||||loyalty:BONUS", ["sale", "loyalty"]),
    ])
    func aMalformedSegmentIsSkippedAndTheRestKept(_ text: String, _ names: [String]) {
        #expect(BadgeParser.parse(text).map(\.name) == names)
    }

    @Test func typesAreTrimmedAndEmptyOnesDropped() {
        #expect(
            BadgeParser.parse("sale: REDUCED , ,CLEARANCE,") == [Badge(name: "sale", types: ["REDUCED", "CLEARANCE"])])
    }

    @Test func aBadgeWithNoTypesIsKeptButNeverMatches() {
        let badges = BadgeParser.parse("empty:||sale:REDUCED")
        #expect(badges.map(\.name) == ["empty", "sale"])
        #expect(badges[0].types.isEmpty)
    }
}

@Suite("Badge rule")
struct BadgeRuleTests {
    let badges = BadgeParser.parse("loyalty:SLOTTED,BONUS||sale:PRIORITY_ACCESS,REDUCED")

    func product(_ offerIDs: [String]) -> RetailProduct {
        RetailProduct(
            id: "p", name: "P", imageKey: "p", offerIDs: offerIDs, price: Price(currency: "GBP", currentMinor: 100))
    }

    let offers = [
        Offer(id: "1", title: "Bonus", type: "BONUS"), Offer(id: "3", title: "Early", type: "PRIORITY_ACCESS"),
        Offer(id: "4", title: "Off", type: "REDUCED"), Offer(id: "5", title: "Returns", type: "FREE_RETURNS"),
    ]

    @Test func theHighestPriorityMatchingBadgeWins() {
        #expect(BadgeRule.badge(for: product(["4", "1"]), offers: offers, badges: badges)?.name == "loyalty")
    }

    @Test func aLowerBadgeShowsWhenOnlyItMatches() {
        #expect(BadgeRule.badge(for: product(["3"]), offers: offers, badges: badges)?.name == "sale")
    }

    @Test func offersNotOnTheProductAreIgnored() {
        #expect(BadgeRule.badge(for: product(["2", "9"]), offers: offers, badges: badges) == nil)
    }

    @Test func offerTypesInNoBadgeGiveNoBadge() {
        #expect(BadgeRule.badge(for: product(["5"]), offers: offers, badges: badges) == nil)
    }

    @Test func aUserWithNoOffersSeesNoBadges() {
        #expect(BadgeRule.badge(for: product(["1", "3", "4"]), offers: [], badges: badges) == nil)
    }

    @Test func aProductWithNoOffersHasNoBadge() {
        #expect(BadgeRule.badge(for: product([]), offers: offers, badges: badges) == nil)
    }

    @Test func noBadgesMeansNoBadge() {
        #expect(BadgeRule.badge(for: product(["1"]), offers: offers, badges: []) == nil)
    }
}

@Suite("Prices")
struct PriceTests {
    @Test(arguments: [
        (Price(currency: "GBP", currentMinor: 1250, originalMinor: 1400), "£12.50 was £14.00"),
        (Price(currency: "GBP", currentMinor: 4500), "£45.00"),
        (Price(currency: "GBP", currentMinor: 1_250_005), "£12,500.05"),
        (Price(currency: "JPY", currentMinor: 8800, originalMinor: 11000), "¥8,800 was ¥11,000"),
        (Price(currency: "EUR", currentMinor: 5), "€0.05"),
        (Price(currency: "CHF", currentMinor: 1000), "CHF 10.00"),
        (Price(currency: "GBP", currentMinor: 1400, originalMinor: 1400), "£14.00"),
    ])
    func pricesReadPerCurrency(_ price: Price, _ expected: String) {
        #expect(price.formatted == expected)
    }
}
