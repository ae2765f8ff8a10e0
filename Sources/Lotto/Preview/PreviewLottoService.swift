/// Sample draws and tickets answered in memory, with no network: for SwiftUI previews, and for an
/// app's tests that need a working service rather than a spy.
///
/// ```swift
/// #Preview { ResultsView(model: ResultsViewModel(service: PreviewLottoService())) }
/// #Preview("Offline") { ResultsView(model: ResultsViewModel(service: PreviewLottoService(failure: .offline))) }
/// #Preview("Offline, from the cache") {
///     ResultsView(model: ResultsViewModel(service: PreviewLottoService(cachedAt: .now.addingTimeInterval(-3600))))
/// }
/// ```
public struct PreviewLottoService: DrawsService, TicketsService {
    /// The draws ``loadDraws()`` answers.
    public var draws: [Draw]
    /// The tickets ``loadTickets()`` answers.
    public var tickets: [Ticket]
    /// When set, every load fails with it, to preview an error screen.
    public var failure: NetworkError?
    /// When set, every load answers as the offline cache does when the backend cannot be reached:
    /// stale, saved at this time.
    public var cachedAt: Date?

    /// Creates a ``PreviewLottoService``.
    ///
    /// - Parameters:
    ///   - draws: the draws to answer; four published draws by default.
    ///   - tickets: the tickets to answer; three by default, checked against those draws.
    ///   - failure: when set, every load fails with it.
    ///   - cachedAt: when set, every load answers from the offline cache, saved at this time.
    public init(
        draws: [Draw] = PreviewLottoService.sampleDraws, tickets: [Ticket] = PreviewLottoService.sampleTickets,
        failure: NetworkError? = nil, cachedAt: Date? = nil
    ) {
        self.draws = draws
        self.tickets = tickets
        self.failure = failure
        self.cachedAt = cachedAt
    }

    /// Loads that never answer, until their task is cancelled: to preview the loading screens.
    ///
    /// ```swift
    /// #Preview("Loading") { ResultsView(model: ResultsViewModel(service: PreviewLottoService.stillLoading)) }
    /// ```
    public static let stillLoading: PreviewLottoService = {
        var service = PreviewLottoService()
        service.answers = false
        return service
    }()

    private var answers = true

    /// The draws, or ``failure``; from the offline cache when ``cachedAt`` is set.
    public func loadDraws() async throws -> Fetched<[Draw]> {
        try await answer(draws)
    }

    /// The tickets, or ``failure``; from the offline cache when ``cachedAt`` is set.
    public func loadTickets() async throws -> Fetched<[Ticket]> {
        try await answer(tickets)
    }

    private func answer<Value: Sendable>(_ value: Value) async throws -> Fetched<Value> {
        if !answers { try await neverAnswer() }
        if let failure { throw failure }
        guard let cachedAt else { return Fetched(value: value) }
        return Fetched(value: value, cacheStatus: .stale, cachedAt: cachedAt)
    }

    /// Four draws of spring 2023, as the fixture backend has them.
    public static let sampleDraws: [Draw] = [
        ("draw-1", 2023, 3, 4, [2, 16, 23, 44, 47, 52], 14, 4_000_000_000),
        ("draw-2", 2023, 3, 11, [5, 9, 18, 33, 41, 58], 7, 3_600_000_000),
        ("draw-3", 2023, 3, 18, [11, 20, 27, 31, 55, 56], 34, 3_800_000_000),
        ("draw-4", 2023, 3, 29, [1, 8, 19, 26, 38, 49], 21, 4_200_000_000),
    ].compactMap { id, year, month, day, numbers, bonus, prize in
        guard let date = DrawDate(year: year, month: month, day: day) else { return nil }
        return try? Draw(id: id, date: date, numbers: numbers, bonusBall: bonus, topPrize: Money(amountMinor: prize))
    }

    /// Three tickets: a match 3 on draw-1, a match 5 and the bonus on draw-2, one for a draw to come.
    public static let sampleTickets: [Ticket] = [
        ("ticket-1", "draw-1", [2, 16, 23, 1, 3, 4], nil),
        ("ticket-2", "draw-2", [5, 9, 18, 33, 41, 10], 7),
        ("ticket-3", "draw-9", [4, 8, 15, 16, 23, 42], nil),
    ].compactMap { id, drawID, numbers, bonus in
        (try? LottoLine(numbers, bonusBall: bonus)).map { Ticket(id: id, drawID: drawID, line: $0) }
    }
}
