import FixtureTestSupport
import Foundation
import Networking
import PilotRegistration
import TestSupport
import Testing

@Suite("Licenses service")
struct LicensesServiceTests {
    @Test func unknownLicenseTypesAreAcceptedAsTheyCome() async throws {
        let spy = HTTPClientSpy(json: #"{"pilot-licenses": [{"type": "GLIDER", "aircrafts": ["ASK21"]}]}"#)
        let service = RemoteLicensesService(
            api: EndpointClient(baseURL: URL(string: "http://pilot.test")!, httpClient: spy))
        let licenses = try await service.loadLicenses()
        #expect(licenses == [License(type: "GLIDER", aircraft: ["ASK21"])])
        #expect(licenses.first?.isKnownType == false)
        #expect(spy.messages == [.init(method: .get, url: "http://pilot.test/pilot/licenses")])
    }

    @Test func aMissingAircraftListIsUndecodableAtItsPath() async throws {
        let spy = HTTPClientSpy(json: #"{"pilot-licenses": [{"type": "PPL"}]}"#)
        let service = RemoteLicensesService(
            api: EndpointClient(baseURL: URL(string: "http://pilot.test")!, httpClient: spy))
        await #expect(throws: NetworkError.undecodable(path: "pilot-licenses[0]", reason: #"missing key "aircrafts""#))
        {
            try await service.loadLicenses()
        }
    }

    @Test func loadsTheLicensesFromALiveServer() async throws {
        try await withFixtureServer { server in
            let service = RemoteLicensesService(
                api: EndpointClient(baseURL: server.baseURL, httpClient: URLSessionHTTPClient()))
            let licenses = try await service.loadLicenses()
            #expect(licenses.map(\.type) == ["PPL", "ATPL", "MPL"])
            #expect(licenses.first?.aircraft == ["C152", "C172", "D40A"])
        }
    }
}
