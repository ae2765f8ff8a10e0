import Foundation
import HTTPTypes
import HTTPTypesFoundation

/// A decoded value with the response it came from (status, headers such as the cache's).
public struct APIResponse<Value: Sendable>: Sendable {
    /// The decoded value.
    public var value: Value
    /// The response it came from.
    public var response: HTTPResponse

    /// Creates an ``APIResponse``.
    ///
    /// - Parameters:
    ///   - value: the decoded value.
    ///   - response: the response it came from.
    public init(value: Value, response: HTTPResponse) {
        self.value = value
        self.response = response
    }
}

/// Joins a base URL, an ``HTTPClient`` and decoding: the only place endpoints become requests.
public struct EndpointClient: Sendable {
    /// What endpoint paths are joined to: `https://api.example.com` or `https://example.com/v2`.
    public let baseURL: URL
    /// How requests travel.
    public let httpClient: any HTTPClient
    /// Fields added to every request (for example `Authorization`), unless the endpoint sets them.
    public var headerFields: HTTPFields

    /// Creates an ``EndpointClient``.
    ///
    /// ```swift
    /// let api = EndpointClient(
    ///     baseURL: URL(string: "https://api.example.com")!, httpClient: URLSessionHTTPClient(),
    ///     headerFields: [.authorization: "Bearer \(token)"])
    /// let draws = try await api.send(Endpoint<DrawsPayload>.get("/lotto/draws"))
    /// ```
    /// - Parameters:
    ///   - baseURL: what endpoint paths are joined to.
    ///   - httpClient: how requests travel, with any decorators.
    ///   - headerFields: fields every request carries unless its endpoint sets them.
    public init(baseURL: URL, httpClient: any HTTPClient, headerFields: HTTPFields = [:]) {
        self.baseURL = baseURL
        self.httpClient = httpClient
        self.headerFields = headerFields
    }

    /// Sends the endpoint's request and decodes its answer.
    public func send<Value>(_ endpoint: Endpoint<Value>) async throws -> Value {
        try await response(for: endpoint).value
    }

    /// Sends the endpoint's request; the decoded value comes with the response's status and headers.
    public func response<Value>(for endpoint: Endpoint<Value>) async throws -> APIResponse<Value> {
        let request = try makeRequest(for: endpoint)
        let (response, data) = try await httpClient.send(request, body: endpoint.body)
        guard endpoint.acceptedStatuses.contains(response.status.code) else {
            throw NetworkError.unexpectedStatus(response.status.code, message: JSONBody.message(in: data))
        }
        do {
            return APIResponse(value: try endpoint.decode(data, response), response: response)
        } catch let error as DecodingError {
            throw NetworkError(error)
        }
    }

    /// Whether `path` holds only characters a URL path may carry, with every `%` starting an escape.
    static func isPercentEncodedPath(_ path: String) -> Bool {
        let bytes = Array(path.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, bytes[index + 1].isHexDigit, bytes[index + 2].isHexDigit else {
                    return false
                }
                index += 3
                continue
            }
            guard byte < 0x80, allowedInPath.contains(Unicode.Scalar(byte)) else { return false }
            index += 1
        }
        return true
    }

    private static let allowedInPath = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "%"))

    /// The request an endpoint stands for: the base URL's path followed by the endpoint's.
    public func makeRequest<Value>(for endpoint: Endpoint<Value>) throws -> HTTPRequest {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false),
            components.scheme == "http" || components.scheme == "https"
        else {
            throw NetworkError.invalidRequest("\(baseURL) is not an http or https URL")
        }
        // The endpoint's path is sent as it is: encoding it again would turn `%20` into `%2520`.
        guard endpoint.path.hasPrefix("/"), Self.isPercentEncodedPath(endpoint.path) else {
            throw NetworkError.invalidRequest("\(endpoint.path) is not a percent-encoded path")
        }
        let basePath = components.percentEncodedPath
        components.percentEncodedPath =
            (basePath.hasSuffix("/") ? String(basePath.dropLast()) : basePath) + endpoint.path
        components.queryItems = endpoint.queryItems.isEmpty ? nil : endpoint.queryItems
        guard let url = components.url else {
            throw NetworkError.invalidRequest("\(endpoint.path) does not make a valid URL with \(baseURL)")
        }
        var fields = headerFields
        for field in endpoint.headerFields {
            fields[field.name] = field.value
        }
        return HTTPRequest(method: endpoint.method, url: url, headerFields: fields)
    }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}
