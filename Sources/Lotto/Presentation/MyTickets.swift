/// My tickets: those whose draw is published, checked; those for a draw still to come, upcoming.
public struct MyTickets: Equatable, Sendable {
    /// The tickets whose draw is published, each checked against it.
    public var checked: [TicketCheck]
    /// The tickets for draws still to come.
    public var upcoming: [Ticket]
    /// The tickets whose draw the backend sent but could not be read (it is in `rejected`): they
    /// cannot be checked, and are not upcoming either.
    public var unchecked: [Ticket]
    /// The published draws, newest first: what each checked ticket was checked against.
    public var draws: [Draw]

    /// Sorts each ticket into its section; checked ones follow their draws, newest first.
    ///
    /// ```swift
    /// let mine = MyTickets(draws: draws.value, tickets: tickets.value, unreadableDrawIDs: Set(draws.rejected.map(\.record)))
    /// ```
    /// - Parameters:
    ///   - draws: the published draws.
    ///   - tickets: the user's tickets.
    ///   - unreadableDrawIDs: the ids of draws the backend sent that were left out as invalid:
    ///     their tickets are ``unchecked``, not upcoming.
    public init(draws: [Draw], tickets: [Ticket], unreadableDrawIDs: Set<String> = []) {
        let checkers = Dictionary(
            draws.map { ($0.id, TicketChecker(draw: $0)) }, uniquingKeysWith: { first, _ in first })
        var checked: [(Draw, TicketCheck)] = []
        var upcoming: [Ticket] = []
        var unchecked: [Ticket] = []
        for ticket in tickets {
            if let checker = checkers[ticket.drawID] {
                checked.append((checker.draw, checker.check(ticket.line, ticketID: ticket.id)))
            } else if unreadableDrawIDs.contains(ticket.drawID) {
                unchecked.append(ticket)
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
        self.unchecked = unchecked
        self.draws = draws.sorted(by: Draw.newestFirst)
    }

    /// The draw a checked ticket was checked against.
    public func draw(id: String) -> Draw? {
        draws.first { $0.id == id }
    }
}
