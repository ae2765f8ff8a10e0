import Observation

/// My tickets: those whose draw is published, checked; those for a draw still to come, upcoming.
public struct MyTickets: Equatable, Sendable {
    public var checked: [TicketCheck]
    public var upcoming: [Ticket]

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
    }
}

@MainActor
@Observable
public final class TicketsViewModel {
    public enum State: Equatable, Sendable {
        case idle
        case loading
        case loaded(MyTickets)
        case failed(message: String)
    }

    public private(set) var state: State = .idle
    /// Draws and tickets the backend sent that break a rule, left out of the screen; name them in a notice.
    public private(set) var rejected: [LottoDataError] = []
    private let draws: any DrawsService
    private let tickets: any TicketsService

    public init(draws: any DrawsService, tickets: any TicketsService) {
        self.draws = draws
        self.tickets = tickets
    }

    /// Loads draws and tickets at the same time, then checks every ticket.
    public func load() async {
        state = .loading
        rejected = []
        do {
            async let fetchedDraws = draws.loadDraws()
            async let fetchedTickets = tickets.loadTickets()
            let (allDraws, mine) = try await (fetchedDraws, fetchedTickets)
            rejected = allDraws.rejected + mine.rejected
            state = .loaded(MyTickets(draws: allDraws.value, tickets: mine.value))
        } catch {
            state = .failed(message: LottoMessages.describe(error))
        }
    }
}
