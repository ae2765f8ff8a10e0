import AsyncHTTPClient
import Foundation
import HTTPTypes
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
/// The timeout is the longest silence: to connect, and between two reads of the answer.
/// A redirect to another origin loses `Authorization`, `Proxy-Authorization` and `Cookie`.
///
/// ```swift
/// let client = NIOHTTPClient(timeout: .seconds(5))
/// let lotto = RemoteLottoService(baseURL: URL(string: "http://127.0.0.1:8080")!, httpClient: client)
/// ```
public final class NIOHTTPClient: Networking.HTTPClient {
    private let client: AsyncHTTPClient.HTTPClient
    private let timeoutSeconds: Int
    private let maximumBodyBytes: Int

    /// - Parameters:
    ///   - timeout: the longest wait to connect, and between two reads; at least one second.
    ///   - maximumBodyBytes: a longer body is ``Networking/NetworkError/bodyTooLarge(limitBytes:)``.
    public init(
        timeout: Duration = .seconds(10),
        maximumBodyBytes: Int = URLSessionHTTPClient.defaultMaximumBodyBytes
    ) {
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        self.timeoutSeconds = max(1, Int(seconds.rounded(.up)))
        self.maximumBodyBytes = maximumBodyBytes
        var configuration = AsyncHTTPClient.HTTPClient.Configuration(
            redirectConfiguration: .follow(max: 5, allowCycles: false),
            timeout: .init(connect: .seconds(Int64(timeoutSeconds)), read: .seconds(Int64(timeoutSeconds))),
            decompression: .disabled
        )
        configuration.httpVersion = .http1Only
        // A refused connection is an answer, as it is to URLSession; retrying is RetryingHTTPClient's job.
        configuration.connectionPool.retryConnectionEstablishment = false
        self.client = AsyncHTTPClient.HTTPClient(
            eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    deinit {
        // Never blocks: the future keeps the client alive until it has shut down.
        _ = client.shutdown()
    }

    public func send(_ request: HTTPRequest, body: Data?) async throws -> (HTTPResponse, Data) {
        let host = request.authority ?? "the server"
        guard let scheme = request.scheme, let authority = request.authority, let path = request.path else {
            throw NetworkError.invalidRequest("\(request.method) \(request.path ?? "") has no valid URL")
        }
        var outgoing = HTTPClientRequest(url: "\(scheme)://\(authority)\(path)")
        outgoing.method = NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue)
        for field in request.headerFields {
            outgoing.headers.add(name: field.name.rawName, value: field.value)
        }
        if let body {
            outgoing.body = .bytes(ByteBuffer(bytes: body))
        }
        do {
            // No overall deadline: the configured connect and read timeouts bound each silence, as
            // URLSession's request timeout does.
            let response = try await client.execute(outgoing, deadline: .distantFuture)
            let status = Int(response.status.code)
            guard (100...999).contains(status) else {
                throw NetworkError.transport("the server answered with status \(status), which is not HTTP")
            }
            var fields = HTTPFields()
            for (name, value) in response.headers {
                if let fieldName = HTTPField.Name(name) { fields.append(HTTPField(name: fieldName, value: value)) }
            }
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
