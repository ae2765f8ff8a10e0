import Foundation
import HTTPTypes
import Networking
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
}
