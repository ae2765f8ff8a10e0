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
    /// The focus: the email and password fields, then the button.
    private(set) var form = FormState()
    @ObservationIgnored private var spokenFocus = SpokenFocus()
    let presenter: LoginPresenter
    let effects = Effects()

    init(service: any AuthenticationService) {
        presenter = LoginPresenter(service: service)
    }

    /// The success screen while the presenter's path holds a login, else the login.
    var screen: Screen {
        presenter.path.last.map { .success(SuccessPresenter(authentication: $0)) } ?? .login
    }

    /// What the presenter shows now.
    private var state: LoginViewState { presenter.state }

    /// The login's fields in the presenter's order, bound to it.
    private var fields: [FormField] {
        LoginField.allCases.map { field in
            FormField(id: field.rawValue, label: field.title, text: state[field].text, isSecure: field == .password) {
                [presenter] text in
                switch field {
                case .email: presenter.email = text
                case .password: presenter.password = text
                }
            }
        }
    }

    private var isOnButton: Bool { form.focus == fields.count }

    var isEditingText: Bool {
        guard case .login = screen else { return false }
        return !isOnButton
    }

    var minimumSize: (width: Int, height: Int) { (48, 16) }

    // MARK: Keys

    var keyBindings: [KeyBinding] {
        switch screen {
        case .success:
            let back: @MainActor () -> Void = { [self] in
                presenter.reset()
                form.focus = 0
            }
            return [
                KeyBinding([.escape, .enter], "back to the login", perform: back),
                KeyBinding([.backspace], "back to the login", priority: .helpOnly, perform: back),
            ]
        case .login:
            let inForm: @MainActor (Key) -> KeyOutcome = { [self] key in
                let fields = fields
                _ = form.handle(key, fields: fields, stops: fields.count + 1)
                return .handled
            }
            var rows = [
                FormState.movingBinding(perform: inForm),
                KeyBinding([.enter], "next, log in") { [self] key in
                    // The form moves Enter on from the email field; in the last field or on the
                    // button it is the button's.
                    let fields = fields
                    if !form.handle(key, fields: fields, stops: fields.count + 1) { presenter.buttonTapped() }
                    return .handled
                },
                KeyBinding([.escape], "cancel the login") { [self] in presenter.cancel() },
            ]
            if isOnButton {
                rows.append(
                    KeyBinding([.character(" ")], "press the button", priority: .helpOnly) { [self] in
                        presenter.buttonTapped()
                    })
                if !state.error.isEmpty {
                    rows.append(KeyBinding([.character("r")], "try again") { [self] in presenter.buttonTapped() })
                }
            }
            return rows + FormState.editingBindings(perform: inForm)
        }
    }

    func handle(_ key: Key) -> KeyOutcome {
        if key == .character("q"), !isEditingText {
            guard case .login = screen, !(state.email.text.isEmpty && state.password.text.isEmpty) else {
                return .quit
            }
            return .confirm("Quit and lose what you typed?") { .quit }
        }
        // A letter in a field is text, never a command: typed without making the table.
        if let outcome = isEditingText && key.isCharacter ? nil : keyBindings.perform(key) { return outcome }
        if case .login = screen {
            let fields = fields
            _ = form.handle(key, fields: fields, stops: fields.count + 1)
        }
        return .handled
    }

    // MARK: Drawing

    func draw(in canvas: inout Canvas) {
        let area = canvas.scaffold("AuthMVP", hints: keyHints, editingText: isEditingText)
        switch screen {
        case .success(let success):
            canvas.put(
                success.label, row: area.y + 1, column: area.x + 2, maxWidth: area.width - 2,
                style: CellStyle(bold: true))
        case .login:
            for (index, field) in zip(LoginField.allCases, fields).enumerated() {
                drawField(field.0, field.1, index: index, top: area.y + 4 * index, in: &canvas)
            }
            let row = area.y + 4 * fields.count
            let button = "[ \(state.button.title) ]"
            let after = canvas.put(
                button, row: row, column: area.x + 2,
                style: CellStyle(bold: state.button.isEnabled, dim: !state.button.isEnabled, inverse: isOnButton))
            if state.isActivityVisible {
                canvas.activity("Logging in… Esc cancels", id: "login", row: row, column: after + 2)
            }
            canvas.paragraph(
                state.error.terminalSafe, in: Rect(x: area.x + 2, y: row + 2, width: area.width - 2, height: 3),
                style: CellStyle(foreground: .red, bold: true))
        }
    }

    /// A labelled box whose border takes the field's colour; a mark beside the label says the same
    /// without colour (`✓` valid, `✗` not valid and the rule it breaks, nothing before the first edit).
    private func drawField(_ login: LoginField, _ field: FormField, index: Int, top: Int, in canvas: inout Canvas) {
        let focused = form.focus == index
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
        form.editor(field).draw(
            in: &canvas, row: top + 2, column: 6, width: width - 2, focused: focused, secure: field.isSecure)
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
        guard case .login = screen else { return drawnLines }
        let problems = LoginField.allCases.filter { state[$0].border == .invalid }.map {
            "\($0.title): \($0.requirement)"
        }
        let activity = state.isActivityVisible ? ["Logging in… Esc cancels"] : []
        let error = state.error.isEmpty ? [] : [state.error.terminalSafe]
        return ["AuthMVP, Login"] + problems + activity + error + [focusLine]
    }

    private var focusLine: String {
        let place = "\(form.focus + 1) of \(LoginField.allCases.count + 1)"
        guard isOnButton else {
            let field = LoginField.allCases[form.focus]
            return spokenFocus.line(at: "\(field)") {
                state.accessibilityDescription(of: field).terminalSafe + ", " + place
            }
        }
        return spokenFocus.line(at: "button \(state.button.title) \(state.button.isEnabled)") {
            state.buttonAccessibilityDescription + ", " + place
        }
    }
}
