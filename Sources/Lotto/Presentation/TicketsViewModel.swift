import Observation

/// My tickets: loads draws and tickets at the same time, then checks every ticket.
@MainActor
@Observable
public final class TicketsViewModel {
    /// Loaded: the tickets sorted into checked and upcoming; `rejected` names the draws and
    /// tickets left out; `cacheStatus` is `.stale` and `cachedAt` the older save time when either
    /// came from the offline cache.
    public private(set) var state: LoadState<Fetched<MyTickets>, LottoError> = .idle
    /// The tickets loaded and checked (`state.value?.value`), kept while a refresh runs or fails;
    /// `nil` before the first load.
    ///
    /// ```swift
    /// ForEach(tickets.myTickets?.checked ?? []) { check in TicketRow(check) }
    /// ```
    public var myTickets: MyTickets? { state.value?.value }
    private let draws: any DrawsService
    private let tickets: any TicketsService
    @ObservationIgnored private let loads = Loads()

    /// Creates a ``TicketsViewModel``.
    ///
    /// - Parameters:
    ///   - draws: where the published draws come from.
    ///   - tickets: where the user's tickets come from; ``RemoteLottoService`` is both.
    public init(draws: any DrawsService, tickets: any TicketsService) {
        self.draws = draws
        self.tickets = tickets
    }

    /// Loads draws and tickets at once and checks each ticket: ``state`` goes `.loading`, then
    /// `.loaded` or `.failed`, keeping the tickets loaded before (see `LoadState`). Call it again
    /// to retry or refresh; a cancelled load puts back the state it replaced.
    public func load() async {
        await loads.run(\.state, on: self, failure: LottoError.init) { [draws, tickets] in
            async let fetchedDraws = draws.loadDraws()
            async let fetchedTickets = tickets.loadTickets()
            let (allDraws, mine) = try await (fetchedDraws, fetchedTickets)
            let offline = allDraws.isOffline || mine.isOffline
            return Fetched(
                value: MyTickets(
                    draws: allDraws.value, tickets: mine.value, unreadableDrawIDs: Set(allDraws.rejected.map(\.record))),
                cacheStatus: offline ? .stale : allDraws.cacheStatus ?? mine.cacheStatus,
                cachedAt: [allDraws.cachedAt, mine.cachedAt].compactMap { $0 }.min(),
                rejected: allDraws.rejected + mine.rejected)
        }
    }
}
