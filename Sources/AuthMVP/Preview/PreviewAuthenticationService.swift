/// A login answered in memory, with no network: for SwiftUI previews and an app's tests. A
/// preview of a state after a login fills the fields and starts it; the answer comes a moment
/// later, as from a backend (`LoginScreen` is the app's view of a presenter):
///
/// ```swift
/// #Preview("Wrong password") {
///     let presenter = LoginPresenter(
///         service: PreviewAuthenticationService(outcome: .failure(.unauthorized(message: "Wrong password."))))
///     presenter.email = "ann@example.com"
///     presenter.password = "secret"
///     presenter.startLogin()
///     return LoginScreen(presenter: presenter)
/// }
/// #Preview("Logging in") {
///     let presenter = LoginPresenter(service: PreviewAuthenticationService.stillLoading)
///     presenter.email = "ann@example.com"
///     presenter.password = "secret"
///     presenter.startLogin()
///     return LoginScreen(presenter: presenter)
/// }
/// ```
public struct PreviewAuthenticationService: AuthenticationService {
    /// What every login answers; `nil` answers never, so the screen stays loading.
    public var outcome: Result<Authentication, AuthError>?

    /// Creates a ``PreviewAuthenticationService``.
    ///
    /// - Parameter outcome: what every login answers; a success by default.
    public init(outcome: Result<Authentication, AuthError> = .success(PreviewAuthenticationService.sample)) {
        self.outcome = outcome
    }

    /// The sample login: a token and `Welcome back!`.
    public static let sample = Authentication(token: "preview-token", message: "Welcome back!")

    /// A login that never answers (until its task is cancelled, as a Cancel tap does): the screen
    /// stays loading, to preview the activity indicator and the Cancel button.
    public static let stillLoading = PreviewAuthenticationService(answering: nil)

    private init(answering outcome: Result<Authentication, AuthError>?) {
        self.outcome = outcome
    }

    /// ``outcome``, whatever the credentials; with none, waits until cancelled.
    public func authenticate(email: String, password: String) async throws(AuthError) -> Authentication {
        guard let outcome else {
            while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
            throw .cancelled
        }
        return try outcome.get()
    }
}
