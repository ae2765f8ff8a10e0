import FixtureTestSupport
import Foundation
import HTTPTypes
import Networking
import PilotRegistration
import TestSupport
import Testing

@Suite("Fuzzing the licenses decoder")
struct PilotFuzzTests {
    @Test func licenses() async throws {
        var mutator = Mutator(seed: 301)
        for input in mutator.mutants(of: [try FuzzSeeds.body("/pilot/licenses")], count: 2_000) {
            // The loop never suspends otherwise: on two cores it would hold a thread of the
            // cooperative pool for its whole run while other tests' tasks wait.
            await Task.yield()
            let service = RemoteLicensesService(
                api: EndpointClient(
                    baseURL: URL(string: "http://fuzz.test")!,
                    httpClient: StubHTTPClient { _, _ in (HTTPResponse(status: .ok), input) }))
            do { _ = try await service.loadLicenses() } catch { #expect(error is NetworkError, "\(error)") }
        }
    }
}
