import AuthMVP
import FixtureTestSupport
import Foundation
import HTTPTypes
import Networking
import TestSupport
import Testing

@Suite("Fuzzing the auth responses")
struct AuthFuzzTests {
    @Test func authenticateAnswersOfEveryStatus() async throws {
        var mutator = Mutator(seed: 501)
        let seeds = [
            try FuzzSeeds.body("/auth/authenticate", method: .post, json: #"{"email":"a@b","password":"p"}"#),
            Data(#"{"message": "The email or password is incorrect."}"#.utf8),
        ]
        for (index, input) in mutator.mutants(of: seeds, count: 2_000).enumerated() {
            // The loop never suspends otherwise: on two cores it would hold a thread of the
            // cooperative pool for its whole run while other tests' tasks wait.
            await Task.yield()
            let status: HTTPResponse.Status = [.ok, .unauthorized, .internalServerError][index % 3]
            let service = RemoteAuthenticationService(
                api: EndpointClient(
                    baseURL: URL(string: "http://fuzz.test")!,
                    httpClient: StubHTTPClient { _, _ in (HTTPResponse(status: status), input) }))
            do throws(AuthError) {
                _ = try await service.authenticate(email: "a@b", password: "p")
                #expect(status == .ok)
            } catch {
                #expect(error != .cancelled)
                if status == .unauthorized { #expect(!error.localizedDescription.isEmpty) }
            }
        }
    }
}
