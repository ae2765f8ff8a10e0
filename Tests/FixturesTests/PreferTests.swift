import Fixtures
import Foundation
import HTTPTypes
import Testing

/// `Prefer: code=…` and `example=…`, Stoplight Prism's convention, against Docs/openapi.yaml.
@Suite("Prefer")
struct PreferTests {
    let backend: FixtureBackend

    init() throws {
        backend = try FixtureBackend()
    }

    static let johnny = #"{"email":"johnny@gmail.com","password":"password"}"#

    func send(_ method: HTTPRequest.Method, _ path: String, prefer: String, json: String? = nil) -> (
        HTTPResponse, String
    ) {
        let (response, body) = backend.send(method, path, fields: [HTTPField.Name("Prefer")!: prefer], json: json)
        return (response, String(decoding: body, as: UTF8.self))
    }

    @Test func aDocumentedCodeAnswersWithItsExampleForThatRequestOnly() {
        let (response, body) = send(.post, "/koober/signin", prefer: "code=401", json: Self.johnny)
        #expect(response.status == .unauthorized)
        #expect(body == #"{"message":"The email or password is incorrect."}"#)
        #expect(response.headerFields[HTTPField.Name("Preference-Applied")!] == "code=401")
        #expect(backend.send(.post, "/koober/signin", json: Self.johnny).0.status == .ok)
    }

    @Test func theDocumentedHeadersComeWithTheExample() {
        let (unavailable, _) = send(.get, "/lotto/draws", prefer: "code=503")
        #expect(unavailable.headerFields[.retryAfter] == "0")
        let (unauthorized, _) = send(.get, "/listings/api/products", prefer: "code=401")
        #expect(unauthorized.headerFields[.wwwAuthenticate] == #"Basic realm="listings""#)
    }

    @Test func aNamedExampleIsPicked() {
        let (response, body) = send(.post, "/koober/signup", prefer: "code=422, example=missing-field", json: "{}")
        #expect(response.status == .unprocessableContent)
        #expect(body == #"{"message":"fullName is missing."}"#)
        let (same, sameBody) = send(.post, "/koober/rides", prefer: #"example="same-place""#, json: "{}")
        #expect(same.status == .unprocessableContent)
        #expect(sameBody.contains("must differ"))
    }

    @Test func aSuccessTheRouteGivesAnywayIsTheRealAnswer() throws {
        let (response, body) = send(.get, "/lotto/draws", prefer: "code=200")
        #expect(response.status == .ok)
        let draws = try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: [Any]]
        #expect((draws?["draws"]?.count ?? 0) > 2, "the fixture's draws, not the document's two")
    }

    @Test func aForcedFailureDoesNotRunTheRoute() {
        let ann = #"{"fullName":"Ann","nickname":"Ann","email":"ann@x.com","phone":"1","password":"longenough"}"#
        #expect(send(.post, "/koober/signup", prefer: "code=409", json: ann).0.status == .conflict)
        #expect(backend.send(.post, "/koober/signup", json: ann).0.status == .created, "the account was not made")
    }

    @Test func anUndocumentedCodeOrExampleIs400NamingTheDocumentedOnes() {
        let (response, body) = send(.post, "/koober/signin", prefer: "code=418", json: Self.johnny)
        #expect(response.status == .badRequest)
        #expect(body.contains("code=418 is not an answer of POST /koober/signin; it documents 200, 401, 413, 422, 503"))
        let (unknown, unknownBody) = send(.post, "/koober/signup", prefer: "example=nope", json: "{}")
        #expect(unknown.status == .badRequest)
        #expect(unknownBody.contains("it has email-taken, bad-email, missing-field"))
    }

    @Test func aCodeThatIsNoNumberIsEchoedAsSent() {
        let (response, body) = send(.post, "/koober/signin", prefer: "code=abc", json: Self.johnny)
        #expect(response.status == .badRequest)
        #expect(body.contains("Prefer: code=abc is not an answer of POST /koober/signin"))
    }

    @Test func otherPreferencesAreLeftAlone() {
        #expect(send(.get, "/health", prefer: "respond-async, wait=5").0.status == .ok)
    }
}
