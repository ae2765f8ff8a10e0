/// The login screen's presenter (MVP): it owns all state and renders it into a passive view.
///
/// | phase | button | enabled | activity | error |
/// |---|---|---|---|---|
/// | idle | Login | both fields valid | no | "" |
/// | loading | Cancel | yes | yes | "" |
/// | failed | Try again | both fields valid | no | the message |
///
/// Tapping the button while idle or failed logs in; while loading it cancels the request's task
/// and returns to idle. Success goes to the router, with the ``Authentication`` it brought.
@MainActor
public final class LoginPresenter {
    /// Where the login is: waiting for input, requesting, or failed with a typed error.
    public enum Phase: Equatable, Sendable {
        /// Waiting for input, or back after a cancel.
        case idle
        /// The request is in flight.
        case loading
        /// The last attempt failed; the button offers to try again.
        case failed(AuthError)
    }

    /// The view it renders into; held weakly, as a view controller owns its presenter.
    public weak var view: (any LoginView)?
    private let router: any LoginRouter
    private let service: any AuthenticationService

    private var email = ""
    private var password = ""
    private var emailEdited = false
    private var passwordEdited = false
    /// Where the login is.
    public private(set) var phase = Phase.idle
    private var request: Task<Void, Never>?
    /// Counts attempts, so an answer to a cancelled attempt is never taken for a later one's.
    private var attempt = 0

    /// Creates a ``LoginPresenter``.
    ///
    /// ```swift
    /// let presenter = LoginPresenter(view: self, router: router, service: RemoteAuthenticationService(baseURL: backendURL))
    /// presenter.viewDidLoad()  // renders the initial state
    /// ```
    /// - Parameters:
    ///   - view: the passive view to render into.
    ///   - router: where success (and back) navigates.
    ///   - service: the login backend.
    public init(view: any LoginView, router: any LoginRouter, service: any AuthenticationService) {
        self.view = view
        self.router = router
        self.service = service
    }

    /// Everything the view shows now: each field's text and border, the button's title and whether
    /// it is enabled, the activity indicator, the error label.
    public var state: LoginViewState {
        let emailValid = Credentials.isValidEmail(email)
        let passwordValid = Credentials.isValidPassword(password)
        let title: String
        let error: String
        switch phase {
        case .idle: (title, error) = ("Login", "")
        case .loading: (title, error) = ("Cancel", "")
        case .failed(let failure): (title, error) = ("Try again", failure.localizedDescription)
        }
        return LoginViewState(
            email: .init(text: email, border: border(edited: emailEdited, valid: emailValid)),
            password: .init(text: password, border: border(edited: passwordEdited, valid: passwordValid)),
            button: .init(title: title, isEnabled: phase == .loading || (emailValid && passwordValid)),
            isActivityVisible: phase == .loading, error: error)
    }

    /// Renders the initial state.
    public func viewDidLoad() {
        render()
    }

    /// Takes the email field's new text; the field's border shows its validity from now on.
    public func emailChanged(_ text: String) {
        email = text
        emailEdited = true
        render()
    }

    /// Takes the password field's new text; the field's border shows its validity from now on.
    public func passwordChanged(_ text: String) {
        password = text
        passwordEdited = true
        render()
    }

    /// Logs in when idle or failed (and both fields are valid); cancels the request in flight when
    /// loading.
    public func buttonTapped() {
        switch phase {
        case .loading:
            request?.cancel()
            request = nil
            phase = .idle
            render()
        case .idle, .failed:
            guard state.button.isEnabled else { return }
            login()
        }
    }

    /// Back to the default screen, as after returning from success.
    public func reset() {
        request?.cancel()
        request = nil
        (email, password, emailEdited, passwordEdited, phase) = ("", "", false, false, .idle)
        render()
    }

    /// Waits for the request in flight, if any (for tests and the CLI).
    public func waitForRequest() async {
        await request?.value
    }

    private func login() {
        phase = .loading
        attempt += 1
        render()
        let (email, password, service, attempt) = (email, password, service, attempt)
        request = Task { [weak self] in
            let result: Result<Authentication, AuthError>
            do throws(AuthError) {
                result = .success(try await service.authenticate(email: email, password: password))
            } catch {
                result = .failure(error)
            }
            self?.finish(result, attempt: attempt)
        }
    }

    private func finish(_ result: Result<Authentication, AuthError>, attempt: Int) {
        guard phase == .loading, attempt == self.attempt else { return }
        request = nil
        switch result {
        case .success(let authentication):
            phase = .idle
            render()
            router.showSuccess(authentication)
        case .failure(.cancelled):
            phase = .idle
            render()
        case .failure(let error):
            phase = .failed(error)
            render()
        }
    }

    private func render() {
        view?.render(state)
    }

    private func border(edited: Bool, valid: Bool) -> LoginViewState.Border {
        edited ? (valid ? .blue : .red) : .black
    }
}
