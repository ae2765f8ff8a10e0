import Foundation
import Networking

/// What a load returned: the valid records, where they came from, and the records the backend sent
/// that broke a rule and were left out.
///
/// An "offline" banner reads ``isOffline`` (or ``cachedAt``), never ``cacheStatus`` alone: a fresh
/// answer the cache kept (`.hit`) is as good as the network's.
///
/// ```swift
/// if let fetched = results.state.value, let savedAt = fetched.cachedAt {
///     Text("Offline — showing results saved \(savedAt.formatted(.relative(presentation: .named)))")
/// }
/// ```
public struct Fetched<Value: Sendable>: Sendable {
    /// The records that passed every rule, in the order the backend sent them.
    public var value: Value
    /// What the HTTP cache did (`CachingHTTPClient`): `.hit` for a fresh stored answer, `.stale` for
    /// one shown because the backend could not be reached; `nil` when no cache was in the way.
    public var cacheStatus: CacheStatus?
    /// When the answer shown was saved, set only when it comes from the offline cache (the backend
    /// could not be reached): `nil` whenever the value is as fresh as the backend's.
    public var cachedAt: Date?
    /// The records left out of `value`, each with what was wrong with it; a screen names them.
    public var rejected: [LottoDataError]

    /// Creates a ``Fetched``.
    ///
    /// ```swift
    /// let offline = Fetched(value: draws, cacheStatus: .stale, cachedAt: .now.addingTimeInterval(-3600))
    /// ```
    /// - Parameters:
    ///   - value: the valid records.
    ///   - cacheStatus: what the HTTP cache did, or `nil` when there was none.
    ///   - cachedAt: when the stored answer was saved, for an answer from the offline cache.
    ///   - rejected: the records left out, each with its reason.
    public init(
        value: Value, cacheStatus: CacheStatus? = nil, cachedAt: Date? = nil, rejected: [LottoDataError] = []
    ) {
        self.value = value
        self.cacheStatus = cacheStatus
        self.cachedAt = cachedAt
        self.rejected = rejected
    }

    /// Whether the backend could not be reached and the value is the offline cache's: the answer is
    /// `.stale`, or ``cachedAt`` says when it was saved.
    public var isOffline: Bool { cacheStatus == .stale || cachedAt != nil }
}

extension Fetched: Equatable where Value: Equatable {}

/// Loads the published draws.
public protocol DrawsService: Sendable {
    /// The valid draws; invalid records are in ``Fetched/rejected``.
    /// - Throws: `NetworkError` when the backend cannot be used, ``LottoDataError`` when records
    ///   came and not one of them is valid.
    func loadDraws() async throws -> Fetched<[Draw]>
}

/// Loads the user's tickets.
public protocol TicketsService: Sendable {
    /// The valid tickets; invalid records are in ``Fetched/rejected``.
    /// - Throws: as ``DrawsService/loadDraws()``.
    func loadTickets() async throws -> Fetched<[Ticket]>
}

/// Both services over the Lotto backend (`GET /lotto/draws`, `GET /lotto/tickets`).
public struct RemoteLottoService: DrawsService, TicketsService {
    private let api: EndpointClient

    /// Both services over the backend at `baseURL`: the one line an app needs.
    ///
    /// ```swift
    /// let draws = try await RemoteLottoService(baseURL: URL(string: "https://lotto.example.com")!).loadDraws()
    /// ```
    ///
    /// - Parameters:
    ///   - baseURL: where the backend answers, such as `https://api.example.com`.
    ///   - httpClient: how requests travel; `URLSessionHTTPClient.shared` unless a test or an app's
    ///     decorators (retry, cache, logging) provide another.
    public init(baseURL: URL, httpClient: any HTTPClient = URLSessionHTTPClient.shared) {
        self.init(api: EndpointClient(baseURL: baseURL, httpClient: httpClient))
    }

    /// A service over an API client you configured yourself (a base URL, a transport, fields every
    /// request carries).
    public init(api: EndpointClient) {
        self.api = api
    }

    static let drawsEndpoint = Endpoint<DrawsResponseDTO>.get("/lotto/draws").map { try LottoMapper.draws($0) }
    static let ticketsEndpoint = Endpoint<TicketsResponseDTO>.get("/lotto/tickets").map { try LottoMapper.tickets($0) }

    public func loadDraws() async throws -> Fetched<[Draw]> {
        try await fetch(Self.drawsEndpoint)
    }

    public func loadTickets() async throws -> Fetched<[Ticket]> {
        try await fetch(Self.ticketsEndpoint)
    }

    private func fetch<Record>(_ endpoint: Endpoint<LottoMapper.Valid<Record>>) async throws -> Fetched<[Record]> {
        let response = try await api.response(for: endpoint)
        let status = response.response.cacheStatus
        return Fetched(
            value: response.value.records, cacheStatus: status,
            cachedAt: status == .stale ? response.response.cachedAt : nil, rejected: response.value.rejected)
    }
}
