import Foundation
import Networking

/// Signs users in and up with the backend.
public protocol UserAuthRemoteAPI: Sendable {
    /// Signs in with an email and a password.
    /// - Throws: ``SignInError/unauthorized`` for an unknown email or a wrong password.
    func signIn(email: String, password: String) async throws(SignInError) -> UserSession
    /// Creates an account and signs it in.
    /// - Throws: ``SignUpError``: the email is taken, a field is rejected, or the backend failed.
    func signUp(_ account: NewAccount) async throws(SignUpError) -> UserSession
}

/// ``UserAuthRemoteAPI`` over `POST /koober/signin` and `POST /koober/signup`.
public struct RemoteUserAuthService: UserAuthRemoteAPI {
    private let api: EndpointClient

    /// Sign-in and sign-up against the backend at `baseURL`.
    ///
    /// ```swift
    /// let session = try await RemoteUserAuthService(baseURL: backendURL).signIn(email: email, password: password)
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

    /// Signs in; see ``UserAuthRemoteAPI/signIn(email:password:)``.
    public func signIn(email: String, password: String) async throws(SignInError) -> UserSession {
        do {
            let endpoint = try Endpoint<SignedInDTO>.post(
                "/koober/signin", json: ["email": email, "password": password])
            return try await api.send(endpoint).session
        } catch NetworkError.unexpectedStatus(401, _) {
            throw .unauthorized
        } catch let error as NetworkError {
            throw .unknown(cause: error)
        } catch {
            throw .unknown(cause: nil)
        }
    }

    /// Signs up; see ``UserAuthRemoteAPI/signUp(_:)``.
    public func signUp(_ account: NewAccount) async throws(SignUpError) -> UserSession {
        let body = [
            "fullName": account.fullName, "nickname": account.nickname, "email": account.email, "phone": account.phone,
            "password": account.password,
        ]
        do {
            return try await api.send(try Endpoint<SignedInDTO>.post("/koober/signup", json: body)).session
        } catch NetworkError.unexpectedStatus(409, _) {
            throw .conflict
        } catch NetworkError.unexpectedStatus(422, let message) {
            throw .rejected(message: message ?? text("SignUpError.rejected"))
        } catch let error as NetworkError {
            throw .unknown(cause: error)
        } catch {
            throw .unknown(cause: nil)
        }
    }
}
