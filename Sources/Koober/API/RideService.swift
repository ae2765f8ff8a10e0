import Foundation
import HTTPTypes
import Networking

/// Finds places and ride options.
public protocol LocationsService: Sendable {
    /// Locations whose name contains `query` (case-insensitive); all of them for an empty query.
    func searchLocations(_ query: String) async throws -> [Location]
    func rideOptions() async throws -> [RideOption]
}

/// Asks for rides.
public protocol RideService: Sendable {
    func requestRide(_ request: RideRequest, session: RemoteUserSession) async throws(RideError) -> Ride
}

/// Both services over the Koober backend.
public struct RemoteRideService: LocationsService, RideService {
    private let api: APIClient

    /// Locations, ride options and rides from the backend at `baseURL`.
    ///
    /// ```swift
    /// let locations = try await RemoteRideService(baseURL: URL(string: "https://koober.example.com")!).searchLocations("")
    /// ```
    ///
    /// - Parameters:
    ///   - baseURL: where the backend answers, such as `https://api.example.com`.
    ///   - httpClient: how requests travel; a `URLSessionHTTPClient` unless a test or an app's
    ///     decorators (retry, cache, logging) provide another.
    public init(baseURL: URL, httpClient: any HTTPClient = URLSessionHTTPClient()) {
        self.init(api: APIClient(baseURL: baseURL, httpClient: httpClient))
    }

    public init(api: APIClient) {
        self.api = api
    }

    public func searchLocations(_ query: String) async throws -> [Location] {
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        let endpoint = Endpoint<LocationsDTO>.get(
            "/koober/locations", query: trimmed.isEmpty ? [] : [URLQueryItem(name: "query", value: trimmed)])
        return try await api.send(endpoint).locations.map(\.location)
    }

    public func rideOptions() async throws -> [RideOption] {
        try await api.send(Endpoint<RideOptionsDTO>.get("/koober/ride-options")).rideOptions.map(\.rideOption)
    }

    public func requestRide(_ request: RideRequest, session: RemoteUserSession) async throws(RideError) -> Ride {
        let body = RideRequestDTO(
            pickupLocationId: request.pickup.id, dropoffLocationId: request.dropoff.id, rideOptionId: request.option.id)
        do {
            let endpoint = try Endpoint<RideDTO>.post(
                "/koober/rides", json: body, headerFields: [.authorization: "Bearer \(session.token)"])
            let ride = try await api.send(endpoint)
            return Ride(id: ride.id, status: ride.status, etaMinutes: ride.etaMinutes, request: request)
        } catch NetworkError.unexpectedStatus(401, _) {
            throw .sessionExpired
        } catch NetworkError.unexpectedStatus(let status, let message) where status < 500 {
            throw .rejected(message: message ?? "The ride was not accepted (\(status)).")
        } catch {
            throw .unavailable(NetworkError(error))
        }
    }
}
