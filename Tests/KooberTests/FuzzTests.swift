import FixtureTestSupport
import Foundation
import HTTPTypes
import Koober
import Networking
import Persistence
import TestSupport
import Testing

/// Every input gives a value or a typed error: never a crash, never a hang.
@Suite("Fuzzing the Koober decoders")
struct KooberFuzzTests {
    static let inputs = 2_000

    func api(answering body: Data) -> EndpointClient {
        EndpointClient(
            baseURL: URL(string: "http://fuzz.test")!,
            httpClient: StubHTTPClient { _, _ in (HTTPResponse(status: .ok), body) })
    }

    @Test func signInAnswers() async throws {
        var mutator = Mutator(seed: 201)
        let seed = try FuzzSeeds.body(
            "/koober/signin", method: .post, json: #"{"email":"johnny@gmail.com","password":"password"}"#)
        for input in mutator.mutants(of: [seed], count: Self.inputs) {
            // The loop never suspends otherwise: on two cores it would hold a thread of the
            // cooperative pool for its whole run while other tests' tasks wait.
            await Task.yield()
            do throws(SignInError) {
                _ = try await RemoteUserAuthService(api: api(answering: input)).signIn(email: "a@b", password: "p")
            } catch {
                #expect(error != .unauthorized)
            }
        }
    }

    @Test func locationsAndRideOptions() async throws {
        var mutator = Mutator(seed: 202)
        let seeds = [try FuzzSeeds.body("/koober/locations"), try FuzzSeeds.body("/koober/ride-options")]
        for input in mutator.mutants(of: seeds, count: Self.inputs) {
            // The loop never suspends otherwise: on two cores it would hold a thread of the
            // cooperative pool for its whole run while other tests' tasks wait.
            await Task.yield()
            let rides = RemoteRideService(api: api(answering: input))
            do { _ = try await rides.searchLocations("") } catch { #expect(error is NetworkError, "\(error)") }
            do { _ = try await rides.rideOptions() } catch { #expect(error is NetworkError, "\(error)") }
        }
    }

    @Test func storedSessions() async throws {
        var mutator = Mutator(seed: 203)
        let seed = try JSONEncoder().encode(johnny)
        try await withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("session.json")
            let store = FileValueStore<UserSession>(fileURL: url)
            for input in mutator.mutants(of: [seed], count: Self.inputs) {
                // The loop never suspends otherwise: on two cores it would hold a thread of the
                // cooperative pool for its whole run while other tests' tasks wait.
                await Task.yield()
                try input.write(to: url)
                do { _ = try store.load() } catch { #expect(error is PersistenceError, "\(error)") }
            }
        }
    }
}
