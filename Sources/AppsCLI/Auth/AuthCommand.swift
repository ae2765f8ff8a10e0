import ArgumentParser
import AuthMVP
import Networking

struct AuthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "auth", abstract: "The MVP login screen.", discussion: HelpText.auth,
        subcommands: [Login.self, UI.self])
}

extension AuthCommand {
    /// The CLI is the login screen's view: it types the email and password, taps the button, and
    /// renders every state the presenter shows (JSON Lines with `--format json`).
    struct Login: LeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "login", abstract: "Log in; the password comes from a prompt or stdin.",
            discussion: HelpText.login)

        /// The options of this command, listed before the shared ones in `--help`.
        struct Own: ParsableArguments {
            @Option(help: "The email to log in with.") var email: String
        }

        @OptionGroup(title: "Command options") var own: Own
        @OptionGroup(title: "Shared options") var options: GlobalOptions
        var email: String { own.email }

        func run(in environment: AppEnvironment, console: Console) async throws {
            let password = try environment.readSecret("Password", console)
            let view = RenderingLoginView(console: console)
            let presenter = LoginPresenter(view: view, service: RemoteAuthenticationService(api: environment.api))
            presenter.viewDidLoad()
            presenter.email = email
            presenter.password = password
            await presenter.logIn()
            if let error = view.outputError { throw error }

            switch presenter.phase {
            case .idle where !presenter.path.isEmpty:
                guard let authentication = presenter.path.last else { return }
                let success = SuccessPresenter(authentication: authentication)
                try console.result(json: AuthJSON.success(success)) { success.label }
            case .failed(let error):
                throw error
            case .idle, .loading:
                throw Failure(
                    kind: .validation, message: "Enter an email address with an @ and a password that is not empty.")
            }
        }
    }
}

extension AuthCommand {
    struct UI: LeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "ui", abstract: "The login screen, full screen: live borders, Login / Cancel / Try again.",
            discussion: HelpText.authUI)

        @OptionGroup(title: "Screen options") var screen: ScreenOptions
        @OptionGroup(title: "Shared options") var options: GlobalOptions

        func run(in environment: AppEnvironment, console: Console) async throws {
            let root = AuthUI(service: RemoteAuthenticationService(api: environment.api))
            try await InteractiveScreen.run(
                root, command: "auth ui", screen: screen, environment: environment,
                console: console)
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

    /// The first state that could not be written, if any: the command fails with it.
    private(set) var outputError: (any Error)?

    func render(_ state: LoginViewState) {
        guard console.format == .json, outputError == nil else { return }
        do {
            try console.result(json: AuthJSON.state(state), text: { "" })
        } catch {
            outputError = error
        }
    }
}

/// The one place an AuthMVP error becomes a kind and an exit code.
extension AuthError: ReportableError {
    var failure: Failure {
        switch self {
        case .unauthorized: Failure(kind: .unauthorized, message: localizedDescription)
        case .rejected(let status, let message): Failure(.unexpectedStatus(status, message: message), message: message)
        case .network(let cause): Failure(cause)
        case .cancelled: Failure(NetworkError.cancelled)
        }
    }
}
