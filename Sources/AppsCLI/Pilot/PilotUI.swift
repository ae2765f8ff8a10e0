import AppsCore
import Foundation
import Observation
import PilotRegistration
import TerminalUI

/// `apps pilot ui`: the registration form with each field's message as you type, the license
/// picker with each license's aircraft, the confirmation screen and logout, drawn from the
/// PilotRegistration flow.
@MainActor
@Observable
final class PilotUI: TerminalView {
    /// The focus: the library's text fields in its order, then the licenses and the button.
    private(set) var formState = FormState()
    /// Why the last logout failed, if it did.
    @ObservationIgnored private var spokenFocus = SpokenFocus()
    let flow: PilotRegistrationFlow
    let effects = Effects()
    /// When the oldest answer shown from the offline cache was stored, if one is.
    @ObservationIgnored private let staleSince: @Sendable () -> Date?

    /// The form's fields typed into, in the library's order (the license is chosen, not typed).
    private static let textFields = RegistrationField.allCases.filter { $0 != .license }
    /// The focus stops after the text fields.
    private var licenseStop: Int { Self.textFields.count }
    private var registerStop: Int { Self.textFields.count + 1 }
    private var stops: Int { Self.textFields.count + 2 }

    init(flow: PilotRegistrationFlow, staleSince: @escaping @Sendable () -> Date? = { nil }) {
        self.flow = flow
        self.staleSince = staleSince
        effects.run { [flow] in await flow.launch() }
    }

    fileprivate var form: RegistrationViewModel { flow.registration }

    fileprivate var licenses: [License] { form.licenses.value ?? [] }

    private var isFormTouched: Bool {
        !(form.name.isEmpty && form.password.isEmpty && form.verification.isEmpty && form.licenseType.isEmpty)
    }

    /// The text fields, bound to the form, with `errors` (the form's, worked out once a frame) as
    /// their problems.
    private func fields(errors: [RegistrationField: RegistrationProblem]) -> [FormField] {
        Self.textFields.map { field($0, problem: errors[$0]) }
    }

    /// A text field, bound to the form.
    private func field(_ field: RegistrationField, problem: RegistrationProblem? = nil) -> FormField {
        let form = form
        return FormField(
            id: field.rawValue, label: field.title, text: text(of: field), isSecure: field != .name,
            problem: problem?.localizedDescription.terminalSafe
        ) { text in
            switch field {
            case .name: form.name = text
            case .password: form.password = text
            case .verification: form.verification = text
            case .license: break
            }
        }
    }

    private func text(of field: RegistrationField) -> String {
        switch field {
        case .name: form.name
        case .password: form.password
        case .verification: form.verification
        case .license: form.licenseType
        }
    }

    var isEditingText: Bool {
        if case .registration = flow.screen { return formState.focus < Self.textFields.count }
        return false
    }

    var minimumSize: (width: Int, height: Int) { (56, 16) }

    // MARK: Keys

    var keyBindings: [KeyBinding] {
        switch flow.screen {
        case .launching: return []
        case .error:
            return [
                KeyBinding([.character("r"), .enter], "retry") { [self] in effects.run { [flow] in await flow.retry() }
                }
            ]
        case .confirmation:
            // Asked, and never on Enter: Enter Enter on Register registered and logged out before
            // the confirmation was seen.
            return [
                KeyBinding([.character("l")], "log out") { [weak self] _ in
                    .confirm("Log out and forget the pilot?") {
                        self?.logout()
                        return .handled
                    }
                }
            ]
        case .registration:
            return registrationBindings
        }
    }

    /// The form's table: what each key does on the focused stop.
    private var registrationBindings: [KeyBinding] {
        let inForm: @MainActor (Key) -> KeyOutcome = { [self] key in
            _ = typed(key)
            return .handled
        }
        let focus = formState.focus
        var rows = [FormState.movingBinding(perform: inForm)]
        if focus == licenseStop {
            rows.append(
                KeyBinding([.left, .right], "choose a license") { [self] key in
                    chooseLicense(by: key == .left ? -1 : 1)
                    return .handled
                })
            // Space chooses the option under the cursor, which is the one chosen (← → move both):
            // with none chosen yet, the first; never the next one.
            if form.selectedLicense == nil {
                rows.append(
                    KeyBinding([.character(" ")], "choose the first license") { [self] in chooseLicense(by: 1) })
            }
        }
        if focus == registerStop {
            rows.append(KeyBinding([.enter, .character(" ")], "register") { [self] in form.register() })
        } else {
            rows.append(
                KeyBinding([.enter], "next field") { [self] key in
                    // In a field followed by another the form moves on; from the last one, too.
                    if !typed(key) { formState.move(by: 1, stops: stops) }
                    return .handled
                })
        }
        if !isEditingText, form.licenses.failure != nil || staleSince() != nil {
            rows.append(
                KeyBinding([.character("r")], "reload the licenses") { [self] in
                    effects.run { [form] in await form.reloadLicenses() }
                })
        }
        return rows + FormState.editingBindings(perform: inForm)
    }

    func handle(_ key: Key) -> KeyOutcome {
        if key == .character("q"), !isEditingText {
            guard case .registration = flow.screen, isFormTouched else { return .quit }
            return .confirm("Quit and lose what you typed in the form?") { .quit }
        }
        // A letter in a field is text, never a command: typed without making the table (a paste
        // without bracketed paste is twenty thousand of them).
        if let outcome = isEditingText && key.isCharacter ? nil : keyBindings.perform(key) { return outcome }
        if case .registration = flow.screen { _ = typed(key) }
        return .handled
    }

    /// `key` applied by the form: typed into the focused field, or moving the focus; `false`
    /// when the form has no use for it.
    private func typed(_ key: Key) -> Bool {
        formState.handle(key, stops: stops) { index in
            Self.textFields.indices.contains(index) ? field(Self.textFields[index]) : nil
        }
    }

    private func chooseLicense(by step: Int) {
        let current = licenses.firstIndex { $0.type == form.selectedLicense?.type }
        if let next = licenses.cycled(from: current, by: step) { form.licenseType = next.type }
    }

    private func logout() {
        guard let confirmation = flow.confirmation else { return }
        effects.run {
            if await confirmation.logout() { self.formState.focus = 0 }
        }
    }

    // MARK: Drawing

    func draw(in canvas: inout Canvas) {
        var area = canvas.scaffold("Pilot registration", hints: keyHints, editingText: isEditingText)
        switch flow.screen {
        case .launching:
            canvas.activity("Loading…", id: "launch", row: 2, column: 2)
        case .error(let error):
            let used = canvas.paragraph(
                error.localizedDescription.terminalSafe, in: area, style: CellStyle(foreground: .red))
            canvas.put("Press r to try again.", row: area.y + 1 + used, column: area.x)
        case .confirmation:
            drawConfirmation(in: area, of: &canvas)
        case .registration:
            if let notice = offlineLine { area = canvas.offlineNotice(notice, above: area) }
            drawForm(in: area, of: &canvas)
        }
    }

    /// The form, scrolled in a window too small for it so that the focused field (with its
    /// message), the licenses or the button are in view.
    private func drawForm(in area: Rect, of canvas: inout Canvas) {
        canvas.scrollable(in: area) { content in
            let area = Rect(x: 0, y: 0, width: content.width, height: content.height)
            let focus = formState.focus
            var focused = 0..<1
            var row = 0
            for (index, field) in fields(errors: form.errors).enumerated() {
                let used = content.field(field, index: index, of: formState, labelWidth: 18, at: row, in: area)
                if focus == index { focused = row..<row + used }
                row += used
            }
            row += 1
            let licensesStart = row
            // Focus shows as a mark too, so it reads without colour or bold (NO_COLOR, TERM=dumb).
            content.put(
                (focus == licenseStop ? "› " : "") + RegistrationField.license.title, row: row, column: 0,
                style: CellStyle(bold: focus == licenseStop))
            let choices = Rect(x: 18, y: row, width: area.width - 18, height: 4)
            if let licenses = content.loaded(form.licenses, loading: "Loading licenses…", in: choices) {
                for license in licenses {
                    let chosen = license.type == form.selectedLicense?.type
                    content.put(
                        (chosen ? "(•) " : "( ) ") + license.type.terminalSafe.rightPadded(to: 6)
                            + license.aircraft.map(\.terminalSafe).joined(separator: ", "),
                        row: row, column: choices.x, maxWidth: choices.width,
                        style: CellStyle(bold: chosen, inverse: chosen && focus == licenseStop))
                    row += 1
                }
                if let error = form.errors[.license] {
                    content.put(
                        "✗ " + error.localizedDescription.terminalSafe, row: row, column: choices.x,
                        maxWidth: choices.width,
                        style: CellStyle(foreground: .red))
                    row += 1
                }
            } else {
                row += 2
            }
            if focus == licenseStop { focused = licensesStart..<row }
            row += 1
            let enabled = form.isRegisterEnabled
            let after = content.put(
                "[ Register ]", row: row, column: 0,
                style: CellStyle(bold: enabled, dim: !enabled, inverse: focus == registerStop))
            if !enabled {
                content.put(
                    registerBlockedReason, row: row, column: after + 2, maxWidth: area.maxX - after - 2,
                    style: CellStyle(dim: true))
            }
            var used = 1
            if let saveError = form.saveError {
                used += content.paragraph(
                    saveError.localizedDescription.terminalSafe,
                    in: Rect(x: 0, y: row + 1, width: area.width, height: 4), style: CellStyle(foreground: .red))
            }
            if focus == registerStop { focused = row..<row + used }
            return focused
        }
    }

    /// Why Register cannot be pressed yet, as exactly as the form knows.
    fileprivate var registerBlockedReason: String {
        if form.licenses.value == nil { return "waiting for the licenses" }
        if !form.errors.isEmpty { return "fix the fields marked ✗ first" }
        if form.name.isEmpty || form.password.isEmpty || form.verification.isEmpty || form.selectedLicense == nil {
            return "fill in every field to register"
        }
        return "Enter shows what is missing"
    }

    private func drawConfirmation(in area: Rect, of canvas: inout Canvas) {
        guard let confirmation = flow.confirmation else { return }
        canvas.put(
            confirmation.welcome.terminalSafe, row: area.y, column: area.x, maxWidth: area.width,
            style: CellStyle(bold: true))
        canvas.put(
            "License   \(confirmation.license.terminalSafe)", row: area.y + 2, column: area.x,
            maxWidth: area.width)
        canvas.paragraph(
            "Aircraft  \(confirmation.aircraft.map(\.terminalSafe).joined(separator: ", "))",
            in: Rect(x: area.x, y: area.y + 3, width: area.width, height: 3))
        if let logoutError = flow.confirmation?.error?.localizedDescription {
            canvas.paragraph(
                logoutError.terminalSafe, in: Rect(x: area.x, y: area.y + 7, width: area.width, height: 3),
                style: CellStyle(foreground: .red))
        }
    }
}

extension PilotUI {
    /// What a screen reader hears on the form: its name, each field's problem and the licenses'
    /// state, then the focused control in the library's words with its place ("Password, secure
    /// text field, empty, 2 of 5", "ATPL, license, selected, aircraft B737, A380, B747, 2 of 3"),
    /// announced as the focus arrives or the chosen license changes.
    var spokenLines: [String] {
        guard case .registration = flow.screen else { return drawnLines }
        let problems = RegistrationField.allCases.compactMap { field in
            form.errors[field].map { "\(field.title): \($0.localizedDescription)".terminalSafe }
        }
        let licenseLines: [String] =
            switch form.licenses {
            case .idle, .loading: ["Loading licenses…"]
            case .failed(let error, _): [error.localizedDescription.terminalSafe, "Press r to reload the licenses."]
            case .loaded(let licenses): ["Licenses: " + licenses.map(\.type.terminalSafe).joined(separator: ", ")]
            }
        let saveLines = form.saveError.map { [$0.localizedDescription.terminalSafe] } ?? []
        let offline = offlineLine.map { [$0] } ?? []
        return ["Pilot registration"] + offline + problems + licenseLines + saveLines + [focusLine]
    }

    /// The licenses came from the offline cache: when, and where r retries (a letter in a field is typed).
    fileprivate var offlineLine: String? {
        staleSince().map { offlineNotice(showing: "licenses", cachedAt: $0, retry: "r on the licenses retries") }
    }

    private var focusLine: String {
        let focus = formState.focus
        let place = "\(focus + 1) of \(stops)"
        if focus < Self.textFields.count {
            let field = Self.textFields[focus]
            return spokenFocus.line(at: "\(field)") {
                form.accessibilityDescription(of: field).terminalSafe + ", " + place
            }
        }
        if focus == licenseStop {
            let chosen = form.selectedLicense
            return spokenFocus.line(at: "license \(chosen?.type ?? "") \(licenses.count)") {
                guard let chosen, let index = licenses.firstIndex(of: chosen) else {
                    let choices = licenses.isEmpty ? "no licenses loaded" : "\(licenses.count) to choose from with ← →"
                    return "\(RegistrationField.license.title), none chosen, \(choices), \(place)"
                }
                return form.accessibilityDescription(of: chosen).terminalSafe + ", \(index + 1) of \(licenses.count)"
            }
        }
        let enabled = form.isRegisterEnabled
        return spokenFocus.line(at: "register \(enabled)") {
            accessibleButton(title: "Register", isEnabled: enabled) + (enabled ? "" : ", " + registerBlockedReason)
                + ", " + place
        }
    }
}
