import Foundation
import HTTPTypes
import StubEngine
import Testing

@testable import Fixtures

/// The whole answer to a request, decided before anything is sent: who answers, in what order the
/// stub, `Prefer`, the server's own faults and the routes come, and what is left for the server
/// to carry out. No socket: the answer is a value.
@Suite("An answer as a value")
struct AnswerTests {
    let backend: FixtureBackend

    init() throws {
        backend = try FixtureBackend()
    }

    func add(_ json: String) throws {
        try backend.stubs.add(StubMapping.parse(Data(json.utf8)))
    }

    func answer(
        _ target: String, method: HTTPRequest.Method = .get, body: String = "", _ circumstances: Circumstances = .init()
    ) -> Answer {
        let request = HTTPRequest(method: method, scheme: "http", authority: "fixtures.test", path: target)
        let parsed = ParsedRequest(request, body: Data(body.utf8))
        return backend.answer(
            to: parsed, plan: backend.plan(parsed, forwarding: circumstances.forwarding), in: circumstances)
    }

    /// A roll of the server's faults that counts how often it was asked for.
    final class Rolls: @unchecked Sendable {
        var count = 0
        let outcome: Circumstances.Injected
        init(_ outcome: Circumstances.Injected) { self.outcome = outcome }
        func roll() -> Circumstances.Injected {
            count += 1
            return outcome
        }
    }

    @Test func aStubAnswersBeforePreferAndTheServersFaultsAndWaitsTheLatencyThenItsDelay() throws {
        try add(#"{"request": {"urlPath": "/lotto/draws"}, "response": {"status": 503, "fixedDelayMilliseconds": 20}}"#)
        let rolls = Rolls(.unavailable)
        let answer = answer(
            "/lotto/draws",
            Circumstances(latency: .milliseconds(100), askedFault: .success(.reset), injected: rolls.roll))
        #expect(answer.head.status.code == 503)
        #expect(answer.fault == nil, "Prefer's fault is for the routes; the stub says its own")
        #expect(rolls.count == 0, "the server's roll is not spent on a stub's answer")
        #expect(answer.delay == .milliseconds(120))
        #expect(answer.journal.matched && answer.journal.stubID != nil)
    }

    /// WireMock names the stub in every answer a stub gives; a client's logs read it.
    @Test func aStubsAnswerNamesTheStub() throws {
        try add(#"{"id": "draws-ok", "name": "the draws", "request": {"urlPath": "/x"}, "response": {"body": "x"}}"#)
        try add(#"{"id": "up", "request": {"urlPath": "/up"}, "response": {"proxyBaseUrl": "http://other.test"}}"#)
        let answer = answer("/x")
        #expect(answer.head.headerFields[HTTPField.Name("Matched-Stub-Id")!] == "draws-ok")
        #expect(answer.head.headerFields[HTTPField.Name("Matched-Stub-Name")!] == "the draws")
        guard case .upstream(.proxy(_, _, let fields)) = self.answer("/up").body else {
            Issue.record("not proxied")
            return
        }
        #expect(fields[HTTPField.Name("Matched-Stub-Id")!] == "up", "on top of the other server's answer")
        #expect(self.answer("/lotto/draws").head.headerFields[HTTPField.Name("Matched-Stub-Id")!] == nil)
    }

    @Test func withoutAStubTheFaultAskedForComesBeforeTheServersRollAndMakesNoAnswer() {
        let rolls = Rolls(.unavailable)
        let routes = Rolls(.none)
        let answer = answer(
            "/lotto/draws",
            Circumstances(
                askedFault: .success(.empty), injected: rolls.roll,
                answersFirst: { _ in
                    _ = routes.roll()
                    return nil
                }))
        #expect(answer.fault == .empty)
        #expect(answer.bytes == Data(), "nothing is made for a fault that sends nothing")
        #expect(rolls.count == 0 && routes.count == 0)
    }

    @Test func aFaultNotOfTheServerIs400AndTheRollDecidesOtherwise() {
        let unknown = answer(
            "/lotto/draws", Circumstances(askedFault: .failure(.init(message: "Prefer: fault=boom is not a fault"))))
        #expect(unknown.head.status == .badRequest)
        #expect(String(decoding: unknown.bytes ?? Data(), as: UTF8.self).contains("fault=boom"))

        let unavailable = answer("/lotto/draws", Circumstances(injected: { .unavailable }))
        #expect(unavailable.head.status == .serviceUnavailable)
        #expect(unavailable.head.headerFields[.retryAfter] == "0")

        let cut = answer("/lotto/draws", Circumstances(injected: { .fault(.truncate) }))
        #expect(cut.fault == .truncate)
        #expect(cut.head.status == .ok && cut.bytes?.isEmpty == false, "the route's answer, to be cut")
    }

    @Test func theRoutesAnswerHeadAsGetAndTheRealBackendTakesWhatNoStubDoes() {
        let head = answer("/lotto/draws", method: .head)
        #expect(head.head.status == .ok && head.bytes?.isEmpty == false, "the GET's answer; the server sends no body")

        let forwarded = answer("/anything", method: .head, Circumstances(forwarding: true))
        guard case .upstream(.backend(let request, _)) = forwarded.body else {
            Issue.record("\(forwarded.body)")
            return
        }
        #expect(request.method == .get)
        #expect(forwarded.journal.matched)
    }

    @Test func aRequestNothingKnowsIsJournaledWithItsNearMisses() throws {
        try add(#"{"id": "near", "request": {"method": "POST", "urlPath": "/nowhere"}, "response": {}}"#)
        let answer = answer("/nowhere")
        #expect(answer.head.status == .notFound)
        #expect(!answer.journal.matched)
        #expect(answer.journal.nearMisses?.stubs.map(\.name) == ["near"])
    }

    /// Recording the server itself recorded its own requests, nine hops deep, for 30 s.
    @Test func aRecordingOfTheServerItselfEndsInALoopDetected() throws {
        try backend.recorder.start(Data(#"{"targetBaseUrl": "http://127.0.0.1:8080"}"#.utf8))
        guard case .upstream(.recording) = answer("/anything").body else {
            Issue.record("not recorded")
            return
        }
        #expect(answer("/anything", Circumstances(hops: FixtureBackend.maximumHops)).head.status.code == 508)
    }

    @Test func aStubsFaultThatSendsNothingMakesNoAnswerAndAnotherIsCarriedWithIt() throws {
        try add(
            #"{"request": {"urlPath": "/reset"}, "response": {"body": "{{request.path}}", "transformers": ["response-template"], "fault": "CONNECTION_RESET_BY_PEER"}}"#
        )
        try add(#"{"request": {"urlPath": "/cut"}, "response": {"status": 200, "fault": "MALFORMED_RESPONSE_CHUNK"}}"#)
        try add(#"{"request": {"urlPath": "/garbage"}, "response": {"body": "x", "fault": "RANDOM_DATA_THEN_CLOSE"}}"#)
        let reset = answer("/reset")
        #expect(reset.fault == .reset && reset.bytes == Data())
        let cut = answer("/cut")
        #expect(cut.fault == .truncate)
        #expect(cut.bytes?.isEmpty == false, "a body to cut, though the stub has none")
        #expect(answer("/garbage").fault == .randomDataThenClose)
    }

    @Test func aStubThatProxiesNamesItsUpstreamUnlessTheRequestLoopedThroughTheServer() throws {
        try add(
            #"{"request": {"urlPathPattern": "/up/.*"}, "response": {"proxyBaseUrl": "http://other.test:8080/base", "headers": {"X-Stub": "yes"}}}"#
        )
        let answer = answer("/up/one?x=1", method: .post, body: "sent")
        guard case .upstream(.proxy(let request, let body, let fields)) = answer.body else {
            Issue.record("\(answer.body)")
            return
        }
        #expect(request.authority == "other.test:8080")
        #expect(request.path == "/base/up/one?x=1")
        #expect(body == Data("sent".utf8))
        #expect(fields[HTTPField.Name("X-Stub")!] == "yes")

        let looped = self.answer("/up/one", method: .post, Circumstances(hops: FixtureBackend.maximumHops))
        #expect(looped.head.status.code == 508)
    }

    @Test func aStubsBodyFileIsLeftToBeStreamedAndWebhooksAndPacingTravelWithTheAnswer() throws {
        let files = FileManager.default.temporaryDirectory.appendingPathComponent("answer-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: files) }
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        try Data("file".utf8).write(to: files.appendingPathComponent("a.txt"))
        try backend.stubs.add(
            StubMapping.parse(
                Data(#"{"request": {"urlPath": "/file"}, "response": {"bodyFileName": "a.txt"}}"#.utf8), files: files))
        guard case .file(let url, _) = answer("/file").body else {
            Issue.record("the file was read")
            return
        }
        #expect(url.lastPathComponent == "a.txt")

        try add(
            #"{"request": {"urlPath": "/paced"}, "response": {"body": "0123456789", "chunkedDribbleDelay": {"numberOfChunks": 5, "totalDuration": 100}}, "serveEventListeners": [{"name": "webhook", "parameters": {"method": "POST", "url": "http://hook.test/x"}}]}"#
        )
        let paced = answer("/paced")
        #expect(paced.pacing?.chunks == 5 && paced.pacing?.duration == .milliseconds(100))
        #expect(paced.webhooks.count == 1)
    }
}
