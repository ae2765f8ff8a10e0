import Observation

/// My tickets: those whose draw is published, checked; those for a draw still to come, upcoming.
public struct MyTickets: Equatable, Sendable {
    public var checked: [TicketCheck]
    public var upcoming: [Ticket]
    /// The published draws, newest first: what each checked ticket was checked against.
    public var draws: [Draw]

    /// Sorts each ticket into its section; checked ones follow their draws, newest first.
    public init(draws: [Draw], tickets: [Ticket]) {
        let checkers = Dictionary(
            draws.map { ($0.id, TicketChecker(draw: $0)) }, uniquingKeysWith: { first, _ in first })
        var checked: [(Draw, TicketCheck)] = []
        var upcoming: [Ticket] = []
        for ticket in tickets {
            if let checker = checkers[ticket.drawID] {
                checked.append((checker.draw, checker.check(ticket.line, ticketID: ticket.id)))
            } else {
                upcoming.append(ticket)
            }
        }
        self.checked = checked.enumerated()
            .sorted { lhs, rhs in
                lhs.element.0.id == rhs.element.0.id
                    ? lhs.offset < rhs.offset : Draw.newestFirst(lhs.element.0, rhs.element.0)
            }
            .map(\.element.1)
        self.upcoming = upcoming
        self.draws = draws.sorted(by: Draw.newestFirst)
    }

    /// The draw a checked ticket was checked against.
    public func draw(id: String) -> Draw? {
        draws.first { $0.id == id }
    }
}

/// My tickets: loads draws and tickets at the same time, then checks every ticket.
@MainActor
@Observable
public final class TicketsViewModel {
    /// Loaded: the tickets sorted into checked and upcoming; `rejected` names the draws and
    /// tickets left out, `cachedAt` the older cache time when either came from the offline cache.
    public private(set) var state: LoadState<Fetched<MyTickets>, LottoError> = .idle
    private let draws: any DrawsService
    private let tickets: any TicketsService

    public init(draws: any DrawsService, tickets: any TicketsService) {
        self.draws = draws
        self.tickets = tickets
    }

    public func load() async {
        state = .loading
        do {
            async let fetchedDraws = draws.loadDraws()
            async let fetchedTickets = tickets.loadTickets()
            let (allDraws, mine) = try await (fetchedDraws, fetchedTickets)
            let cachedAt = [allDraws.cachedAt, mine.cachedAt].compactMap { $0 }.min()
            state = .loaded(
                Fetched(
                    value: MyTickets(draws: allDraws.value, tickets: mine.value), cachedAt: cachedAt,
                    rejected: allDraws.rejected + mine.rejected))
        } catch {
            state = .failed(LottoError(error))
        }
    }
}
