import Foundation
import HTTPTypes
import HTTPTypesFoundation

/// A decoded value with the response it came from (status, headers such as the cache's).
public struct APIResponse<Value: Sendable>: Sendable {
    public var value: Value
    public var response: HTTPResponse

    public init(value: Value, response: HTTPResponse) {
        self.value = value
        self.response = response
    }
}

/// Joins a base URL, an ``HTTPClient`` and decoding: the only place endpoints become requests.
public struct APIClient: Sendable {
    public let baseURL: URL
    public let httpClient: any HTTPClient
    /// Fields added to every request (for example `Authorization`), unless the endpoint sets them.
    public var headerFields: HTTPFields

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

    /// The request an endpoint stands for: the base URL's path followed by the endpoint's.
    public func makeRequest<Value>(for endpoint: Endpoint<Value>) throws -> HTTPRequest {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false),
            components.scheme == "http" || components.scheme == "https"
        else {
            throw NetworkError.invalidRequest("\(baseURL) is not an http or https URL")
        }
        let basePath = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        components.path = basePath + endpoint.path
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
