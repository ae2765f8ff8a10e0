import Observation

/// The login screen's presenter (MVP): it owns all state and renders it into a passive view.
///
/// | phase | button | enabled | activity | error |
/// |---|---|---|---|---|
/// | idle | Login | both fields valid | no | "" |
/// | loading | Cancel | yes | yes | "" |
/// | failed | Try again | both fields valid | no | the message |
///
/// Tapping the button while idle or failed logs in; while loading it cancels the request and
/// returns to idle. Typing into a field after a failure clears it. Success forgets the password, pushes the ``Authentication`` it brought onto
/// ``path`` and tells the router, if there is one; going back (emptying ``path``, or
/// ``didGoBack(toDepth:)`` from a navigation controller's delegate) resets the screen, so the
/// token leaves with the screen that showed it.
///
/// The presenter is `@Observable`, so a SwiftUI screen is the passive view with no adapter: it
/// binds the fields, reads ``state`` in `body` and binds ``path`` to its `NavigationStack`.
/// UIKit and the command line give it a ``LoginView`` to render into and, if they navigate
/// themselves, a ``LoginRouter``.
///
/// ```swift
/// struct LoginScreen: View {
///     @State private var presenter = LoginPresenter(service: RemoteAuthenticationService(baseURL: backendURL))
///
///     var body: some View {
///         @Bindable var presenter = presenter
///         NavigationStack(path: $presenter.path) {
///             Form {
///                 TextField(LoginField.email.title, text: $presenter.email)
///                 SecureField(LoginField.password.title, text: $presenter.password)
///                 Button(presenter.state.button.title, action: presenter.buttonTapped)
///                     .disabled(!presenter.state.button.isEnabled)
///             }
///             .navigationDestination(for: Authentication.self) { SuccessScreen(authentication: $0) }
///         }
///     }
/// }
/// ```
///
/// A request in flight ends when ``cancel()`` is called, when the task that awaits ``logIn()`` is
/// cancelled, or when the presenter is released (its screen went away); it never outlives them.
@MainActor
@Observable
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

    /// The passive view it renders into after every change, if any; held weakly, as a view
    /// controller owns its presenter. A SwiftUI view needs none: it observes ``state``.
    @ObservationIgnored public weak var view: (any LoginView)?
    /// Told of success, if there is one; held weakly, as the coordinator that owns the navigation
    /// controller (and, through it, this presenter's view controller) is the router. Settable, so
    /// a coordinator can make the presenter in its initialiser and set itself once it exists.
    @ObservationIgnored public weak var router: (any LoginRouter)?
    @ObservationIgnored private let service: any AuthenticationService

    /// The email field's text: bind a text field to it (`$presenter.email`). Once set, the field's
    /// border shows its validity; a new text after a failed login clears the failure.
    public var email: String {
        get { emailText }
        set {
            if newValue != emailText { forgetFailure() }
            (emailText, emailEdited) = (newValue, true)
            render()
        }
    }
    /// The password field's text: bind a secure field to it. Once set, the field's border shows
    /// its validity; a new text after a failed login clears the failure.
    public var password: String {
        get { passwordText }
        set {
            if newValue != passwordText { forgetFailure() }
            (passwordText, passwordEdited) = (newValue, true)
            render()
        }
    }
    private var emailText = ""
    private var passwordText = ""
    private var emailEdited = false
    private var passwordEdited = false
    /// Where the login is.
    public private(set) var phase = Phase.idle
    /// The screens over the login: `[authentication]` once a login succeeded, for a
    /// `NavigationStack(path:)`. Emptying it (the back button, a swipe) resets the login screen,
    /// so the token leaves with the screen that showed it.
    public var path: [Authentication] = [] {
        didSet {
            if path.isEmpty, !oldValue.isEmpty { clear() }
        }
    }
    @ObservationIgnored private var request: Task<Void, Never>?
    /// Counts attempts, so an answer to a cancelled attempt is never taken for a later one's.
    @ObservationIgnored private var attempt = 0

    /// Creates a ``LoginPresenter``.
    ///
    /// ```swift
    /// // UIKit: the view controller is the view, a coordinator the router.
    /// let presenter = LoginPresenter(view: self, router: coordinator, service: RemoteAuthenticationService(baseURL: backendURL))
    /// presenter.viewDidLoad()  // renders the initial state
    /// ```
    /// - Parameters:
    ///   - view: the passive view to render into; none for SwiftUI, which observes the presenter.
    ///   - router: told of success (and of back, by ``SuccessPresenter``); none when ``path``
    ///     is the navigation.
    ///   - service: the login backend.
    public init(
        view: (any LoginView)? = nil, router: (any LoginRouter)? = nil, service: any AuthenticationService
    ) {
        self.view = view
        self.router = router
        self.service = service
    }

    deinit {
        request?.cancel()
    }

    /// Everything the view shows now: each field's text and border, the button's title and whether
    /// it is enabled, the activity indicator, the error label and its typed failure.
    public var state: LoginViewState {
        let emailValid = Credentials.isValidEmail(email)
        let passwordValid = Credentials.isValidPassword(password)
        let title: String
        var failure: AuthError?
        switch phase {
        case .idle: title = LoginViewState.Button.loginTitle
        case .loading: title = LoginViewState.Button.cancelTitle
        case .failed(let error): (title, failure) = (LoginViewState.Button.tryAgainTitle, error)
        }
        return LoginViewState(
            email: .init(text: email, border: border(edited: emailEdited, valid: emailValid)),
            password: .init(text: password, border: border(edited: passwordEdited, valid: passwordValid)),
            button: .init(title: title, isEnabled: phase == .loading || (emailValid && passwordValid)),
            isActivityVisible: phase == .loading, error: failure?.localizedDescription ?? "", failure: failure)
    }

    /// Renders the initial state.
    public func viewDidLoad() {
        render()
    }

    /// Takes the email field's new text, as ``email`` does.
    public func emailChanged(_ text: String) {
        email = text
    }

    /// Takes the password field's new text, as ``password`` does.
    public func passwordChanged(_ text: String) {
        password = text
    }

    /// Logs in when idle or failed (and both fields are valid); cancels the request in flight when
    /// loading: the one button of the state table, Login then Cancel. The request runs in a task
    /// of the presenter's own; ``logIn()`` is the same login for a caller that awaits it, and
    /// ``startLogin()`` one that a second tap cannot cancel.
    public func buttonTapped() {
        if phase == .loading {
            cancel()
        } else {
            start()
        }
    }

    /// Logs in when idle or failed (and both fields are valid); does nothing while loading. For a
    /// screen whose Login button never turns into Cancel: a double tap sends one request and does
    /// not cancel it. Such a screen shows its own Cancel button, calling ``cancel()``.
    ///
    /// ```swift
    /// loginButton.addAction(UIAction { [presenter] _ in presenter.startLogin() }, for: .touchUpInside)
    /// cancelButton.addAction(UIAction { [presenter] _ in presenter.cancel() }, for: .touchUpInside)
    /// ```
    public func startLogin() {
        if phase != .loading { start() }
    }

    /// Logs in and returns when the answer has been shown (success on ``path``, or the failure).
    /// Cancelling the calling task cancels the request; a login already in flight is awaited, not
    /// sent again; with a field invalid nothing is sent.
    ///
    /// ```swift
    /// Button("Login") { Task { await presenter.logIn() } }
    /// ```
    public func logIn() async {
        startLogin()
        guard let request else { return }
        await withTaskCancellationHandler {
            await request.value
        } onCancel: {
            request.cancel()
        }
    }

    /// Cancels the request in flight and returns to idle; nothing happens when none is.
    public func cancel() {
        guard phase == .loading else { return }
        request?.cancel()
        request = nil
        phase = .idle
        render()
    }

    /// Tells the presenter the user went back to the screen `depth` steps above the login: `0`,
    /// the login itself, resets it as emptying ``path`` does. A UIKit app calls it from its
    /// navigation controller's delegate, so the system back button is heard:
    ///
    /// ```swift
    /// func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
    ///     presenter.didGoBack(toDepth: navigationController.viewControllers.count - 1)
    /// }
    /// ```
    public func didGoBack(toDepth depth: Int) {
        let depth = max(depth, 0)
        if depth < path.count { path.removeLast(path.count - depth) }
    }

    /// Back to the default screen: empty, untouched fields, no request, nothing on ``path``.
    public func reset() {
        if path.isEmpty { clear() } else { path = [] }
    }

    /// Waits for the request in flight, if any (for tests and the CLI).
    public func waitForRequest() async {
        await request?.value
    }

    private func start() {
        guard state.button.isEnabled else { return }
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
            (phase, passwordText, passwordEdited) = (.idle, "", false)
            render()
            path = [authentication]
            router?.showSuccess(authentication)
        case .failure(.cancelled):
            phase = .idle
            render()
        case .failure(let error):
            phase = .failed(error)
            render()
        }
    }

    /// After a field's text changed, the failure answered other input: the button says Login
    /// again. The same text set again (a view re-sending it) keeps the failure.
    private func forgetFailure() {
        if case .failed = phase { phase = .idle }
    }

    private func clear() {
        request?.cancel()
        request = nil
        (emailText, passwordText, emailEdited, passwordEdited, phase) = ("", "", false, false, .idle)
        render()
    }

    private func render() {
        view?.render(state)
    }

    private func border(edited: Bool, valid: Bool) -> LoginViewState.Border {
        edited ? (valid ? .valid : .invalid) : .untouched
    }
}
