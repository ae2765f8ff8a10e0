import Foundation
import HTTPTypes

/// A description of one API call: what to send and how to read the answer.
///
/// Domains describe endpoints; ``EndpointClient`` turns them into requests. `decode` sees the body only
/// when the status is one of `acceptedStatuses`; other statuses become
/// ``NetworkError/unexpectedStatus(_:message:)``.
public struct Endpoint<Response: Sendable>: Sendable {
    /// The request's method.
    public var method: HTTPRequest.Method
    /// The path below the API's base URL, starting with `/`, percent-encoded: it is sent as it
    /// is. Build a segment from a value with ``URLPath/segment(_:)``.
    public var path: String
    /// The query, appended to the path.
    public var queryItems: [URLQueryItem]
    /// Fields this request carries; they win over the ``EndpointClient``'s.
    public var headerFields: HTTPFields
    /// The request's body, if any.
    public var body: Data?
    /// The statuses whose body `decode` reads; 2xx by default.
    public var acceptedStatuses: Set<Int>
    /// Turns an accepted answer's body into the value.
    public var decode: @Sendable (Data, HTTPResponse) throws -> Response

    /// An endpoint from its parts; ``get(_:query:headerFields:as:)``, ``post(_:json:headerFields:as:)`` and
    /// ``bytes(_:headerFields:)`` build the usual ones.
    /// - Parameters:
    ///   - method: the request's method.
    ///   - path: the percent-encoded path below the base URL.
    ///   - queryItems: the query.
    ///   - headerFields: fields the request carries.
    ///   - body: the request's body.
    ///   - acceptedStatuses: the statuses `decode` reads.
    ///   - decode: turns an accepted answer's body into the value.
    public init(
        method: HTTPRequest.Method,
        path: String,
        queryItems: [URLQueryItem] = [],
        headerFields: HTTPFields = [:],
        body: Data? = nil,
        acceptedStatuses: Set<Int> = Set(200..<300),
        decode: @escaping @Sendable (Data, HTTPResponse) throws -> Response
    ) {
        self.method = method
        self.path = path
        self.queryItems = queryItems
        self.headerFields = headerFields
        self.body = body
        self.acceptedStatuses = acceptedStatuses
        self.decode = decode
    }

    /// The same request, read differently: for mapping wire DTOs into domain values.
    public func map<T: Sendable>(_ transform: @escaping @Sendable (Response) throws -> T) -> Endpoint<T> {
        let decode = self.decode
        return Endpoint<T>(
            method: method, path: path, queryItems: queryItems, headerFields: headerFields, body: body,
            acceptedStatuses: acceptedStatuses, decode: { data, response in try transform(decode(data, response)) })
    }
}

extension Endpoint where Response: Decodable {
    /// A `GET` whose JSON answer decodes as `Response`.
    public static func get(
        _ path: String, query: [URLQueryItem] = [], headerFields: HTTPFields = [:], as _: Response.Type = Response.self
    ) -> Endpoint {
        var fields = headerFields
        fields[.accept] = "application/json"
        return Endpoint(method: .get, path: path, queryItems: query, headerFields: fields, decode: JSONBody.decode)
    }

    /// A `POST` of `body` as JSON whose JSON answer decodes as `Response`.
    public static func post(
        _ path: String, json body: some Encodable, headerFields: HTTPFields = [:], as _: Response.Type = Response.self
    ) throws -> Endpoint {
        var fields = headerFields
        fields[.accept] = "application/json"
        fields[.contentType] = "application/json"
        let data: Data
        do {
            data = try JSONEncoder().encode(body)
        } catch {
            throw NetworkError.invalidRequest("the body could not be encoded: \(error.localizedDescription)")
        }
        return Endpoint(method: .post, path: path, headerFields: fields, body: data, decode: JSONBody.decode)
    }
}

extension Endpoint where Response == Data {
    /// A `GET` whose answer is raw bytes (an image, a file).
    public static func bytes(_ path: String, headerFields: HTTPFields = [:]) -> Endpoint {
        Endpoint(method: .get, path: path, headerFields: headerFields, decode: { data, _ in data })
    }
}

/// JSON decoding that reports where a body went wrong.
public enum JSONBody {
    /// Decodes a JSON body as `T`: an endpoint's `decode` step.
    public static func decode<T: Decodable>(_ data: Data, _: HTTPResponse) throws -> T {
        try decode(T.self, from: data)
    }

    /// Decodes `type`, turning a `DecodingError` into ``NetworkError/undecodable(path:reason:)``.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw NetworkError(error)
        }
    }

    /// The `message` of a `{"message": "..."}` error body, if the body is one.
    public static func message(in data: Data) -> String? {
        struct ErrorBody: Decodable { var message: String }
        guard let message = try? JSONDecoder().decode(ErrorBody.self, from: data).message else { return nil }
        let trimmed = message.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }
}

/// Building endpoint paths from values.
public enum URLPath {
    /// `value` as one path segment: everything but unreserved characters percent-encoded, so a
    /// `/`, a space or a `%` in an id stays inside its segment and is decoded once by the server.
    ///
    /// ```swift
    /// Endpoint<ProductDTO>.get("/listings/api/product/\(URLPath.segment(id))")   // "a b/c" → a%20b%2Fc
    /// ```
    public static func segment(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? value
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
