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

    /// Every field that breaks its rule, with its problem; empty when the account can be sent.
    ///
    /// ```swift
    /// SignUpRules.problems(NewAccount(fullName: "", nickname: "Ann", email: "ann", phone: "1", password: "x"))
    /// // [.fullName: .fullNameBlank, .email: .emailWithoutAt, .password: .passwordTooShort(minimum: 8)]
    /// ```
    public static func problems(_ account: NewAccount) -> [SignUpField: SignUpProblem] {
        func blank(_ text: String) -> Bool { text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        var problems: [SignUpField: SignUpProblem] = [:]
        if blank(account.fullName) { problems[.fullName] = .fullNameBlank }
        if blank(account.nickname) { problems[.nickname] = .nicknameBlank }
        if !account.email.contains("@") { problems[.email] = .emailWithoutAt }
        let digits = account.phone.filter(\.isNumber)
        let allowed = account.phone.allSatisfy { $0.isNumber || " -+()".contains($0) }
        if digits.isEmpty || !allowed { problems[.phone] = .phoneInvalid }
        if account.password.count < minimumPasswordLength {
            problems[.password] = .passwordTooShort(minimum: minimumPasswordLength)
        }
        return problems
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
        let problems = SignUpRules.problems(account)
        if !problems.isEmpty { throw .signUp(.invalidFields(problems)) }
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
