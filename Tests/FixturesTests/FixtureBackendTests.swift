import Fixtures
import Foundation
import HTTPTypes
import Testing

@Suite("FixtureBackend")
struct FixtureBackendTests {
    func request(_ path: String, method: HTTPRequest.Method = .get, fields: HTTPFields = [:]) -> HTTPRequest {
        HTTPRequest(method: method, scheme: "http", authority: "fixtures.test", path: path, headerFields: fields)
    }

    func message(_ body: Data) throws -> String {
        try JSONDecoder().decode([String: String].self, from: body)["message"] ?? ""
    }

    @Test func healthAnswersOK() throws {
        let (response, body) = try FixtureBackend().handle(request("/health"), body: nil)
        #expect(response.status == .ok)
        #expect(String(decoding: body, as: UTF8.self) == #"{"status":"ok"}"#)
    }

    @Test func anUnknownPathIsNotFoundWithAMessage() throws {
        let (response, body) = try FixtureBackend().handle(request("/nope"), body: nil)
        #expect(response.status == .notFound)
        #expect(try message(body) == "No route for /nope.")
    }

    @Test func aKnownPathWithAnotherMethodIsNotAllowed() throws {
        let (response, body) = try FixtureBackend().handle(request("/lotto/draws", method: .delete), body: nil)
        #expect(response.status == .methodNotAllowed)
        #expect(response.headerFields[.allow] == "GET")
        #expect(try message(body) == "DELETE is not allowed on /lotto/draws; use GET.")
    }

    @Test func aQueryDoesNotChangeTheRoute() throws {
        let (response, _) = try FixtureBackend().handle(request("/health?verbose=1"), body: nil)
        #expect(response.status == .ok)
    }

    @Test(arguments: [
        "/lotto/draws", "/lotto/tickets", "/pilot/licenses", "/koober/locations", "/koober/ride-options", "/health",
    ])
    func everyFixtureGetHasAnETagHonouredByIfNoneMatch(_ path: String) throws {
        let backend = try FixtureBackend()
        let (first, body) = backend.handle(request(path), body: nil)
        let tag = try #require(first.headerFields[.eTag])
        #expect(tag.hasPrefix("\"") && tag.hasSuffix("\""))
        #expect(!body.isEmpty)

        let (second, secondBody) = backend.handle(request(path, fields: [.ifNoneMatch: tag]), body: nil)
        #expect(second.status == .notModified)
        #expect(second.headerFields[.eTag] == tag)
        #expect(secondBody.isEmpty)

        let (third, _) = backend.handle(request(path, fields: [.ifNoneMatch: "\"stale\""]), body: nil)
        #expect(third.status == .ok)
    }

    @Test func echoReturnsTheBodyTheContentTypeAndTheXFields() throws {
        let fields: HTTPFields = [.contentType: "text/plain", HTTPField.Name("X-Trace")!: "42"]
        let (response, body) = try FixtureBackend(configuration: .init(testRoutes: true)).handle(
            request("/debug/echo", method: .post, fields: fields), body: Data("hi".utf8))
        #expect(body == Data("hi".utf8))
        #expect(response.headerFields[.contentType] == "text/plain")
        #expect(response.headerFields[HTTPField.Name("X-Trace")!] == "42")
    }

    /// `apps serve` served an echo, an open redirect and 64 MiB per request to anyone.
    @Test(arguments: ["/debug/echo", "/debug/redirect?to=http://evil.test/", "/debug/bytes?count=1000"])
    func theTestRoutesAreServedOnlyWhenAskedFor(_ path: String) throws {
        #expect(try FixtureBackend().handle(request(path), body: nil).0.status == .notFound)
        #expect(
            try FixtureBackend(configuration: .init(testRoutes: true)).handle(request(path), body: nil).0.status
                != .notFound)
    }

    @Test(arguments: ["67108864", "9223372036854775807", "-5"])
    func debugBytesMakesAtMostOneMebibyte(_ count: String) throws {
        let backend = try FixtureBackend(configuration: .init(testRoutes: true))
        let (response, body) = backend.handle(request("/debug/bytes?count=\(count)"), body: nil)
        #expect(response.status == .ok)
        #expect(body.count <= FixtureBackend.maximumTestBodyBytes)
    }
}
