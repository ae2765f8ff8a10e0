import Fixtures
import Foundation
import HTTPTypes
import Testing

/// The Lotto fixture data keeps the wire quirks of Docs/Backends.md and the rules of UK Lotto.
@Suite("Lotto fixtures")
struct LottoFixtureTests {
    func get(_ path: String) throws -> [String: Any] {
        let (response, body) = try FixtureBackend().handle(
            HTTPRequest(method: .get, scheme: "http", authority: "fixtures.test", path: path), body: nil)
        #expect(response.status == .ok)
        return try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
    }

    @Test func drawsAreValidUnorderedAndSpanSeveralMonths() throws {
        let draws = try #require(try get("/lotto/draws")["draws"] as? [[String: Any]])
        #expect(draws.count >= 12)
        let dates = draws.compactMap { $0["drawDate"] as? String }
        #expect(dates.count == draws.count)
        #expect(dates != dates.sorted() && dates != dates.sorted().reversed())
        #expect(Set(dates.map { $0.prefix(7) }).count >= 3)
        for draw in draws {
            let numbers = (1...6).compactMap { (draw["number\($0)"] as? String).flatMap(Int.init) }
            let bonus = try #require((draw["bonus-ball"] as? String).flatMap(Int.init))
            #expect(numbers.count == 6 && Set(numbers + [bonus]).count == 7)
            #expect((numbers + [bonus]).allSatisfy { (1...59).contains($0) })
            #expect(draw["topPrize"] is Int)
        }
    }

    @Test func ticketsUseBonusBallAndIncludeUpcomingDraws() throws {
        let drawIDs = Set(
            try #require(try get("/lotto/draws")["draws"] as? [[String: Any]]).compactMap { $0["id"] as? String })
        let tickets = try #require(try get("/lotto/tickets")["tickets"] as? [[String: Any]])
        #expect(tickets.allSatisfy { $0["bonusBall"] is String && $0["bonus-ball"] == nil })
        #expect(tickets.contains { !drawIDs.contains($0["drawId"] as? String ?? "") })
    }
}
