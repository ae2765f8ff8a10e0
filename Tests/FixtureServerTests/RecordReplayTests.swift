import FixtureServer
import FixtureTestSupport
import Fixtures
import Foundation
import Networking
import TestSupport
import Testing

/// `apps serve --proxy URL --record DIR`, then `--data DIR`: what a real backend answered is
/// served again, and no credential reaches the folder.
@Suite("Record and replay")
struct RecordReplayTests {
    static func forwarder(to port: Int) -> FixtureServer.Forward {
        { request, body in
            var request = request
            request.authority = "127.0.0.1:\(port)"
            return try await URLSessionHTTPClient().send(request, body: body)
        }
    }

    static let routes = [
        "/lotto/draws", "/lotto/tickets", "/pilot/licenses", "/koober/locations", "/koober/ride-options",
        "/listings/api/products", "/listings/api/product/2", "/listings/api/user/3/offers",
        "/listings/image/jeans-dark.jpg",
    ]

    static func get(_ port: Int, _ path: String) async throws -> (Int, Data) {
        let request = HTTPRequest(
            method: .get, scheme: "http", authority: "127.0.0.1:\(port)", path: path,
            headerFields: [.authorization: FuzzSeeds.listingsAuthorization])
        let (response, body) = try await URLSessionHTTPClient().send(request, body: nil)
        return (response.status.code, body)
    }

    @Test func whatWasRecordedIsServedAgainWithoutCredentials() async throws {
        try await withTemporaryDirectory { folder in
            var originals: [String: Data] = [:]
            try await withFixtureServer { real in
                var configuration = FixtureServer.Configuration()
                configuration.forward = Self.forwarder(to: real.port)
                configuration.recorder = FixtureRecorder(directory: folder)
                try await withFixtureServer(configuration) { proxy in
                    for path in Self.routes {
                        let (status, body) = try await Self.get(proxy.port, path)
                        #expect(status == 200, "\(path)")
                        originals[path] = body
                    }
                    let signIn = HTTPRequest(
                        method: .post, scheme: "http", authority: "127.0.0.1:\(proxy.port)", path: "/koober/signin",
                        headerFields: [.contentType: "application/json"])
                    let (response, _) = try await URLSessionHTTPClient().send(
                        signIn, body: Data(#"{"email":"johnny@gmail.com","password":"password"}"#.utf8))
                    #expect(response.status == .ok)
                }
            }
            let files = try #require(FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String])
            for file in files where file.hasSuffix(".json") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                #expect(!text.contains("password") && !text.contains("kb1.") && !text.contains("Basic "), "\(file)")
            }
            try await withFixtureServer(backend: .init(dataDirectory: folder)) { replay in
                for path in Self.routes where path != "/listings/api/products" {
                    let (status, body) = try await Self.get(replay.port, path)
                    #expect(status == 200, "\(path)")
                    if path.hasSuffix(".jpg") {
                        #expect(body == originals[path])
                    } else {
                        let replayed = try JSONSerialization.jsonObject(with: body) as? NSDictionary
                        let original =
                            try JSONSerialization.jsonObject(with: originals[path] ?? Data()) as? NSDictionary
                        #expect(replayed == original, "\(path)")
                    }
                }
                let (_, products) = try await Self.get(replay.port, "/listings/api/products")
                #expect(products.count > 100)
            }
        }
    }

    @Test func aBackendThatCannotBeReachedIs502() async throws {
        try await withRefusingPort { port in
            var configuration = FixtureServer.Configuration()
            configuration.forward = Self.forwarder(to: port)
            try await withFixtureServer(configuration) { proxy in
                let (status, body) = try await Self.get(proxy.port, "/lotto/draws")
                #expect(status == 502)
                #expect(String(decoding: body, as: UTF8.self).contains("did not answer"))
            }
        }
    }

    /// An upstream that knows no `Prefer` would answer 200; a `Prefer` request is answered from
    /// the document and never forwarded.
    @Test func aPreferRequestIsAnsweredFromTheDocumentNotForwarded() async throws {
        let forwarded = Locked(0)
        var configuration = FixtureServer.Configuration()
        configuration.forward = { _, _ in
            forwarded.withLock { $0 += 1 }
            return (HTTPResponse(status: .ok), Data("{}".utf8))
        }
        try await withFixtureServer(configuration) { proxy in
            let request = HTTPRequest(
                method: .get, scheme: "http", authority: "127.0.0.1:\(proxy.port)", path: "/lotto/draws",
                headerFields: [HTTPField.Name("Prefer")!: "code=503"])
            let (response, _) = try await URLSessionHTTPClient().send(request, body: nil)
            #expect(response.status == .serviceUnavailable)
            #expect(forwarded.withLock { $0 } == 0)
            #expect(try await Self.get(proxy.port, "/lotto/draws").0 == 200)
            #expect(forwarded.withLock { $0 } == 1, "the rest is forwarded")
        }
    }
}
