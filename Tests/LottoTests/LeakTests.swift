import TestSupport
import Testing

@testable import Lotto

/// The Lotto view models hold services and load in tasks: none may outlive its screen.
@Suite("Lotto releases its view models")
@MainActor
struct LottoLeakTests {
    @Test func everyLottoViewModelIsReleased() async throws {
        let draws = [try makeDraw("draw-1")]
        let service = StubLottoService(draws: .success(Fetched(value: draws)))
        await expectReleased({ ResultsViewModel(service: service) }) { await $0.load() }
        await expectReleased({ TicketsViewModel(draws: service, tickets: service) }) { await $0.load() }
        await expectReleased({ DrawDetailViewModel(draws: draws) }) { $0.showPrevious() }
        await expectReleased({ QuickPickViewModel(generator: SeededGenerator(seed: 1)) }) {
            $0.pick(count: 2, draws: draws)
        }
    }
}
