/// Signing in: ask the backend, then keep the session.
public protocol SignInUseCase: Sendable {
    func signIn(email: String, password: String) async throws(SignInUseCaseError) -> UserSession
}

public enum SignInUseCaseError: Error, Equatable, Sendable {
    case signIn(SignInError)
    /// The backend signed the user in, but the session could not be kept on the device.
    case storingSessionFailed(message: String)
}

public struct KooberSignInUseCase: SignInUseCase {
    private let remoteAPI: any UserAuthRemoteAPI
    private let store: any UserSessionStore

    public init(remoteAPI: any UserAuthRemoteAPI, store: any UserSessionStore) {
        self.remoteAPI = remoteAPI
        self.store = store
    }

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
