import AuthMVP
import FixtureServer
import FixtureTestSupport
import Fixtures
import Foundation
import HTTPTypes
import Networking
import TestSupport
import Testing

@Suite("Authentication service")
struct AuthenticationServiceTests {
    func makeSUT(status: HTTPResponse.Status, body: String) -> (RemoteAuthenticationService, HTTPClientSpy) {
        let spy = HTTPClientSpy(status: status, json: body)
        return (
            RemoteAuthenticationService(
                api: EndpointClient(baseURL: URL(string: "http://auth.test")!, httpClient: spy)), spy
        )
    }

    @Test func postsTheCredentialsAsJSON() async throws {
        let (service, spy) = makeSUT(status: .ok, body: #"{"token": "abc", "message": "Hi"}"#)
        _ = try await service.authenticate(email: "a@b.c", password: "pw")
        let body = try #require(spy.messages.first?.body)
        #expect(try JSONDecoder().decode([String: String].self, from: body) == ["email": "a@b.c", "password": "pw"])
        #expect(spy.messages.first?.url == "http://auth.test/auth/authenticate")
    }

    @Test func okIsATokenAndAMessage() async throws {
        let (service, _) = makeSUT(status: .ok, body: #"{"token": "abc", "message": "Hi"}"#)
        #expect(
            try await service.authenticate(email: "a@b.c", password: "pw")
                == Authentication(token: "abc", message: "Hi"))
    }

    @Test func unauthorizedCarriesTheMessage() async {
        let (service, _) = makeSUT(status: .unauthorized, body: #"{"message": "Nope."}"#)
        await #expect(throws: AuthError.unauthorized(message: "Nope.")) {
            try await service.authenticate(email: "a@b.c", password: "pw")
        }
    }

    @Test func anotherStatusWithoutABodyIsAGenericFailure() async {
        let (service, _) = makeSUT(status: .internalServerError, body: "")
        await #expect(
            throws: AuthError.rejected(
                status: 500, message: "Something went wrong on our side. Please try again. (error 500)")
        ) {
            try await service.authenticate(email: "a@b.c", password: "pw")
        }
    }

    @Test func anotherStatusWithAMessageShowsIt() async {
        let (service, _) = makeSUT(status: .serviceUnavailable, body: #"{"message": "Down for maintenance."}"#)
        await #expect(throws: AuthError.rejected(status: 503, message: "Down for maintenance.")) {
            try await service.authenticate(email: "a@b.c", password: "pw")
        }
    }

    @Test func aTransportFailureSaysWhatHappened() async {
        let service = RemoteAuthenticationService(
            api: EndpointClient(
                baseURL: URL(string: "http://auth.test")!,
                httpClient: StubHTTPClient { _, _ in throw NetworkError.cannotConnect(host: "auth.test") }))
        await #expect(
            throws: AuthError.network(.cannotConnect(host: "auth.test"))
        ) {
            try await service.authenticate(email: "a@b.c", password: "pw")
        }
    }

    @Test func aSuccessWithoutATokenIsAFailure() async {
        let (service, _) = makeSUT(status: .ok, body: #"{"message": "Hi"}"#)
        let error = await #expect(throws: AuthError.self) {
            try await service.authenticate(email: "a@b.c", password: "pw")
        }
        guard case .network(.undecodable(_, let reason)) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(reason.contains("token"))
    }

    @Test(arguments: [
        (FixtureBackend.AuthOutcome.success, nil as AuthError?),
        (.unauthorized, .unauthorized(message: "The email or password is incorrect.")),
        (.error, .rejected(status: 500, message: "Something went wrong on our side. Please try again. (error 500)")),
    ])
    func liveForcedOutcomes(_ outcome: FixtureBackend.AuthOutcome, _ expected: AuthError?) async throws {
        try await withFixtureServer(backend: .init(authOutcome: outcome)) { server in
            let service = RemoteAuthenticationService(
                api: EndpointClient(baseURL: server.baseURL, httpClient: URLSessionHTTPClient()))
            do throws(AuthError) {
                let authentication = try await service.authenticate(email: "a@b.c", password: "pw")
                #expect(expected == nil)
                #expect(UUID(uuidString: authentication.token) != nil)
            } catch {
                #expect(error == expected)
            }
        }
    }

    @Test func liveCancellationEndsTheRequest() async throws {
        try await withFixtureServer(FixtureServer.Configuration(latency: .seconds(30))) { server in
            let service = RemoteAuthenticationService(
                api: EndpointClient(baseURL: server.baseURL, httpClient: URLSessionHTTPClient()))
            let task = Task { try await service.authenticate(email: "a@b.c", password: "pw") }
            task.cancel()
            await #expect(throws: AuthError.cancelled) { try await task.value }
        }
    }
}
