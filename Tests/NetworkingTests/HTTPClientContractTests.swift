import FixtureTestSupport
import Foundation
import Networking
import TestSupport
import Testing

@Suite("HTTPClient contract")
struct HTTPClientContractTests {
    @Test(arguments: HTTPClientSubject.allCases)
    func getReturnsStatusHeadersAndBody(_ subject: HTTPClientSubject) async throws {
        try await HTTPClientContract.getReturnsStatusHeadersAndBody(subject)
    }

    @Test(arguments: HTTPClientSubject.allCases)
    func postSendsTheJSONBody(_ subject: HTTPClientSubject) async throws {
        try await HTTPClientContract.postSendsTheJSONBody(subject)
    }

    @Test(arguments: HTTPClientSubject.allCases)
    func headersMakeTheRoundTrip(_ subject: HTTPClientSubject) async throws {
        try await HTTPClientContract.headersMakeTheRoundTrip(subject)
    }

    @Test(arguments: HTTPClientSubject.allCases)
    func notFoundCarriesTheBackendsMessage(_ subject: HTTPClientSubject) async throws {
        try await HTTPClientContract.notFoundCarriesTheBackendsMessage(subject)
    }

    @Test(arguments: HTTPClientSubject.allCases)
    func anAuthenticationChallengeIsReturnedAsA401(_ subject: HTTPClientSubject) async throws {
        try await HTTPClientContract.anAuthenticationChallengeIsReturnedAsA401(subject)
    }

    @Test(arguments: HTTPClientSubject.allCases)
    func nonJSONBodyIsUndecodable(_ subject: HTTPClientSubject) async throws {
        try await HTTPClientContract.nonJSONBodyIsUndecodable(subject)
    }

    @Test(arguments: HTTPClientSubject.allCases)
    func wrongShapeNamesTheCodingPath(_ subject: HTTPClientSubject) async throws {
        try await HTTPClientContract.wrongShapeNamesTheCodingPath(subject)
    }

    @Test(arguments: HTTPClientSubject.allCases)
    func cancellingTheTaskEndsTheRequestPromptly(_ subject: HTTPClientSubject) async throws {
        try await HTTPClientContract.cancellingTheTaskEndsTheRequestPromptly(subject)
    }

    @Test(arguments: NetworkClient.allCases)
    func aRefusedConnectionIsCannotConnect(_ kind: NetworkClient) async throws {
        try await HTTPTransportContract.refusedConnectionIsCannotConnect(kind.make(timeout: .seconds(5)))
    }

    /// One client shared by parallel tasks; under `make test-tsan` this also checks that hundreds of
    /// answers cross from URLSession's threads to their callers without a race.
    @Test(arguments: NetworkClient.allCases)
    func oneClientServesParallelTasks(_ kind: NetworkClient) async throws {
        try await withFixtureServer { server in
            let client = kind.make()
            let request = try EndpointClient(baseURL: server.baseURL, httpClient: client)
                .makeRequest(for: Endpoint<Data>.bytes("/health"))
            let statuses = try await withThrowingTaskGroup(of: [Int].self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        var statuses: [Int] = []
                        for _ in 0..<50 { statuses.append(try await client.send(request).0.status.code) }
                        return statuses
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(statuses == Array(repeating: 200, count: 400))
        }
    }

    @Test(arguments: NetworkClient.allCases)
    func aSlowAnswerTimesOut(_ kind: NetworkClient) async throws {
        try await HTTPTransportContract.slowAnswerTimesOut { kind.make(timeout: $0) }
    }
}
