import Koober
import Observation
import TerminalUI

/// `apps koober ui`: launch, welcome, the sign-in and sign-up forms, then a new ride with the
/// drop-off picker presented over it, ride options, the request and its confirmation; sign out.
/// The brand colours are used only when the pair passes the same WCAG AA rule as the theme's tests.
@MainActor
@Observable
final class KooberUI: TerminalView {
    let app: KooberAppModel
    private(set) var rideError: String?
    /// The form's focus (its fields in the library's order, then its button) and cursors.
    private(set) var form = FormState()
    /// On the welcome screen: 0 sign in, 1 sign up.
    private(set) var welcomeChoice = 0
    /// The focus stop last described for a screen reader, and what was said of it.
    @ObservationIgnored private var spokenFocus = SpokenFocus()
    /// The cursor in the picker's search text (the picker's `query` holds the text) and the list.
    private(set) var pickerQuery = TextInput(limit: 100)
    private(set) var pickerList = ListState()
    /// Keys that pick from the picker's list, pressed before the list for the text arrived: they
    /// are played once it has, so they act on the list they were meant for.
    @ObservationIgnored private var pickerKeys: [Key] = []
    let effects = Effects()
    @ObservationIgnored private let rides: any LocationsService & RideService
    @ObservationIgnored private let pickupName: String
    /// What the picker's pause in typing sleeps on.
    @ObservationIgnored private let clock: any Clock<Duration>
    @ObservationIgnored let brand: CellStyle

    /// - Parameter clock: what the picker's pause in typing sleeps on; a test passes one that
    ///   does not wait.
    init(
        app: KooberAppModel, rides: any LocationsService & RideService, pickup: String,
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.app = app
        self.rides = rides
        self.pickupName = pickup
        self.clock = clock
        let readable = Contrast(foreground: KooberTheme.text, background: KooberTheme.brand).passesAA
        brand =
            readable
            ? CellStyle(foreground: Self.color(KooberTheme.text), background: Self.color(KooberTheme.brand), bold: true)
            : CellStyle(bold: true, inverse: true)
        app.launch()
        if case .signedIn = app.screen { prepareRide() }
    }

    static func color(_ color: RGBColor) -> TerminalColor { .rgb(color.red, color.green, color.blue) }

    /// The new ride, as the app model set it up.
    var ride: NewRideViewModel? { app.newRide }

    /// The form on screen's fields, in the library's order, bound to it.
    private var fields: [FormField] {
        if let form = app.signInForm {
            return SignInField.allCases.map { field in
                FormField(
                    id: field.rawValue, label: field.title, text: form[field], isSecure: field == .password,
                    problem: form.problems[field]?.localizedDescription.terminalSafe
                ) { form[field] = $0 }
            }
        }
        if let form = app.signUpForm {
            return SignUpField.allCases.map { field in
                FormField(
                    id: field.rawValue, label: field.title, text: form[field], isSecure: field == .password,
                    problem: form.problems[field]?.localizedDescription.terminalSafe
                ) { form[field] = $0 }
            }
        }
        return []
    }

    var isEditingText: Bool {
        switch app.screen {
        case .onboarding(.signIn), .onboarding(.signUp): return form.focus < fields.count
        case .signedIn: return ride?.dropoffPicker != nil
        default: return false
        }
    }

    var minimumSize: (width: Int, height: Int) { (50, 16) }

    func didDraw(_ frame: Canvas) {
        if let rows = frame.rows(ofList: "places"), rows != pickerList.visibleRows { pickerList.visibleRows = rows }
    }

    /// Finds the pickup, then has the app model set up the new ride and loads its options.
    private func prepareRide() {
        rideError = nil
        effects.run(id: "ride") { [rides, pickupName, clock] in
            do {
                let places = try await rides.searchLocations("")
                guard let pickup = places.first(matching: pickupName) else {
                    self.rideError = "The backend has no place \(pickupName.terminalSafe) to be picked up at."
                    return
                }
                await self.app.startNewRide(at: pickup, locations: rides, rides: rides, clock: clock)?
                    .loadRideOptions()
            } catch {
                self.rideError = error.localizedDescription
            }
        }
    }

    // MARK: Keys

    var keyBindings: [KeyBinding] {
        switch app.screen {
        case .launching: return []
        case .onboarding(.welcome):
            return [
                KeyBinding([.left, .right, .tab, .backTab], "choose") { [self] in welcomeChoice = 1 - welcomeChoice },
                KeyBinding([.enter], "open") { [self] in openForm(signUp: welcomeChoice == 1) },
                KeyBinding([.character("i")], "sign in") { [self] in openForm(signUp: false) },
                KeyBinding([.character("u")], "sign up") { [self] in openForm(signUp: true) },
            ]
        case .onboarding: return formBindings
        case .signedIn: return rideBindings
        }
    }

    func handle(_ key: Key) -> KeyOutcome {
        if key == .character("q"), !isEditingText {
            let fields = fields
            guard case .onboarding(let step) = app.screen, step != .welcome,
                fields.contains(where: { !$0.text.isEmpty })
            else { return .quit }
            return .confirm("Quit and lose what you typed?") { .quit }
        }
        // A letter in a field is text, never a command: typed without making the table (a paste
        // without bracketed paste is thousands of them).
        if let outcome = isEditingText && key.isCharacter ? nil : keyBindings.perform(key) { return outcome }
        switch app.screen {
        case .onboarding(.signIn), .onboarding(.signUp): _ = typed(key)
        case .signedIn: if let ride, let picker = ride.dropoffPicker { handlePicker(key, picker, ride) }
        default: break
        }
        return .handled
    }

    private func openForm(signUp: Bool) {
        form = FormState()
        signUp ? app.goToSignUp() : app.goToSignIn()
    }

    /// Where the form on screen stands.
    private var formPhase: FormPhase {
        app.signInForm?.phase ?? app.signUpForm?.phase ?? .editing
    }

    /// `key` applied by the form; `false` when the form has no use for it.
    private func typed(_ key: Key) -> Bool {
        let fields = fields
        return form.handle(key, fields: fields, stops: fields.count + 1)
    }

    /// The sign-in or sign-up form's table.
    private var formBindings: [KeyBinding] {
        let inForm: @MainActor (Key) -> KeyOutcome = { [self] key in
            _ = typed(key)
            return .handled
        }
        let escape =
            formPhase == .submitting
            ? KeyBinding([.escape], "cancel") { [app] in
                app.signInForm?.cancel()
                app.signUpForm?.cancel()
            }
            : KeyBinding([.escape], "back") { [self] _ in
                guard fields.contains(where: { !$0.text.isEmpty }) else {
                    app.backToWelcome()
                    return .handled
                }
                return .confirm("Go back and lose what you typed?") { [app] in
                    app.backToWelcome()
                    return .handled
                }
            }
        var rows = [
            FormState.movingBinding(perform: inForm),
            KeyBinding([.enter], "next field, or submit") { [self] key in
                // In a field before another the form moves on; in the last field or on the
                // button Enter submits.
                if !typed(key) { submit() }
                return .handled
            },
            escape,
        ]
        if form.focus == fields.count, case .failed = formPhase {
            rows.append(KeyBinding([.character("r")], "try again") { [self] in submit() })
        }
        return rows + FormState.editingBindings(perform: inForm)
    }

    private func submit() {
        let signInForm = app.signInForm
        let signUpForm = app.signUpForm
        effects.run(id: "submit") {
            await signInForm?.submit()
            await signUpForm?.submit()
            if case .signedIn = self.app.screen { self.prepareRide() }
        }
    }

    /// The ride screen's table: only keys that act now.
    private var rideBindings: [KeyBinding] {
        guard let ride else {
            let retry = rideError == nil ? [] : [KeyBinding([.character("r")], "retry") { [self] in prepareRide() }]
            return retry + [KeyBinding([.character("s")], "sign out") { [app] in app.signOut() }]
        }
        if let picker = ride.dropoffPicker {
            let inPicker: @MainActor (Key) -> KeyOutcome = { [self] key in
                handlePicker(key, picker, ride)
                return .handled
            }
            return [
                KeyBinding([], "search", label: "type") {},
                KeyBinding([.up, .down], "choose", perform: inPicker),
                KeyBinding([.enter], "select", perform: inPicker),
                KeyBinding([.escape], "cancel", perform: inPicker),
                KeyBinding([.pageUp, .pageDown], "page", priority: .helpOnly, perform: inPicker),
            ]
        }
        var rows = [
            KeyBinding([.character("d")], "drop-off") { [self] in
                ride.pickDropoff()
                pickerQuery = TextInput(limit: 100)
                pickerList = ListState(visibleRows: pickerList.visibleRows)
                if let picker = ride.dropoffPicker { search(picker) }
            }
        ]
        switch ride.state {
        case .choosing, .failed:
            if ride.rideOptions.count > 1 {
                rows.append(
                    KeyBinding([.left, .right], "ride option") { key in
                        let options = ride.rideOptions
                        let current = options.firstIndex { $0.id == ride.selectedOption?.id } ?? 0
                        if let next = options.cycled(from: current, by: key == .right ? 1 : -1) {
                            ride.chooseOption(next)
                        }
                        return .handled
                    })
            }
        case .requesting:
            rows.append(KeyBinding([.escape], "cancel the request") { ride.cancelRequest() })
        case .waitingForPickup:
            rows.append(KeyBinding([.character("n")], "another ride") { ride.startAnotherRide() })
        }
        if ride.canRequest {
            rows.append(
                KeyBinding([.enter], "request") { [self] in effects.run(id: "request") { await ride.requestRide() } })
        }
        if ride.rideOptionsState.failure != nil {
            rows.append(
                KeyBinding([.character("r")], "retry") { [self] in
                    effects.run(id: "options") { await ride.loadRideOptions() }
                })
        } else if case .failed = ride.state {
            rows.append(
                KeyBinding([.character("r")], "retry") { [self] in
                    effects.run(id: "request") { await ride.requestRide() }
                })
        }
        // Asked: a place typed without pressing d first signed the user out at its first s.
        rows.append(
            KeyBinding([.character("s")], "sign out") { [app] _ in
                .confirm("Sign out?") {
                    app.signOut()
                    return .handled
                }
            })
        return rows
    }

    private func handlePicker(_ key: Key, _ picker: DropoffPickerViewModel, _ ride: NewRideViewModel) {
        if key == .escape {
            effects.cancel(id: "search")
            pickerKeys = []
            ride.cancelDropoff()
            return
        }
        if pickerQuery.handle(key) {
            pickerList = ListState(visibleRows: pickerList.visibleRows)
            search(picker)
            return
        }
        // A key for the list waits for the list of the text typed.
        guard pickerKeys.isEmpty, !picker.isSearching else {
            pickerKeys.append(key)
            return
        }
        pickFromList(key, picker, ride)
    }

    private func pickFromList(_ key: Key, _ picker: DropoffPickerViewModel, _ ride: NewRideViewModel) {
        if key == .enter, let index = pickerList.selection(count: picker.results.count) {
            ride.selectDropoff(picker.results[index])
        } else {
            _ = pickerList.handle(key, count: picker.results.count)
        }
    }

    /// The text typed becomes the picker's query, searched by the library after a pause in typing
    /// (`.task(id: picker.query)` in SwiftUI): a key typed meanwhile starts the wait again, so one
    /// request goes per pause. Keys for the list are played when its answer arrives.
    private func search(_ picker: DropoffPickerViewModel) {
        picker.query = pickerQuery.text
        effects.run(id: "search") {
            await picker.searchAfterPause()
            guard !Task.isCancelled, !picker.isSearching, let ride = self.ride else { return }
            let keys = self.pickerKeys
            self.pickerKeys = []
            for key in keys where ride.dropoffPicker === picker { self.pickFromList(key, picker, ride) }
        }
    }

    // MARK: Screen reader

    /// What a screen reader hears: the screen's name, what it says, and last the focused control
    /// in the library's words with its place ("Password, secure text field, empty, 2 of 3"),
    /// announced when the focus arrives there, not again as the user types into it.
    var spokenLines: [String] {
        switch app.screen {
        case .onboarding(.welcome):
            let error = app.error.map { [$0.localizedDescription.terminalSafe] } ?? []
            return ["Koober, Welcome", "Rides at the tap of a key."] + error + [focusLine]
        case .onboarding(.signIn), .onboarding(.signUp):
            return [signingUp ? "Koober, Sign up" : "Koober, Sign in"] + formLines + [focusLine]
        default:
            guard let ride else { return drawnLines }
            return ride.dropoffPicker.map(pickerLines) ?? rideLines(ride)
        }
    }

    /// The picker in words: the query, the answer (its count and first places, said again after
    /// every search, since it names the query it answers), and the place under the cursor with
    /// its position, said as ↑↓ move it.
    private func pickerLines(_ picker: DropoffPickerViewModel) -> [String] {
        let query = pickerQuery.text.terminalSafe
        var lines = ["Koober, Where to?", query.isEmpty ? "Search, empty" : "Search, \(query)"]
        let results = picker.results
        if picker.isSearching {
            lines.append("Searching…")
        } else if let error = picker.error {
            lines.append(error.localizedDescription.terminalSafe)
        } else {
            let searched = (picker.resultsQuery ?? "").terminalSafe
            let first = results.prefix(3).map { $0.name.terminalSafe }.joined(separator: ", ")
            let more = results.count > 3 ? ", and more" : ""
            lines.append(
                results.isEmpty
                    ? "No places match \"\(searched)\"."
                    : "\(results.count) \(results.count == 1 ? "place" : "places") for \"\(searched)\": \(first)\(more)."
            )
        }
        if !picker.isSearching, let index = pickerList.selection(count: results.count) {
            lines.append("\(results[index].name.terminalSafe), \(index + 1) of \(results.count). Enter chooses it.")
        }
        return lines
    }

    /// The ride in words: where from and to, the option chosen with its place (said as ← →
    /// change it), whether Request can be pressed and why not, and where the request stands.
    private func rideLines(_ ride: NewRideViewModel) -> [String] {
        var lines = ["Koober, New ride"]
        if case .signedIn(let session) = app.screen {
            lines.append("Hello, \(session.profile.displayName.terminalSafe)")
        }
        lines += [
            "Pickup, \(ride.pickup.name.terminalSafe)",
            "Drop-off, " + (ride.dropoff.map { $0.name.terminalSafe } ?? "none yet, d chooses one"),
        ]
        let options = ride.rideOptions
        if let error = ride.rideOptionsState.failure {
            lines.append("Ride options: \(error.localizedDescription.terminalSafe) r tries again.")
        } else if options.isEmpty {
            lines.append("Loading ride options…")
        } else if let chosen = ride.selectedOption, let index = options.firstIndex(where: { $0.id == chosen.id }) {
            lines.append(
                "Ride, \(chosen.name.terminalSafe), \(chosen.seats) seats, \(chosen.formattedBaseFare), chosen, "
                    + "\(index + 1) of \(options.count). ← → change it.")
        }
        switch ride.state {
        case .choosing:
            lines.append(
                ride.canRequest
                    ? "Request ride, button, Enter requests it."
                    : "Request ride, button, unavailable: choose a drop-off first.")
        case .requesting: lines.append("Requesting… Esc cancels.")
        case .waitingForPickup(let confirmed):
            lines.append(
                "Ride \(confirmed.id.terminalSafe) \(confirmed.status.terminalSafe): here in \(confirmed.etaMinutes) min. "
                    + "\(confirmed.request.option.name.terminalSafe) from \(confirmed.request.pickup.name.terminalSafe) "
                    + "to \(confirmed.request.dropoff.name.terminalSafe). n for another ride.")
        case .failed(let error):
            lines.append("\(error.localizedDescription.terminalSafe) r tries again.")
        }
        return lines
    }

    private var signingUp: Bool { app.signUpForm != nil }

    /// The form's problems, one line each, then where the submission stands.
    private var formLines: [String] {
        let problems = fields.compactMap { field in field.problem.map { "\(field.label): \($0)" } }
        switch formPhase {
        case .editing:
            return problems
                + (signingUp ? [] : ["The demo account is johnny@gmail.com with the password \"password\"."])
        case .submitting: return problems + [signingUp ? "Signing up… Esc cancels" : "Signing in… Esc cancels"]
        case .failed(let error):
            return problems + [error.localizedDescription.terminalSafe, "Fix it and press Enter on the button again."]
        }
    }

    /// The focused control, described when the focus arrived at it.
    private var focusLine: String {
        spokenFocus.line(at: "\(app.screen) \(form.focus) \(welcomeChoice)") { focusDescription }
    }

    private var focusDescription: String {
        guard case .onboarding(let onboarding) = app.screen, onboarding != .welcome else {
            return (welcomeChoice == 0 ? "Sign in" : "Sign up") + ", button, \(welcomeChoice + 1) of 2"
        }
        let fields = fields
        let place = "\(form.focus + 1) of \(fields.count + 1)"
        guard form.focus < fields.count else { return (signingUp ? "Sign up" : "Sign in") + ", button, " + place }
        if let form = app.signInForm, let field = SignInField(rawValue: fields[self.form.focus].id) {
            return form.accessibilityDescription(of: field).terminalSafe + ", " + place
        }
        if let form = app.signUpForm, let field = SignUpField(rawValue: fields[self.form.focus].id) {
            return form.accessibilityDescription(of: field).terminalSafe + ", " + place
        }
        return fields[form.focus].label + ", " + place
    }

    // MARK: Drawing

    func draw(in canvas: inout Canvas) {
        canvas.scaffold("Koober", titleStyle: brand, hints: keyHints, editingText: isEditingText)
        switch app.screen {
        case .launching:
            canvas.activity("Launching…", id: "launch", row: 2, column: 2)
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
            canvas.paragraph(
                error.localizedDescription.terminalSafe, in: Rect(x: 4, y: 10, width: canvas.width - 8, height: 3),
                style: CellStyle(foreground: .red))
        }
    }

    /// The form under its title, scrolled in a window too small for it so that the focused field
    /// (with its message), or the button and what the submission says under it, is in view.
    private func drawForm(signUp: Bool, in canvas: inout Canvas) {
        let area = canvas.content
        canvas.put(signUp ? "Sign up" : "Sign in", row: area.y, column: area.x, style: CellStyle(bold: true))
        let body = Rect(x: area.x, y: area.y + 2, width: area.width, height: max(0, area.height - 2))
        canvas.scrollable(in: body) { content in
            let width = content.width
            var row = 0
            var focused = 0..<1
            let fields = fields
            for (index, field) in fields.enumerated() {
                let used = content.field(
                    field, index: index, of: form, labelWidth: 12, at: row,
                    in: Rect(x: 0, y: 0, width: width, height: content.height))
                if form.focus == index { focused = row..<row + used }
                row += used
            }
            row += 1
            content.put(
                signUp ? "[ Sign up ]" : "[ Sign in ]", row: row, column: 0,
                style: CellStyle(bold: true, inverse: form.focus == fields.count))
            let status = Rect(x: 0, y: row + 2, width: width, height: 4)
            let statusRows = drawFormStatus(signUp: signUp, in: status, on: &content)
            if form.focus == fields.count { focused = row..<status.y + statusRows }
            return focused
        }
    }

    /// What the submission says under the button; returns the rows it used.
    private func drawFormStatus(signUp: Bool, in status: Rect, on canvas: inout Canvas) -> Int {
        switch formPhase {
        case .editing:
            guard !signUp else { return 0 }
            return canvas.paragraph(
                "On the fixture backends (the embedded one, apps serve) the demo account is "
                    + "johnny@gmail.com with the password \"password\".", in: status, style: CellStyle(dim: true))
        case .submitting:
            canvas.activity(
                signUp ? "Signing up… Esc cancels" : "Signing in… Esc cancels", id: "submit", row: status.y,
                column: status.x)
            return 1
        case .failed(let error):
            let used = canvas.paragraph(
                error.localizedDescription.terminalSafe, in: status, style: CellStyle(foreground: .red))
            canvas.put(
                "Fix it and press Enter on the button again.", row: status.y + used, column: status.x,
                maxWidth: status.width, style: CellStyle(dim: true))
            return used + 1
        }
    }

    private func drawRide(_ session: UserSession, in canvas: inout Canvas) {
        let area = canvas.content
        canvas.put(
            "Hello, \(session.profile.displayName.terminalSafe)", row: area.y, column: area.x, maxWidth: area.width,
            style: CellStyle(bold: true))
        guard let ride else {
            if let rideError {
                let used = canvas.paragraph(
                    rideError.terminalSafe, in: Rect(x: area.x, y: area.y + 2, width: area.width, height: 3),
                    style: CellStyle(foreground: .red))
                canvas.put("Press r to try again.", row: area.y + 2 + used, column: area.x)
            } else {
                canvas.activity("Finding where you are…", id: "pickup", row: area.y + 2, column: area.x)
            }
            return
        }
        if let picker = ride.dropoffPicker {
            drawPicker(picker, in: &canvas)
            return
        }
        canvas.put("Pickup    \(ride.pickup.name.terminalSafe)", row: area.y + 2, column: area.x, maxWidth: area.width)
        canvas.put(
            "Drop-off  " + (ride.dropoff.map { $0.name.terminalSafe } ?? "none yet: press d to choose"),
            row: area.y + 3, column: area.x, maxWidth: area.width, style: CellStyle(dim: ride.dropoff == nil))
        canvas.put("Ride", row: area.y + 5, column: area.x)
        var column = area.x + 10
        var optionRow = area.y + 5
        if let error = ride.rideOptionsState.failure {
            optionRow += canvas.paragraph(
                error.localizedDescription.terminalSafe + " Press r to try again.",
                in: Rect(x: column, y: optionRow, width: max(0, area.maxX - column), height: 2),
                style: CellStyle(foreground: .red))
        } else if ride.rideOptions.isEmpty {
            canvas.activity("Loading ride options…", id: "options", row: optionRow, column: column)
        }
        for option in ride.rideOptions {
            let chosen = option.id == ride.selectedOption?.id
            // Marked as well as coloured, so the choice shows without colour (NO_COLOR, TERM=dumb).
            let label = "\(chosen ? "›" : " ")\(option.name.terminalSafe) \(option.seats)p \(option.formattedBaseFare) "
            if column + label.terminalColumns > area.maxX {
                optionRow += 1
                column = area.x + 10
            }
            column = canvas.put(label, row: optionRow, column: column, style: chosen ? brand : CellStyle()) + 1
        }
        let buttonRow = optionRow + 2
        let requestStyle = CellStyle(bold: ride.canRequest, dim: !ride.canRequest, inverse: ride.canRequest)
        canvas.put("[ Request ride ]", row: buttonRow, column: area.x, style: requestStyle)
        let status = Rect(x: area.x, y: buttonRow + 2, width: area.width, height: max(0, area.maxY - buttonRow - 2))
        switch ride.state {
        case .choosing: break
        case .requesting: canvas.activity("Requesting… Esc cancels", id: "request", row: status.y, column: status.x)
        case .waitingForPickup(let confirmed):
            canvas.paragraph(
                "Ride \(confirmed.id.terminalSafe) \(confirmed.status.terminalSafe): here in \(confirmed.etaMinutes) min.\n"
                    + "\(confirmed.request.option.name.terminalSafe) from \(confirmed.request.pickup.name.terminalSafe) "
                    + "to \(confirmed.request.dropoff.name.terminalSafe).\nPress n for another ride.",
                in: status, style: CellStyle(foreground: .green, bold: true))
        case .failed(let error):
            let used = canvas.paragraph(
                error.localizedDescription.terminalSafe, in: status, style: CellStyle(foreground: .red))
            canvas.put("Press r to try again.", row: status.y + used, column: status.x)
        }
    }

    private func drawPicker(_ picker: DropoffPickerViewModel, in canvas: inout Canvas) {
        let area = canvas.content
        let column = canvas.put("Where to? ", row: area.y + 2, column: area.x, style: CellStyle(bold: true))
        pickerQuery.draw(
            in: &canvas, row: area.y + 2, column: column, width: min(40, area.maxX - column), focused: true,
            style: CellStyle(underline: true))
        let list = Rect(x: area.x, y: area.y + 4, width: area.width, height: area.maxY - area.y - 4)
        if picker.isSearching {
            canvas.activity("Searching…", id: "search", row: area.y + 3, column: area.x)
        } else if let error = picker.error {
            canvas.put(
                error.localizedDescription.terminalSafe, row: area.y + 3, column: area.x, maxWidth: area.width,
                style: CellStyle(foreground: .red))
        } else if picker.results.isEmpty {
            canvas.put("No places match.", row: list.y, column: list.x + 2, style: CellStyle(dim: true))
        }
        canvas.list(picker.results.map { $0.name.terminalSafe }, in: list, state: pickerList, id: "places")
    }
}
