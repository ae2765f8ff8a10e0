import Foundation
import Networking

/// Loads the licenses a pilot can register with.
public protocol LicensesService: Sendable {
    /// Every license the backend offers, in its order.
    /// - Throws: `NetworkError` when the backend cannot be reached or answers something unreadable.
    func loadLicenses() async throws -> [License]
}

/// `GET /pilot/licenses`.
public struct RemoteLicensesService: LicensesService {
    private let api: EndpointClient

    /// Licenses from the backend at `baseURL`.
    ///
    /// ```swift
    /// let licenses = try await RemoteLicensesService(baseURL: URL(string: "https://pilots.example.com")!).loadLicenses()
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

    static let endpoint = Endpoint<LicensesDTO>.get("/pilot/licenses").map(\.licenses)

    /// Loads the licenses; see ``LicensesService/loadLicenses()``.
    public func loadLicenses() async throws -> [License] {
        try await api.send(Self.endpoint)
    }
}
