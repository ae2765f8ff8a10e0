import Networking

/// Loads the licenses a pilot can register with.
public protocol LicensesService: Sendable {
    func loadLicenses() async throws -> [License]
}

/// `GET /pilot/licenses`.
public struct RemoteLicensesService: LicensesService {
    private let api: APIClient

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
