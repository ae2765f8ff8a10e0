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

    @Test func urlSessionReportsARefusedConnection() async throws {
        try await HTTPTransportContract.refusedConnectionIsCannotConnect(URLSessionHTTPClient(timeout: .seconds(5)))
    }

    @Test func urlSessionTimesOutASlowAnswer() async throws {
        try await HTTPTransportContract.slowAnswerTimesOut { URLSessionHTTPClient(timeout: $0) }
    }
}
