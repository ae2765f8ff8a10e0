import Foundation
import HTTPTypes
import Networking
import TestSupport
import Testing

@Suite("EndpointClient")
struct EndpointClientTests {
    struct Item: Codable, Equatable { var id: Int }

    func makeSUT(
        baseURL: String = "http://example.test/api/", headerFields: HTTPFields = [:], status: HTTPResponse.Status = .ok,
        json: String = #"{"id": 7}"#
    ) -> (EndpointClient, HTTPClientSpy) {
        let spy = HTTPClientSpy(status: status, json: json)
        return (EndpointClient(baseURL: URL(string: baseURL)!, httpClient: spy, headerFields: headerFields), spy)
    }

    @Test func joinsTheBasePathTheEndpointPathAndTheQuery() async throws {
        let (api, spy) = makeSUT()
        _ = try await api.send(Endpoint<Item>.get("/items", query: [URLQueryItem(name: "q", value: "a b")]))
        #expect(spy.messages == [.init(method: .get, url: "http://example.test/api/items?q=a%20b")])
    }

    @Test func aPathIsSentAsItIsEncodedOnce() async throws {
        let (api, spy) = makeSUT()
        let id = URLPath.segment("a b/c%")
        #expect(id == "a%20b%2Fc%25")
        _ = try await api.send(Endpoint<Item>.get("/product/\(id)"))
        #expect(spy.requests.first?.path == "/api/product/a%20b%2Fc%25")
    }

    @Test(arguments: ["/a b", "/100%", "/%zz", "no-slash", "/é"])
    func aPathThatIsNotPercentEncodedIsRefusedBeforeAnythingIsSent(_ path: String) async {
        let (api, spy) = makeSUT()
        await #expect(throws: NetworkError.self) { try await api.send(Endpoint<Item>.get(path)) }
        #expect(spy.requests.isEmpty)
    }

    @Test func sendsTheClientsFieldsUnlessTheEndpointOverridesThem() async throws {
        let (api, spy) = makeSUT(headerFields: [.authorization: "Basic abc", .userAgent: "apps"])
        _ = try await api.send(Endpoint<Item>.get("/items", headerFields: [.userAgent: "special"]))
        let fields = try #require(spy.requests.first).headerFields
        #expect(fields[.authorization] == "Basic abc")
        #expect(fields[.userAgent] == "special")
        #expect(fields[.accept] == "application/json")
    }

    @Test func postSendsJSONWithItsContentType() async throws {
        let (api, spy) = makeSUT()
        _ = try await api.send(try Endpoint<Item>.post("/items", json: Item(id: 1)))
        #expect(
            spy.messages == [.init(method: .post, url: "http://example.test/api/items", body: Data(#"{"id":1}"#.utf8))])
        #expect(spy.requests.first?.headerFields[.contentType] == "application/json")
    }

    @Test func anUnacceptedStatusIsAnErrorWithTheBodysMessage() async throws {
        let (api, _) = makeSUT(status: .unauthorized, json: #"{"message": "Wrong password."}"#)
        await #expect(throws: NetworkError.unexpectedStatus(401, message: "Wrong password.")) {
            try await api.send(Endpoint<Item>.get("/items"))
        }
    }

    @Test func anUnacceptedStatusWithoutAMessageSaysTheStatus() async throws {
        let (api, _) = makeSUT(status: .internalServerError, json: "")
        let error = await #expect(throws: NetworkError.self) { try await api.send(Endpoint<Item>.get("/items")) }
        #expect(error == .unexpectedStatus(500, message: nil))
        #expect(error?.localizedDescription == "The server answered 500 (internal server error).")
    }

    @Test func aMissingFieldNamesItsPath() async throws {
        struct Outer: Decodable { var items: [Item] }
        let (api, _) = makeSUT(json: #"{"items": [{"id": 1}, {"name": "x"}]}"#)
        await #expect(throws: NetworkError.undecodable(path: "items[1]", reason: #"missing key "id""#)) {
            try await api.send(Endpoint<Outer>.get("/items"))
        }
    }

    @Test func aWrongTypeNamesItsPath() async throws {
        let (api, _) = makeSUT(json: #"{"id": "seven"}"#)
        let error = await #expect(throws: NetworkError.self) { try await api.send(Endpoint<Item>.get("/items")) }
        guard case .undecodable(let path, let reason) = error else { return }
        #expect(path == "id")
        #expect(reason.hasPrefix("expected Int"))
    }

    @Test func aBaseURLThatIsNotHTTPIsRejected() async throws {
        let (api, spy) = makeSUT(baseURL: "file:///tmp")
        await #expect(throws: NetworkError.invalidRequest("file:///tmp is not an http or https URL")) {
            try await api.send(Endpoint<Item>.get("/items"))
        }
        #expect(spy.messages.isEmpty)
    }

    @Test func mapTurnsTheDecodedValueIntoAnother() async throws {
        let (api, _) = makeSUT()
        #expect(try await api.send(Endpoint<Item>.get("/items").map { $0.id * 2 }) == 14)
    }

    @Test func stubReportsACancelledCallerAsCancelled() async throws {
        let stub = StubHTTPClient { _, _ in (HTTPResponse(status: .ok), Data()) }
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await stub.send(HTTPRequest(method: .get, scheme: "http", authority: "x", path: "/"))
        }
        await #expect(throws: NetworkError.cancelled) { try await task.value }
    }

    @Test(arguments: [
        (NetworkError.cannotConnect(host: "127.0.0.1:9"), "Cannot connect to 127.0.0.1:9."),
        (NetworkError.timedOut(seconds: 3), "did not answer within 3 s"),
        (NetworkError.unexpectedStatus(409, message: "Email taken."), "The server answered 409: Email taken."),
        (NetworkError.undecodable(path: "draws[2].number1", reason: "expected String"), "at draws[2].number1"),
    ])
    func messagesSayWhatHappened(_ error: NetworkError, _ fragment: String) {
        #expect(error.localizedDescription.contains(fragment))
    }
}
