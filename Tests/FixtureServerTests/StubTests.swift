import FixtureTestSupport
import Fixtures
import Foundation
import Networking
import StubEngine
import Testing

@testable import FixtureServer

/// WireMock's stub mappings over HTTP: `/__admin/mappings` in WireMock's JSON, stubs answering
/// before the fixtures, their faults and delays carried out by the server.
@Suite("Stubs over HTTP")
struct StubTests {
    typealias Backend = TestBackendTests

    static let lottoDraws =
        #"{"draws": [{"id": "draw-1", "drawDate": "2024-01-06", "number1": "1", "number2": "2", "number3": "3", "number4": "4", "number5": "5", "number6": "6", "bonus-ball": "7", "topPrize": 100}]}"#

    @Test func aPostedStubAnswersBeforeTheFixturesUntilItIsDeleted() async throws {
        try await withFixtureServer { server in
            let created = try await Backend.send(
                server, .post, "/__admin/mappings",
                json:
                    #"{"request": {"method": "GET", "urlPath": "/lotto/draws"}, "response": {"status": 200, "jsonBody": \#(Self.lottoDraws)}}"#
            )
            #expect(created.status == 201)
            let id = try #require(created.json["id"] as? String)
            let stubbed = try await Backend.send(server, .get, "/lotto/draws")
            #expect(stubbed.json["draws"].map { ($0 as? [Any])?.count } == 1)
            #expect(stubbed.fields[.contentType] == nil, "the stub names no type: WireMock 2 and 3 send none")

            let listed = try await Backend.send(server, .get, "/__admin/mappings")
            #expect((listed.json["mappings"] as? [[String: Any]])?.first?["id"] as? String == id)
            #expect(try await Backend.send(server, .get, "/__admin/mappings/\(id)").status == 200)
            #expect(try await Backend.send(server, .delete, "/__admin/mappings/\(id)").status == 200)
            #expect(try await Backend.send(server, .get, "/__admin/mappings/\(id)").status == 404)
            let fixtures = try await Backend.send(server, .get, "/lotto/draws")
            #expect((fixtures.json["draws"] as? [Any])?.count ?? 0 > 1, "the fixtures answer again")
        }
    }

    @Test func a503OnceThenTheFixturesIsAScenarioOfOneStub() async throws {
        try await withFixtureServer { server in
            let imported = try await Backend.send(
                server, .post, "/__admin/mappings/import",
                json: #"""
                    {"mappings": [{"scenarioName": "flaky", "requiredScenarioState": "Started", "newScenarioState": "up",
                      "request": {"urlPath": "/listings/api/products"}, "response": {"status": 503, "headers": {"Retry-After": "0"}}}]}
                    """#)
            #expect(imported.status == 200)
            let products = "/listings/api/products"
            #expect(try await Backend.send(server, .get, products, fields: Backend.listings).status == 503)
            #expect(try await Backend.send(server, .get, products, fields: Backend.listings).status == 200)
            let scenarios =
                try await Backend.send(server, .get, "/__admin/scenarios").json["scenarios"] as? [[String: Any]]
            #expect(scenarios?.contains { $0["name"] as? String == "flaky" && $0["state"] as? String == "up" } == true)
            #expect(try await Backend.send(server, .post, "/__admin/reset").status == 200)
            #expect(
                try await Backend.send(server, .get, products, fields: Backend.listings).status == 200,
                "reset removed it")
        }
    }

    /// WireMock's `importOptions`: a stub already there kept (`IGNORE`) or replaced, the others
    /// removed with `deleteAllNotInImport`; an option the server does not have is refused.
    @Test func anImportFollowsItsOptions() async throws {
        try await withFixtureServer { server in
            func body(_ path: String) async throws -> String {
                try await Backend.send(server, .get, path).text
            }
            func ids() async throws -> [String] {
                let listed =
                    try await Backend.send(server, .get, "/__admin/mappings").json["mappings"] as? [[String: Any]]
                return (listed ?? []).compactMap { $0["id"] as? String }.sorted()
            }
            for (id, path) in [("one", "/one"), ("four", "/four")] {
                _ = try await Backend.send(
                    server, .post, "/__admin/mappings",
                    json: #"{"id": "\#(id)", "request": {"urlPath": "\#(path)"}, "response": {"body": "Original"}}"#)
            }
            let update = #"{"id": "one", "request": {"urlPath": "/one"}, "response": {"body": "Updated"}}"#
            let two = #"{"id": "two", "request": {"urlPath": "/two"}, "response": {}}"#
            let ignoring = try await Backend.send(
                server, .post, "/__admin/mappings/import",
                json: #"{"mappings": [\#(update), \#(two)], "importOptions": {"duplicatePolicy": "IGNORE"}}"#)
            #expect(ignoring.status == 200)
            #expect(try await body("/one") == "Original")
            #expect(try await ids() == ["four", "one", "two"])
            let replacing = try await Backend.send(
                server, .post, "/__admin/mappings/import",
                json: #"{"mappings": [\#(update)], "importOptions": {"deleteAllNotInImport": true}}"#)
            #expect(replacing.status == 200)
            #expect(try await body("/one") == "Updated")
            #expect(try await ids() == ["one"])
            let unknown = try await Backend.send(
                server, .post, "/__admin/mappings/import",
                json: #"{"mappings": [\#(two)], "importOptions": {"merge": true}}"#)
            #expect(unknown.status == 422)
            #expect(unknown.text.contains("importOptions.merge"))
            #expect(try await ids() == ["one"], "nothing imported")
        }
    }

    /// WireMock's `POST /__admin/mappings/remove`: the stub with the given one's id, or else the
    /// one with the same request; none such is no error.
    @Test func aStubIsRemovedByItsIDOrItsRequest() async throws {
        try await withFixtureServer { server in
            for (id, path) in [("first", "/stub-1"), ("second", "/stub-2")] {
                _ = try await Backend.send(
                    server, .post, "/__admin/mappings",
                    json: #"{"id": "\#(id)", "request": {"method": "GET", "url": "\#(path)"}, "response": {}}"#)
            }
            let byID = try await Backend.send(
                server, .post, "/__admin/mappings/remove",
                json: #"{"id": "first", "request": {"url": "/elsewhere"}, "response": {}}"#)
            #expect(byID.status == 200)
            #expect(try await Backend.send(server, .get, "/stub-1").status == 404)
            let byRequest = try await Backend.send(
                server, .post, "/__admin/mappings/remove",
                json: #"{"id": "other", "request": {"method": "GET", "url": "/stub-2"}, "response": {"body": "x"}}"#)
            #expect(byRequest.status == 200)
            #expect(try await Backend.send(server, .get, "/stub-2").status == 404)
            let none = try await Backend.send(
                server, .post, "/__admin/mappings/remove", json: #"{"request": {"url": "/stub-3"}, "response": {}}"#)
            #expect(none.status == 200)
        }
    }

    /// WireMock's `/__admin/settings`, as its clients set them (`update_global_settings`).
    @Test func globalSettingsAreSetAndReadBackAndABadOneIsRefused() async throws {
        try await withFixtureServer { server in
            func settings() async throws -> [String: Int]? {
                try await Backend.send(server, .get, "/__admin/settings").json["settings"] as? [String: Int]
            }
            #expect(try await settings() == [:])
            #expect(
                try await Backend.send(server, .post, "/__admin/settings", json: #"{"fixedDelay": 1}"#).status == 200)
            #expect(try await settings() == ["fixedDelay": 1])
            #expect(try await Backend.send(server, .post, "/__admin/reset").status == 200)
            #expect(try await settings() == ["fixedDelay": 1], "a reset leaves them, as in WireMock")
            let refused = try await Backend.send(server, .put, "/__admin/settings", json: #"{"fixedDelay": "soon"}"#)
            #expect(refused.status == 422)
            #expect(refused.text.contains("fixedDelay"))
            #expect(try await settings() == ["fixedDelay": 1], "nothing half set")
            #expect(try await Backend.send(server, .put, "/__admin/settings", json: "{}").status == 200)
            #expect(try await settings() == [:])
        }
    }

    @Test func aBrokenStubIs422NamingTheFieldAndNothingIsKept() async throws {
        try await withFixtureServer { server in
            let refused = try await Backend.send(
                server, .post, "/__admin/mappings",
                json: #"{"request": {"bodyPatterns": [{"matches": "(("}]}, "response": {}}"#)
            #expect(refused.status == 422)
            #expect(
                refused.json["message"] as? String == "request.bodyPatterns[0].matches: (( is not a regular expression")
            // WireMock's shape too, which its clients read.
            let error = (refused.json["errors"] as? [[String: Any]])?.first
            #expect(error?["code"] as? Int == 10)
            // At the matcher that failed, as WireMock 2.35.1 points (checked against its jar).
            #expect((error?["source"] as? [String: String])?["pointer"] == "/request/bodyPatterns/0")
            #expect(error?["title"] as? String == refused.json["message"] as? String)
            let notJSON = try await Backend.send(server, .post, "/__admin/mappings", json: "{")
            #expect(notJSON.status == 400)
            let listed = try await Backend.send(server, .get, "/__admin/mappings")
            #expect((listed.json["meta"] as? [String: Any])?["total"] as? Int == 0)
        }
    }

    @Test func aStubsFaultIsCarriedOutByTheServer() async throws {
        try await withFixtureServer { server in
            _ = try await Backend.send(
                server, .post, "/__admin/mappings",
                json: #"{"request": {"urlPath": "/lotto/draws"}, "response": {"fault": "CONNECTION_RESET_BY_PEER"}}"#)
            let exchange = try await rawExchange(
                port: server.port, request: "GET /lotto/draws HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            #expect(exchange.ending == .reset)
            #expect(exchange.received.isEmpty)

            _ = try await Backend.send(
                server, .post, "/__admin/mappings",
                json:
                    #"{"request": {"urlPath": "/health"}, "response": {"body": "0123456789", "fault": "MALFORMED_RESPONSE_CHUNK"}}"#
            )
            let truncated = try await rawExchange(
                port: server.port, request: "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            #expect(truncated.declaredLength == 10)
            #expect(truncated.body.count == 5)
        }
    }

    @Test func aStubsDelayHoldsItsAnswer() async throws {
        try await withFixtureServer { server in
            _ = try await Backend.send(
                server, .post, "/__admin/mappings",
                json:
                    #"{"request": {"urlPath": "/health"}, "response": {"status": 503, "fixedDelayMilliseconds": 200}}"#)
            let clock = ContinuousClock()
            let start = clock.now
            #expect(try await Backend.send(server, .get, "/health").status == 503)
            #expect(clock.now - start >= .milliseconds(200), "not before its delay")
        }
    }

    /// `MALFORMED_RESPONSE_CHUNK` on a stub without a body sent a clean, complete answer.
    @Test func aMalformedChunkBreaksAnAnswerWithoutABodyToo() async throws {
        try await withFixtureServer { server in
            _ = try await Backend.send(
                server, .post, "/__admin/mappings",
                json: #"{"request": {"urlPath": "/health"}, "response": {"fault": "MALFORMED_RESPONSE_CHUNK"}}"#)
            let truncated = try await rawExchange(
                port: server.port, request: "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            let declared = try #require(truncated.declaredLength)
            #expect(truncated.body.count < declared)
        }
    }

    @Test func aChunkedDribbleSendsTheBodyInItsPiecesOverItsDuration() async throws {
        try await withFixtureServer { server in
            let created = try await Backend.send(
                server, .post, "/__admin/mappings",
                json: #"""
                    {"request": {"urlPath": "/slow"},
                     "response": {"body": "0123456789", "chunkedDribbleDelay": {"numberOfChunks": 5, "totalDuration": 200}}}
                    """#)
            #expect(created.status == 201)
            let clock = ContinuousClock()
            let start = clock.now
            let answer = try await Backend.send(server, .get, "/slow")
            #expect(answer.text == "0123456789")
            #expect(clock.now - start >= .milliseconds(200), "the last piece after its duration")
        }
    }

    @Test func aDelayDistributionAddsToTheFixedDelay() async throws {
        try await withFixtureServer { server in
            let created = try await Backend.send(
                server, .post, "/__admin/mappings",
                json: #"""
                    {"request": {"urlPath": "/slow"},
                     "response": {"status": 204, "fixedDelayMilliseconds": 100, "delayDistribution": {"type": "uniform", "lower": 100, "upper": 150}}}
                    """#)
            #expect(created.status == 201)
            let clock = ContinuousClock()
            let start = clock.now
            #expect(try await Backend.send(server, .get, "/slow").status == 204)
            #expect(clock.now - start >= .milliseconds(200), "the fixed delay and the drawn one")
        }
    }

    @Test func aStubWithAProxyBaseUrlGivesTheOtherServersAnswerWithItsOwnFields() async throws {
        try await withFixtureServer { upstream in
            _ = try await Backend.send(
                upstream, .post, "/__admin/mappings",
                json:
                    #"{"request": {"urlPath": "/real/hello", "queryParameters": {"q": {"equalTo": "1"}}}, "response": {"body": "hi", "headers": {"X-Real": "yes"}}}"#
            )
            try await withFixtureServer { server in
                let created = try await Backend.send(
                    server, .post, "/__admin/mappings",
                    json: #"""
                        {"request": {"urlPathPattern": "/api/.*"},
                         "response": {"proxyBaseUrl": "http://127.0.0.1:\#(upstream.port)/real", "proxyUrlPrefixToRemove": "/api",
                                      "additionalProxyRequestHeaders": {"X-Via": "stub"}, "headers": {"X-Stub": "yes"}}}
                        """#)
                #expect(created.status == 201)
                let answer = try await Backend.send(server, .get, "/api/hello?q=1")
                #expect(answer.status == 200)
                #expect(answer.text == "hi")
                #expect(answer.fields[HTTPField.Name("X-Real")!] == "yes")
                #expect(answer.fields[HTTPField.Name("X-Stub")!] == "yes")
                let journal = try await Backend.send(upstream, .get, "/__admin/requests")
                let entries = journal.json["requests"] as? [[String: Any]]
                let headers = (entries?.first?["request"] as? [String: Any])?["headers"] as? [String: Any]
                #expect(headers?["x-via"] as? String == "stub")
            }
        }
    }

    /// Each answer read from another server may be 32 MiB: a careless test's burst of proxied
    /// requests to a slow server held them all at once.
    @Test func answersReadFromOtherServersAreBoundedAndTheNextIs503AtOnce() async throws {
        let gate = Gate()
        var configuration = FixtureServer.Configuration()
        configuration.send = { _, _ in
            await gate.wait()
            return (HTTPResponse(status: .ok), Data("late".utf8))
        }
        try await withFixtureServer(configuration) { server in
            _ = try await Backend.send(
                server, .post, "/__admin/mappings",
                json: #"{"request": {"urlPath": "/slow"}, "response": {"proxyBaseUrl": "http://upstream.test"}}"#)
            let limit = 16
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<limit {
                    group.addTask { try await Backend.send(server, .get, "/slow").status }
                }
                var turns = 0
                while await gate.waiting < limit, turns < 1_000_000 {
                    turns += 1
                    await Task.yield()
                }
                #expect(await gate.waiting == limit)
                let over = try await Backend.send(server, .get, "/slow")
                #expect(over.status == 503)
                #expect(over.fields[.retryAfter] == "1")
                await gate.open()
                for try await status in group { #expect(status == 200) }
            }
        }
    }

    /// A stub POSTed from a system whose default charset is another, as WireMock reads it.
    @Test func aStubInTheCharsetItsContentTypeNamesIsReadAsThatCharset() async throws {
        try await withFixtureServer { server in
            // 你好 in GB2312.
            let stub =
                Data(#"{"request": {"urlPath": "/cn"}, "response": {"body": ""#.utf8) + Data([0xC4, 0xE3, 0xBA, 0xC3])
                + Data(#""}}"#.utf8)
            let post = { (contentType: String) async throws -> Int in
                let request = HTTPRequest(
                    method: .post, scheme: "http", authority: "127.0.0.1:\(server.port)", path: "/__admin/mappings",
                    headerFields: [.contentType: contentType])
                return try await URLSessionHTTPClient().send(request, body: stub).0.status.code
            }
            let gb2312 = try await post("application/json; charset=GB2312")
            #expect(gb2312 == 201)
            #expect(try await Backend.send(server, .get, "/cn").text == "你好")
            let unknown = try await post("application/json; charset=nonesuch")
            #expect(unknown == 400)
            let notUTF8 = try await post("application/json; charset=utf-8")
            #expect(notUTF8 == 400, "not UTF-8: not JSON")
        }
    }

    @Test func aStubWhoseProxyDoesNotAnswerIs500SayingSoAsWireMocksIs() async throws {
        try await withFixtureServer { server in
            _ = try await Backend.send(
                server, .post, "/__admin/mappings",
                json: #"{"request": {"urlPath": "/api"}, "response": {"proxyBaseUrl": "http://127.0.0.1:1"}}"#)
            let answer = try await Backend.send(server, .get, "/api")
            #expect(answer.status == 500)
            #expect(
                (answer.json["message"] as? String)?.hasPrefix(
                    "http://127.0.0.1:1, the stub's proxyBaseUrl, did not answer") == true)
        }
    }

    /// A careless stub that proxies to its own server would hold a connection per hop, forever.
    @Test func aStubThatProxiesToItsOwnServerEndsInALoopDetected() async throws {
        try await withFixtureServer { server in
            _ = try await Backend.send(
                server, .post, "/__admin/mappings",
                json:
                    #"{"request": {"urlPath": "/loop"}, "response": {"proxyBaseUrl": "http://127.0.0.1:\#(server.port)"}}"#
            )
            let answer = try await Backend.send(server, .get, "/loop")
            #expect(answer.status == 508)
            #expect((answer.json["message"] as? String)?.contains("a stub proxies to the server itself") == true)
        }
    }

    @Test func aWebhookIsSentAfterTheAnswerRenderedFromTheRequest() async throws {
        let (received, arrival) = AsyncStream.makeStream(of: (String, Data).self)
        try await withScriptedServer({ connection in
            arrival.yield((connection.head, connection.body))
            connection.write("HTTP/1.1 204 No Content\r\n\r\n")
        }) { receiver in
            try await withFixtureServer { server in
                let created = try await Backend.send(
                    server, .post, "/__admin/mappings",
                    json: #"""
                        {"request": {"method": "POST", "urlPath": "/orders"}, "response": {"status": 201},
                         "serveEventListeners": [{"name": "webhook", "parameters": {
                           "method": "POST", "url": "\#(receiver.absoluteString)/callback/{{jsonPath originalRequest.body '$.id'}}",
                           "headers": {"Content-Type": "application/json", "X-Order": "{{originalRequest.headers.X-Trace}}"},
                           "body": "{\"order\": \"{{jsonPath originalRequest.body '$.id'}}\", \"state\": \"paid\"}"}}],
                         "postServeActions": [{"name": "webhook", "parameters": {"method": "GET", "url": "http://127.0.0.1:1/nobody"}}]}
                        """#)
                #expect(created.status == 201)
                let answer = try await Backend.send(
                    server, .post, "/orders", fields: [HTTPField.Name("X-Trace")!: "t-9"], json: #"{"id": "o-42"}"#)
                #expect(answer.status == 201, "answered, the webhook to an address nobody answers not waited for")
                var iterator = received.makeAsyncIterator()
                let (head, body) = try #require(await iterator.next())
                #expect(head.hasPrefix("POST /callback/o-42 HTTP/1.1"))
                #expect(head.lowercased().contains("x-order: t-9"))
                #expect(String(decoding: body, as: UTF8.self) == #"{"order": "o-42", "state": "paid"}"#)
            }
        }
    }

    @Test func aWebhookOfAnotherExtensionOrWithoutAnAddressIsRefused() async throws {
        try await withFixtureServer { server in
            let other = try await Backend.send(
                server, .post, "/__admin/mappings",
                json:
                    #"{"request": {}, "response": {}, "serveEventListeners": [{"name": "kafka-publish", "parameters": {}}]}"#
            )
            #expect(other.status == 422)
            #expect(
                other.json["message"] as? String
                    == "serveEventListeners[0].name: kafka-publish is a WireMock extension this server does not have; it sends webhook"
            )
            let nowhere = try await Backend.send(
                server, .post, "/__admin/mappings",
                json:
                    #"{"request": {}, "response": {}, "postServeActions": [{"name": "webhook", "parameters": {"method": "POST", "url": "ftp://x"}}]}"#
            )
            #expect(
                nowhere.json["message"] as? String
                    == "postServeActions[0].parameters.url: ftp://x is not an http:// or https:// address")
            let object = try await Backend.send(
                server, .post, "/__admin/mappings", json: #"{"request": {}, "response": {}, "serveEventListeners": {}}"#
            )
            #expect(object.status == 422, "WireMock 2's object form is postServeActions' alone")
        }
    }

    /// WireMock's recording: what no stub answers goes to the target, and stopping makes stubs of
    /// it, sign-ins left out.
    @Test func aRecordingMakesStubsOfWhatTheTargetAnsweredButNeverOfASignIn() async throws {
        try await withFixtureServer { upstream in
            _ = try await Backend.send(
                upstream, .post, "/__admin/mappings",
                json:
                    #"{"request": {"method": "POST", "urlPath": "/orders"}, "response": {"status": 201, "jsonBody": {"id": "o-1"}, "headers": {"Set-Cookie": "s=1"}}}"#
            )
            try await withFixtureServer { server in
                #expect(
                    try await Backend.send(server, .get, "/__admin/recordings/status").json["status"] as? String
                        == "NeverStarted")
                let started = try await Backend.send(
                    server, .post, "/__admin/recordings/start",
                    json: #"{"targetBaseUrl": "http://127.0.0.1:\#(upstream.port)"}"#)
                #expect(started.status == 200)
                #expect(
                    try await Backend.send(server, .get, "/__admin/recordings/status").json["status"] as? String
                        == "Recording")
                let order = try await Backend.send(server, .post, "/orders", json: #"{"item": "tea"}"#)
                #expect(order.status == 201)
                #expect(order.json["id"] as? String == "o-1", "the target's answer")
                _ = try await Backend.send(server, .post, "/koober/signin", json: Backend.johnny)
                let stopped = try await Backend.send(server, .post, "/__admin/recordings/stop")
                let mappings = try #require(stopped.json["mappings"] as? [[String: Any]])
                #expect(mappings.count == 1, "the sign-in, which carries a password and a token, is not recorded")
                let request = mappings.first?["request"] as? [String: Any]
                #expect(request?["url"] as? String == "/orders")
                let response = mappings.first?["response"] as? [String: Any]
                #expect((response?["headers"] as? [String: Any])?["Set-Cookie"] == nil)
                // Served by the recorded stub now, the target no longer asked.
                let before =
                    try await Backend.send(upstream, .post, "/__admin/requests/count", json: "{}").json["count"] as? Int
                #expect(
                    try await Backend.send(server, .post, "/orders", json: #"{"item": "tea"}"#).json["id"] as? String
                        == "o-1")
                let after =
                    try await Backend.send(upstream, .post, "/__admin/requests/count", json: "{}").json["count"] as? Int
                #expect(before == after)
                #expect(try await Backend.send(server, .post, "/__admin/recordings/stop").status == 409)
            }
        }
    }

    @Test func withATokenTheAdminRoutesAnswerOnlyWhoHasIt() async throws {
        var configuration = FixtureServer.Configuration()
        configuration.adminToken = "s3cret"
        try await withFixtureServer(configuration) { server in
            let refused = try await Backend.send(server, .get, "/__admin/mappings")
            #expect(refused.status == 401)
            #expect(refused.fields[.wwwAuthenticate] == "Bearer")
            let allowed = try await Backend.send(
                server, .get, "/__admin/mappings", fields: [.authorization: "Bearer s3cret"])
            #expect(allowed.status == 200)
            #expect(try await Backend.send(server, .get, "/health").status == 200, "the data routes stay open")
        }
    }

    @Test func requestsNothingServedAreListedWithTheirNearMisses() async throws {
        try await withFixtureServer { server in
            _ = try await Backend.send(
                server, .post, "/__admin/mappings",
                json:
                    #"{"id": "mine", "request": {"urlPath": "/lotto/drwas", "headers": {"X-Test": {"equalTo": "yes"}}}, "response": {}}"#
            )
            #expect(try await Backend.send(server, .get, "/lotto/drwas").status == 404)
            #expect(try await Backend.send(server, .get, "/lotto/draws").status == 200)
            let unmatched = try await Backend.send(server, .get, "/__admin/requests/unmatched")
            // WireMock's shape: the requests themselves.
            let urls = (unmatched.json["requests"] as? [[String: Any]])?.compactMap { $0["url"] as? String }
            #expect(urls == ["/lotto/drwas"])
            let nearMisses = try await Backend.send(server, .get, "/__admin/requests/unmatched/near-misses")
            // WireMock's shape: a near miss for each request and stub, then the routes.
            let misses = nearMisses.json["nearMisses"] as? [[String: Any]] ?? []
            let stub = misses.first
            #expect((stub?["stubMapping"] as? [String: Any])?["id"] as? String == "mine")
            #expect((stub?["request"] as? [String: Any])?["url"] as? String == "/lotto/drwas")
            let result = stub?["matchResult"] as? [String: Any]
            #expect(result?["difference"] as? String == "the header X-Test is missing")
            #expect((result?["distance"] as? Double).map { (0...1).contains($0) } == true)
            let route = misses.first { $0["route"] != nil }
            #expect(route?["route"] as? String == "GET /lotto/draws")
            #expect(
                (route?["matchResult"] as? [String: Any])?["difference"] as? String
                    == "the path has drwas where the route has draws")
        }
    }

    @Test func theJournalFindsRequestsWithTheRequestPatternAStubUses() async throws {
        try await withFixtureServer { server in
            for (user, body) in [("ann", #"{"ride": "kangaroo"}"#), ("bob", #"{"ride": "wallaby"}"#)] {
                _ = try await Backend.send(
                    server, .post, "/debug/echo?user=\(user)", fields: [HTTPField.Name("X-User")!: user], json: body)
            }
            _ = try await Backend.send(server, .get, "/health?user=ann")
            let pattern = #"""
                {"method": "POST", "urlPath": "/debug/echo", "queryParameters": {"user": {"or": [{"equalTo": "ann"}, {"equalTo": "cy"}]}},
                 "headers": {"X-User": {"matches": "a.*"}}, "bodyPatterns": [{"matchesJsonPath": "$[?(@.ride == 'kangaroo')]"}]}
                """#
            let count = try await Backend.send(server, .post, "/__admin/requests/count", json: pattern)
            #expect(count.json["count"] as? Int == 1)
            let none = try await Backend.send(
                server, .post, "/__admin/requests/count",
                json: #"{"urlPath": "/debug/echo", "bodyPatterns": [{"contains": "koala"}]}"#)
            #expect(none.json["count"] as? Int == 0)
            let refused = try await Backend.send(
                server, .post, "/__admin/requests/find", json: #"{"headers": {"X": {"near": "y"}}}"#)
            #expect(refused.status == 400)
            #expect(refused.text.contains("headers.X: near is not a matcher this server knows"))
        }
    }

    /// WireMock's Python client empties the journal with the older spelling.
    @Test func postingToRequestsResetForgetsEveryRequestAsDeleteDoes() async throws {
        try await withFixtureServer { server in
            _ = try await Backend.send(server, .get, "/health")
            #expect(try await Backend.send(server, .post, "/__admin/requests/reset").status == 200)
            let list = try await Backend.send(server, .get, "/__admin/requests")
            #expect((list.json["requests"] as? [Any])?.isEmpty == true)
        }
    }

    /// The admin calls WireMock's own clients make beyond the journal and stubs.
    @Test func wireMocksNearMissRoutesOneRequestAndRemovalByMetadataAnswerInItsShapes() async throws {
        try await withFixtureServer { server in
            for (id, team) in [("cart", "checkout"), ("rides", "mobility")] {
                _ = try await Backend.send(
                    server, .post, "/__admin/mappings",
                    json:
                        #"{"id": "\#(id)", "metadata": {"team": "\#(team)"}, "request": {"method": "GET", "urlPath": "/\#(id)"}, "response": {}}"#
                )
            }
            _ = try await Backend.send(server, .get, "/ridez")
            let journal = try await Backend.send(server, .get, "/__admin/requests")
            let id = try #require((journal.json["requests"] as? [[String: Any]])?.first?["id"] as? Int)
            let one = try await Backend.send(server, .get, "/__admin/requests/\(id)")
            #expect((one.json["request"] as? [String: Any])?["url"] as? String == "/ridez")
            #expect(try await Backend.send(server, .get, "/__admin/requests/999999").status == 404)

            let byRequest = try await Backend.send(
                server, .post, "/__admin/near-misses/request", json: #"{"url": "/ridez", "method": "GET"}"#)
            let nearest = (byRequest.json["nearMisses"] as? [[String: Any]])?.first
            #expect((nearest?["stubMapping"] as? [String: Any])?["id"] as? String == "rides")
            #expect(((nearest?["matchResult"] as? [String: Any])?["distance"] as? Double ?? 0) > 0)

            let byPattern = try await Backend.send(
                server, .post, "/__admin/near-misses/request-pattern", json: #"{"method": "GET", "urlPath": "/rides"}"#)
            let request = ((byPattern.json["nearMisses"] as? [[String: Any]])?.first?["request"] as? [String: Any])
            #expect(request?["url"] as? String == "/ridez")

            let found = try await Backend.send(
                server, .post, "/__admin/mappings/find-by-metadata",
                json: #"{"matchesJsonPath": {"expression": "$.team", "equalTo": "checkout"}}"#)
            let foundIDs = (found.json["mappings"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
            #expect(foundIDs?.contains("rides") == false)
            #expect(foundIDs?.isEmpty == false)
            let removed = try await Backend.send(
                server, .post, "/__admin/mappings/remove-by-metadata",
                json: #"{"matchesJsonPath": {"expression": "$.team", "equalTo": "checkout"}}"#)
            #expect(removed.status == 200)
            let left = try await Backend.send(server, .get, "/__admin/mappings")
            #expect((left.json["mappings"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == ["rides"])
            let save = try await Backend.send(server, .post, "/__admin/mappings/save")
            #expect(save.status == 409, "no --root-dir to save into")
            #expect(try await Backend.send(server, .get, "/__admin/requests?unmatched=maybe").status == 400)
            let null = try await Backend.send(
                server, .post, "/__admin/near-misses/request", json: #"{"url": "/a", "body": null}"#)
            #expect(null.status == 400)
        }
    }

    @Test func savingWritesTheStubsAddedSinceTheStartIntoTheFolderForTheNextStart() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("save-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let mappings = root.appendingPathComponent("mappings/team")
        try FileManager.default.createDirectory(at: mappings, withIntermediateDirectories: true)
        try Data(#"{"id": "first", "request": {"urlPath": "/first"}, "response": {}}"#.utf8)
            .write(to: mappings.appendingPathComponent("first.json"))
        try await withFixtureServer(backend: .init(rootDirectory: root)) { server in
            _ = try await Backend.send(
                server, .post, "/__admin/mappings",
                json: #"{"id": "added", "request": {"urlPath": "/added"}, "response": {"status": 204}}"#)
            #expect(try await Backend.send(server, .post, "/__admin/mappings/save").status == 200)
        }
        let next = try FixtureBackend(configuration: .init(rootDirectory: root))
        #expect(next.stubs.mappings.map(\.id).sorted() == ["added", "first"], "saved once, the folder's own not again")
    }

    /// As WireMock's resets do, `mappings/reset` and `reset` read the folder's files again, so a
    /// team edits a mapping and resets instead of restarting; both forget the journal. A folder
    /// that no longer reads leaves the stubs as they were and says which file is wrong.
    @Test func aResetReadsTheFolderAgain() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("reset-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let mappings = root.appendingPathComponent("mappings")
        try FileManager.default.createDirectory(at: mappings, withIntermediateDirectories: true)
        func write(_ name: String, _ text: String) throws {
            try Data(text.utf8).write(to: mappings.appendingPathComponent(name))
        }
        try write("a.json", #"{"request": {"urlPath": "/a"}, "response": {"status": 200, "body": "first"}}"#)
        var configuration = FixtureBackend.Configuration(rootDirectory: root)
        configuration.embeddedBackends = false
        try await withFixtureServer(backend: configuration) { server in
            #expect(try await Backend.send(server, .get, "/a").text == "first")
            try write("a.json", #"{"request": {"urlPath": "/a"}, "response": {"status": 200, "body": "edited"}}"#)
            try write("b.json", #"{"request": {"urlPath": "/b"}, "response": {"status": 201}}"#)
            #expect(try await Backend.send(server, .post, "/__admin/mappings/reset").status == 200)
            let journal = try await Backend.send(server, .get, "/__admin/requests")
            #expect((journal.json["requests"] as? [Any])?.isEmpty == true, "the journal is forgotten too")
            #expect(try await Backend.send(server, .get, "/a").text == "edited")

            try FileManager.default.removeItem(at: mappings.appendingPathComponent("b.json"))
            #expect(try await Backend.send(server, .post, "/__admin/reset").status == 200)
            #expect(try await Backend.send(server, .get, "/b").status == 404)

            try write("a.json", #"{"request": {"urlPath": "/a"}, "response": {"status": 200, "body": "#)
            let broken = try await Backend.send(server, .post, "/__admin/mappings/reset")
            #expect(broken.status == 500)
            #expect((broken.json["message"] as? String)?.contains("a.json") == true, "\(broken.text)")
            #expect(try await Backend.send(server, .get, "/a").text == "edited", "the stubs are as they were")
        }
    }

    /// A hostile pass: a stub naming two operators, edited with PUT, listed and saved, read its
    /// other operator and sent its jsonBody sorted once written again.
    @Test func aStubReadByItsFirstOperatorIsEditedListedAndSavedAsRead() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("save-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        let stub = #"""
            {"id": "two", "request": {"urlPath": "/r", "headers": {"X": {"equalTo": "q", "contains": "zz"}}},
             "response": {"jsonBody": {"z": 1, "a": 2}}}
            """#
        let x = HTTPField.Name("X")!
        /// The answers to `X: q` and `X: zz`: the first operator's, in the order written.
        func answers(_ server: RunningFixtureServer) async throws -> [String] {
            let q = try await Backend.send(server, .get, "/r", fields: [x: "q"])
            let zz = try await Backend.send(server, .get, "/r", fields: [x: "zz"])
            return ["\(q.status) \(q.text)", "\(zz.status)"]
        }
        let expected = [#"200 {"z":1,"a":2}"#, "404"]
        try await withFixtureServer(backend: .init(rootDirectory: root)) { server in
            #expect(try await Backend.send(server, .post, "/__admin/mappings", json: stub).status == 201)
            #expect(try await answers(server) == expected)
            #expect(try await Backend.send(server, .put, "/__admin/mappings/two", json: stub).status == 200)
            #expect(try await answers(server) == expected)
            let listed = try await Backend.send(server, .get, "/__admin/mappings/two")
            let headers = (listed.json["request"] as? [String: Any])?["headers"] as? [String: [String: Any]]
            #expect(headers?["X"]?.keys.sorted() == ["equalTo"], "the operator read past is not listed")
            #expect(try await Backend.send(server, .post, "/__admin/mappings/save").status == 200)
        }
        try await withFixtureServer(backend: .init(rootDirectory: root)) { server in
            let afterRestart = try await answers(server)
            #expect(afterRestart == expected, "the saved file reads back as the stub read")
        }
    }

    /// A sandbox saved into the folder every world shares: its stub replaced the team's
    /// `mappings/team.json`, and after a restart the server's own world served it.
    @Test func aSandboxSavesNothingIntoTheSharedFolder() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("save-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        try await withFixtureServer(backend: .init(rootDirectory: root)) { server in
            _ = try await Backend.send(
                server, .post, "/__sandbox/s1/__admin/mappings",
                json: #"{"id": "team", "request": {"urlPath": "/team"}, "response": {"status": 418}}"#)
            let save = try await Backend.send(server, .post, "/__sandbox/s1/__admin/mappings/save")
            #expect(save.status == 409)
            #expect(String(decoding: save.body, as: UTF8.self).contains("A sandbox saves nothing"))
            #expect(try await Backend.send(server, .post, "/__admin/mappings/save").status == 200)
        }
        let saved = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("mappings").path)
        #expect(saved.isEmpty, "\(saved)")
    }

    @Test(arguments: [
        (".hidden", "_hidden.json"), ("../team", "___team.json"), ("a/b", "a_b.json"), ("", "_.json"),
        ("0f8fad5b-d9cb-469f-a165-70867728950e", "0f8fad5b-d9cb-469f-a165-70867728950e.json"),
    ])
    func aSavedStubsFileIsNamedSafelyByItsID(_ id: String, _ file: String) {
        #expect(Admin.fileName(forID: id) == file)
    }

    /// WireMock's scenario names often have spaces; the admin path takes them percent-encoded.
    @Test func aStubScenarioWithSpacesInItsNameIsSetThroughTheAdminPath() async throws {
        try await withFixtureServer { server in
            _ = try await Backend.send(
                server, .post, "/__admin/mappings",
                json:
                    #"{"scenarioName": "To do list", "requiredScenarioState": "done", "request": {"urlPath": "/health"}, "response": {"status": 503}}"#
            )
            #expect(try await Backend.send(server, .get, "/health").status == 200, "Started: the stub waits")
            let set = try await Backend.send(
                server, .put, "/__admin/scenarios/To%20do%20list/state", json: #"{"state": "done"}"#)
            #expect(set.status == 200)
            #expect(try await Backend.send(server, .get, "/health").status == 503)
        }
    }

    /// As WireMock: a state none of the scenario's stubs names is `422`, and no body puts the
    /// scenario back in `Started`.
    @Test func aStubScenarioTakesTheStatesItsStubsNameAndNoBodyResetsIt() async throws {
        try await withFixtureServer { server in
            _ = try await Backend.send(
                server, .post, "/__admin/mappings",
                json:
                    #"{"scenarioName": "tea", "requiredScenarioState": "brewed", "request": {"urlPath": "/health"}, "response": {"status": 503}}"#
            )
            let wrong = try await Backend.send(
                server, .put, "/__admin/scenarios/tea/state", json: #"{"state": "cold"}"#)
            #expect(wrong.status == 422)
            #expect(wrong.text.contains("it has Started, brewed"))
            // WireMock's code and title in errors[], which its clients show (checked against its jar).
            let error = (wrong.json["errors"] as? [[String: Any]])?.first
            #expect(error?["code"] as? Int == 11)
            #expect(error?["title"] as? String == "Scenario tea does not support state cold")
            let brewed = try await Backend.send(
                server, .put, "/__admin/scenarios/tea/state", json: #"{"state": "brewed"}"#)
            #expect(brewed.status == 200)
            #expect(try await Backend.send(server, .get, "/health").status == 503)
            #expect(try await Backend.send(server, .put, "/__admin/scenarios/tea/state").status == 200)
            #expect(try await Backend.send(server, .get, "/health").status == 200, "back in Started")
            let unknown = try await Backend.send(server, .put, "/__admin/scenarios/coffee/state")
            #expect(unknown.status == 404)
            #expect(
                (unknown.json["message"] as? String)?.hasSuffix(
                    "there are koober-signup, listings-offers, lotto-draws, tea.") == true)
            #expect(
                (unknown.json["errors"] as? [[String: Any]])?.first?["title"] as? String
                    == "Scenario coffee does not exist")
        }
    }

    /// A stub is held to Docs/openapi.yaml where it names an operation: a status it documents, a
    /// body that fits its schema; metadata can let a deliberately broken one in.
    @Test func aStubThatBreaksTheContractIsRefusedNamingTheOperationAndTheField() async throws {
        try await withFixtureServer { server in
            let undocumented = try await Backend.send(
                server, .post, "/__admin/mappings",
                json: #"{"request": {"method": "GET", "urlPath": "/lotto/draws"}, "response": {"status": 418}}"#)
            #expect(undocumented.status == 422)
            #expect(
                (undocumented.json["message"] as? String)?.contains("GET /lotto/draws does not document 418") == true)
            let broken = try await Backend.send(
                server, .post, "/__admin/mappings",
                json:
                    #"{"request": {"method": "GET", "urlPath": "/lotto/draws"}, "response": {"jsonBody": {"draws": [{"id": "d"}]}}}"#
            )
            let reason = broken.json["message"] as? String ?? ""
            #expect(reason.hasPrefix("response: GET /lotto/draws 200: draws[0].drawDate is missing ("))
            let allowed = try await Backend.send(
                server, .post, "/__admin/mappings",
                json:
                    #"{"metadata": {"contract": "off"}, "request": {"method": "GET", "urlPath": "/lotto/draws"}, "response": {"jsonBody": {"draws": [{"id": "d"}]}}}"#
            )
            #expect(allowed.status == 201)
            let elsewhere = try await Backend.send(
                server, .post, "/__admin/mappings",
                json: #"{"request": {"method": "GET", "urlPath": "/not/an/operation"}, "response": {"status": 418}}"#)
            #expect(elsewhere.status == 201, "paths that are no operation are not checked")
        }
    }
}

/// The admin API's lists and serve events as WireMock's clients read them.
@Suite("The admin API as WireMock's")
struct WireMockAdminTests {
    typealias Backend = TestBackendTests

    func withTeamServer(_ body: (RunningFixtureServer) async throws -> Void) async throws {
        var backend = FixtureBackend.Configuration()
        backend.embeddedBackends = false
        try await withFixtureServer(backend: backend, body)
    }

    func add(_ server: RunningFixtureServer, _ json: String) async throws -> String {
        let created = try await Backend.send(server, .post, "/__admin/mappings", json: json)
        return try #require(created.json["id"] as? String)
    }

    /// HTTP/1.1 sends Host as a field, which the server keeps as the authority: a stub matching
    /// the Host header never matched.
    @Test func aStubMatchesTheHostHeader() async throws {
        try await withTeamServer { server in
            _ = try await add(
                server,
                #"{"request": {"urlPath": "/h", "headers": {"Host": {"contains": "127.0.0.1"}}}, "response": {"body": "host ok"}}"#
            )
            #expect(try await Backend.send(server, .get, "/h").text == "host ok")
        }
    }

    @Test func stubsArePagedWithOffsetAndLimitAndTheTotalCountsThemAll() async throws {
        try await withTeamServer { server in
            for path in ["/a1", "/a2", "/a3"] {
                _ = try await add(server, #"{"request": {"url": "\#(path)"}, "response": {"status": 200}}"#)
            }
            let page = try await Backend.send(server, .get, "/__admin/mappings?limit=1&offset=1")
            let urls = (page.json["mappings"] as? [[String: Any]])?.compactMap {
                ($0["request"] as? [String: Any])?["url"] as? String
            }
            #expect(urls == ["/a2"], "newest first, as WireMock lists them")
            #expect((page.json["meta"] as? [String: Any])?["total"] as? Int == 3)
            #expect(try await Backend.send(server, .get, "/__admin/mappings?limit=-1").status == 400)
        }
    }

    @Test func aStubThatLeavesOutItsRequestOrResponseGetsWireMocksDefaults() async throws {
        try await withTeamServer { server in
            let empty = try await Backend.send(server, .post, "/__admin/mappings", json: "{}")
            #expect(empty.status == 201)
            #expect((empty.json["request"] as? [String: Any])?["method"] as? String == "ANY")
            #expect((empty.json["response"] as? [String: Any])?["status"] as? Int == 200)
            #expect(try await Backend.send(server, .delete, "/anything/at/all").status == 200)
        }
    }

    @Test func servedRequestsAreFoundByStubAndDateAndTheTotalIsBeforeTheLimit() async throws {
        try await withTeamServer { server in
            let first = try await add(server, #"{"request": {"url": "/s1"}, "response": {"status": 201}}"#)
            _ = try await add(server, #"{"request": {"url": "/s2"}, "response": {"status": 202}}"#)
            for path in ["/s1", "/s2", "/s1", "/none"] { _ = try await Backend.send(server, .get, path) }

            let byStub = try await Backend.send(server, .get, "/__admin/requests?matchingStub=\(first)")
            let events = try #require(byStub.json["requests"] as? [[String: Any]])
            #expect(events.count == 2)
            #expect(events.allSatisfy { ($0["stubMapping"] as? [String: Any])?["id"] as? String == first })

            let limited = try await Backend.send(server, .get, "/__admin/requests?limit=1")
            #expect((limited.json["requests"] as? [Any])?.count == 1)
            #expect((limited.json["meta"] as? [String: Any])?["total"] as? Int == 4)
            let unmatched = try #require((limited.json["requests"] as? [[String: Any]])?.first)
            let standIn = unmatched["stubMapping"] as? [String: Any]
            #expect((standIn?["response"] as? [String: Any])?["status"] as? Int == 404, "WireMock's stand-in")

            #expect(
                (try await Backend.send(server, .get, "/__admin/requests?since=2000-01-01T00:00:00Z").json["requests"]
                    as? [Any])?.count == 4)
            #expect(
                (try await Backend.send(server, .get, "/__admin/requests?since=2999-01-01T00:00:00Z").json["requests"]
                    as? [Any])?.count == 0)
            let notADate = try await Backend.send(server, .get, "/__admin/requests?since=yesterday")
            #expect(notADate.status == 400)
            let error = (notADate.json["errors"] as? [[String: Any]])?.first
            #expect(error?["title"] as? String == "yesterday is not a valid ISO8601 date")
            #expect((error?["source"] as? [String: Any])?["pointer"] as? String == "since")
        }
    }
}

@Suite("Admin routes")
struct AdminRouteListTests {
    /// The 404's list was written by hand beside the routes and had lost near-misses and save.
    @Test func aRouteThereIsNotNamesEveryRouteThereIs() async throws {
        try await withFixtureServer { server in
            let answer = try await TestBackendTests.send(server, .get, "/__admin/nope")
            #expect(answer.status == 404)
            let message = try #require(answer.json["message"] as? String)
            for route in Admin.routes {
                #expect(message.contains("/__admin/" + route.path), "\(route.path)")
            }
            #expect(message.contains("PUT /__admin/scenarios/{NAME}/state"))
            #expect(message.contains("GET PUT DELETE /__admin/mappings/{ID}"))
        }
    }

    /// The table decides 405 too: a path it has, with a method it does not take there; a fixed
    /// path is its own route, not an id.
    @Test func aMethodAPathDoesNotTakeIs405NamingTheOnesItDoes() async throws {
        try await withFixtureServer { server in
            let wrong = try await TestBackendTests.send(server, .get, "/__admin/mappings/reset")
            #expect(wrong.status == 405)
            #expect(wrong.fields[.allow] == "POST")
            let scenario = try await TestBackendTests.send(server, .post, "/__admin/scenarios/some%20name/state")
            #expect(scenario.status == 405)
            #expect(scenario.fields[.allow] == "PUT")
            #expect(try await TestBackendTests.send(server, .get, "/__admin/requests/12").status == 404)
            #expect(try await TestBackendTests.send(server, .get, "/__admin/requests/unmatched").status == 200)
        }
    }
}

/// Holds whoever waits until it is opened, counting them.
actor Gate {
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private var isOpen = false
    private(set) var waiting = 0

    func wait() async {
        waiting += 1
        guard !isOpen else { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters = []
    }
}
