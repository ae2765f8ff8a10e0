import Observation
import PilotRegistration
import TerminalUI

/// `apps pilot ui`: the registration form with each field's message as you type, the license
/// picker with each license's aircraft, the confirmation screen and logout, drawn from the
/// PilotRegistration flow.
@MainActor
@Observable
final class PilotUI: TerminalView {
    enum Focus: CaseIterable { case name, password, verification, license, register }

    private(set) var focus = Focus.name
    /// Why the last logout failed, if it did.
    private(set) var logoutError: String?
    let flow: PilotRegistrationFlow

    init(flow: PilotRegistrationFlow) {
        self.flow = flow
        Task { [flow] in await flow.launch() }
    }

    private var form: RegistrationViewModel { flow.registration }

    private var licenses: [License] {
        if case .loaded(let licenses) = form.licenses { licenses } else { [] }
    }

    // MARK: Keys

    func handle(_ key: Key) -> KeyOutcome {
        switch flow.screen {
        case .launching:
            if key == .escape { return .quit }
        case .error:
            switch key {
            case .character("r"), .enter: Task { [flow] in await flow.retry() }
            case .character("q"), .escape: return .quit
            default: break
            }
        case .confirmation:
            switch key {
            case .character("l"), .enter: logout()
            case .character("q"), .escape: return .quit
            default: break
            }
        case .registration:
            return handleForm(key)
        }
        return .handled
    }

    private func handleForm(_ key: Key) -> KeyOutcome {
        switch key {
        case .escape: return .quit
        case .tab, .down: focus = focus.cycled(by: 1)
        case .backTab, .up: focus = focus.cycled(by: -1)
        case .left where focus == .license: chooseLicense(by: -1)
        case .right where focus == .license, .character(" ") where focus == .license: chooseLicense(by: 1)
        case .enter where focus == .register, .character(" ") where focus == .register: form.register()
        case .enter: focus = focus.cycled(by: 1)
        case .character(let character) where focus != .license && focus != .register: edit { $0.append(character) }
        case .backspace where focus != .license && focus != .register: edit { _ = $0.popLast() }
        case .character("q") where focus == .register: return .quit
        default: break
        }
        return .handled
    }

    private func chooseLicense(by step: Int) {
        let current = licenses.firstIndex { $0.type == form.selectedLicense?.type }
        if let next = licenses.cycled(from: current, by: step) { form.licenseType = next.type }
    }

    private func edit(_ change: (inout String) -> Void) {
        switch focus {
        case .name: change(&form.name)
        case .password: change(&form.password)
        case .verification: change(&form.verification)
        case .license, .register: break
        }
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
        switch flow.screen {
        case .launching:
            canvas.put("Loading…", row: 2, column: 2)
        case .error(let error):
            canvas.put(error.localizedDescription.terminalSafe, row: 2, column: 2, style: CellStyle(foreground: .red))
            canvas.footer("r retry · q quit")
        case .confirmation:
            drawConfirmation(in: &canvas)
        case .registration:
            drawForm(in: &canvas)
        }
    }

    private func drawForm(in canvas: inout Canvas) {
        let errors = form.errors.mapValues(\.localizedDescription)
        drawField("Name", form.name, error: errors[.name], focused: focus == .name, row: 2, in: &canvas)
        drawField(
            "Password", String(repeating: "•", count: form.password.count), error: errors[.password],
            focused: focus == .password, row: 5, in: &canvas)
        drawField(
            "Password again", String(repeating: "•", count: form.verification.count), error: errors[.verification],
            focused: focus == .verification, row: 8, in: &canvas)

        canvas.put("License", row: 11, column: 2, style: CellStyle(bold: focus == .license))
        if let licenses = canvas.loaded(form.licenses, loading: "loading licenses…", row: 12, column: 4) {
            for (offset, license) in licenses.enumerated() {
                let chosen = license.type == form.selectedLicense?.type
                canvas.put(
                    (chosen ? "(•) " : "( ) ") + license.type.terminalSafe.rightPadded(to: 6)
                        + license.aircraft.map(\.terminalSafe).joined(separator: ", "),
                    row: 12 + offset, column: 4, style: CellStyle(bold: chosen, inverse: chosen && focus == .license))
            }
            if let error = errors[.license] {
                canvas.put(error.terminalSafe, row: 12 + licenses.count, column: 4, style: CellStyle(foreground: .red))
            }
        }

        let enabled = form.isRegisterEnabled
        canvas.put(
            "[ Register ]", row: canvas.height - 4, column: 2,
            style: CellStyle(bold: enabled, dim: !enabled, inverse: focus == .register))
        if !enabled {
            canvas.put(
                "fill in every field to register", row: canvas.height - 4, column: 16, style: CellStyle(dim: true))
        }
        if let saveError = form.saveError {
            canvas.put(
                saveError.localizedDescription.terminalSafe, row: canvas.height - 3, column: 2,
                style: CellStyle(foreground: .red))
        }
        canvas.footer("Tab next · ←→ choose a license · Enter on Register · Esc quit")
    }

    private func drawField(
        _ label: String, _ shown: String, error: String?, focused: Bool, row: Int, in canvas: inout Canvas
    ) {
        canvas.put(label, row: row, column: 2, style: CellStyle(bold: focused))
        let column = canvas.put(
            "> " + shown.terminalSafe, row: row + 1, column: 4, style: CellStyle(underline: focused))
        if focused { canvas.put("▏", row: row + 1, column: column) }
        if let error {
            canvas.put("✗ " + error.terminalSafe, row: row + 2, column: 6, style: CellStyle(foreground: .red))
        }
    }

    private func drawConfirmation(in canvas: inout Canvas) {
        guard let confirmation = flow.confirmation else { return }
        canvas.put(confirmation.welcome.terminalSafe, row: 2, column: 2, style: CellStyle(bold: true))
        canvas.put("License   \(confirmation.license.terminalSafe)", row: 4, column: 2)
        canvas.put("Aircraft  \(confirmation.aircraft.map(\.terminalSafe).joined(separator: ", "))", row: 5, column: 2)
        if let logoutError {
            canvas.put(logoutError.terminalSafe, row: 7, column: 2, style: CellStyle(foreground: .red))
        }
        canvas.footer("l log out · q quit")
    }
}
