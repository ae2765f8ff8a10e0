// An app's view of Lotto: this file imports Lotto and nothing else of the package but the test
// server, to show that `import Lotto` reaches a backend and builds every value a preview needs.
import FixtureTestSupport
import Foundation
import Lotto
import Testing

@Suite("Lotto as an app uses it")
struct LottoConsumerTests {
    @Test func theOneLineEntryPointLoadsDrawsFromALiveBackend() async throws {
        try await withFixtureServer { server in
            let fetched = try await RemoteLottoService(baseURL: server.baseURL).loadDraws()
            #expect(fetched.value.count == 14)
            #expect(fetched.rejected.isEmpty)
            #expect(fetched.cachedAt == nil)
        }
    }

    @Test func previewValuesComeFromPublicInitialisers() throws {
        let draw = try Draw(
            id: "draw-1", date: try #require(DrawDate(year: 2023, month: 5, day: 15)),
            numbers: [2, 16, 23, 44, 47, 52],
            bonusBall: 14, topPrize: .pounds(40_000_000))
        let ticket = Ticket(
            id: "ticket-1", drawID: "draw-1", line: try LottoLine([2, 16, 23, 1, 3, 4], bonusBall: nil))
        let check = TicketCheck(
            ticketID: ticket.id, drawID: draw.id,
            balls: try [2, 16, 23, 1, 3, 4].map {
                TicketCheck.Ball(number: try #require(LottoNumber($0)), state: .matched)
            },
            bonusBall: nil, matchedCount: 3, bonusMatched: false, prize: Prize(tier: .match3, amount: .pounds(30)))
        #expect(TicketChecker(draw: draw).check(ticket.line, ticketID: ticket.id).prize == check.prize)
        let rejected = LottoDataError(record: "ticket-2", field: "number4", problem: #""81" is not between 1 and 59"#)
        #expect(rejected.description == #"ticket-2: number4 "81" is not between 1 and 59"#)
        #expect(Fetched(value: [draw], rejected: [rejected]).rejected == [rejected])
    }

    @Test func aDrawOutOfRangeIsRefusedByTheIntegerForm() throws {
        #expect(throws: LineError.outOfRange(60)) {
            try Draw(
                id: "d", date: DrawDate(year: 2023, month: 5, day: 15)!, numbers: [1, 2, 3, 4, 5, 6], bonusBall: 60,
                topPrize: .pounds(1))
        }
    }

    @Test func storedValuesRoundTripAndInvalidOnesAreRefused() throws {
        let draw = try Draw(
            id: "draw-1", date: try #require(DrawDate(iso8601: "2023-05-15")), numbers: [2, 16, 23, 44, 47, 52],
            bonusBall: 14, topPrize: .pounds(40_000_000))
        let ticket = Ticket(id: "t", drawID: "draw-1", line: try LottoLine([1, 2, 3, 4, 5, 6], bonusBall: 7))
        let check = TicketChecker(draw: draw).check(ticket.line)
        let encoded = try JSONEncoder().encode(draw)
        #expect(try JSONDecoder().decode(Draw.self, from: encoded) == draw)
        #expect(try JSONDecoder().decode(Ticket.self, from: JSONEncoder().encode(ticket)) == ticket)
        #expect(try JSONDecoder().decode(TicketCheck.self, from: JSONEncoder().encode(check)) == check)

        let repeated = Data(
            #"{"id":"d","date":"2023-05-15","numbers":[1,1,2,3,4,5],"bonusBall":9,"topPrize":{"amountMinor":1,"currency":"GBP"}}"#
                .utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Draw.self, from: repeated) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(LottoNumber.self, from: Data("60".utf8)) }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(DrawDate.self, from: Data(#""2023-02-30""#.utf8))
        }
    }
}
