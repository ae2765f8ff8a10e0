import Foundation
import Networking

/// A value and, when it came from a cache instead of the network, when it was stored.
public struct Fetched<Value: Sendable>: Sendable {
    public var value: Value
    /// `nil` when the value is fresh from the backend.
    public var cachedAt: Date?

    public init(value: Value, cachedAt: Date? = nil) {
        self.value = value
        self.cachedAt = cachedAt
    }
}

extension Fetched: Equatable where Value: Equatable {}

/// Loads the published draws.
public protocol DrawsService: Sendable {
    /// - Throws: `NetworkError` when the backend cannot be used, ``LottoDataError`` when a record is invalid.
    func loadDraws() async throws -> Fetched<[Draw]>
}

/// Loads the user's tickets.
public protocol TicketsService: Sendable {
    func loadTickets() async throws -> [Ticket]
}

/// Both services over the Lotto backend (`GET /lotto/draws`, `GET /lotto/tickets`).
public struct RemoteLottoService: DrawsService, TicketsService {
    private let api: APIClient

    public init(api: APIClient) {
        self.api = api
    }

    static let drawsEndpoint = Endpoint<DrawsResponseDTO>.get("/lotto/draws").map { try LottoMapper.draws($0) }
    static let ticketsEndpoint = Endpoint<TicketsResponseDTO>.get("/lotto/tickets").map { try LottoMapper.tickets($0) }

    public func loadDraws() async throws -> Fetched<[Draw]> {
        let response = try await api.response(for: Self.drawsEndpoint)
        return Fetched(value: response.value, cachedAt: response.response.cachedAt)
    }

    public func loadTickets() async throws -> [Ticket] {
        try await api.send(Self.ticketsEndpoint)
    }
}
