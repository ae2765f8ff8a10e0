/// Signing in: ask the backend, then keep the session.
public protocol SignInUseCase: Sendable {
    /// Signs in and keeps the session on the device.
    /// - Throws: ``SignInUseCaseError``: the backend refused or failed, or the session could not be kept.
    func signIn(email: String, password: String) async throws(SignInUseCaseError) -> UserSession
}

/// Why signing in and keeping the session failed.
public enum SignInUseCaseError: Error, Equatable, Sendable {
    /// The backend did not sign the user in.
    case signIn(SignInError)
    /// The backend signed the user in, but the session could not be kept on the device.
    case storingSessionFailed(message: String)
}

/// Signs in with a ``UserAuthRemoteAPI`` and saves the session in a ``UserSessionStore``.
/// ```swift
/// let signIn = KooberSignInUseCase(remoteAPI: RemoteUserAuthService(baseURL: backendURL), store: store)
/// let session = try await signIn.signIn(email: "johnny@gmail.com", password: "password")
/// ```
public struct KooberSignInUseCase: SignInUseCase {
    private let remoteAPI: any UserAuthRemoteAPI
    private let store: any UserSessionStore

    /// Creates a ``KooberSignInUseCase``.
    ///
    /// - Parameters:
    ///   - remoteAPI: the backend's sign-in.
    ///   - store: where the session is kept.
    public init(remoteAPI: any UserAuthRemoteAPI, store: any UserSessionStore) {
        self.remoteAPI = remoteAPI
        self.store = store
    }

    /// Signs in, then saves the session; see ``SignInUseCase/signIn(email:password:)``.
    public func signIn(email: String, password: String) async throws(SignInUseCaseError) -> UserSession {
        let session: UserSession
        do {
            session = try await remoteAPI.signIn(email: email, password: password)
        } catch {
            throw .signIn(error)
        }
        do {
            try store.save(session)
        } catch {
            throw .storingSessionFailed(message: error.localizedDescription)
        }
        return session
    }
}
