import AsyncHTTPClient
import Foundation
import HTTPTypes
import HTTPTypesFoundation
import NIOCore
import NIOHTTP1
import Networking

/// An `HTTPClient` over AsyncHTTPClient (SwiftNIO): the command line's transport for `--base-url`.
///
/// It keeps the promises of ``Networking/URLSessionHTTPClient`` (the same contract suite runs
/// against both) and one more: a body is read with back-pressure, so memory stays bounded by the
/// cap whatever the server sends. A declared `Content-Length` above the cap ends the exchange at
/// the headers; an undeclared body is read only until it passes the cap. FoundationNetworking,
/// by contrast, reads ahead of its delegate on Linux (Docs/Reliability.md).
///
/// The timeout bounds the whole exchange (connecting, every redirect, the headers and the whole
/// body), and also each silence within it: a body sent a byte at a time, or informational answers
/// sent without end, are cut off at the timeout as a silent server is.
///
/// Redirects are followed by the rules of `Redirects` (Docs/Networking.md): http and https only,
/// at most five, no loops; to another origin without `Authorization`, `Proxy-Authorization` or
/// `Cookie`, and never with the request's body.
///
/// ```swift
/// let client = NIOHTTPClient(timeout: .seconds(5))
/// let lotto = RemoteLottoService(baseURL: URL(string: "http://127.0.0.1:8080")!, httpClient: client)
/// ```
public final class NIOHTTPClient: Networking.HTTPClient {
    private let client: AsyncHTTPClient.HTTPClient
    private let timeout: Duration
    private let timeoutSeconds: Int
    private let maximumBodyBytes: Int

    /// - Parameters:
    ///   - timeout: the longest a request may take in all, and the longest wait to connect or
    ///     between two reads; at least one second.
    ///   - maximumBodyBytes: a longer body is ``Networking/NetworkError/bodyTooLarge(limitBytes:)``.
    public init(
        timeout: Duration = .seconds(10),
        maximumBodyBytes: Int = URLSessionHTTPClient.defaultMaximumBodyBytes
    ) {
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        self.timeoutSeconds = max(1, Int(seconds.rounded(.up)))
        self.timeout = .seconds(timeoutSeconds)
        self.maximumBodyBytes = maximumBodyBytes
        var configuration = AsyncHTTPClient.HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(Int64(timeoutSeconds)), read: .seconds(Int64(timeoutSeconds))),
            decompression: .disabled
        )
        configuration.httpVersion = .http1Only
        // A refused connection is an answer, as it is to URLSession; retrying is RetryingHTTPClient's job.
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.http1_1ConnectionDebugInitializer = StatusLineGuard.install
        self.client = AsyncHTTPClient.HTTPClient(
            eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    deinit {
        // Never blocks: the future keeps the client alive until it has shut down.
        _ = client.shutdown()
    }

    /// Sends the request, following redirects, within the timeout; see ``Networking/HTTPClient/send(_:body:)``.
    public func send(_ request: HTTPRequest, body: Data?) async throws -> (HTTPResponse, Data) {
        try await withThrowingTaskGroup(of: (HTTPResponse, Data).self) { group in
            group.addTask { try await self.followingRedirects(request, body: body) }
            group.addTask { [timeout, timeoutSeconds] in
                do {
                    try await Task.sleep(for: timeout)
                } catch {
                    throw NetworkError.cancelled
                }
                throw NetworkError.timedOut(seconds: timeoutSeconds)
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw NetworkError.cancelled }
            return first
        }
    }

    private func followingRedirects(_ request: HTTPRequest, body: Data?) async throws -> (HTTPResponse, Data) {
        var request = request
        var body = body
        var visited: [URL] = []
        while true {
            let (response, data) = try await exchange(request, body: body)
            guard [301, 302, 303, 307, 308].contains(response.status.code),
                let location = response.headerFields[.location], let origin = request.url
            else { return (response, data) }
            let target = URL(string: location, relativeTo: origin)?.absoluteURL
            let resendsBody = body != nil && [307, 308].contains(response.status.code)
            if let refusal = Redirects.refusal(from: origin, to: target, location: location, resendsBody: resendsBody) {
                throw refusal
            }
            guard let target else { return (response, data) }
            visited.append(origin)
            if visited.contains(target) {
                throw NetworkError.badRedirect(
                    location: location, reason: Redirects.loop)
            }
            if visited.count > Redirects.limit {
                throw NetworkError.badRedirect(location: location, reason: Redirects.tooMany)
            }
            (request, body) = Self.redirected(request, body: body, to: target, status: response.status.code)
        }
    }

    /// The request a redirect asks for: a `303`, and a `301` or `302` of a `POST`, become a `GET`
    /// without a body, as browsers do; another origin gets no credentials.
    private static func redirected(
        _ request: HTTPRequest, body: Data?, to target: URL, status: Int
    ) -> (HTTPRequest, Data?) {
        var next = HTTPRequest(method: request.method, url: target, headerFields: request.headerFields)
        var nextBody = body
        if (status == 303 && request.method != .head) || ([301, 302].contains(status) && request.method == .post) {
            next.method = .get
            nextBody = nil
            next.headerFields[.contentType] = nil
            next.headerFields[.contentLength] = nil
        }
        if !Redirects.sameOrigin(request.url, target) {
            for name in Redirects.credentialFields { next.headerFields[name] = nil }
        }
        return (next, nextBody)
    }

    /// One request and its answer, body and all, without following a redirect.
    private func exchange(_ request: HTTPRequest, body: Data?) async throws -> (HTTPResponse, Data) {
        let host = request.authority ?? "the server"
        guard let scheme = request.scheme, let authority = request.authority, let path = request.path,
            let url = request.url
        else {
            throw NetworkError.invalidRequest("\(request.method) \(request.path ?? "") has no valid URL")
        }
        // NIO traps on a port that does not fit in 16 bits.
        if let port = url.port, !(1...65535).contains(port) {
            throw NetworkError.invalidRequest("port \(port) is out of range (1 to 65535)")
        }
        var outgoing = HTTPClientRequest(url: "\(scheme.lowercased())://\(authority)\(path)")
        outgoing.method = NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue)
        for field in request.headerFields {
            outgoing.headers.add(name: field.name.rawName, value: field.value)
        }
        if let body {
            outgoing.body = .bytes(ByteBuffer(bytes: body))
        }
        do {
            let response = try await client.execute(outgoing, deadline: .distantFuture)
            let status = Int(response.status.code)
            guard (100...999).contains(status) else { throw NetworkError.unexpectedStatus(status, message: nil) }
            var fields = HTTPFields()
            for (name, value) in response.headers {
                if let fieldName = HTTPField.Name(name) { fields.append(HTTPField(name: fieldName, value: value)) }
            }
            fields.removeCacheBookkeeping()
            let received = try await response.body.collect(upTo: maximumBodyBytes)
            return (
                HTTPResponse(
                    status: .init(code: status, reasonPhrase: response.status.reasonPhrase), headerFields: fields),
                Data(received.readableBytesView)
            )
        } catch {
            throw networkError(for: error, host: host)
        }
    }

    private func networkError(for error: any Error, host: String) -> NetworkError {
        switch error {
        case let error as NetworkError: return error
        case is CancellationError: return .cancelled
        case is NIOTooManyBytesError: return .bodyTooLarge(limitBytes: maximumBodyBytes)
        case let error as StatusLineGuard.NotHTTPStatus: return .unexpectedStatus(error.code, message: nil)
        case let error as AsyncHTTPClient.HTTPClientError:
            switch error {
            case .cancelled: return .cancelled
            case .readTimeout, .connectTimeout, .deadlineExceeded: return .timedOut(seconds: timeoutSeconds)
            case .remoteConnectionClosed: return .connectionLost
            case .invalidURL, .emptyHost, .emptyScheme: return .invalidRequest(String(describing: error))
            default: return .transport(String(describing: error))
            }
        case let error as IOError where [ECONNREFUSED, EHOSTUNREACH, ENETUNREACH].contains(error.errnoCode):
            return .cannotConnect(host: host)
        case let error as IOError where [ECONNRESET, EPIPE].contains(error.errnoCode):
            return .connectionLost
        default:
            return .transport(String(describing: error))
        }
    }
}

/// Ends an exchange whose status line is below 100 before AsyncHTTPClient sees it: it takes such
/// a head for an informational one, ignores it, and traps when the body follows ("How can we
/// receive a response body, if we haven't received a head").
final class StatusLineGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias InboundOut = HTTPClientResponsePart

    struct NotHTTPStatus: Error {
        var code: Int
    }

    private var refused = false

    /// Puts a guard right after the response decoder of a new connection.
    @Sendable static func install(on channel: any Channel) -> EventLoopFuture<Void> {
        channel.eventLoop.submit {
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPResponseDecoder>.self)
            try pipeline.addHandler(StatusLineGuard(), position: .after(decoder))
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        if case .head(let head) = unwrapInboundIn(data), head.status.code < 100 {
            refused = true
            context.fireErrorCaught(NotHTTPStatus(code: Int(head.status.code)))
            context.close(promise: nil)
            return
        }
        context.fireChannelRead(data)
    }
}
