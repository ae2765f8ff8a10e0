import AppsCore
import FixtureServer
import FixtureTestSupport
import Foundation
import HTTPTypes
import Networking
import TestSupport
import Testing

/// Answers no HTTP library would send, written byte by byte on a raw socket: neither client may
/// trap, hang past its timeout, or follow a redirect it should not.
@Suite("Hostile servers on a raw socket", .timeLimit(.minutes(2)))
struct HostileServerTests {
    func get(_ client: any HTTPClient, _ url: URL, _ path: String = "/x") async throws -> (HTTPResponse, Data) {
        try await client.send(HTTPRequest(method: .get, url: url.appendingPathComponent(path)))
    }

    /// Where a refused redirect pointed and why; records an issue when `error` is anything else.
    func refusal(_ error: NetworkError?, sourceLocation: SourceLocation = #_sourceLocation) -> (String, String)? {
        guard case .badRedirect(let location, let reason) = error else {
            Issue.record("not a refused redirect: \(String(describing: error))", sourceLocation: sourceLocation)
            return nil
        }
        return (location, reason)
    }

    /// `HTTP/1.1 000 X` trapped inside AsyncHTTPClient (exit 132 from every command).
    @Test(arguments: NetworkClient.allCases, ["000", "001", "099"])
    func aStatusBelow100IsAnErrorNotATrap(_ kind: NetworkClient, _ status: String) async throws {
        try await withScriptedServer({ connection in
            connection.write("HTTP/1.1 \(status) X\r\nContent-Length: 5\r\n\r\nhello")
        }) { url in
            let error = await #expect(throws: NetworkError.self) {
                let (response, _) = try await get(kind.make(timeout: .seconds(5)), url)
                // A client that lets the status through must still not call it a success.
                throw NetworkError.unexpectedStatus(response.status.code, message: nil)
            }
            if kind == .asyncHTTPClient { #expect(error == .unexpectedStatus(Int(status)!, message: nil)) }
        }
    }

    /// A `Location` with a port above 65535 trapped in NIO's `SocketAddress`.
    @Test(arguments: NetworkClient.allCases)
    func aRedirectToAPortOutOfRangeIsAnError(_ kind: NetworkClient) async throws {
        try await withScriptedServer({ connection in
            connection.write("HTTP/1.1 302 Found\r\nLocation: http://127.0.0.1:70000/x\r\nContent-Length: 0\r\n\r\n")
        }) { url in
            let error = await #expect(throws: NetworkError.self) { try await get(kind.make(), url) }
            guard let (location, reason) = refusal(error) else { return }
            #expect(location == "http://127.0.0.1:70000/x")
            #expect(reason.contains("70000"))
        }
    }

    @Test func aRequestToAPortOutOfRangeIsAnInvalidRequest() async throws {
        await #expect(throws: NetworkError.invalidRequest("port 99999 is out of range (1 to 65535)")) {
            try await get(NetworkClient.asyncHTTPClient.make(), URL(string: "http://127.0.0.1:99999")!)
        }
    }

    /// `--timeout 2` did not bound a body sent a byte every half second (still running at 40 s).
    @Test func aBodySentAByteAtATimeIsCutOffAtTheTimeout() async throws {
        try await withScriptedServer({ connection in
            guard connection.write("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n") else { return }
            while connection.write("x") { connection.pause(milliseconds: 200) }
        }) { url in
            let started = ContinuousClock.now
            await #expect(throws: NetworkError.timedOut(seconds: 1)) {
                try await get(NetworkClient.asyncHTTPClient.make(timeout: .seconds(1)), url)
            }
            #expect(ContinuousClock.now - started < .seconds(30))
        }
    }

    /// Nor an endless stream of `103 Early Hints` (still running at 60 s).
    @Test func endlessInformationalAnswersAreCutOffAtTheTimeout() async throws {
        try await withScriptedServer({ connection in
            while connection.write("HTTP/1.1 103 Early Hints\r\nLink: </a.css>; rel=preload\r\n\r\n") {
                connection.pause(milliseconds: 100)
            }
        }) { url in
            let started = ContinuousClock.now
            await #expect(throws: NetworkError.timedOut(seconds: 1)) {
                try await get(NetworkClient.asyncHTTPClient.make(timeout: .seconds(1)), url)
            }
            #expect(ContinuousClock.now - started < .seconds(30))
        }
    }

    /// `X-Apps-Cache: stale` from a server made a command say it was offline.
    @Test(arguments: NetworkClient.allCases)
    func theCachesFieldsNeverComeFromTheWire(_ kind: NetworkClient) async throws {
        try await withScriptedServer({ connection in
            connection.write(
                "HTTP/1.1 200 OK\r\nX-Apps-Cache: stale\r\nX-Apps-Cache-Stored-At: 0\r\nContent-Length: 2\r\n\r\n{}")
        }) { url in
            let (response, _) = try await get(kind.make(), url)
            #expect(response.cacheStatus == nil)
            #expect(response.headerFields[.appsCacheStoredAt] == nil)
        }
    }

    /// A `307` to another origin resent the POST's body, a password, there.
    @Test(arguments: NetworkClient.allCases)
    func aPostIsNeverRedirectedWithItsBodyToAnotherOrigin(_ kind: NetworkClient) async throws {
        let received = Locked(0)
        var configuration = FixtureServer.Configuration()
        configuration.onRequest = { _ in received.withLock { $0 += 1 } }
        try await withFixtureServer(configuration) { other in
            let echo = other.baseURL.appendingPathComponent("debug/echo").absoluteString
            try await withScriptedServer({ connection in
                connection.write("HTTP/1.1 307 Temporary Redirect\r\nLocation: \(echo)\r\nContent-Length: 0\r\n\r\n")
            }) { url in
                var request = HTTPRequest(method: .post, url: url.appendingPathComponent("signin"))
                request.headerFields[.contentType] = "application/json"
                let error = await #expect(throws: NetworkError.self) {
                    try await kind.make().send(request, body: Data(#"{"password":"hunter2"}"#.utf8))
                }
                guard let (location, reason) = refusal(error) else { return }
                #expect(location == echo)
                #expect(reason.contains("another site"))
                #expect(received.withLock { $0 } == 0)
            }
        }
    }

    @Test(arguments: NetworkClient.allCases)
    func aRedirectLoopIsSaidToBeOne(_ kind: NetworkClient) async throws {
        try await withScriptedServer({ connection in
            connection.write("HTTP/1.1 302 Found\r\nLocation: /x\r\nContent-Length: 0\r\n\r\n")
        }) { url in
            let error = await #expect(throws: NetworkError.self) { try await get(kind.make(), url) }
            guard refusal(error) != nil else { return }
            #expect(error?.isUnavailable == false)  // not retried
        }
    }

    @Test(arguments: NetworkClient.allCases, ["file:///etc/passwd", "ftp://127.0.0.1/x"])
    func aRedirectToAnotherSchemeIsNotFollowed(_ kind: NetworkClient, _ location: String) async throws {
        try await withScriptedServer({ connection in
            connection.write("HTTP/1.1 302 Found\r\nLocation: \(location)\r\nContent-Length: 0\r\n\r\n")
        }) { url in
            let error = await #expect(throws: NetworkError.self) { try await get(kind.make(), url) }
            #expect(
                error == .badRedirect(location: location, reason: "only http and https addresses are followed"),
                "\(String(describing: error))")
        }
    }

    /// A redirect to a port nobody listens on was reported under the first server's name.
    @Test func anUnreachableRedirectTargetIsNamed() async throws {
        try await withRefusingPort { port in
            _ = try await withScriptedServer({ connection in
                connection.write(
                    "HTTP/1.1 302 Found\r\nLocation: http://127.0.0.1:\(port)/x\r\nContent-Length: 0\r\n\r\n")
            }) { url in
                await #expect(throws: NetworkError.cannotConnect(host: "127.0.0.1:\(port)")) {
                    try await get(NetworkClient.asyncHTTPClient.make(), url)
                }
            }
        }
    }
}

@Suite("Status messages")
struct StatusMessageTests {
    @Test(arguments: [
        (101, "The server answered 101 (switching protocols, which this app does not use)."),
        (302, "The server answered 302 (a redirect without an address to follow)."),
        (304, "The server answered 304 (not modified, for a request that asked for no stored copy)."),
        (399, "The server answered 399 (redirect)."),
        (418, "The server answered 418 (client error)."),
        (0, "The server answered 0 (not an HTTP status)."),
    ])
    func eachStatusSaysWhatItIs(_ status: Int, _ message: String) {
        #expect(NetworkError.unexpectedStatus(status, message: nil).localizedDescription == message)
    }
}
