/// A login answered in memory, with no network: for SwiftUI previews and an app's tests.
///
/// ```swift
/// #Preview("Wrong password") {
///     LoginScreenPreview(service: PreviewAuthenticationService(outcome: .failure(.unauthorized(message: "Wrong password."))))
/// }
/// ```
public struct PreviewAuthenticationService: AuthenticationService {
    /// What every login answers.
    public var outcome: Result<Authentication, AuthError>

    /// Creates a ``PreviewAuthenticationService``.
    ///
    /// - Parameter outcome: what every login answers; a success by default.
    public init(outcome: Result<Authentication, AuthError> = .success(PreviewAuthenticationService.sample)) {
        self.outcome = outcome
    }

    /// The sample login: a token and `Welcome back!`.
    public static let sample = Authentication(token: "preview-token", message: "Welcome back!")

    /// ``outcome``, whatever the credentials.
    public func authenticate(email: String, password: String) async throws(AuthError) -> Authentication {
        try outcome.get()
    }
}
