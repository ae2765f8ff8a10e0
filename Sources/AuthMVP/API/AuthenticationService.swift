import Foundation
import Networking

/// Logs a user in.
public protocol AuthenticationService: Sendable {
    /// Logs in with an email and a password.
    ///
    /// - Throws: ``AuthError``; cancelling the calling task cancels the request.
    func authenticate(email: String, password: String) async throws(AuthError) -> Authentication
}

/// `POST /auth/authenticate` over an `EndpointClient`.
public struct RemoteAuthenticationService: AuthenticationService {
    private let api: EndpointClient

    /// Logins against the backend at `baseURL`.
    ///
    /// ```swift
    /// let authentication = try await RemoteAuthenticationService(baseURL: backendURL).authenticate(email: email, password: password)
    /// ```
    ///
    /// - Parameters:
    ///   - baseURL: where the backend answers, such as `https://api.example.com`.
    ///   - httpClient: how requests travel; `URLSessionHTTPClient.shared` unless a test or an app's
    ///     decorators (retry, cache, logging) provide another.
    public init(baseURL: URL, httpClient: any HTTPClient = URLSessionHTTPClient.shared) {
        self.init(api: EndpointClient(baseURL: baseURL, httpClient: httpClient))
    }

    /// A service over an API client you configured yourself: a base URL, a transport, and fields
    /// every request carries.
    public init(api: EndpointClient) {
        self.api = api
    }

    public func authenticate(email: String, password: String) async throws(AuthError) -> Authentication {
        do {
            let endpoint = try Endpoint<AuthenticateResponseDTO>.post(
                "/auth/authenticate", json: AuthenticateRequestDTO(email: email, password: password))
            return try await api.send(endpoint).authentication
        } catch NetworkError.unexpectedStatus(401, let message) {
            throw .unauthorized(message: message ?? text("AuthError.unauthorized"))
        } catch NetworkError.unexpectedStatus(let status, let message) {
            throw .rejected(status: status, message: message ?? text("AuthError.rejected", String(status)))
        } catch NetworkError.cancelled, is CancellationError {
            throw .cancelled
        } catch {
            throw .network(NetworkError(error))
        }
    }
}
