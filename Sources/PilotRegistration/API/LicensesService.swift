import Foundation
import Networking

/// Loads the licenses a pilot can register with.
public protocol LicensesService: Sendable {
    func loadLicenses() async throws -> [License]
}

/// `GET /pilot/licenses`.
public struct RemoteLicensesService: LicensesService {
    private let api: APIClient

    /// Licenses from the backend at `baseURL`.
    ///
    /// ```swift
    /// let licenses = try await RemoteLicensesService(baseURL: URL(string: "https://pilots.example.com")!).loadLicenses()
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

    static let endpoint = Endpoint<LicensesDTO>.get("/pilot/licenses").map(\.licenses)

    public func loadLicenses() async throws -> [License] {
        try await api.send(Self.endpoint)
    }
}
