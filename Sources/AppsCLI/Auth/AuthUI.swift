import AuthMVP
import Observation
import TerminalUI

/// `apps auth ui`: the MVP login screen. The presenter renders into a passive view that keeps the
/// last state (which the session observes); a small router brings its navigation here.
@MainActor
@Observable
final class AuthUI: TerminalView {
    enum Screen {
        case login
        case success(SuccessPresenter)
    }
    enum Focus: CaseIterable { case email, password, button }

    private(set) var screen = Screen.login
    private(set) var focus = Focus.email
    /// The presenter's view.
    let rendered = RenderedLogin()
    @ObservationIgnored private let presenter: LoginPresenter
    @ObservationIgnored private let router = Router()

    init(service: any AuthenticationService) {
        presenter = LoginPresenter(view: rendered, router: router, service: service)
        router.ui = self
        presenter.viewDidLoad()
    }

    /// What the presenter rendered last.
    private var state: LoginViewState { rendered.state }

    // MARK: Keys

    func handle(_ key: Key) -> KeyOutcome {
        switch screen {
        case .success(let success):
            switch key {
            case .character("q"): return .quit
            case .escape, .enter, .backspace: success.backTapped()
            default: break
            }
        case .login:
            switch key {
            case .escape where state.isActivityVisible: presenter.buttonTapped()
            case .escape: return .quit
            case .tab, .down: focus = focus.cycled(by: 1)
            case .backTab, .up: focus = focus.cycled(by: -1)
            case .enter: presenter.buttonTapped()
            case .character(" ") where focus == .button: presenter.buttonTapped()
            case .character(let character) where focus != .button: edit { $0.append(character) }
            case .backspace where focus != .button: edit { _ = $0.popLast() }
            case .character("q") where focus == .button: return .quit
            default: break
            }
        }
        return .handled
    }

    private func edit(_ change: (inout String) -> Void) {
        switch focus {
        case .email:
            var text = state.email.text
            change(&text)
            presenter.emailChanged(text)
        case .password:
            var text = state.password.text
            change(&text)
            presenter.passwordChanged(text)
        case .button:
            break
        }
    }

    // MARK: Drawing

    func draw(in canvas: inout Canvas) {
        canvas.titleBar("AuthMVP")
        switch screen {
        case .success(let success):
            canvas.put(success.label, row: 3, column: 4, style: CellStyle(bold: true))
            canvas.footer("Esc back · q quit")
        case .login:
            drawField("Email", state.email, shown: state.email.text, focused: focus == .email, top: 2, in: &canvas)
            drawField(
                "Password", state.password, shown: String(repeating: "•", count: state.password.text.count),
                focused: focus == .password, top: 6, in: &canvas)
            let button = "[ \(state.button.title) ]"
            canvas.put(
                button, row: 10, column: 4,
                style: CellStyle(bold: state.button.isEnabled, dim: !state.button.isEnabled, inverse: focus == .button))
            if state.isActivityVisible {
                canvas.put(
                    "⟳ logging in… (Esc cancels)", row: 10, column: 6 + button.count,
                    style: CellStyle(foreground: .cyan))
            }
            canvas.put(state.error.terminalSafe, row: 12, column: 4, style: CellStyle(foreground: .red, bold: true))
            canvas.footer("Tab next field · Enter the button · Esc cancel or quit")
        }
    }

    /// A labelled box whose border takes the field's colour; a mark beside it says the same without
    /// colour: `✓` valid, `✗` not valid, nothing before the first edit.
    private func drawField(
        _ label: String, _ field: LoginViewState.Field, shown: String, focused: Bool, top: Int, in canvas: inout Canvas
    ) {
        let (color, mark): (TerminalColor?, String) =
            switch field.border {
            case .black: (nil, "")
            case .red: (.red, " ✗")
            case .blue: (.blue, " ✓")
            }
        let border = CellStyle(foreground: color, bold: focused)
        let width = 40
        canvas.put(label + mark, row: top, column: 4, style: CellStyle(bold: focused))
        canvas.put("┌" + String(repeating: "─", count: width) + "┐", row: top + 1, column: 4, style: border)
        canvas.put("│", row: top + 2, column: 4, style: border)
        canvas.put(String(shown.suffix(width - 2)).terminalSafe, row: top + 2, column: 6)
        if focused { canvas.put("▏", row: top + 2, column: 6 + min(shown.count, width - 2)) }
        canvas.put("│", row: top + 2, column: 5 + width, style: border)
        canvas.put("└" + String(repeating: "─", count: width) + "┘", row: top + 3, column: 4, style: border)
    }

    fileprivate func show(_ screen: Screen) {
        self.screen = screen
        if case .login = screen {
            focus = .email
            presenter.reset()
        }
    }
}

/// The login screen as the presenter sees it: it keeps each state it is given.
@MainActor
@Observable
final class RenderedLogin: LoginView {
    private(set) var state = LoginViewState.initial

    func render(_ state: LoginViewState) {
        self.state = state
    }
}

/// The presenters' router: it holds the screen weakly, so the screen, which owns the presenters,
/// is not kept alive by them.
@MainActor
private final class Router: LoginRouter {
    weak var ui: AuthUI?

    func showSuccess(_ authentication: Authentication) {
        guard let ui else { return }
        ui.show(.success(SuccessPresenter(authentication: authentication, router: self)))
    }
    func showLogin() { ui?.show(.login) }
}
