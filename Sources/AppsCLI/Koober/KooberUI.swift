import Koober
import Observation
import TerminalUI

/// `apps koober ui`: launch, welcome, the sign-in and sign-up forms, then a new ride with the
/// drop-off picker presented over it, ride options, the request and its confirmation; sign out.
/// The brand colours are used only when the pair passes the same WCAG AA rule as the theme's tests.
@MainActor
@Observable
final class KooberUI: TerminalView {
    /// The fields of the form on screen, in order; the last focus stop is the form's button.
    enum Field: String, CaseIterable {
        case email, password, fullName, nickname, phone

        /// The field in the sign-in form.
        @MainActor var inSignIn: ReferenceWritableKeyPath<SignInForm, String>? {
            switch self {
            case .email: \.email
            case .password: \.password
            default: nil
            }
        }

        /// The field in the sign-up form.
        @MainActor var inSignUp: ReferenceWritableKeyPath<SignUpForm, String> {
            switch self {
            case .email: \.email
            case .password: \.password
            case .fullName: \.fullName
            case .nickname: \.nickname
            case .phone: \.phone
            }
        }

        /// The same field as the library names it, for its problems.
        var signUpField: SignUpField {
            switch self {
            case .email: .email
            case .password: .password
            case .fullName: .fullName
            case .nickname: .nickname
            case .phone: .phone
            }
        }

        var label: String {
            switch self {
            case .email: "Email"
            case .password: "Password"
            case .fullName: "Full name"
            case .nickname: "Nickname"
            case .phone: "Phone"
            }
        }
    }

    let app: KooberAppModel
    private(set) var ride: NewRideViewModel?
    private(set) var rideError: String?
    /// The focused stop of the form: a field's index, or the fields' count for the button.
    private(set) var focus = 0
    /// On the welcome screen: 0 sign in, 1 sign up.
    private(set) var welcomeChoice = 0
    @ObservationIgnored private let rides: any LocationsService & RideService
    @ObservationIgnored private let pickupName: String
    @ObservationIgnored let brand: CellStyle

    init(app: KooberAppModel, rides: any LocationsService & RideService, pickup: String) {
        self.app = app
        self.rides = rides
        self.pickupName = pickup
        let readable = Contrast(foreground: KooberTheme.text, background: KooberTheme.brand).passesAA
        brand =
            readable
            ? CellStyle(foreground: Self.color(KooberTheme.text), background: Self.color(KooberTheme.brand), bold: true)
            : CellStyle(bold: true, inverse: true)
        app.launch()
        if case .signedIn = app.screen { prepareRide() }
    }

    static func color(_ color: RGBColor) -> TerminalColor { .rgb(color.red, color.green, color.blue) }

    private var fields: [Field] {
        switch app.screen {
        case .onboarding(.signIn): [.email, .password]
        case .onboarding(.signUp): [.fullName, .nickname, .email, .phone, .password]
        default: []
        }
    }

    /// Finds the pickup, then makes the new-ride model and loads its options.
    private func prepareRide() {
        guard case .signedIn(let session) = app.screen else { return }
        rideError = nil
        Task {
            do {
                let places = try await rides.searchLocations("")
                guard let pickup = places.first(matching: pickupName) ?? places.first else {
                    rideError = "The backend has no places to be picked up at."
                    return
                }
                let model = NewRideViewModel(
                    locations: rides, rides: rides, pickup: pickup, session: session,
                    onSessionExpired: { [weak self] in
                        self?.app.signOut()
                        self?.ride = nil
                    })
                ride = model
                await model.loadRideOptions()
            } catch {
                rideError = error.localizedDescription
            }
        }
    }

    // MARK: Keys

    func handle(_ key: Key) -> KeyOutcome {
        switch app.screen {
        case .launching:
            return key == .escape || key == .character("q") ? .quit : .handled
        case .onboarding(.welcome):
            switch key {
            case .character("q"), .escape: return .quit
            case .left, .right, .tab, .backTab: welcomeChoice = 1 - welcomeChoice
            case .character("i"): openForm(signUp: false)
            case .character("u"): openForm(signUp: true)
            case .enter: openForm(signUp: welcomeChoice == 1)
            default: break
            }
        case .onboarding(let form):
            handleForm(key, signUp: form == .signUp)
        case .signedIn:
            return handleRide(key)
        }
        return .handled
    }

    private func openForm(signUp: Bool) {
        focus = 0
        signUp ? app.goToSignUp() : app.goToSignIn()
    }

    /// Where the form on screen stands.
    private var formPhase: FormPhase {
        app.signInForm?.phase ?? app.signUpForm?.phase ?? .editing
    }

    private func handleForm(_ key: Key, signUp: Bool) {
        let count = fields.count + 1
        switch key {
        case .escape where formPhase == .submitting:
            app.signInForm?.cancel()
            app.signUpForm?.cancel()
        case .escape: app.backToWelcome()
        case .tab, .down: focus = (focus + 1) % count
        case .backTab, .up: focus = (focus + count - 1) % count
        case .enter where focus == fields.count: submit()
        case .enter: focus += 1
        case .character(let character) where focus < fields.count: edit(fields[focus]) { $0.append(character) }
        case .backspace where focus < fields.count: edit(fields[focus]) { _ = $0.popLast() }
        default: break
        }
    }

    private func text(_ field: Field) -> String {
        if let form = app.signInForm, let key = field.inSignIn { return form[keyPath: key] }
        return app.signUpForm?[keyPath: field.inSignUp] ?? ""
    }

    private func edit(_ field: Field, _ change: (inout String) -> Void) {
        if let form = app.signInForm, let key = field.inSignIn {
            change(&form[keyPath: key])
        } else if let form = app.signUpForm {
            change(&form[keyPath: field.inSignUp])
        }
    }

    private func submit() {
        let signInForm = app.signInForm
        let signUpForm = app.signUpForm
        Task {
            await signInForm?.submit()
            await signUpForm?.submit()
            if case .signedIn = app.screen { prepareRide() }
        }
    }

    private func handleRide(_ key: Key) -> KeyOutcome {
        guard let ride else {
            if key == .character("s") { app.signOut() }
            return key == .character("q") || key == .escape ? .quit : .handled
        }
        if let picker = ride.dropoffPicker {
            switch key {
            case .escape: ride.cancelDropoff()
            case .up: pickerSelection = max(0, pickerSelection - 1)
            case .down: pickerSelection = min(max(0, picker.results.count - 1), pickerSelection + 1)
            case .enter where !picker.results.isEmpty:
                ride.selectDropoff(picker.results[min(pickerSelection, picker.results.count - 1)])
            case .character(let character): search(picker, pickerQuery + String(character))
            case .backspace: search(picker, String(pickerQuery.dropLast()))
            default: break
            }
            return .handled
        }
        switch key {
        case .character("q"), .escape: return .quit
        case .character("s"):
            app.signOut()
            self.ride = nil
        case .character("d"):
            pickerSelection = 0
            ride.pickDropoff()
            if let picker = ride.dropoffPicker { search(picker, "") }
        case .left, .right:
            let options = ride.rideOptions
            let current = options.firstIndex { $0.id == ride.selectedOption?.id } ?? 0
            if let next = options.cycled(from: current, by: key == .right ? 1 : -1) { ride.chooseOption(next) }
        case .enter where ride.canRequest:
            Task { await ride.requestRide() }
        default: break
        }
        return .handled
    }

    private(set) var pickerSelection = 0
    /// What has been typed into the picker, as a text field holds it; the picker drops the answers
    /// to earlier text.
    private(set) var pickerQuery = ""

    private func search(_ picker: DropoffPickerViewModel, _ query: String) {
        pickerSelection = 0
        pickerQuery = query
        Task { await picker.search(query) }
    }

    // MARK: Drawing

    func draw(in canvas: inout Canvas) {
        canvas.fill(row: 0, style: brand)
        canvas.put(" Koober ", row: 0, style: brand)
        switch app.screen {
        case .launching:
            canvas.put("Launching…", row: 2, column: 2)
        case .onboarding(.welcome):
            drawWelcome(in: &canvas)
        case .onboarding(let form):
            drawForm(signUp: form == .signUp, in: &canvas)
        case .signedIn(let session):
            drawRide(session, in: &canvas)
        }
    }

    private func drawWelcome(in canvas: inout Canvas) {
        for row in 2..<6 { canvas.fill(row: row, style: brand) }
        canvas.put("Welcome to Koober", row: 3, column: 4, style: brand)
        canvas.put("Rides at the tap of a key.", row: 4, column: 4, style: brand)
        canvas.put("[ Sign in ]", row: 8, column: 4, style: CellStyle(bold: true, inverse: welcomeChoice == 0))
        canvas.put("[ Sign up ]", row: 8, column: 18, style: CellStyle(bold: true, inverse: welcomeChoice == 1))
        if let error = app.error {
            canvas.put(error.localizedDescription.terminalSafe, row: 10, column: 4, style: CellStyle(foreground: .red))
        }
        canvas.footer("←→ choose · Enter open · i sign in · u sign up · q quit")
    }

    private func drawForm(signUp: Bool, in canvas: inout Canvas) {
        canvas.put(signUp ? "Sign up" : "Sign in", row: 2, column: 2, style: CellStyle(bold: true))
        let problems = app.signUpForm?.problems ?? [:]
        for (index, field) in fields.enumerated() {
            let row = 4 + index * 2
            let focused = focus == index
            let text = text(field)
            let shown = field == .password ? String(repeating: "•", count: text.count) : text.terminalSafe
            canvas.put(field.label.rightPadded(to: 11), row: row, column: 2, style: CellStyle(bold: focused))
            let end = canvas.put(shown, row: row, column: 14, style: CellStyle(underline: true))
            if focused { canvas.put("▏", row: row, column: end) }
            if let problem = problems[field.signUpField] {
                canvas.put(
                    "✗ " + problem.localizedDescription.terminalSafe, row: row + 1, column: 14,
                    style: CellStyle(foreground: .red))
            }
        }
        let buttonRow = 4 + fields.count * 2
        canvas.put(
            signUp ? "[ Sign up ]" : "[ Sign in ]", row: buttonRow, column: 2,
            style: CellStyle(bold: true, inverse: focus == fields.count))
        switch formPhase {
        case .editing: break
        case .submitting:
            canvas.put(
                signUp ? "Signing up… (Esc cancels)" : "Signing in… (Esc cancels)", row: buttonRow + 2, column: 2,
                style: CellStyle(foreground: .cyan))
        case .failed(let error):
            canvas.put(
                error.localizedDescription.terminalSafe, row: buttonRow + 2, column: 2,
                style: CellStyle(foreground: .red))
        }
        canvas.footer("Tab next · Enter on the button · Esc back")
    }

    private func drawRide(_ session: UserSession, in canvas: inout Canvas) {
        canvas.put(
            "Hello, \(session.profile.displayName.terminalSafe)", row: 2, column: 2, style: CellStyle(bold: true))
        guard let ride else {
            canvas.put(rideError?.terminalSafe ?? "Finding where you are…", row: 4, column: 2)
            canvas.footer("s sign out · q quit")
            return
        }
        if let picker = ride.dropoffPicker {
            drawPicker(picker, in: &canvas)
            return
        }
        canvas.put("Pickup    \(ride.pickup.name.terminalSafe)", row: 4, column: 2)
        canvas.put(
            "Drop-off  " + (ride.dropoff.map { $0.name.terminalSafe } ?? "none yet: press d to choose"), row: 5,
            column: 2, style: CellStyle(dim: ride.dropoff == nil))
        canvas.put("Ride", row: 7, column: 2)
        var column = 12
        for option in ride.rideOptions {
            let chosen = option.id == ride.selectedOption?.id
            column =
                canvas.put(
                    " \(option.name.terminalSafe) \(option.seats)p £\(option.baseFarePence / 100) ", row: 7,
                    column: column, style: chosen ? brand : CellStyle()) + 1
        }
        let requestStyle = CellStyle(bold: ride.canRequest, dim: !ride.canRequest, inverse: ride.canRequest)
        canvas.put("[ Request ride ]", row: 9, column: 2, style: requestStyle)
        switch ride.state {
        case .choosing: break
        case .requesting: canvas.put("Requesting…", row: 11, column: 2, style: CellStyle(foreground: .cyan))
        case .waitingForPickup(let confirmed):
            let confirmedStyle = CellStyle(foreground: .green, bold: true)
            canvas.put(
                "Ride \(confirmed.id.terminalSafe) \(confirmed.status.terminalSafe): here in \(confirmed.etaMinutes) min.",
                row: 11, column: 2, style: confirmedStyle)
            canvas.put(
                "\(confirmed.request.option.name.terminalSafe) from \(confirmed.request.pickup.name.terminalSafe) "
                    + "to \(confirmed.request.dropoff.name.terminalSafe)", row: 12, column: 2, style: confirmedStyle)
        case .failed(let error):
            canvas.put(error.localizedDescription.terminalSafe, row: 11, column: 2, style: CellStyle(foreground: .red))
        }
        canvas.footer("d drop-off · ←→ ride option · Enter request · s sign out · q quit")
    }

    private func drawPicker(_ picker: DropoffPickerViewModel, in canvas: inout Canvas) {
        canvas.put("Where to? ", row: 4, column: 2, style: CellStyle(bold: true))
        let end = canvas.put(pickerQuery.terminalSafe, row: 4, column: 12, style: CellStyle(underline: true))
        canvas.put("▏", row: 4, column: end)
        if let error = picker.error {
            canvas.put(error.localizedDescription.terminalSafe, row: 5, column: 2, style: CellStyle(foreground: .red))
        }
        let names = picker.results.map { $0.name.terminalSafe }
        canvas.list(
            names, top: 6, count: canvas.height - 8,
            selected: names.isEmpty ? nil : min(pickerSelection, names.count - 1))
        if names.isEmpty { canvas.put("No places match.", row: 6, column: 4, style: CellStyle(dim: true)) }
        canvas.footer("type to search · ↑↓ choose · Enter select · Esc cancel")
    }
}
