import Fixtures
import Foundation
import HTTPTypes
import Testing

@Suite("Auth fixture")
struct AuthFixtureTests {
    func authenticate(_ backend: FixtureBackend, body: String = #"{"email":"a@b.c","password":"x"}"#) -> (
        HTTPResponse, Data
    ) {
        backend.handle(
            HTTPRequest(method: .post, scheme: "http", authority: "fixtures.test", path: "/auth/authenticate"),
            body: Data(body.utf8))
    }

    @Test func aForcedSuccessAnswersAVersion4UUIDTokenAndAMessage() throws {
        let (response, body) = authenticate(try FixtureBackend(configuration: .init(authOutcome: .success)))
        #expect(response.status == .ok)
        let json = try JSONDecoder().decode([String: String].self, from: body)
        let token = try #require(json["token"])
        #expect(UUID(uuidString: token) != nil)
        #expect(token.dropFirst(14).first == "4")
        #expect(json["message"]?.isEmpty == false)
    }

    @Test func aForcedUnauthorizedAnswers401WithAMessage() throws {
        let (response, body) = authenticate(try FixtureBackend(configuration: .init(authOutcome: .unauthorized)))
        #expect(response.status == .unauthorized)
        #expect(
            try JSONDecoder().decode([String: String].self, from: body)["message"]
                == "The email or password is incorrect.")
    }

    @Test func aForcedErrorAnswers500WithoutABody() throws {
        let (response, body) = authenticate(try FixtureBackend(configuration: .init(authOutcome: .error)))
        #expect(response.status == .internalServerError)
        #expect(body.isEmpty)
    }

    @Test func randomOutcomesRepeatForASeedAndCoverAllThree() throws {
        func statuses(seed: UInt64) throws -> [Int] {
            let backend = try FixtureBackend(configuration: .init(authOutcome: .random, seed: seed))
            return (0..<30).map { _ in authenticate(backend).0.status.code }
        }
        let first = try statuses(seed: 3)
        #expect(try statuses(seed: 3) == first)
        #expect(Set(first) == [200, 401, 500])
    }

    @Test func aBodyWithoutCredentialsIsABadRequest() throws {
        let (response, _) = authenticate(try FixtureBackend(configuration: .init(authOutcome: .success)), body: "{}")
        #expect(response.status == .badRequest)
    }
}
