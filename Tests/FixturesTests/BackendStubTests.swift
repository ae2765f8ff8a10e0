import Foundation
import HTTPTypes
import StubEngine
import Testing

@testable import Fixtures

/// Stubs over the five embedded backends: answered before their routes, held to their contract,
/// loaded from a team's folder (Docs/Backends.md, "Stubs").
@Suite("Stubs over the embedded backends")
struct BackendStubTests {
    func stub(_ json: String, files: URL? = nil) throws -> StubMapping {
        try StubMapping.parse(Data(json.utf8), files: files)
    }

    func request(_ target: String) -> HTTPRequest {
        request(.get, target)
    }

    func request(_ method: HTTPRequest.Method, _ target: String, fields: HTTPFields = [:]) -> HTTPRequest {
        HTTPRequest(method: method, scheme: "http", authority: "fixtures.test", path: target, headerFields: fields)
    }

    /// A template's answer is known only when rendered: it is held to the contract then.
    @Test func aTemplatedAnswerThatBreaksTheContractOnceRenderedIs500NamingIt() throws {
        let backend = try FixtureBackend()
        let templated = #"""
            {"request": {"method": "GET", "urlPath": "/lotto/draws"},
             "response": {"jsonBody": {"draws": "{{request.query.x}}"}, "transformers": ["response-template"]}\#(
                "METADATA")}
            """#
        try backend.admit(stub(templated.replacingOccurrences(of: "METADATA", with: "")))
        try backend.stubs.add(stub(templated.replacingOccurrences(of: "METADATA", with: "")))
        let (head, body) = backend.respond(request("/lotto/draws?x=1"), body: nil)
        #expect(head.status.code == 500)
        let message = try #require(
            JSONValue.parse(body).flatMap { if case .object(let o) = $0 { o["message"] } else { nil } })
        #expect(message.text.hasPrefix("The stub's answer breaks the contract: GET /lotto/draws 200:"))
        let off = try FixtureBackend()
        try off.stubs.add(
            stub(templated.replacingOccurrences(of: "METADATA", with: #", "metadata": {"contract": "off"}"#)))
        #expect(off.respond(request("/lotto/draws?x=1"), body: nil).0.status.code == 200)
    }

    /// A pattern names no operation when it is added: what it answers on an embedded route is
    /// held to the contract as it answers, status and body.
    @Test func aPatternStubsAnswerOnAnEmbeddedRouteIsHeldToTheContract() throws {
        let teapot = #"{"request": {"urlPathPattern": "/lotto/.*"}, "response": {"status": 418}}"#
        let backend = try FixtureBackend()
        try backend.admit(stub(teapot))
        try backend.stubs.add(stub(teapot))
        let (head, body) = backend.respond(request("/lotto/draws"), body: nil)
        #expect(head.status.code == 500)
        #expect(
            String(decoding: body, as: UTF8.self).contains("GET /lotto/draws does not document 418; it documents 200"))
        #expect(backend.respond(request("/lotto/no-such-route"), body: nil).0.status.code == 418, "no operation")

        var teamOnly = FixtureBackend.Configuration()
        teamOnly.embeddedBackends = false
        let team = try FixtureBackend(configuration: teamOnly)
        try team.stubs.add(stub(teapot))
        #expect(team.respond(request("/lotto/draws"), body: nil).0.status.code == 418, "no contract without backends")
    }

    @Test func aRequestNothingKnowsGetsItsNearMissesFromTheRequestAsItCame() throws {
        let backend = try FixtureBackend()
        try backend.stubs.add(
            stub(
                #"{"id": "mine", "request": {"urlPath": "/mine", "headers": {"Authorization": {"equalTo": "Bearer t"}, "X-Env": {"equalTo": "test"}}}, "response": {}}"#
            ))
        let parsed = ParsedRequest(
            request(.get, "/mine", fields: [.authorization: "Bearer t", HTTPField.Name("X-Env")!: "prod"]), body: Data()
        )
        guard case .backend(let routed, _, let nearMisses) = backend.plan(parsed) else {
            Issue.record("a stub answered")
            return
        }
        #expect(!routed)
        // Computed before the journal redacts Authorization, so it is not blamed.
        #expect(nearMisses?.stubs.map(\.name) == ["mine"])
        #expect(nearMisses?.stubs.map(\.difference) == [#"the header X-Env is not "test""#])
        #expect(nearMisses?.routes.isEmpty == false)
        let typo = ParsedRequest(request(.post, "/koober/ridez"), body: Data())
        guard case .backend(_, _, let closest) = backend.plan(typo) else { return }
        #expect(
            closest?.routes.first
                == NearMiss(name: "POST /koober/rides", difference: "the path has ridez where the route has rides"),
            "of the routes differing in one segment, the nearest spelling")
        guard case .backend(true, _, nil) = backend.plan(ParsedRequest(request("/lotto/draws"), body: Data())) else {
            Issue.record("a fixture route knows /lotto/draws")
            return
        }
    }

    @Test func theInProcessBackendAnswersFromAStubBeforeItsRoutes() throws {
        let backend = try FixtureBackend()
        try backend.stubs.add(stub(#"{"request": {"urlPath": "/lotto/draws"}, "response": {"status": 503}}"#))
        #expect(backend.respond(request("/lotto/draws"), body: nil).0.status == 503)
        #expect(backend.respond(request("/health"), body: nil).0.status == 200)
    }

    @Test func theBackendAnswersFromAStubBeforeItsFixturesAndResetBringsBackTheStart() throws {
        let backend = try FixtureBackend()
        try backend.stubs.add(
            stub(#"{"request": {"urlPath": "/lotto/draws"}, "response": {"jsonBody": {"draws": []}}}"#))
        let answer = backend.respond(request("/lotto/draws"), body: nil)
        #expect(answer.1 == Data(#"{"draws":[]}"#.utf8))
        #expect(answer.0.headerFields[.contentType] == nil, "the stub names no type: WireMock 2 and 3 send none")
        backend.reset()
        #expect(backend.stubs.mappings.isEmpty)
    }

    @Test func aStubForAnOperationIsHeldToItsStatusesAndSchema() throws {
        let backend = try FixtureBackend()
        func refusal(_ json: String) -> String? {
            do {
                try backend.admit(try stub(json))
                return nil
            } catch {
                return (error as? StubError)?.message
            }
        }
        #expect(
            refusal(
                #"{"request": {"method": "GET", "url": "/listings/api/product/7?x=1"}, "response": {"status": 200, "jsonBody": {"id": 7}}}"#
            )
                == "response: GET /listings/api/product/{id} 200: image_key is missing" + Contract.offHint)
        #expect(
            refusal(
                #"{"request": {"method": "POST", "urlPath": "/koober/signin"}, "response": {"status": 200, "body": "ok"}}"#
            )?
            .contains("is not JSON") == true)
        #expect(
            refusal(#"{"request": {"method": "GET", "urlPath": "/lotto/draws"}, "response": {"status": 503}}"#) == nil)
        #expect(
            refusal(
                #"{"request": {"method": "GET", "urlPath": "/lotto/draws"}, "response": {"status": 418, "fault": "EMPTY_RESPONSE"}}"#
            ) == nil)
        #expect(
            refusal(#"{"request": {"urlPath": "/lotto/draws"}, "response": {"status": 418}}"#)?
                .hasPrefix("response.status: GET /lotto/draws does not document 418") == true,
            "any method answers GET too")
        #expect(
            refusal(
                #"{"request": {"urlPath": "/lotto/draws"}, "response": {"status": 418}, "metadata": {"contract": "off"}}"#
            )
                == nil)
    }

    @Test func aWireMockRootFolderLoadsItsMappingsAndFiles() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("stubs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("__files"), withIntermediateDirectories: true)
        try Data(#"{"request": {"urlPath": "/one"}, "response": {"bodyFileName": "one.txt"}}"#.utf8)
            .write(to: root.appendingPathComponent("mappings/a.json"))
        try Data(#"{"mappings": [{"request": {"urlPath": "/two"}, "response": {"status": 204}}]}"#.utf8)
            .write(to: root.appendingPathComponent("mappings/b.json"))
        try Data("one".utf8).write(to: root.appendingPathComponent("__files/one.txt"))

        let backend = try FixtureBackend(configuration: .init(rootDirectory: root))
        let one = try #require(backend.stubs.match(request("/one"), body: Data()).stub)
        #expect(one.response.answer(to: ParsedRequest(request("/one"), body: Data())).1 == Data("one".utf8))
        #expect(backend.stubs.match(request("/two"), body: Data()).stub?.response.status == 204)
        backend.stubs.removeAll()
        backend.reset()
        #expect(backend.stubs.mappings.count == 2, "a reset brings back the folder's stubs")

        try Data(#"{"request": {"method": 5}, "response": {}}"#.utf8).write(
            to: root.appendingPathComponent("mappings/c.json"))
        #expect(
            throws: StubFolder.LoadError([
                "mappings/c.json: request.method: must be a method name, or oneOf or noneOf a list of them"
            ])
        ) {
            try StubFolder.load(root).mappings
        }
    }
}
