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

    /// The wire format: the key is `pilot-licenses` and each license lists its `aircrafts`.
    struct LicensesDTO: Decodable {
        struct LicenseDTO: Decodable {
            var type: String
            var aircrafts: [String]
        }

        var licenses: [LicenseDTO]

        enum CodingKeys: String, CodingKey {
            case licenses = "pilot-licenses"
        }
    }

    static let endpoint = Endpoint<LicensesDTO>.get("/pilot/licenses").map { dto in
        dto.licenses.map { License(type: $0.type, aircraft: $0.aircrafts) }
    }

    public func loadLicenses() async throws -> [License] {
        try await api.send(Self.endpoint)
    }
}
