import FixtureTestSupport
import Fixtures
import Foundation
import HTTPTypes
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import Networking
import StubEngine
import Testing

@testable import FixtureServer

/// `/__sandbox/NAME/…`: every route in a world of its own, so parallel UI tests share one server.
@Suite("Sandboxes")
struct SandboxTests {
    typealias Backend = TestBackendTests

    @Test func aSandboxsStubsAndJournalAreItsOwn() async throws {
        try await withFixtureServer { server async throws in
            let created = try await Backend.send(
                server, .post, "/__sandbox/checkout-test/__admin/mappings",
                json: #"{"request": {"urlPath": "/lotto/draws"}, "response": {"status": 503}}"#)
            #expect(created.status == 201)
            #expect(try await Backend.send(server, .get, "/__sandbox/checkout-test/lotto/draws").status == 503)
            #expect(try await Backend.send(server, .get, "/__sandbox/other/lotto/draws").status == 200)
            #expect(try await Backend.send(server, .get, "/lotto/draws").status == 200)

            let journal = try await Backend.journal(server)
            #expect(journal.count == 1, "the main journal has only its own request")
            let own = try await Backend.send(server, .get, "/__sandbox/checkout-test/__admin/requests")
            let urls = (own.json["requests"] as? [[String: Any]])?.compactMap {
                ($0["request"] as? [String: Any])?["url"] as? String
            }
            #expect(urls == ["/lotto/draws"])
        }
    }

    @Test func aResetInASandboxResetsThatSandboxOnly() async throws {
        try await withFixtureServer { server async throws in
            let stub = #"{"request": {"urlPath": "/health"}, "response": {"status": 503}}"#
            for name in ["a", "b"] {
                _ = try await Backend.send(server, .post, "/__sandbox/\(name)/__admin/mappings", json: stub)
            }
            #expect(try await Backend.send(server, .post, "/__sandbox/a/__admin/reset").status == 200)
            #expect(try await Backend.send(server, .get, "/__sandbox/a/health").status == 200)
            #expect(try await Backend.send(server, .get, "/__sandbox/b/health").status == 503)
        }
    }

    static let ann = #"{"fullName":"Ann","nickname":"Ann","email":"ann@x.com","phone":"1","password":"longenough"}"#

    @Test func aSandboxSignUpIsNotSeenElsewhere() async throws {
        let ann = Self.ann
        try await withFixtureServer { server async throws in
            #expect(try await Backend.send(server, .post, "/__sandbox/a/koober/signup", json: ann).status == 201)
            #expect(try await Backend.send(server, .post, "/__sandbox/a/koober/signup", json: ann).status == 409)
            #expect(try await Backend.send(server, .post, "/koober/signup", json: ann).status == 201)
        }
    }

    @Test(arguments: ["/__sandbox/bad%20name/health", "/__sandbox//health", "/__sandbox/a/__sandbox/b/health"])
    func aBadSandboxNameIs400(_ path: String) async throws {
        try await withFixtureServer { server async throws in
            #expect(try await Backend.send(server, .get, path).status == 400)
        }
    }

    @Test func theLeastRecentlyUsedSandboxGoesPastTheBound() throws {
        let sandboxes = Sandboxes(base: try FixtureBackend(), pool: .singleton)
        let first = sandboxes.world("first").backend
        for index in 0..<Sandboxes.capacity { _ = sandboxes.world("s\(index)") }
        #expect(sandboxes.count == Sandboxes.capacity)
        #expect(sandboxes.world("first").backend !== first, "it was dropped, and starts again")
        #expect(sandboxes.world("s255").backend === sandboxes.world("s255").backend)
    }

    @Test func theTargetUnderASandboxKeepsItsQuery() {
        #expect(
            Sandboxes.split("/__sandbox/t1/lotto/draws?limit=1").map { [$0.name, $0.target] } == [
                "t1", "/lotto/draws?limit=1",
            ])
        #expect(Sandboxes.split("/__sandbox/t1").map { [$0.name, $0.target] } == ["t1", "/"])
        #expect(Sandboxes.split("/lotto/draws") == nil)
    }
}

/// Every world's journal of a server together holds no more than the server's budget, and the
/// world holding most gives way.
@Suite("The journals' server budget")
struct JournalBudgetTests {
    func record(_ journal: RequestJournal, _ path: String, bytes: Int) {
        var request = HTTPRequest(method: .post, scheme: "http", authority: "test", path: path)
        request.headerFields[.contentType] = "text/plain"
        journal.record(
            ParsedRequest(request, body: Data(repeating: UInt8(ascii: "a"), count: bytes)), status: 200, fault: nil)
    }

    @Test func aQuietWorldsRequestIsKeptWholeAndTheBusiestWorldGivesWay() {
        let budget = JournalBudget(limit: 10_000)
        let busy = RequestJournal(byteCapacity: 8_000, bodyLimit: 2_000, budget: budget)
        let quiet = RequestJournal(byteCapacity: 8_000, bodyLimit: 2_000, budget: budget)
        for index in 0..<20 { record(busy, "/busy/\(index)", bytes: 1_900) }
        #expect(busy.entries.count == 4, "its own 8,000 bytes")
        for index in 0..<2 { record(quiet, "/quiet/\(index)", bytes: 1_900) }
        #expect(budget.ledger.used <= 10_000)
        #expect(budget.ledger.used == busy.bytes + quiet.bytes)
        #expect(quiet.entries.map(\.request.url) == ["/quiet/1", "/quiet/0"])
        #expect(quiet.entries.allSatisfy { $0.request.body?.count == 1_900 })
        #expect(busy.entries.count == 3 && busy.entries.first?.request.url == "/busy/19")
    }

    @Test func anEntryLargerThanTheWholeBudgetKeepsNoBodyOrHeaders() {
        let budget = JournalBudget(limit: 1_000)
        let journal = RequestJournal(byteCapacity: 8_000, bodyLimit: 2_000, budget: budget)
        record(journal, "/large", bytes: 1_900)
        let entry = journal.entries.first
        #expect(entry?.request.url == "/large" && entry?.response.status == 200)
        #expect(entry?.request.body == nil && entry?.request.headers.isEmpty == true)
        #expect(entry?.request.bodyBytes == 1_900 && entry?.request.bodyTruncated == true)
        #expect(entry?.note?.contains("journal budget is spent") == true)
        record(journal, "/small", bytes: 100)
        #expect(journal.entries.first?.request.body?.count == 100)
        journal.clear()
        #expect(budget.ledger.used == 0, "a cleared journal gives its bytes back")
    }

    @Test func aWorldRunsNoMoreThanItsShareOfCostlyWorkAtOnce() async {
        let work = CostlyWork(pool: .singleton, limit: 1)
        let release = DispatchSemaphore(value: 0)
        let (started, starting) = AsyncStream.makeStream(of: Void.self)
        let running = NIOLockedValueBox((now: 0, most: 0))
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<3 {
                group.addTask {
                    _ = await work.run {
                        running.withLockedValue { $0 = ($0.now + 1, max($0.most, $0.now + 1)) }
                        starting.yield()
                        release.wait()
                        running.withLockedValue { $0.now -= 1 }
                    }
                }
            }
            var turns = started.makeAsyncIterator()
            for _ in 0..<3 {
                _ = await turns.next()
                // The one on the pool holds it; the others wait without a thread.
                #expect(running.withLockedValue { $0.now } == 1)
                release.signal()
            }
        }
        #expect(running.withLockedValue { $0.most } == 1)
        #expect(work.waiting == 0)
    }

    @Test func aServersAdminCallsDoNotWaitForTheProcesssSharedThreadPool() async throws {
        // Every thread of NIO's shared pool is held, as another server's or library's work in the
        // same process might hold it; this server's admin calls run on a pool of its own.
        let threads = NIOSingletons.blockingPoolThreadCountSuggestion
        let release = DispatchSemaphore(value: 0)
        let (started, starting) = AsyncStream.makeStream(of: Void.self)
        let held = (0..<threads).map { _ in
            Task {
                try await NIOThreadPool.singleton.runIfActive {
                    starting.yield()
                    release.wait()
                }
            }
        }
        var turns = started.makeAsyncIterator()
        for _ in 0..<threads { _ = await turns.next() }
        try await withFixtureServer { server in
            // Let go of the shared pool before the server stops, answered or not.
            defer { for _ in 0..<threads { release.signal() } }
            let stubbed = try await TestBackendTests.send(
                server, .post, "/__admin/mappings", json: #"{"request": {"urlPath": "/own"}, "response": {}}"#)
            #expect(stubbed.status == 201)
            #expect(try await TestBackendTests.send(server, .get, "/__admin/mappings").status == 200)
        }
        for task in held { try await task.value }
    }

    @Test func aWorldIsSlowWhenItKeepsExhaustingTheSliceNotWhenItExhaustsItNowAndThen() {
        let honest = CostlyWork(pool: .singleton)
        for index in 0..<1_000 { honest.triedInline(exhausted: index % 100 == 0) }
        #expect(!honest.isSlow, "one try in a hundred: a preempted thread, not a slow pattern")
        let hostile = CostlyWork(pool: .singleton)
        for _ in 0..<2 { hostile.triedInline(exhausted: true) }
        #expect(!hostile.isSlow, "the process's first patterns may be slow")
        hostile.triedInline(exhausted: true)
        #expect(hostile.isSlow)
        for _ in 0..<1_000 { hostile.triedInline(exhausted: false) }
        #expect(hostile.isSlow, "for good")
    }
}
