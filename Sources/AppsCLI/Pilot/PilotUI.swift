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
    enum Focus: Int, CaseIterable { case name, password, verification, license, register }

    private(set) var focus = Focus.name
    /// Why the last logout failed, if it did.
    private(set) var logoutError: String?
    /// Asked before a half-filled form is thrown away by quitting.
    private(set) var confirmingQuit = false
    private var editors = FieldEditors<Focus>()
    @ObservationIgnored private var spokenFocus = SpokenFocus()
    let flow: PilotRegistrationFlow
    /// When the oldest answer shown from the offline cache was stored, if one is.
    @ObservationIgnored private let staleSince: @Sendable () -> Date?

    init(flow: PilotRegistrationFlow, staleSince: @escaping @Sendable () -> Date? = { nil }) {
        self.flow = flow
        self.staleSince = staleSince
        Task { [flow] in await flow.launch() }
    }

    fileprivate var form: RegistrationViewModel { flow.registration }

    fileprivate var licenses: [License] { form.licenses.value ?? [] }

    private var isFormTouched: Bool {
        !(form.name.isEmpty && form.password.isEmpty && form.verification.isEmpty && form.licenseType.isEmpty)
    }

    var isEditingText: Bool {
        if case .registration = flow.screen { return !confirmingQuit && text(of: focus) != nil }
        return false
    }

    var minimumSize: (width: Int, height: Int) { (56, 16) }

    // MARK: Keys

    var keyHints: [KeyHint] {
        switch flow.screen {
        case .launching: []
        case .error: [KeyHint("r Enter", "retry")]
        case .confirmation: [KeyHint("l Enter", "log out")]
        case .registration:
            [
                KeyHint("Tab ⇧Tab ↑↓", "next / previous field"), KeyHint("←→ Space", "choose a license"),
                KeyHint("Enter", "next field, or register"), KeyHint("r", "reload the licenses"),
                KeyHint("← → Home End", "move in a field"), KeyHint("Ctrl-U Ctrl-W", "clear the field, a word"),
            ]
        }
    }

    func handle(_ key: Key) -> KeyOutcome {
        if confirmingQuit {
            confirmingQuit = false
            return key == .character("y") ? .quit : .handled
        }
        switch flow.screen {
        case .launching:
            if key == .character("q") { return .quit }
        case .error:
            switch key {
            case .character("r"), .enter: Task { [flow] in await flow.retry() }
            case .character("q"): return .quit
            default: break
            }
        case .confirmation:
            switch key {
            case .character("l"), .enter: logout()
            case .character("q"): return .quit
            default: break
            }
        case .registration:
            return handleForm(key)
        }
        return .handled
    }

    private func handleForm(_ key: Key) -> KeyOutcome {
        if let text = text(of: focus), let edited = editors.edit(focus, text: text, key: key) {
            setText(edited, of: focus)
            return .handled
        }
        switch key {
        case .tab, .down: focus = focus.cycled(by: 1)
        case .backTab, .up: focus = focus.cycled(by: -1)
        case .left where focus == .license: chooseLicense(by: -1)
        case .right where focus == .license, .character(" ") where focus == .license: chooseLicense(by: 1)
        case .enter where focus == .register, .character(" ") where focus == .register: form.register()
        case .enter: focus = focus.cycled(by: 1)
        case .character("r") where form.licenses.failure != nil || staleSince() != nil:
            Task { [form] in await form.reloadLicenses() }
        case .character("q"):
            guard isFormTouched else { return .quit }
            confirmingQuit = true
        default: break
        }
        return .handled
    }

    private func text(of field: Focus) -> String? {
        switch field {
        case .name: form.name
        case .password: form.password
        case .verification: form.verification
        case .license, .register: nil
        }
    }

    private func setText(_ text: String, of field: Focus) {
        switch field {
        case .name: form.name = text
        case .password: form.password = text
        case .verification: form.verification = text
        case .license, .register: break
        }
    }

    private func chooseLicense(by step: Int) {
        let current = licenses.firstIndex { $0.type == form.selectedLicense?.type }
        if let next = licenses.cycled(from: current, by: step) { form.licenseType = next.type }
    }

    private func logout() {
        guard let confirmation = flow.confirmation else { return }
        Task {
            do {
                try await confirmation.logout()
                logoutError = nil
                focus = .name
            } catch {
                logoutError = error.localizedDescription
            }
        }
    }

    // MARK: Drawing

    func draw(in canvas: inout Canvas) {
        canvas.titleBar("Pilot registration")
        canvas.footer(Array(keyHints.prefix(3)), editingText: isEditingText)
        switch flow.screen {
        case .launching:
            canvas.activity("Loading…", id: "launch", row: 2, column: 2)
        case .error(let error):
            let used = canvas.paragraph(
                error.localizedDescription.terminalSafe, in: canvas.content, style: CellStyle(foreground: .red))
            canvas.put("Press r to try again.", row: 3 + used, column: 2)
        case .confirmation:
            drawConfirmation(in: &canvas)
        case .registration:
            var area = canvas.content
            if let notice = offlineLine { area = canvas.offlineNotice(notice, above: area) }
            drawForm(in: area, of: &canvas)
            if confirmingQuit { canvas.confirmation("Quit and lose what you typed in the form?") }
        }
    }

    /// The form, scrolled in a window too small for it so that the focused field (with its
    /// message), the licenses or the button are in view.
    private func drawForm(in area: Rect, of canvas: inout Canvas) {
        canvas.scrollable(in: area) { content in
            let area = Rect(x: 0, y: 0, width: content.width, height: content.height)
            var focused = 0..<1
            let errors = form.errors.mapValues(\.localizedDescription)
            var row = 0
            for (field, label) in [(Focus.name, "Name"), (.password, "Password"), (.verification, "Password again")] {
                let used = content.field(
                    label, editor: editors.editor(field, text: text(of: field) ?? ""), focused: focus == field,
                    secure: field != .name, mark: errors[field.registrationField].map { _ in .invalid },
                    message: errors[field.registrationField], labelWidth: 18, at: row, in: area)
                if focus == field { focused = row..<row + used }
                row += used
            }
            row += 1
            let licensesStart = row
            content.put("License", row: row, column: 0, style: CellStyle(bold: focus == .license))
            let choices = Rect(x: 18, y: row, width: area.width - 18, height: 4)
            if let licenses = content.loaded(form.licenses, loading: "Loading licenses…", in: choices) {
                for license in licenses {
                    let chosen = license.type == form.selectedLicense?.type
                    content.put(
                        (chosen ? "(•) " : "( ) ") + license.type.terminalSafe.rightPadded(to: 6)
                            + license.aircraft.map(\.terminalSafe).joined(separator: ", "),
                        row: row, column: choices.x, maxWidth: choices.width,
                        style: CellStyle(bold: chosen, inverse: chosen && focus == .license))
                    row += 1
                }
                if let error = errors[.license] {
                    content.put(
                        "✗ " + error.terminalSafe, row: row, column: choices.x, maxWidth: choices.width,
                        style: CellStyle(foreground: .red))
                    row += 1
                }
            } else {
                row += 2
            }
            if focus == .license { focused = licensesStart..<row }
            row += 1
            let enabled = form.isRegisterEnabled
            let after = content.put(
                "[ Register ]", row: row, column: 0,
                style: CellStyle(bold: enabled, dim: !enabled, inverse: focus == .register))
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
            if focus == .register { focused = row..<row + used }
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

    private func drawConfirmation(in canvas: inout Canvas) {
        guard let confirmation = flow.confirmation else { return }
        let area = canvas.content
        canvas.put(
            confirmation.welcome.terminalSafe, row: area.y, column: area.x, maxWidth: area.width,
            style: CellStyle(bold: true))
        canvas.put(
            "License   \(confirmation.license.terminalSafe)", row: area.y + 2, column: area.x,
            maxWidth: area.width)
        canvas.paragraph(
            "Aircraft  \(confirmation.aircraft.map(\.terminalSafe).joined(separator: ", "))",
            in: Rect(x: area.x, y: area.y + 3, width: area.width, height: 3))
        if let logoutError {
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
        guard case .registration = flow.screen, !confirmingQuit else { return drawnLines }
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
        let place = "\(focus.rawValue + 1) of \(Focus.allCases.count)"
        switch focus {
        case .name, .password, .verification:
            return spokenFocus.line(at: "\(focus)") {
                form.accessibilityDescription(of: focus.registrationField).terminalSafe + ", " + place
            }
        case .license:
            let chosen = form.selectedLicense
            return spokenFocus.line(at: "license \(chosen?.type ?? "") \(licenses.count)") {
                guard let chosen, let index = licenses.firstIndex(of: chosen) else {
                    let choices = licenses.isEmpty ? "no licenses loaded" : "\(licenses.count) to choose from with ← →"
                    return "\(RegistrationField.license.title), none chosen, \(choices), \(place)"
                }
                return form.accessibilityDescription(of: chosen).terminalSafe + ", \(index + 1) of \(licenses.count)"
            }
        case .register:
            let enabled = form.isRegisterEnabled
            return spokenFocus.line(at: "register \(enabled)") {
                accessibleButton(title: "Register", isEnabled: enabled) + (enabled ? "" : ", " + registerBlockedReason)
                    + ", " + place
            }
        }
    }
}

extension PilotUI.Focus {
    /// The view model's name for this field.
    fileprivate var registrationField: RegistrationField {
        switch self {
        case .name: .name
        case .password: .password
        case .verification: .verification
        case .license, .register: .license
        }
    }
}
