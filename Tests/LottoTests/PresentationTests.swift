import Foundation
import Networking
import TestSupport
import Testing

@testable import Lotto

@Suite("Lotto presentation")
@MainActor
struct PresentationTests {
    func draws() throws -> [Draw] {
        [
            try makeDraw("draw-2", date: "2023-03-04"),
            try makeDraw("draw-1", date: "2023-05-15"),
            try makeDraw("draw-3", date: "2023-04-08"),
            try makeDraw("draw-10", date: "2023-04-08"),
        ]
    }

    func makeResults(_ draws: Result<Fetched<[Draw]>, any Error>) -> ResultsViewModel {
        ResultsViewModel(service: StubLottoService(draws: draws))
    }

    func makeTickets(
        draws: Result<Fetched<[Draw]>, any Error>, tickets: Result<Fetched<[Ticket]>, any Error>
    ) -> TicketsViewModel {
        TicketsViewModel(draws: StubLottoService(draws: draws), tickets: StubLottoService(tickets: tickets))
    }

    @Test func resultsStartIdleAndLoadNewestFirst() async throws {
        let model = makeResults(.success(Fetched(value: try draws())))
        #expect(model.state == .idle)
        await model.load()
        let fetched = try #require(model.state.value)
        #expect(fetched.value.map(\.id) == ["draw-1", "draw-10", "draw-3", "draw-2"])
        #expect(fetched.cachedAt == nil)
    }

    @Test func resultsFromTheCacheCarryTheirTime() async throws {
        let storedAt = Date(timeIntervalSince1970: 1_700_000_000)
        let model = makeResults(.success(Fetched(value: try draws(), cacheStatus: .stale, cachedAt: storedAt)))
        await model.load()
        #expect(model.state.value?.cachedAt == storedAt)
        #expect(model.state.value?.isOffline == true)
    }

    @Test func ticketsAreOfflineWhenEitherHalfCameFromTheOfflineCache() async throws {
        let storedAt = Date(timeIntervalSince1970: 1_700_000_000)
        let model = makeTickets(
            draws: .success(Fetched(value: try draws(), cacheStatus: .hit)),
            tickets: .success(Fetched(value: [], cacheStatus: .stale, cachedAt: storedAt)))
        await model.load()
        let fetched = try #require(model.state.value)
        #expect(fetched.isOffline)
        #expect(fetched.cacheStatus == .stale)
        #expect(fetched.cachedAt == storedAt)
    }

    @Test func resultsFailWithTheNetworkErrorTyped() async {
        let model = makeResults(.failure(NetworkError.cannotConnect(host: "x")))
        await model.load()
        #expect(model.state == .failed(.network(.cannotConnect(host: "x")), previous: nil))
    }

    @Test func resultsFailClearlyOnBadData() async {
        let error = LottoDataError(record: "draw-7", field: "number3", problem: #""61" is not between 1 and 59"#)
        let model = makeResults(.failure(error))
        await model.load()
        #expect(model.state == .failed(.badData(error), previous: nil))
        #expect(
            model.state.failure?.localizedDescription
                == #"The Lotto backend sent data that cannot be used: draw-7: number3 "61" is not between 1 and 59"#)
    }

    @Test func detailWalksToOlderAndNewerDrawsAndStopsAtBothEnds() throws {
        let model = DrawDetailViewModel(draws: try draws(), drawID: "draw-10")
        #expect(model.previous?.id == "draw-3")
        #expect(model.next?.id == "draw-1")

        model.showNext()
        #expect(model.draw?.id == "draw-1")
        #expect(model.next == nil)
        model.showNext()
        #expect(model.drawID == "draw-1")

        model.showPrevious()
        model.showPrevious()
        model.showPrevious()
        #expect(model.draw?.id == "draw-2")
        #expect(model.previous == nil)
        model.showPrevious()
        #expect(model.drawID == "draw-2")
    }

    @Test func detailWithoutAnIDShowsTheLatestDraw() throws {
        #expect(DrawDetailViewModel(draws: try draws()).draw?.id == "draw-1")
        let empty = DrawDetailViewModel(draws: [])
        #expect(empty.draw == nil)
        #expect(empty.failure == .noDraws)
    }

    @Test func detailOfAnUnknownDrawSaysItIsNotFoundWithoutThrowing() throws {
        let model = DrawDetailViewModel(draws: try draws(), drawID: "draw-99")
        #expect(model.draw == nil)
        #expect(model.failure == .drawNotFound("draw-99"))
        #expect(model.previous == nil && model.next == nil)
        model.showPrevious()
        #expect(model.drawID == "draw-99")
    }

    @Test func previousAndNextMoveTheDrawOnTheNavigationPath() async throws {
        let results = makeResults(.success(Fetched(value: try draws())))
        await results.load()
        results.showDraw("draw-10")
        #expect(results.path == ["draw-10"])

        let detail = results.detail(for: "draw-10")
        detail.showPrevious()
        #expect(results.path == ["draw-3"])
        detail.showPrevious()
        #expect(results.path == ["draw-2"])
        detail.showNext()
        #expect(results.path == ["draw-3"])
        #expect(results.detail(for: "draw-3").draw?.id == "draw-3")
    }

    @Test func aBackSwipeSetsThePathAndADetailOffThePathMovesNothing() async throws {
        let results = makeResults(.success(Fetched(value: try draws())))
        await results.load()
        results.path = ["draw-1"]
        let detail = results.detail(for: "draw-1")
        results.path = []
        detail.showPrevious()
        #expect(results.path == [])
        #expect(detail.drawID == "draw-10")
    }

    /// A restored path's detail said "draw not found" until the list loaded, as for an unknown id.
    @Test func aRestoredPathWaitsForTheDrawsAndCanLoadThemItself() async throws {
        let results = makeResults(.success(Fetched(value: try draws())))
        results.path = ["draw-3"]
        let detail = results.detail(for: "draw-3")
        #expect(detail.isWaitingForDraws)
        #expect(detail.failure == nil)
        await detail.load()
        #expect(!detail.isWaitingForDraws)
        #expect(detail.draw?.id == "draw-3")
        #expect(results.detail(for: "draw-99").failure == .drawNotFound("draw-99"))
    }

    @Test func aDetailWhoseListCannotLoadSaysWhy() async {
        let offline = LottoError.network(.offline)
        let results = makeResults(.failure(offline))
        let detail = results.detail(for: "draw-3")
        await detail.load()
        #expect(!detail.isWaitingForDraws)
        #expect(detail.failure == offline, "the list's failure, not an unknown draw")
    }

    @Test func aDrawReadsAloudAsOneSentence() throws {
        let draw = try Draw(
            id: "draw-13", date: DrawDate(year: 2023, month: 7, day: 5)!, numbers: [45, 8, 19, 20, 30, 31],
            bonusBall: 5, topPrize: .pounds(42_000_000))
        #expect(
            draw.accessibilityLabel
                == "draw-13, Wed 5 Jul 2023: numbers 8, 19, 20, 30, 31, 45; bonus ball 5; top prize £42,000,000")
    }

    @Test func ticketsSplitIntoCheckedAndUpcoming() async throws {
        let tickets = [
            Ticket(id: "t1", drawID: "draw-2", line: try line([2, 16, 23, 1, 3, 4])),
            Ticket(id: "t2", drawID: "draw-99", line: try line([1, 2, 3, 4, 5, 6])),
            Ticket(id: "t3", drawID: "draw-1", line: try line([2, 16, 23, 44, 47, 52])),
        ]
        let model = makeTickets(
            draws: .success(Fetched(value: try draws())), tickets: .success(Fetched(value: tickets)))
        await model.load()
        let mine = try #require(model.state.value).value
        #expect(mine.draw(id: "draw-1")?.date == DrawDate(year: 2023, month: 5, day: 15))
        #expect(mine.checked.map(\.ticketID) == ["t3", "t1"])
        #expect(mine.checked.map(\.prize?.tier) == [.jackpot, .match3])
        #expect(mine.upcoming.map(\.id) == ["t2"])
    }

    @Test func ticketsNameTheDrawsAndTicketsThatWereLeftOut() async throws {
        let badDraw = LottoDataError(record: "draw-9", field: "number1", problem: #""61" is not between 1 and 59"#)
        let badTicket = LottoDataError(record: "ticket-2", field: "number4", problem: #""81" is not between 1 and 59"#)
        let model = makeTickets(
            draws: .success(Fetched(value: try draws(), rejected: [badDraw])),
            tickets: .success(
                Fetched(
                    value: [Ticket(id: "t1", drawID: "draw-1", line: try line([1, 2, 3, 4, 5, 6]))],
                    rejected: [badTicket])))
        await model.load()
        let fetched = try #require(model.state.value)
        #expect(fetched.value.checked.map(\.ticketID) == ["t1"])
        #expect(fetched.rejected == [badDraw, badTicket])
    }

    @Test func resultsNameTheDrawsThatWereLeftOut() async throws {
        let bad = LottoDataError(record: "draw-9", field: nil, problem: "appears more than once")
        let model = makeResults(.success(Fetched(value: try draws(), rejected: [bad])))
        await model.load()
        #expect(model.state.value?.rejected == [bad])
    }

    @Test func ticketsFailWhenEitherLoadFails() async throws {
        let model = makeTickets(
            draws: .success(Fetched(value: try draws())), tickets: .failure(NetworkError.timedOut(seconds: 10)))
        await model.load()
        #expect(model.state == .failed(.network(.timedOut(seconds: 10)), previous: nil))
    }

    @Test func quickPicksRepeatForASeedAndAreValid() throws {
        let first = QuickPickViewModel(generator: SeededGenerator(seed: 42))
        let second = QuickPickViewModel(generator: SeededGenerator(seed: 42))
        first.pick(count: 50, draws: try draws())
        second.pick(count: 50, draws: try draws())
        #expect(first.lines == second.lines)
        #expect(first.drawID == "draw-1")
        #expect(first.lines.count == 50)
        for check in first.lines {
            #expect(check.balls.count == 6)
            #expect(Set(check.balls.map(\.number)).count == 6)
            #expect(check.bonusBall == nil)
        }

        let other = QuickPickViewModel(generator: SeededGenerator(seed: 43))
        other.pick(count: 50, draws: try draws())
        #expect(other.lines != first.lines)
    }

    @Test func quickPickNeedsADraw() {
        let model = QuickPickViewModel(generator: SeededGenerator(seed: 1))
        #expect(!model.pick(count: 1, draws: []))
        #expect(model.failure == .noDraws)
        #expect(model.pick(count: 1, draws: [PreviewLottoService.sampleDraws[0]]))
        #expect(model.failure == nil)
    }
}

/// What a UIKit navigation controller and a SwiftUI list need of Lotto's models.
@Suite("Lotto in an app")
@MainActor
struct LottoAdoptionTests {
    @Test func theBackButtonPopsThePathToTheDepthShown() async {
        let results = ResultsViewModel(service: PreviewLottoService())
        await results.load()
        results.showDraw("draw-4")
        results.showDraw("draw-3")
        results.didGoBack(toDepth: 1)
        #expect(results.path == ["draw-4"])
        results.didGoBack(toDepth: 5)
        #expect(results.path == ["draw-4"], "deeper than the path is no pop")
        results.didGoBack(toDepth: 0)
        #expect(results.path.isEmpty)
    }

    /// A detail made before the draws arrived (a restored path, a UIKit screen pushed from a deep
    /// link) kept the empty list it was made with and said "no draws" for good.
    @Test func aDetailMadeBeforeTheDrawsArriveShowsItsDrawOnceTheyDo() async {
        let results = ResultsViewModel(service: PreviewLottoService())
        results.path = ["draw-3"]
        let detail = results.detail(for: "draw-3")
        #expect(detail.draw == nil)
        await results.load()
        #expect(detail.draw?.id == "draw-3")
        #expect(detail.previous?.id == "draw-2")
        detail.showNext()
        #expect(results.path == ["draw-4"])
    }

    @Test func ticketChecksAreIdentifiedByTicketOrByLine() throws {
        let draw = try #require(PreviewLottoService.sampleDraws.first)
        let checker = TicketChecker(draw: draw)
        let line = try LottoLine([2, 16, 23, 1, 3, 4], bonusBall: nil)
        #expect(checker.check(line, ticketID: "ticket-1").id == "ticket-1")
        #expect(checker.check(line, ticketID: nil).id == "draw-1: 1 2 3 4 16 23")
    }

    @Test func thePreviewServiceAnswersFromTheOfflineCache() async {
        let saved = Date(timeIntervalSince1970: 1_700_000_000)
        let results = ResultsViewModel(service: PreviewLottoService(cachedAt: saved))
        await results.load()
        #expect(results.state.value?.cachedAt == saved)
        #expect(results.state.value?.cacheStatus == .stale)
    }
}

@Suite("Previews that stay loading")
@MainActor
struct StillLoadingPreviewTests {
    @Test func theDrawsStayLoadingUntilTheTaskIsCancelled() async {
        let results = ResultsViewModel(service: PreviewLottoService.stillLoading)
        let load = Task { await results.load() }
        await waitUntil { results.state.isLoading }
        load.cancel()
        await load.value
        #expect(results.state == .idle, "a cancelled load puts back what it replaced")
    }
}

@Suite("Tickets whose draw could not be read")
struct UncheckedTicketsTests {
    /// A ticket for a draw the backend published but sent broken was listed as upcoming.
    @Test func aTicketForAnUnreadableDrawIsUncheckedNotUpcoming() throws {
        let line = try LottoLine([1, 2, 3, 4, 5, 6], bonusBall: nil)
        let broken = Ticket(id: "ticket-1", drawID: "draw-broken", line: line)
        let later = Ticket(id: "ticket-2", drawID: "draw-99", line: line)
        let mine = MyTickets(draws: [], tickets: [broken, later], unreadableDrawIDs: ["draw-broken"])
        #expect(mine.unchecked == [broken])
        #expect(mine.upcoming == [later])
    }
}
