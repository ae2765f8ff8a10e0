import FixtureTestSupport
import Fixtures
import Foundation
import Networking
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
        let sandboxes = Sandboxes(base: try FixtureBackend())
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
