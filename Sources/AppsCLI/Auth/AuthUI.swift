import AuthMVP
import Observation
import TerminalUI

/// `apps auth ui`: the MVP login screen. The session observes the presenter itself, as a SwiftUI
/// view would: its state, and its path for the success screen.
@MainActor
@Observable
final class AuthUI: TerminalView {
    enum Screen {
        case login
        case success(SuccessPresenter)
    }
    enum Focus: Int, CaseIterable { case email, password, button }

    private(set) var focus = Focus.email
    /// Asked before quitting throws away what was typed.
    private(set) var confirmingQuit = false
    private var editors = FieldEditors<Focus>()
    @ObservationIgnored private var spokenFocus = SpokenFocus()
    let presenter: LoginPresenter

    init(service: any AuthenticationService) {
        presenter = LoginPresenter(service: service)
    }

    /// The success screen while the presenter's path holds a login, else the login.
    var screen: Screen {
        presenter.path.last.map { .success(SuccessPresenter(authentication: $0)) } ?? .login
    }

    /// What the presenter shows now.
    private var state: LoginViewState { presenter.state }

    var isEditingText: Bool {
        guard case .login = screen, !confirmingQuit else { return false }
        return focus != .button
    }

    var minimumSize: (width: Int, height: Int) { (48, 16) }

    // MARK: Keys

    var keyHints: [KeyHint] {
        switch screen {
        case .success: return [KeyHint("Esc Enter", "back to the login")]
        case .login:
            return [
                KeyHint("Tab ↓ ⇧Tab ↑", "next / previous field"), KeyHint("Enter", "the button"),
                KeyHint("Esc", "cancel the login"), KeyHint("r", "try again (on the button)"),
                KeyHint("← → Home End", "move in a field"), KeyHint("Ctrl-U Ctrl-W", "clear the field, a word"),
            ]
        }
    }

    func handle(_ key: Key) -> KeyOutcome {
        if confirmingQuit {
            confirmingQuit = false
            return key == .character("y") ? .quit : .handled
        }
        switch screen {
        case .success:
            switch key {
            case .character("q"): return .quit
            case .escape, .enter, .backspace:
                presenter.reset()
                focus = .email
            default: break
            }
        case .login:
            if let text = text(of: focus), let edited = editors.edit(focus, text: text, key: key) {
                if focus == .email { presenter.email = edited } else { presenter.password = edited }
                return .handled
            }
            switch key {
            case .escape: presenter.cancel()
            case .tab, .down: focus = focus.cycled(by: 1)
            case .backTab, .up: focus = focus.cycled(by: -1)
            case .enter: presenter.buttonTapped()
            case .character(" ") where focus == .button: presenter.buttonTapped()
            case .character("r") where focus == .button && !state.error.isEmpty: presenter.buttonTapped()
            case .character("q") where focus == .button:
                guard state.email.text.isEmpty && state.password.text.isEmpty else {
                    confirmingQuit = true
                    return .handled
                }
                return .quit
            default: break
            }
        }
        return .handled
    }

    private func text(of field: Focus) -> String? {
        switch field {
        case .email: state.email.text
        case .password: state.password.text
        case .button: nil
        }
    }

    // MARK: Drawing

    func draw(in canvas: inout Canvas) {
        canvas.titleBar("AuthMVP")
        canvas.footer(Array(keyHints.prefix(3)), editingText: isEditingText)
        let area = canvas.content
        switch screen {
        case .success(let success):
            canvas.put(
                success.label, row: area.y + 1, column: area.x + 2, maxWidth: area.width - 2,
                style: CellStyle(bold: true))
        case .login:
            drawField(.email, focus: .email, top: area.y, in: &canvas)
            drawField(.password, focus: .password, top: area.y + 4, in: &canvas)
            let row = area.y + 8
            let button = "[ \(state.button.title) ]"
            let after = canvas.put(
                button, row: row, column: area.x + 2,
                style: CellStyle(bold: state.button.isEnabled, dim: !state.button.isEnabled, inverse: focus == .button))
            if state.isActivityVisible {
                canvas.activity("Logging in… Esc cancels", id: "login", row: row, column: after + 2)
            }
            canvas.paragraph(
                state.error.terminalSafe, in: Rect(x: area.x + 2, y: row + 2, width: area.width - 2, height: 3),
                style: CellStyle(foreground: .red, bold: true))
            if confirmingQuit { canvas.confirmation("Quit and lose what you typed?") }
        }
    }

    /// A labelled box whose border takes the field's colour; a mark beside the label says the same
    /// without colour (`✓` valid, `✗` not valid and the rule it breaks, nothing before the first edit).
    private func drawField(_ login: LoginField, focus field: Focus, top: Int, in canvas: inout Canvas) {
        let focused = focus == field
        let shown = state[login]
        let (color, mark): (TerminalColor?, String) =
            switch shown.border {
            case .untouched: (nil, "")
            case .invalid: (.red, " ✗ " + login.requirement)
            case .valid: (.blue, " ✓")
            }
        let border = CellStyle(foreground: color, bold: focused)
        let width = min(40, canvas.width - 8)
        let after = canvas.put(login.title, row: top, column: 4, style: CellStyle(bold: focused))
        canvas.put(
            mark, row: top, column: after, maxWidth: canvas.width - after - 2, style: CellStyle(foreground: color))
        canvas.put("┌" + String(repeating: "─", count: width) + "┐", row: top + 1, column: 4, style: border)
        canvas.put("│", row: top + 2, column: 4, style: border)
        editors.editor(field, text: shown.text).draw(
            in: &canvas, row: top + 2, column: 6, width: width - 2, focused: focused, secure: field == .password)
        canvas.put("│", row: top + 2, column: 5 + width, style: border)
        canvas.put("└" + String(repeating: "─", count: width) + "┘", row: top + 3, column: 4, style: border)
    }

}

extension AuthUI {
    /// What a screen reader hears on the login screen: its name, each red field's requirement,
    /// the request in flight or its error, then the focused control in the presenter's words with
    /// its place ("Password, secure text field, empty, 2 of 3", "Cancel, button, 3 of 3"), announced
    /// as the focus arrives or the button changes.
    var spokenLines: [String] {
        guard case .login = screen, !confirmingQuit else { return drawnLines }
        let problems = LoginField.allCases.filter { state[$0].border == .invalid }.map {
            "\($0.title): \($0.requirement)"
        }
        let activity = state.isActivityVisible ? ["Logging in… Esc cancels"] : []
        let error = state.error.isEmpty ? [] : [state.error.terminalSafe]
        return ["AuthMVP, Login"] + problems + activity + error + [focusLine]
    }

    private var focusLine: String {
        let place = "\(focus.rawValue + 1) of \(Focus.allCases.count)"
        switch focus {
        case .email, .password:
            let field: LoginField = focus == .email ? .email : .password
            return spokenFocus.line(at: "\(focus)") {
                state.accessibilityDescription(of: field).terminalSafe + ", " + place
            }
        case .button:
            return spokenFocus.line(at: "button \(state.button.title) \(state.button.isEnabled)") {
                state.buttonAccessibilityDescription + ", " + place
            }
        }
    }
}
