import FixtureTestSupport
import Foundation
import Networking
import TestSupport
import Testing

@testable import Lotto

@Suite("Lotto services against a live FixtureServer")
struct LiveLottoServiceTests {
    @Test func loadsEveryDrawOverHTTP() async throws {
        try await withFixtureServer { server in
            let service = RemoteLottoService(
                api: EndpointClient(baseURL: server.baseURL, httpClient: URLSessionHTTPClient()))
            let fetched = try await service.loadDraws()
            #expect(fetched.value.count >= 12)
            #expect(fetched.cachedAt == nil)
            let exercise = try #require(fetched.value.first { $0.id == "draw-1" })
            #expect(exercise == (try makeDraw()))
        }
    }

    @Test func loadsTicketsOverHTTPWithUpcomingOnes() async throws {
        try await withFixtureServer { server in
            let api = EndpointClient(baseURL: server.baseURL, httpClient: URLSessionHTTPClient())
            let service = RemoteLottoService(api: api)
            let mine = MyTickets(
                draws: try await service.loadDraws().value, tickets: try await service.loadTickets().value)
            #expect(!mine.upcoming.isEmpty)
            let tiers = Set(mine.checked.compactMap(\.prize?.tier))
            #expect(tiers == Set(PrizeTier.allCases))
            #expect(mine.checked.contains { $0.prize == nil })
        }
    }
}
