import Foundation
import HTTPTypes
import Networking
import Observation
import TestSupport
import Testing

/// TestSupport's spy as an app's test uses it: a script of replies, no lock of the test's own.
@Suite("HTTPClientSpy")
struct HTTPClientSpyTests {
    let request = HTTPRequest(method: .get, scheme: "https", authority: "api.test", path: "/items")

    @Test func repliesComeInOrderAndTheLastRepeats() async throws {
        let spy = HTTPClientSpy(replies: [
            .failure(.connectionLost), .status(.serviceUnavailable),
            .json(#"{"id": 1}"#, headerFields: [.cacheControl: "max-age=60"]),
        ])
        await #expect(throws: NetworkError.connectionLost) { try await spy.send(request) }
        #expect(try await spy.send(request).0.status == .serviceUnavailable)
        for _ in 0..<2 {
            let (response, body) = try await spy.send(request)
            #expect(response.status == .ok)
            #expect(response.headerFields[.contentType] == "application/json")
            #expect(response.headerFields[.cacheControl] == "max-age=60")
            #expect(body == Data(#"{"id": 1}"#.utf8))
        }
        #expect(spy.requests.count == 4)
    }

    @Test func aSpyWithNoRepliesAnswersAnEmptyObject() async throws {
        let (response, body) = try await HTTPClientSpy(replies: []).send(request)
        #expect(response.status == .ok)
        #expect(body == Data("{}".utf8))
    }

    @Test func concurrentRequestsTakeOneReplyEach() async throws {
        let spy = HTTPClientSpy(replies: (1...20).map { .json("\($0)") } + [.status(.gone)])
        let bodies = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<20 { group.addTask { String(decoding: try await spy.send(request).1, as: UTF8.self) } }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(bodies == Set((1...20).map(String.init)))
        #expect(try await spy.send(request).0.status == .gone)
    }

    @Test func aHeldReplyWaitsUntilReleased() async throws {
        let hold = HTTPClientSpy.Hold(.json(#"{"id": 2}"#))
        let spy = HTTPClientSpy(replies: [.held(hold)])
        let sent = Task { try await spy.send(request) }
        await hold.arrival()
        #expect(hold.waitingCount == 1)
        hold.release()
        #expect(try await sent.value.1 == Data(#"{"id": 2}"#.utf8))
        #expect(try await spy.send(request).1 == Data(#"{"id": 2}"#.utf8), "a released hold holds no more")
        #expect(hold.cancelledCount == 0)
    }

    @Test func aHeldReplyCancelledByTheTestFailsAsCancelled() async throws {
        let hold = HTTPClientSpy.Hold()
        let spy = HTTPClientSpy(replies: [.held(hold)])
        let sent = Task { try await spy.send(request) }
        await hold.arrival()
        hold.cancel()
        await #expect(throws: NetworkError.cancelled) { try await sent.value }
        #expect(hold.cancelledCount == 0, "the test cancelled it; its task was not")
    }

    @Test func aHeldRequestWhoseTaskIsCancelledEndsAtOnceAndIsCounted() async throws {
        let hold = HTTPClientSpy.Hold()
        let spy = HTTPClientSpy(replies: [.held(hold)])
        let sent = Task { try await spy.send(request) }
        await hold.arrival()
        sent.cancel()
        await hold.cancellation()
        await #expect(throws: NetworkError.cancelled) { try await sent.value }
        #expect(hold.cancelledCount == 1)
        #expect(hold.waitingCount == 0)
        hold.release()  // nothing left to release, nothing crashes
    }

    @MainActor
    @Test func waitUntilFailsNamingTheConditionWhenItNeverHolds() async {
        let never = Unobserved()
        await withKnownIssue {
            let held = await waitUntil("the value turns true", clock: RecordingClock()) { never.value }
            #expect(!held)
        } matching: { issue in
            issue.comments.contains { "\($0)".contains("the value turns true did not hold within") }
        }
    }

    @MainActor
    @Test func waitUntilReturnsOnceAnObservedChangeMakesItHold() async {
        let model = Flag()
        let change = Task { @MainActor in model.value = true }
        #expect(await waitUntil("the flag is set") { model.value })
        await change.value
    }
}

/// A value that is not observable, as a careless test might wait on.
@MainActor
private final class Unobserved {
    var value = false
}

@MainActor
@Observable
private final class Flag {
    var value = false
}
