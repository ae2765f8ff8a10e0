import FixtureServer
import FixtureTestSupport
import Fixtures
import Foundation
import Networking
import TestSupport
import Testing

/// `apps serve` as the backend an app's UI tests point at: `Prefer`, the journal, reset, scenarios
/// and connection faults, each over real HTTP.
@Suite("FixtureServer as a test backend")
struct TestBackendTests {
    struct Answer {
        var status: Int
        var fields: HTTPFields
        var body: Data
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body) as? [String: Any]) ?? [:] }
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    static func send(
        _ server: RunningFixtureServer, _ method: HTTPRequest.Method, _ path: String, fields: HTTPFields = [:],
        json: String? = nil
    ) async throws -> Answer {
        var request = HTTPRequest(
            method: method, scheme: "http", authority: "127.0.0.1:\(server.port)", path: path, headerFields: fields)
        if json != nil { request.headerFields[.contentType] = "application/json" }
        let (response, body) = try await URLSessionHTTPClient().send(request, body: json.map { Data($0.utf8) })
        return Answer(status: response.status.code, fields: response.headerFields, body: body)
    }

    static let prefer = HTTPField.Name("Prefer")!
    static let johnny = #"{"email":"johnny@gmail.com","password":"password"}"#
    static let listings: HTTPFields = [.authorization: FuzzSeeds.listingsAuthorization]

    /// Entries of `GET /__admin/requests?QUERY`, newest first.
    static func journal(_ server: RunningFixtureServer, _ query: String = "") async throws -> [[String: Any]] {
        try await send(server, .get, "/__admin/requests\(query.isEmpty ? "" : "?\(query)")").json["requests"]
            as? [[String: Any]] ?? []
    }

    @Test func preferCodeForcesOneAnswerThenTheNextIsNormal() async throws {
        try await withFixtureServer { server in
            let forced = try await Self.send(
                server, .post, "/koober/signin", fields: [Self.prefer: "code=401"], json: Self.johnny)
            #expect(forced.status == 401)
            #expect(forced.json["message"] as? String == "The email or password is incorrect.")
            #expect(forced.fields[HTTPField.Name("Preference-Applied")!] == "code=401")
            #expect(try await Self.send(server, .post, "/koober/signin", json: Self.johnny).status == 200)
            let undocumented = try await Self.send(server, .get, "/lotto/draws", fields: [Self.prefer: "code=404"])
            #expect(undocumented.status == 400)
            #expect(undocumented.text.contains("it documents 200, 304, 503"))
        }
    }

    @Test func theJournalListsRequestsNewestFirstWithSecretsRedacted() async throws {
        try await withFixtureServer { server in
            _ = try await Self.send(server, .post, "/koober/signin", json: Self.johnny)
            _ = try await Self.send(server, .get, "/listings/api/products", fields: Self.listings)
            let entries = try await Self.journal(server)
            #expect(entries.count == 2)
            let newest = entries.first?["request"] as? [String: Any]
            #expect(newest?["url"] as? String == "/listings/api/products")
            #expect((newest?["headers"] as? [String: String])?["authorization"] == "[redacted]")
            let signIn = entries.last?["request"] as? [String: Any]
            #expect((signIn?["jsonBody"] as? [String: String])?["password"] == "[redacted]")
            #expect((signIn?["jsonBody"] as? [String: String])?["email"] == "johnny@gmail.com")
            let body = signIn?["body"] as? String
            #expect(body?.contains("[redacted]") == true)
            #expect(body?.contains(#""password":"password""#) == false)
            #expect((entries.last?["response"] as? [String: Any])?["status"] as? Int == 200)
        }
    }

    /// As WireMock searches its journal: a body as sent (its spaces), each value of a repeated field.
    @Test func theJournalIsSearchedOnTheBodyAsSentAndEachValueOfAField() async throws {
        try await withFixtureServer { server in
            _ = try await Self.send(server, .post, "/health", json: "{ \"thing\":  { \"key\": \"a value\" } }")
            let spaced = try await Self.send(
                server, .post, "/__admin/requests/count",
                json: #"{"bodyPatterns": [{"matches": ".*\"key\": \"a value\".*"}]}"#)
            #expect(spaced.json["count"] as? Int == 1)
            // Sent below HTTP: URLSession joins a field sent twice into one.
            _ = try await rawExchange(
                port: server.port,
                request:
                    "GET /health HTTP/1.1\r\nHost: x\r\nX-Thing: One\r\nX-Thing: Two, Three\r\nConnection: close\r\n\r\n"
            )
            let each = try await Self.send(
                server, .post, "/__admin/requests/count", json: #"{"headers": {"X-Thing": {"equalTo": "Two, Three"}}}"#)
            #expect(each.json["count"] as? Int == 1)
            let listed = try await Self.journal(server, "method=GET").first?["request"] as? [String: Any]
            // Logged as WireMock logs a field sent twice: each value, in a list.
            #expect((listed?["headers"] as? [String: Any])?["x-thing"] as? [String] == ["One", "Two, Three"])
        }
    }

    /// What a UI test asserts: the image was fetched once; the second load of the draws sent the
    /// `ETag` back and got `304`.
    @Test func theJournalFiltersByMethodAndPathAndCounts() async throws {
        try await withFixtureServer { server in
            let first = try await Self.send(server, .get, "/lotto/draws")
            let tag = try #require(first.fields[.eTag])
            #expect(try await Self.send(server, .get, "/lotto/draws", fields: [.ifNoneMatch: tag]).status == 304)
            _ = try await Self.send(server, .get, "/listings/image/shirt-blue.jpg", fields: Self.listings)
            _ = try await Self.send(server, .post, "/koober/signin", json: Self.johnny)
            let draws = try await Self.journal(server, "method=GET&urlPath=/lotto/draws")
            #expect(draws.count == 2)
            let second = draws.first?["request"] as? [String: Any]
            #expect((second?["headers"] as? [String: String])?["if-none-match"] == tag)
            #expect((draws.first?["response"] as? [String: Any])?["status"] as? Int == 304)
            let images = try await Self.send(
                server, .post, "/__admin/requests/count", json: #"{"urlPathPattern":"/listings/image/.*"}"#)
            #expect(images.json["count"] as? Int == 1)
            #expect(try await Self.journal(server, "method=POST").count == 1)
        }
    }

    @Test func deletingTheJournalEmptiesIt() async throws {
        try await withFixtureServer { server in
            _ = try await Self.send(server, .get, "/health")
            #expect(try await Self.send(server, .delete, "/__admin/requests").status == 200)
            #expect(try await Self.journal(server).isEmpty)
        }
    }

    /// WireMock's `POST /__admin/requests/remove` and `DELETE /__admin/requests/ID`.
    @Test func requestsLeaveTheJournalByPatternOrByID() async throws {
        try await withFixtureServer { server in
            _ = try await Self.send(server, .get, "/health", fields: [HTTPField.Name("My-Header")!: "one"])
            _ = try await Self.send(server, .get, "/health", fields: [HTTPField.Name("My-Header")!: "two"])
            _ = try await Self.send(server, .get, "/lotto/draws")
            let removed = try await Self.send(
                server, .post, "/__admin/requests/remove",
                json: #"{"urlPath": "/health", "headers": {"My-Header": {"equalTo": "two"}}}"#)
            let events = try #require(removed.json["serveEvents"] as? [[String: Any]])
            #expect(events.count == 1)
            #expect(
                ((events.first?["request"] as? [String: Any])?["headers"] as? [String: String])?["my-header"] == "two")
            let kept = try await Self.journal(server)
            #expect(kept.count == 2)
            let draws = try #require(kept.first?["id"] as? Int)
            #expect(try await Self.send(server, .delete, "/__admin/requests/\(draws)").status == 200)
            #expect(try await Self.journal(server).count == 1)
            let unknown = try await Self.send(server, .delete, "/__admin/requests/0b4d7e6a-2f1c-4f0e-9d7b-2f1c4f0e9d7b")
            #expect(unknown.status == 200, "one the journal does not have is no error")
            #expect(try await Self.send(server, .delete, "/__admin/requests/-1").status == 400)
            #expect(try await Self.journal(server).count == 1)
        }
    }

    @Test func resetForgetsSignUpsScenariosAndTheJournal() async throws {
        let ann = #"{"fullName":"Ann","nickname":"Ann","email":"ann@x.com","phone":"1","password":"longenough"}"#
        try await withFixtureServer { server in
            #expect(try await Self.send(server, .post, "/koober/signup", json: ann).status == 201)
            #expect(try await Self.send(server, .post, "/koober/signup", json: ann).status == 409)
            let empty = try await Self.send(
                server, .put, "/__admin/scenarios/lotto-draws/state", json: #"{"state":"empty"}"#)
            #expect(empty.status == 200)
            #expect(try await Self.send(server, .get, "/lotto/draws").text == #"{"draws":[]}"#)
            #expect(try await Self.send(server, .post, "/__admin/reset").status == 200)
            #expect(try await Self.journal(server).isEmpty)
            #expect(try await Self.send(server, .post, "/koober/signup", json: ann).status == 201)
            #expect(try await Self.send(server, .get, "/lotto/draws").text != #"{"draws":[]}"#)
        }
    }

    @Test func scenariosAreListedAndAWrongOneIsNamed() async throws {
        try await withFixtureServer { server in
            let listed = try await Self.send(server, .get, "/__admin/scenarios").json["scenarios"] as? [[String: Any]]
            #expect(listed?.compactMap { $0["name"] as? String } == FixtureBackend.scenarios.map(\.name))
            let unknown = try await Self.send(
                server, .put, "/__admin/scenarios/weather/state", json: #"{"state":"rain"}"#)
            #expect(unknown.status == 404)
            #expect(unknown.text.contains("koober-signup, listings-offers, lotto-draws"))
            let wrong = try await Self.send(
                server, .put, "/__admin/scenarios/listings-offers/state", json: #"{"state":"rain"}"#)
            #expect(wrong.status == 422)
            #expect(try await Self.send(server, .get, "/__admin/nothing").status == 404)
        }
    }

    @Test func adminRoutesRefuseWhatTheyDoNotTake() async throws {
        try await withFixtureServer { server in
            let wrongMethod = try await Self.send(server, .put, "/__admin/reset")
            #expect(wrongMethod.status == 405)
            #expect(wrongMethod.fields[.allow] == "POST")
            #expect(try await Self.send(server, .get, "/__admin/requests?limit=-1").status == 400)
            #expect(try await Self.send(server, .post, "/__admin/requests/count").status == 400, "no body")
            let null = try await Self.send(server, .post, "/__admin/requests/find", json: #"{"url":null}"#)
            #expect(null.status == 400)
            let pattern = try await Self.send(server, .get, "/__admin/requests?urlPathPattern=(")
            #expect(pattern.status == 400)
            #expect(pattern.text.contains("not a regular expression"))
        }
    }

    @Test func aPlusInTheQueryIsASpace() async throws {
        try await withFixtureServer { server in
            let found = try await Self.send(server, .get, "/koober/locations?query=george+STREET")
            #expect(
                (found.json["locations"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == [
                    "100-george-street"
                ])
        }
    }

    static func raw(_ path: String, fault: String) -> String {
        "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nPrefer: fault=\(fault)\r\nConnection: close\r\n\r\n"
    }

    @Test func faultResetResetsTheConnectionBeforeAnyAnswer() async throws {
        try await withFixtureServer { server in
            let exchange = try await rawExchange(port: server.port, request: Self.raw("/lotto/draws", fault: "reset"))
            #expect(exchange.ending == .reset)
            #expect(exchange.received.isEmpty)
        }
    }

    @Test func faultEmptyClosesWithoutAnAnswer() async throws {
        try await withFixtureServer { server in
            let exchange = try await rawExchange(port: server.port, request: Self.raw("/lotto/draws", fault: "empty"))
            #expect(exchange.ending == .closed)
            #expect(exchange.received.isEmpty)
            let entry = try await Self.journal(server).first?["response"] as? [String: Any]
            #expect(entry?["fault"] as? String == "empty")
        }
    }

    @Test func faultTruncateSendsHalfTheDeclaredBodyThenCloses() async throws {
        try await withFixtureServer { server in
            let exchange = try await rawExchange(
                port: server.port, request: Self.raw("/lotto/draws", fault: "truncate"))
            #expect(exchange.head.hasPrefix("HTTP/1.1 200"))
            let declared = try #require(exchange.declaredLength)
            #expect(exchange.body.count == declared / 2)
            #expect(exchange.ending != .timedOut)
        }
    }

    @Test func faultDribbleSendsTheWholeBodyInPieces() async throws {
        var configuration = FixtureServer.Configuration()
        configuration.dribbleDuration = .milliseconds(450)
        try await withFixtureServer(configuration) { server in
            let exchange = try await rawExchange(port: server.port, request: Self.raw("/lotto/draws", fault: "dribble"))
            #expect(exchange.head.hasPrefix("HTTP/1.1 200"))
            #expect(exchange.body.count == exchange.declaredLength)
            #expect(exchange.reads >= 5, "ten pieces, 50 ms apart")
            #expect(exchange.ending == .closed)
        }
    }

    @Test func anUnknownFaultIs400NamingTheFaults() async throws {
        try await withFixtureServer { server in
            let answer = try await Self.send(server, .get, "/health", fields: [Self.prefer: "fault=slow"])
            #expect(answer.status == 400)
            #expect(answer.text.contains("it has reset, empty, truncate, dribble"))
        }
    }

    /// The rates for the whole server: a seed repeats which requests get which fault.
    @Test func faultRatesRepeatForASeed() async throws {
        func endings(seed: UInt64) async throws -> [String] {
            let configuration = FixtureServer.Configuration(
                failureRate: 0.2, resetRate: 0.2, truncateRate: 0.2, seed: seed)
            return try await withFixtureServer(configuration) { server in
                var endings: [String] = []
                for _ in 0..<15 {
                    let request = "GET /lotto/draws HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
                    let exchange = try await rawExchange(port: server.port, request: request)
                    let status = exchange.head.split(separator: " ").dropFirst().first.map(String.init) ?? "-"
                    let complete = exchange.body.count == exchange.declaredLength
                    endings.append("\(exchange.ending) \(status) \(complete ? "whole" : "cut")")
                }
                return endings
            }
        }
        let first = try await endings(seed: 3)
        #expect(try await endings(seed: 3) == first)
        #expect(Set(first).count >= 3, "\(first)")
    }
}

/// TestSupport's `TestBackend`, the typed admin client an app's UI tests use, against a live server.
@Suite("TestBackend")
struct TestBackendClientTests {
    @Test func resetsSetsAScenarioAndReadsWhatArrived() async throws {
        try await withFixtureServer { server in
            let backend = TestBackend(baseURL: server.baseURL)
            _ = try await TestBackendTests.send(server, .get, "/health")
            try await backend.reset()
            #expect(try await backend.requests().isEmpty)
            try await backend.setState("empty", of: "lotto-draws")
            #expect(try await TestBackendTests.send(server, .get, "/lotto/draws").text == #"{"draws":[]}"#)
            _ = try await TestBackendTests.send(
                server, .post, "/koober/signin", fields: [TestBackendTests.prefer: "code=401"],
                json: TestBackendTests.johnny)
            let signIns = try await backend.requests(method: .post, path: "/koober/signin")
            #expect(signIns.count == 1)
            #expect(signIns.first?.status == 401)
            #expect(signIns.first?.headers["prefer"] == "code=401")
            #expect(signIns.first?.body?.contains("[redacted]") == true)
            #expect(try await backend.requests(method: .get).map(\.url) == ["/lotto/draws"])
            try await backend.clearRequests()
            #expect(try await backend.requests().isEmpty)
        }
    }

    @Test func aScenarioTheBackendDoesNotHaveIsAnErrorWithItsMessage() async throws {
        try await withFixtureServer { server in
            let backend = TestBackend(baseURL: server.baseURL)
            await #expect(throws: NetworkError.self) { try await backend.setState("rain", of: "weather") }
            do {
                try await backend.setState("rain", of: "lotto-draws")
                Issue.record("no error")
            } catch let error as NetworkError {
                #expect(error.localizedDescription.contains("normal, empty, broken-record"), "\(error)")
            }
        }
    }

    /// What an app's UI test does: a sandbox of its own, a 503 then the real answer, and the app's
    /// own client (retrying) sees the success after one retry.
    @Test func aSandboxStubbedWithA503ThenTheFixturesIsRetriedThrough() async throws {
        try await withFixtureServer { server in
            let sandbox = TestBackend(baseURL: server.baseURL).sandbox("retry-test")
            #expect(sandbox.baseURL.absoluteString == "\(server.baseURL.absoluteString)/__sandbox/retry-test")
            let id = try await sandbox.stub(
                Stub(
                    .get, "/lotto/draws", Stub.Response(status: 503, headers: ["Retry-After": "0"]),
                    scenario: Stub.Scenario("flaky", requiredState: Stub.Scenario.started, newState: "up")))
            #expect(try await sandbox.stubIDs() == [id])

            let app = EndpointClient(
                baseURL: sandbox.baseURL,
                httpClient: RetryingHTTPClient(URLSessionHTTPClient(), clock: RecordingClock()))
            let draws = try await app.send(Endpoint<Data>.bytes("/lotto/draws"))
            #expect(draws.count > 100, "the fixtures after one 503")
            #expect(try await sandbox.requests(path: "/lotto/draws").map(\.status) == [200, 503])
            #expect(try await TestBackend(baseURL: server.baseURL).requests().isEmpty, "the main world saw nothing")

            _ = try? await app.send(Endpoint<Data>.bytes("/lotto/drwas"))
            #expect(try await sandbox.unmatchedRequests().map(\.url) == ["/lotto/drwas"])
            try await sandbox.removeStub(id: id)
            #expect(try await sandbox.stubIDs().isEmpty)
        }
    }

    @Test func aStubTheServerRefusesIsAnErrorNamingTheField() async throws {
        try await withFixtureServer { server in
            let backend = TestBackend(baseURL: server.baseURL)
            let broken = Stub(request: .init(pathPattern: "(("), response: .init())
            do {
                try await backend.stub(broken)
                Issue.record("no error")
            } catch let error as NetworkError {
                #expect(error.localizedDescription.contains("request.urlPathPattern: (( is not a regular expression"))
            }
            let json = try Stub(.get, "/a", try Stub.Response(json: ["ok": true])).mappingJSON()
            #expect(String(decoding: json, as: UTF8.self).contains(#""base64Body":"eyJvayI6dHJ1ZX0=""#))
        }
    }
}
