import Foundation
import HTTPTypes
import Networking

/// Finds places and ride options.
public protocol LocationsService: Sendable {
    /// Locations whose name contains `query` (case-insensitive); all of them for an empty query.
    func searchLocations(_ query: String) async throws -> [Location]
    /// The kinds of ride on offer: Wallabee, Wallaroo, Kangaroo.
    func rideOptions() async throws -> [RideOption]
}

/// Asks for rides.
public protocol RideService: Sendable {
    /// Requests a ride for a signed-in user.
    /// - Parameters:
    ///   - request: where from, where to, and which kind of ride.
    ///   - session: the signed-in user's session; its token authorises the request.
    /// - Throws: ``RideError/sessionExpired`` when the backend no longer accepts the token, and the
    ///   other ``RideError`` cases.
    func requestRide(_ request: RideRequest, session: RemoteUserSession) async throws(RideError) -> Ride
}

/// Both services over the Koober backend.
public struct RemoteRideService: LocationsService, RideService {
    private let api: EndpointClient

    /// Locations, ride options and rides from the backend at `baseURL`.
    ///
    /// ```swift
    /// let locations = try await RemoteRideService(baseURL: URL(string: "https://koober.example.com")!).searchLocations("")
    /// ```
    ///
    /// - Parameters:
    ///   - baseURL: where the backend answers, such as `https://api.example.com`.
    ///   - httpClient: how requests travel; `URLSessionHTTPClient.shared` unless a test or an app's
    ///     decorators (retry, cache, logging) provide another.
    public init(baseURL: URL, httpClient: any HTTPClient = URLSessionHTTPClient.shared) {
        self.init(api: EndpointClient(baseURL: baseURL, httpClient: httpClient))
    }

    /// A service over an API client you configured yourself: a base URL, a transport, and fields
    /// every request carries.
    public init(api: EndpointClient) {
        self.api = api
    }

    /// Places whose name contains `query`, in any case; all of them for a blank query.
    public func searchLocations(_ query: String) async throws -> [Location] {
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        let endpoint = Endpoint<LocationsDTO>.get(
            "/koober/locations", query: trimmed.isEmpty ? [] : [URLQueryItem(name: "query", value: trimmed)])
        return try await api.send(endpoint).locations.map(\.location)
    }

    /// The kinds of ride on offer.
    public func rideOptions() async throws -> [RideOption] {
        try await api.send(Endpoint<RideOptionsDTO>.get("/koober/ride-options")).rideOptions.map(\.rideOption)
    }

    /// Requests a ride; see ``RideService/requestRide(_:session:)``.
    public func requestRide(_ request: RideRequest, session: RemoteUserSession) async throws(RideError) -> Ride {
        let body = RideRequestDTO(
            pickupLocationId: request.pickup.id, dropoffLocationId: request.dropoff.id, rideOptionId: request.option.id)
        do {
            let endpoint = try Endpoint<RideDTO>.post(
                "/koober/rides", json: body,
                headerFields: [
                    .authorization: "Bearer \(session.token)",
                    HTTPField.Name("Idempotency-Key")!: request.idempotencyKey,
                ])
            let ride = try await api.send(endpoint)
            return Ride(id: ride.id, status: ride.status, etaMinutes: ride.etaMinutes, request: request)
        } catch NetworkError.unexpectedStatus(401, _) {
            throw .sessionExpired
        } catch NetworkError.unexpectedStatus(409, _) {
            throw .bookedEarlier
        } catch NetworkError.unexpectedStatus(let status, let message) where status < 500 {
            throw .rejected(message: message ?? text("RideError.rejected", String(status)))
        } catch {
            throw .unavailable(NetworkError(error))
        }
    }
}
