// An app's view of Lotto: this file imports Lotto and nothing else of the package but the test
// server, to show that `import Lotto` reaches a backend and builds every value a preview needs.
import FixtureTestSupport
import Foundation
import Lotto
import TestSupport
import Testing

@Suite("Lotto as an app uses it", .timeLimit(.minutes(1)))
@MainActor
struct LottoConsumerTests {
    /// A preview is one line: the view models over the preview service, with no network.
    @Test func thePreviewServiceFillsEveryScreen() async {
        let results = ResultsViewModel(service: PreviewLottoService())
        await results.load()
        #expect(results.draws.first?.id == "draw-4", "newest first")
        let tickets = TicketsViewModel(draws: PreviewLottoService(), tickets: PreviewLottoService())
        await tickets.load()
        #expect(tickets.myTickets?.checked.count == 2)
        let offline = ResultsViewModel(service: PreviewLottoService(failure: .offline))
        await offline.load()
        #expect(offline.state.failure == .network(.offline))
    }

    struct ScriptedDraws: DrawsService {
        let script: Script<Fetched<[Draw]>>
        func loadDraws() async throws -> Fetched<[Draw]> { try await script.next() }
    }

    func draws(_ ids: [String]) throws -> Fetched<[Draw]> {
        Fetched(
            value: try ids.enumerated().map { index, id in
                try Draw(
                    id: id, date: try #require(DrawDate(year: 2023, month: 5, day: 1 + index)),
                    numbers: [2, 16, 23, 44, 47, 52], bonusBall: 14, topPrize: .pounds(1_000_000))
            })
    }

    /// The screen's life under SwiftUI: a `.task` load, a pull to refresh, a view that goes away
    /// mid-load (its task cancelled), and a refresh that fails.
    @Test func loadCancelReloadAndAFailedReloadKeepTheDrawsOnScreen() async throws {
        let first = try draws(["draw-1"])
        let second = try draws(["draw-1", "draw-2"])
        let model = ResultsViewModel(
            service: ScriptedDraws(
                script: Script([.value(first), .hang, .value(second), .failure(Offline())])))
        let shown = Observed { model.state.value?.value.map(\.id) }

        await model.load()
        #expect(model.state == .loaded(first))

        // The view goes away while a refresh runs: no error, the draws are back as they were.
        let refresh = Task { await model.load() }
        await waitUntil { model.state.isLoading }
        #expect(model.state.value == first, "still on screen while reloading")
        refresh.cancel()
        await refresh.value
        #expect(model.state == .loaded(first))
        #expect(model.state.failure == nil)

        await model.load()
        #expect(model.state.value?.value.map(\.id) == ["draw-2", "draw-1"], "newest first")

        // A failed refresh shows its error beside the draws it could not replace.
        await model.load()
        #expect(model.state.value?.value.map(\.id) == ["draw-2", "draw-1"])
        guard case .network = model.state.failure else {
            Issue.record("\(model.state)")
            return
        }
        await waitUntil { shown.values.last == ["draw-2", "draw-1"] }
        let sinceFirstLoad = shown.values.drop { $0 == nil }
        #expect(!sinceFirstLoad.contains(nil), "the list never blanked: \(shown.values)")
    }

    /// A first load cancelled goes back to idle, not to an error.
    @Test func aFirstLoadCancelledGoesBackToIdle() async {
        let model = ResultsViewModel(service: ScriptedDraws(script: Script([.hang])))
        let load = Task { await model.load() }
        await waitUntil { model.state.isLoading }
        load.cancel()
        await load.value
        #expect(model.state == .idle)
    }

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

    /// The results screen of the Lotto catalog over HTTP: a draw opened from the list, walked with
    /// previous and next, and the navigation path in step with what is on screen.
    @Test func theResultsScreenOpensADrawAndItsMovesKeepThePathInStep() async throws {
        try await withFixtureServer { server in
            let results = ResultsViewModel(service: RemoteLottoService(baseURL: server.baseURL))
            await results.load()
            let fetched = try #require(results.state.value)
            #expect(!fetched.isOffline)
            let newest = try #require(fetched.value.first)

            results.showDraw(newest.id)
            let detail = results.detail(for: newest.id)
            #expect(detail.draw == newest)
            #expect(detail.next == nil)
            let older = try #require(detail.previous)
            detail.showPrevious()
            #expect(results.path == [older.id])
            #expect(results.detail(for: older.id).next == newest)
            #expect(!newest.accessibilityLabel.isEmpty)

            results.path = []
            #expect(results.detail(for: "draw-999").failure == .drawNotFound("draw-999"))
        }
    }
}
