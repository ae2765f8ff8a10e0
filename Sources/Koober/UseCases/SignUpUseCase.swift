import Foundation

/// Signing up: check every field first, then ask the backend, then keep the session.
public protocol SignUpUseCase: Sendable {
    /// Checks the fields, creates the account, and keeps the session on the device.
    /// - Throws: ``SignUpUseCaseError``: a field broke its rule, the backend refused or failed, or the
    ///   session could not be kept.
    func signUp(_ account: NewAccount) async throws(SignUpUseCaseError) -> UserSession
}

/// Why signing up and keeping the session failed.
public enum SignUpUseCaseError: Error, Equatable, Sendable {
    /// A field broke its rule, or the backend did not create the account.
    case signUp(SignUpError)
    /// The account was created and signed in, but the session could not be kept on the device.
    case storingSessionFailed(message: String)
}

/// The rules a new account must meet before anything is sent.
public enum SignUpRules {
    /// The shortest password accepted: 8 characters.
    public static let minimumPasswordLength = 8

    /// The first field that breaks its rule, in form order, with its message.
    public static func firstInvalidField(_ account: NewAccount) -> (SignUpField, String)? {
        func blank(_ text: String) -> Bool { text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        if blank(account.fullName) { return (.fullName, "Enter your full name.") }
        if blank(account.nickname) { return (.nickname, "Enter a nickname.") }
        if !account.email.contains("@") { return (.email, "Enter an email address with an @.") }
        let digits = account.phone.filter(\.isNumber)
        let allowed = account.phone.allSatisfy { $0.isNumber || " -+()".contains($0) }
        if digits.isEmpty || !allowed { return (.phone, "Enter a phone number: digits, spaces, dashes.") }
        if account.password.count < minimumPasswordLength {
            return (.password, "Use at least \(minimumPasswordLength) characters for the password.")
        }
        return nil
    }
}

/// Checks a new account against ``SignUpRules``, signs it up with a ``UserAuthRemoteAPI`` and saves
/// the session in a ``UserSessionStore``.
/// ```swift
/// let signUp = KooberSignUpUseCase(remoteAPI: RemoteUserAuthService(baseURL: backendURL), store: store)
/// let session = try await signUp.signUp(account)
/// ```
public struct KooberSignUpUseCase: SignUpUseCase {
    private let remoteAPI: any UserAuthRemoteAPI
    private let store: any UserSessionStore

    /// Creates a ``KooberSignUpUseCase``.
    ///
    /// - Parameters:
    ///   - remoteAPI: the backend's sign-up.
    ///   - store: where the session is kept.
    public init(remoteAPI: any UserAuthRemoteAPI, store: any UserSessionStore) {
        self.remoteAPI = remoteAPI
        self.store = store
    }

    /// Checks, signs up, then saves the session; see ``SignUpUseCase/signUp(_:)``.
    public func signUp(_ account: NewAccount) async throws(SignUpUseCaseError) -> UserSession {
        if let (field, message) = SignUpRules.firstInvalidField(account) {
            throw .signUp(.invalidField(field, message: message))
        }
        let session: UserSession
        do {
            session = try await remoteAPI.signUp(account)
        } catch {
            throw .signUp(error)
        }
        do {
            try store.save(session)
        } catch {
            throw .storingSessionFailed(message: error.localizedDescription)
        }
        return session
    }
}
