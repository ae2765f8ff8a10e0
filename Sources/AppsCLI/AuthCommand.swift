import ArgumentParser
import AuthMVP

struct AuthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "auth", abstract: "The MVP login screen.", subcommands: [Login.self])
}

extension AuthCommand {
    /// The CLI is the login screen's view: it types the email and password, taps the button, and
    /// renders every state the presenter shows (JSON Lines with `--format json`).
    struct Login: LeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "login", abstract: "Log in; the password comes from a prompt or stdin.")

        @OptionGroup var options: GlobalOptions
        @Option(help: "The email to log in with.") var email: String

        func run(in environment: AppEnvironment, console: Console) async throws {
            let password = try Secrets.readLine(prompt: "Password")
            let view = RenderingLoginView(console: console)
            let router = RecordingRouter()
            let presenter = LoginPresenter(
                view: view, router: router, service: RemoteAuthenticationService(api: environment.api))
            presenter.viewDidLoad()
            presenter.emailChanged(email)
            presenter.passwordChanged(password)
            presenter.buttonTapped()
            await presenter.waitForRequest()

            if router.showedSuccess {
                let success = SuccessPresenter(router: router)
                console.result(json: .object([("screen", .string("success")), ("label", .string(success.label))])) {
                    success.label
                }
            } else if let error = presenter.lastError {
                throw Failure(kind: error.isUnauthorized ? .unauthorized : .unavailable, message: error.message)
            } else {
                throw Failure(
                    kind: .validation, message: "Enter an email address with an @ and a password that is not empty.")
            }
        }
    }
}

/// Renders each login state as a JSON line; text mode shows only the final screen.
@MainActor
private final class RenderingLoginView: LoginView {
    let console: Console

    init(console: Console) {
        self.console = console
    }

    func render(_ state: LoginViewState) {
        guard console.format == .json else { return }
        console.result(
            json: .object([
                (
                    "email",
                    .object([("text", .string(state.email.text)), ("border", .string(state.email.border.rawValue))])
                ),
                ("password", .object([("border", .string(state.password.border.rawValue))])),
                (
                    "button",
                    .object([("title", .string(state.button.title)), ("enabled", .bool(state.button.isEnabled))])
                ),
                ("activity", .bool(state.isActivityVisible)),
                ("error", .string(state.error)),
            ]), text: { "" })
    }
}

@MainActor
private final class RecordingRouter: LoginRouter {
    private(set) var showedSuccess = false

    func showSuccess() { showedSuccess = true }
    func showLogin() {}
}

extension AuthError {
    var isUnauthorized: Bool {
        if case .unauthorized = self { true } else { false }
    }
}
