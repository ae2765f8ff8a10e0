import AppsCore
import FixtureServer
import FixtureTestSupport
import Fixtures
import Foundation
import HTTPTypes
import Testing

/// `apps serve` under a careless or hostile test (Docs/Reliability.md, "A shared test server"):
/// every attack reproduced against a live server, and the answer it now gets.
@Suite("A careless test against apps serve", .timeLimit(.minutes(1)))
struct CarelessClientTests {
    typealias Backend = TestBackendTests

    func stub(_ server: RunningFixtureServer, _ json: String) async throws -> Backend.Answer {
        try await Backend.send(server, .post, "/__admin/mappings", json: json)
    }

    // MARK: HTTP kept intact

    @Test func aStubWithAnInterimStatusIsRefused() async throws {
        try await withFixtureServer { server in
            let refused = try await stub(server, #"{"request": {"urlPath": "/x"}, "response": {"status": 101}}"#)
            #expect(refused.status == 422)
            #expect(
                (refused.json["message"] as? String)?.hasPrefix("response.status: 101 is an interim answer") == true)
        }
    }

    @Test(arguments: [204, 304])
    func aBodylessStatusWithABodyIsRefused(_ status: Int) async throws {
        try await withFixtureServer { server in
            let refused = try await stub(
                server,
                #"{"request": {"urlPath": "/x"}, "response": {"status": \#(status), "body": "HTTP/1.1 200 OK"}}"#)
            #expect(refused.status == 422)
            #expect(
                refused.json["message"] as? String == "response.body: a \(status) answer has no body: leave out body")
        }
    }

    @Test func aBodylessAnswerEndsAtItsHeadOnAKeptAliveConnection() async throws {
        try await withFixtureServer { server in
            #expect(
                try await stub(server, #"{"request": {"urlPath": "/gone"}, "response": {"status": 204}}"#).status == 201
            )
            // Two requests on one connection: the second answer must be the second request's.
            let exchange = try await rawExchange(
                port: server.port,
                request:
                    "GET /gone HTTP/1.1\r\nHost: x\r\n\r\nGET /lotto/draws HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
            )
            let text = String(decoding: exchange.received, as: UTF8.self)
            let heads = text.components(separatedBy: "HTTP/1.1 ").dropFirst().map { $0.prefix(3) }
            #expect(heads == ["204", "200"])
            let first = text.components(separatedBy: "HTTP/1.1 200")[0]
            #expect(first.hasSuffix("\r\n\r\n"), "nothing follows the 204's head")
            #expect(!first.lowercased().contains("content-length"))
        }
    }

    /// ApacheBench (`ab`) sends HTTP/1.0 without keep-alive and waits for the close.
    @Test func anHTTP10RequestWithoutKeepAliveIsItsConnectionsLast() async throws {
        try await withFixtureServer { server in
            let alone = try await rawExchange(
                port: server.port, request: "GET /lotto/draws HTTP/1.0\r\n\r\nGET /lotto/draws HTTP/1.0\r\n\r\n")
            #expect(String(decoding: alone.received, as: UTF8.self).components(separatedBy: "HTTP/1.1 200").count == 2)
            #expect(alone.ending == .closed)
            let kept = try await rawExchange(
                port: server.port,
                request:
                    "GET /lotto/draws HTTP/1.0\r\nConnection: keep-alive\r\n\r\nGET /lotto/draws HTTP/1.0\r\n\r\n")
            let keptText = String(decoding: kept.received, as: UTF8.self)
            #expect(keptText.components(separatedBy: "HTTP/1.1 200").count == 3)
            #expect(
                keptText.lowercased().components(separatedBy: "connection: keep-alive").count == 2,
                "the kept-alive answer says so, as a 1.0 client must hear; the last does not")
            #expect(kept.ending == .closed)
        }
    }

    // MARK: Delays and descriptors

    @Test func aClientThatLeavesEndsItsDelayAtOnce() async throws {
        let (steps, step) = AsyncStream.makeStream(of: FixtureServer.DelayStep.self)
        var configuration = FixtureServer.Configuration()
        configuration.onDelay = { step.yield($0) }
        try await withFixtureServer(configuration) { server in
            let delayed =
                #"{"request": {"urlPath": "/slow"}, "response": {"status": 200, "fixedDelayMilliseconds": 60000}}"#
            #expect(try await stub(server, delayed).status == 201)
            for _ in 0..<3 {
                _ = try await rawExchange(
                    port: server.port, request: "GET /slow HTTP/1.1\r\nHost: x\r\n\r\n", hangingUp: true)
            }
            var ends: [FixtureServer.DelayStep] = []
            for await next in steps where next != .waiting {
                ends.append(next)
                if ends.count == 3 { break }
            }
            #expect(ends == [.clientGone, .clientGone, .clientGone])
            let journal = try await Backend.send(server, .get, "/__admin/requests")
            let faults = (journal.json["requests"] as? [[String: Any]])?.compactMap {
                ($0["response"] as? [String: Any])?["fault"] as? String
            }
            #expect(faults == ["clientGone", "clientGone", "clientGone"])
        }
    }

    @Test func delayedAnswersOverTheCapAre503AtOnce() async throws {
        let (steps, step) = AsyncStream.makeStream(of: FixtureServer.DelayStep.self)
        var configuration = FixtureServer.Configuration()
        configuration.maximumDelayedAnswers = 1
        configuration.onDelay = { step.yield($0) }
        try await withFixtureServer(configuration) { server in
            let delayed =
                #"{"request": {"urlPath": "/slow"}, "response": {"status": 200, "fixedDelayMilliseconds": 60000}}"#
            #expect(try await stub(server, delayed).status == 201)
            // The first answer takes the one place and keeps it while its client waits.
            let holder = try RawConnection(port: server.port)
            try holder.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
            var iterator = steps.makeAsyncIterator()
            #expect(await iterator.next() == .waiting)
            let over = try await Backend.send(server, .get, "/slow")
            #expect(over.status == 503)
            #expect(over.fields[.retryAfter] == "1")
            holder.close()
            #expect(await iterator.next() == .clientGone)
        }
    }

    @Test func answersPacedByChunkedDribbleDelayCountAmongTheDelayed() async throws {
        let (steps, step) = AsyncStream.makeStream(of: FixtureServer.DelayStep.self)
        var configuration = FixtureServer.Configuration()
        configuration.maximumDelayedAnswers = 1
        configuration.onDelay = { step.yield($0) }
        try await withFixtureServer(configuration) { server in
            let body = String(repeating: "x", count: 1_000)
            let paced =
                #"{"request": {"urlPath": "/paced"}, "response": {"body": "\#(body)", "chunkedDribbleDelay": {"numberOfChunks": 1000, "totalDuration": 60000}}}"#
            #expect(try await stub(server, paced).status == 201)
            // The first answer's head and first piece have come: it holds the one place.
            let holder = try RawConnection(port: server.port)
            try holder.send("GET /paced HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(String(decoding: try await holder.receive(), as: UTF8.self).hasPrefix("HTTP/1.1 200"))
            let over = try await Backend.send(server, .get, "/paced")
            #expect(over.status == 503)
            #expect(over.fields[.retryAfter] == "1")
            holder.close()
            // Its pacing ends at the next piece after its client left, not after the minute.
            #expect(await steps.first { $0 != .waiting } == .clientGone)
        }
    }

    /// As from WireMock, each piece of a paced answer comes one interval (the whole duration over
    /// the number of pieces) after the one before it, the first too, and the head with it: a
    /// client's timeout is tested against one piece of a minute as against a minute of silence.
    @Test func aPacedAnswersHeadAndFirstPieceWaitAnInterval() async throws {
        let (steps, step) = AsyncStream.makeStream(of: FixtureServer.DelayStep.self)
        var configuration = FixtureServer.Configuration()
        configuration.onDelay = { step.yield($0) }
        try await withFixtureServer(configuration) { server in
            let paced =
                #"{"request": {"urlPath": "/paced"}, "response": {"body": "0123456789", "chunkedDribbleDelay": {"numberOfChunks": 1, "totalDuration": 60000}}}"#
            #expect(try await stub(server, paced).status == 201)
            let reader = try RawConnection(port: server.port)
            try reader.send("GET /paced HTTP/1.1\r\nHost: x\r\n\r\n")
            var iterator = steps.makeAsyncIterator()
            #expect(await iterator.next() == .waiting)
            #expect(reader.unreadBytes == 0, "nothing, not even the head, before the interval")
            await server.stop()
            #expect(await iterator.next() == .shutdown, "the interval was still being waited out")
            let whole = String(decoding: try await reader.receiveAll(), as: UTF8.self)
            reader.close()
            #expect(whole.hasPrefix("HTTP/1.1 200") && whole.hasSuffix("\r\n\r\n0123456789"), "\(whole)")
        }
    }

    /// A client may close its sending side once its request is sent and still read the answer,
    /// paced or not (WireMock answers it too); a shutdown sends the rest of a paced answer at once,
    /// so no client is left with an answer cut short.
    @Test func aPacedAnswerGoesWholeToAClientThatHalfClosesAndAtOnceAtAShutdown() async throws {
        let body = String(repeating: "x", count: 1_000)
        let paced = { (milliseconds: Int) in
            #"{"request": {"urlPath": "/paced/\#(milliseconds)"}, "response": {"body": "\#(body)", "chunkedDribbleDelay": {"numberOfChunks": 1000, "totalDuration": \#(milliseconds)}}}"#
        }
        try await withFixtureServer { server in
            #expect(try await stub(server, paced(200)).status == 201)
            let halfClosed = try RawConnection(port: server.port)
            try halfClosed.send("GET /paced/200 HTTP/1.1\r\nHost: x\r\n\r\n")
            halfClosed.finishSending()
            let whole = String(decoding: try await halfClosed.receiveAll(), as: UTF8.self)
            halfClosed.close()
            #expect(whole.hasPrefix("HTTP/1.1 200") && whole.hasSuffix("\r\n\r\n\(body)"), "\(whole)")

            // A piece each 60 ms: the head and the first have come, 999 are to come.
            #expect(try await stub(server, paced(60_000)).status == 201)
            let reader = try RawConnection(port: server.port)
            try reader.send("GET /paced/60000 HTTP/1.1\r\nHost: x\r\n\r\n")
            var received = try await reader.receive()
            await server.stop()
            received += try await reader.receiveAll()
            reader.close()
            #expect(String(decoding: received, as: UTF8.self).hasSuffix("\r\n\r\n\(body)"))
        }
    }

    @Test func aServerAtItsConnectionLimitLetsTheNextClientWaitInsteadOfFailing() async throws {
        let events = EventLog()
        var configuration = FixtureServer.Configuration()
        configuration.maximumConnections = 1
        configuration.onRequest = { events.append("request \($0.path ?? "")") }
        try await withFixtureServer(configuration) { server in
            let idle = try RawConnection(port: server.port)
            let answer = Task { try await Backend.send(server, .get, "/lotto/draws") }
            events.append("closing the idle connection")
            idle.close()
            #expect(try await answer.value.status == 200)
            #expect(events.lines == ["closing the idle connection", "request /lotto/draws"])
        }
    }

    // MARK: Sandboxes and the token

    @Test(arguments: [".", "..", "..."])
    func aSandboxOrAStubNamedWithDotsAloneIsRefused(_ name: String) async throws {
        try await withFixtureServer { server in
            // Raw, since every HTTP client removes the segments . and .. before they are sent.
            let exchange = try await rawExchange(
                port: server.port,
                request: "GET /__sandbox/\(name)/__admin/mappings HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            #expect(exchange.head.hasPrefix("HTTP/1.1 400"))
            let refused = try await stub(server, #"{"id": "\#(name)", "request": {}, "response": {}}"#)
            #expect(refused.status == 422)
            #expect((refused.json["message"] as? String)?.contains("not dots alone") == true)
        }
    }

    @Test func withATokenOnlyItsBearerMakesASandboxSoNoOneCanPushAnotherOut() async throws {
        var configuration = FixtureServer.Configuration()
        configuration.adminToken = "s3cret"
        let admin: HTTPFields = [.authorization: "Bearer s3cret"]
        try await withFixtureServer(configuration) { server in
            let mine = "/__sandbox/protected"
            let stubbed = try await Backend.send(
                server, .post, "\(mine)/__admin/mappings", fields: admin,
                json: #"{"request": {"urlPath": "/mine"}, "response": {"status": 418}}"#)
            #expect(stubbed.status == 201)
            for index in 0..<300 {
                let stranger = try await Backend.send(server, .get, "/__sandbox/stranger-\(index)/health")
                guard stranger.status == 404 else {
                    Issue.record("a request without the token made sandbox \(index): \(stranger.status)")
                    return
                }
            }
            #expect(try await Backend.send(server, .get, "\(mine)/mine").status == 418, "the stub is still there")
            #expect(try await Backend.send(server, .get, "/__sandbox/made/health", fields: admin).status == 200)
            #expect(try await Backend.send(server, .get, "/__sandbox/made/health").status == 200, "then anyone uses it")
        }
    }

    @Test(arguments: ["bearer s3cret", "BEARER s3cret", "Bearer s3cret"])
    func theTokensSchemeIsReadInAnyCase(_ authorization: String) async throws {
        var configuration = FixtureServer.Configuration()
        configuration.adminToken = "s3cret"
        try await withFixtureServer(configuration) { server in
            let answer = try await Backend.send(
                server, .get, "/__admin/mappings", fields: [.authorization: authorization])
            #expect(answer.status == 200)
            let wrong = try await Backend.send(
                server, .get, "/__admin/mappings", fields: [.authorization: "bearer s3cre"])
            #expect(wrong.status == 401)
        }
    }

    @Test func anImportThatRepeatsAnIdIsRefusedNamingIt() async throws {
        try await withFixtureServer { server in
            let refused = try await Backend.send(
                server, .post, "/__admin/mappings/import",
                json:
                    #"{"mappings": [{"id": "a", "request": {}, "response": {}}, {"id": "a", "request": {}, "response": {"status": 500}}]}"#
            )
            #expect(refused.status == 422)
            #expect(
                refused.json["message"] as? String
                    == "mappings[1].id: a is the id of mappings[0] too: each stub has its own")
            let listed = try await Backend.send(server, .get, "/__admin/mappings")
            #expect((listed.json["meta"] as? [String: Any])?["total"] as? Int == 0, "nothing is kept")
        }
    }

    // MARK: The journal and the contract keep their word

    func journal(_ server: RunningFixtureServer, _ prefix: String = "") async throws -> [[String: Any]] {
        try await Backend.send(server, .get, "\(prefix)/__admin/requests").json["requests"] as? [[String: Any]] ?? []
    }

    @Test func anOversizedBodyIsJournaledInTheWorldItWasSentTo() async throws {
        var configuration = FixtureServer.Configuration()
        configuration.maximumRequestBody = 1024
        try await withFixtureServer(configuration) { server in
            let huge = String(repeating: "x", count: 1025)
            #expect(try await Backend.send(server, .post, "/__sandbox/mine/lotto/draws", json: huge).status == 413)
            #expect(try await Backend.send(server, .post, "/__admin/mappings", json: huge).status == 413)
            #expect(try await journal(server).isEmpty, "neither is the main world's")
            let sandboxed = try await journal(server, "/__sandbox/mine")
            #expect(sandboxed.map { ($0["response"] as? [String: Any])?["status"] as? Int } == [413])
        }
    }

    @Test func aStubScenarioNamedLikeTheBackendsOwnIsRefused() async throws {
        try await withFixtureServer { server in
            let refused = try await stub(
                server,
                #"{"scenarioName": "lotto-draws", "requiredScenarioState": "Started", "request": {"urlPath": "/x"}, "response": {}}"#
            )
            #expect(refused.status == 422)
            #expect(
                (refused.json["message"] as? String)?.hasPrefix(
                    "scenarioName: lotto-draws is a scenario of the backend's own") == true)
        }
    }

    @Test func aStubWithoutAMethodIsHeldToEveryOperationOfItsPath() async throws {
        try await withFixtureServer { server in
            let refused = try await stub(
                server, #"{"request": {"urlPath": "/lotto/draws"}, "response": {"status": 418}}"#)
            #expect(refused.status == 422)
            #expect(
                (refused.json["message"] as? String)?.hasPrefix(
                    "response.status: GET /lotto/draws does not document 418") == true)
        }
    }

    @Test func aTimedOutDoesNotMatchHoldsAsTheDocsSay() async throws {
        try await withFixtureServer { server in
            // A catastrophic pattern: it runs out of time, which counts as no match, so doesNotMatch holds.
            let mapping =
                #"{"request": {"urlPath": "/bomb", "bodyPatterns": [{"doesNotMatch": "(a+)+b"}]}, "response": {"status": 200}}"#
            let added = try await stub(server, mapping)
            #expect(added.status == 201)
            let body = String(repeating: "a", count: 40) + "!"
            let answer = try await Backend.send(server, .post, "/bomb", json: body)
            #expect(answer.status == 200)
        }
    }

    /// As WireMock matches it: `/café` is not the path `/caf%C3%A9` a client sends.
    @Test func stubsAndTheJournalMatchThePathAsSent() async throws {
        try await withFixtureServer { server in
            let mapping = #"{"request": {"urlPath": "/caf%C3%A9"}, "response": {"status": 204}}"#
            #expect(try await stub(server, mapping).status == 201)
            #expect(try await Backend.send(server, .get, "/caf%C3%A9").status == 204)
            let count = try await Backend.send(
                server, .post, "/__admin/requests/count", json: #"{"urlPath": "/caf%C3%A9"}"#)
            #expect(count.json["count"] as? Int == 1)
            let decoded = try await Backend.send(
                server, .post, "/__admin/requests/count", json: #"{"urlPath": "/café"}"#)
            #expect(decoded.json["count"] as? Int == 0)
        }
    }

    @Test(arguments: [
        String(repeating: "[", count: 2000) + #"{"password": "hunter2"}"# + String(repeating: "]", count: 2000),
        "email=a%40b.co&pass%77ord=hunter2", "note=a b&password=hunter2", "{\"password\": \"hunter2\", broken",
    ])
    func theJournalKeepsNoPasswordOfABodyItCannotParse(_ body: String) async throws {
        try await withFixtureServer { server in
            _ = try await Backend.send(server, .post, "/auth/authenticate", json: body)
            let kept = try await journal(server).first?["request"] as? [String: Any]
            let text = kept?["body"] as? String ?? ""
            #expect(!text.contains("hunter2"), "\(text.prefix(120))")
            #expect(kept?["bodyBytes"] as? Int == body.utf8.count)
        }
    }

    // MARK: A matching budget per request

    @Test func regularExpressionBombsCostTheirRequestItsBudgetAndNoOneElseAnything() async throws {
        var configuration = FixtureServer.Configuration()
        configuration.matchBudget = .milliseconds(20)
        try await withFixtureServer(configuration) { server in
            let bombs = (0..<20).map {
                #"{"request": {"urlPathPattern": "/(a+)+b\#($0)"}, "response": {"status": 200}}"#
            }
            let imported = try await Backend.send(
                server, .post, "/__sandbox/hostile/__admin/mappings/import",
                json: #"{"mappings": [\#(bombs.joined(separator: ","))]}"#)
            #expect(imported.status == 200)
            let target = "/__sandbox/hostile/" + String(repeating: "a", count: 40)
            async let hostile = [
                Backend.send(server, .get, target), Backend.send(server, .get, target),
                Backend.send(server, .get, target), Backend.send(server, .get, target),
            ]
            async let ordinary = Backend.send(server, .get, "/__sandbox/quiet/lotto/draws")
            #expect(try await ordinary.status == 200)
            #expect(try await hostile.map(\.status) == [404, 404, 404, 404], "answered as unmatched")
            let notes = try await journal(server, "/__sandbox/hostile").compactMap { $0["note"] as? String }
            #expect(notes.count == 4)
            #expect(notes.first?.hasPrefix("Matching the stubs ran out of its") == true)
        }
    }

    @Test func aJournalSearchWithABombIsRefusedWithinTheBudget() async throws {
        var configuration = FixtureServer.Configuration()
        configuration.matchBudget = .milliseconds(20)
        try await withFixtureServer(configuration) { server in
            for _ in 0..<5 { _ = try await Backend.send(server, .get, "/" + String(repeating: "a", count: 40)) }
            let search = try await Backend.send(
                server, .post, "/__admin/requests/count", json: #"{"urlPathPattern": "/(a+)+b"}"#)
            #expect(search.status == 503)
            #expect((search.json["message"] as? String)?.hasPrefix("The search ran out of the") == true)
            let plain = try await Backend.send(
                server, .post, "/__admin/requests/count", json: #"{"urlPathPattern": "/a+"}"#)
            #expect(plain.json["count"] as? Int == 5)
        }
    }

    /// A hostile pass: an XPath that reads the document for each node ran for seconds in a
    /// search, and two sandboxes doing so made every other world's admin calls wait 2.4 s.
    @Test func aJournalSearchWithAnXPathBombIsRefusedWithinTheBudget() async throws {
        try await withFixtureServer { server in
            let xml = "<r>" + String(repeating: "<e>abc</e>", count: 1_600) + "</r>"
            _ = try await Backend.send(server, .post, "/anything", json: xml)
            let search = try await Backend.send(
                server, .post, "/__admin/requests/count",
                json: #"{"bodyPatterns": [{"matchesXPath": "//e[contains(string(/r), 'zzz')]"}]}"#)
            #expect(search.status == 503, "cut short by its visits or its budget, whichever comes first")
            let plain = try await Backend.send(
                server, .post, "/__admin/requests/count", json: #"{"bodyPatterns": [{"matchesXPath": "/r/e"}]}"#)
            #expect(plain.json["count"] as? Int == 1)
        }
    }

    // MARK: Files served as files

    /// A WireMock folder with `__files/`, `name` in it holding `bytes`; and a file outside it.
    func folder(_ name: String, bytes: Data) throws -> (root: URL, outside: URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("careless-\(UUID().uuidString)")
        let files = root.appendingPathComponent("__files")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        try bytes.write(to: files.appendingPathComponent(name))
        let outside = root.appendingPathComponent("secret.txt")
        try Data("the server's secret".utf8).write(to: outside)
        return (root, outside)
    }

    @Test func aBodyFileIsStreamedWholeAndALinkSwappedInLaterIsNotFollowed() async throws {
        let big = Data((0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let (root, outside) = try folder("big.bin", bytes: big)
        defer { try? FileManager.default.removeItem(at: root) }
        try await withFixtureServer(backend: .init(rootDirectory: root)) { server in
            let added = try await stub(
                server, #"{"request": {"urlPath": "/big"}, "response": {"status": 200, "bodyFileName": "big.bin"}}"#)
            #expect(added.status == 201)
            let served = try await Backend.send(server, .get, "/big")
            #expect(served.status == 200)
            #expect(served.fields[.contentLength] == String(big.count))
            #expect(served.body == big)
            // Swapped for a link to a file outside __files/ after the stub was added.
            let file = root.appendingPathComponent("__files/big.bin")
            try FileManager.default.removeItem(at: file)
            try FileManager.default.createSymbolicLink(at: file, withDestinationURL: outside)
            let swapped = try await Backend.send(server, .get, "/big")
            #expect(swapped.status == 500)
            #expect(!swapped.text.contains("secret"))
        }
    }

    @Test func aTemplatedBodyFileOverTheCapIsRefusedWithoutBeingReadWhole() async throws {
        let (root, _) = try folder("huge.json", bytes: Data("{{request.path}}".utf8))
        defer { try? FileManager.default.removeItem(at: root) }
        // 20 MiB with no byte written: a sparse file costs nothing to make.
        let huge = try FileHandle(forWritingTo: root.appendingPathComponent("__files/huge.json"))
        try huge.truncate(atOffset: 20 << 20)
        try huge.close()
        try await withFixtureServer(backend: .init(rootDirectory: root)) { server in
            let added = try await stub(
                server,
                #"{"request": {"urlPath": "/huge"}, "response": {"bodyFileName": "huge.json", "transformers": ["response-template"]}}"#
            )
            #expect(added.status == 201)
            let served = try await Backend.send(server, .get, "/huge")
            #expect(served.status == 500)
            #expect(served.text.contains("huge.json is larger than the 16 MiB a template may be"), "\(served.text)")
        }
    }

    @Test func aFolderOrAFIFOAsABodyFileIsRefusedWhenAdded() async throws {
        let (root, _) = try folder("plain.txt", bytes: Data("x".utf8))
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("__files/folder"), withIntermediateDirectories: true)
        #expect(mkfifo(root.appendingPathComponent("__files/pipe").path, 0o600) == 0)
        try await withFixtureServer(backend: .init(rootDirectory: root)) { server in
            for name in ["folder", "pipe"] {
                let refused = try await stub(
                    server, #"{"request": {"urlPath": "/x"}, "response": {"bodyFileName": "\#(name)"}}"#)
                #expect(refused.status == 422)
                #expect(
                    refused.json["message"] as? String
                        == "response.bodyFileName: \(name) is not a regular file (a folder, a FIFO or a device)")
            }
        }
    }

    // MARK: Byte budgets

    @Test func theJournalKeepsABoundedPrefixOfEachBodyAndABoundedTotal() async throws {
        var configuration = FixtureServer.Configuration()
        (configuration.journalBytes, configuration.journalBodyLimit) = (4096, 1024)
        try await withFixtureServer(configuration) { server in
            let body = #"{"padding": ""# + String(repeating: "x", count: 3000) + #""}"#
            for _ in 0..<10 { _ = try await Backend.send(server, .post, "/auth/authenticate", json: body) }
            let kept = try await journal(server).compactMap { $0["request"] as? [String: Any] }
            #expect(kept.count == 3, "4 KiB holds three 1 KiB prefixes with their headers and URLs")
            #expect(kept.allSatisfy { ($0["body"] as? String)?.utf8.count == 1024 })
            #expect(
                kept.allSatisfy { $0["bodyTruncated"] as? Bool == true && $0["bodyBytes"] as? Int == body.utf8.count })
        }
    }

    @Test func whenTheServersStubsRunOutOfBytesTheLeastRecentlyUsedSandboxGoes() async throws {
        var backend = FixtureBackend.Configuration(testRoutes: true)
        // Each stub keeps about 6.5 KB (its body twice, and its values).
        (backend.stubBytes, backend.stubBytesPerWorld) = (16 << 10, 10 << 10)
        try await withFixtureServer(backend: backend) { server in
            let large =
                #"{"request": {"urlPath": "/big"}, "response": {"status": 200, "body": "\#(String(repeating: "x", count: 2800))"}}"#
            #expect(
                try await Backend.send(server, .post, "/__sandbox/first/__admin/mappings", json: large).status == 201)
            #expect(
                try await Backend.send(server, .post, "/__sandbox/second/__admin/mappings", json: large).status == 201)
            let overWorld = try await Backend.send(server, .post, "/__sandbox/second/__admin/mappings", json: large)
            #expect(overWorld.status == 507, "a world keeps at most 10 KiB")
            #expect(try await Backend.send(server, .get, "/__sandbox/second/big").status == 200, "nothing else is lost")
            // A third sandbox needs room: the least recently used one (first) goes, with its stubs.
            #expect(
                try await Backend.send(server, .post, "/__sandbox/third/__admin/mappings", json: large).status == 201)
            #expect(try await Backend.send(server, .get, "/__sandbox/second/big").status == 200)
            #expect(try await Backend.send(server, .get, "/__sandbox/first/big").status == 404)
        }
    }
}

/// Lines appended from any thread, read in order.
final class EventLog: Sendable {
    private let state = Locked<[String]>([])
    func append(_ line: String) { state.withLock { $0.append(line) } }
    var lines: [String] { state.withLock { $0 } }
}
