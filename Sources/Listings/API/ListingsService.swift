import Foundation
import HTTPTypes
import Networking

/// HTTP basic credentials, injected by the app (never written in the domain).
public struct BasicCredentials: Sendable {
    /// The user name.
    public let username: String
    /// The password.
    public let password: String

    /// Creates a ``BasicCredentials``.
    ///
    /// ```swift
    /// let credentials = BasicCredentials(username: "admin", password: secrets.listingsPassword)
    /// ```
    public init(username: String, password: String) {
        self.username = username
        self.password = password
    }

    var headerValue: String { "Basic " + Data("\(username):\(password)".utf8).base64EncodedString() }
}

/// The retailer's catalogue: products, their details, a user's offers, and images.
public protocol ListingsService: Sendable {
    /// Every product, without its information sections.
    func products() async throws -> [RetailProduct]
    /// One product with its information sections.
    /// - Throws: ``ListingsError/productNotFound(_:)`` when the backend has no product `id`.
    func productDetails(id: String) async throws -> ProductDetails
    /// The offers of one user and the badge rules that go with them.
    /// - Throws: ``ListingsError/userNotFound(_:)`` when the backend has no user `userID`.
    func offers(userID: String) async throws -> UserOffers
    /// The bytes of an image at a path below the base URL (`/listings/image/shirt-blue.jpg`).
    func imageData(key: String) async throws -> Data
}

/// ``ListingsService`` over the retailer's API, with basic auth on every request.
public struct RemoteListingsService: ListingsService {
    private let api: EndpointClient

    /// The retailer's API at `baseURL`, with `credentials` on every request.
    ///
    /// ```swift
    /// let service = RemoteListingsService(baseURL: backendURL, credentials: BasicCredentials(username: "admin", password: secret))
    /// ```
    ///
    /// - Parameters:
    ///   - baseURL: where the backend answers, such as `https://api.example.com`.
    ///   - credentials: sent as HTTP basic auth with every request.
    ///   - httpClient: how requests travel; `URLSessionHTTPClient.shared` unless a test or an app's
    ///     decorators (retry, cache, logging) provide another.
    public init(baseURL: URL, credentials: BasicCredentials, httpClient: any HTTPClient = URLSessionHTTPClient.shared) {
        self.init(api: EndpointClient(baseURL: baseURL, httpClient: httpClient), credentials: credentials)
    }

    /// A service over an API client you configured yourself: a base URL, a transport, and fields
    /// every request carries. `credentials` are added to those fields.
    public init(api: EndpointClient, credentials: BasicCredentials) {
        var api = api
        api.headerFields[.authorization] = credentials.headerValue
        self.api = api
    }

    /// Every product; see ``ListingsService/products()``.
    public func products() async throws -> [RetailProduct] {
        try await send(Endpoint<ProductsDTO>.get("/listings/api/products")).products.map(\.product)
    }

    /// One product with its details; see ``ListingsService/productDetails(id:)``.
    public func productDetails(id: String) async throws -> ProductDetails {
        do {
            return try await send(Endpoint<ProductDTO>.get("/listings/api/product/\(URLPath.segment(id))")).details
        } catch NetworkError.unexpectedStatus(404, _) {
            throw ListingsError.productNotFound(id)
        }
    }

    /// A user's offers; see ``ListingsService/offers(userID:)``.
    public func offers(userID: String) async throws -> UserOffers {
        do {
            return try await send(Endpoint<OffersDTO>.get("/listings/api/user/\(URLPath.segment(userID))/offers"))
                .userOffers
        } catch NetworkError.unexpectedStatus(404, _) {
            throw ListingsError.userNotFound(userID)
        }
    }

    public func imageData(key: String) async throws -> Data {
        try await send(Endpoint<Data>.bytes("/listings/image/\(URLPath.segment(key)).jpg"))
    }

    private func send<Value>(_ endpoint: Endpoint<Value>) async throws -> Value {
        do {
            return try await api.send(endpoint)
        } catch NetworkError.unexpectedStatus(401, _) {
            throw ListingsError.unauthorized
        }
    }
}
