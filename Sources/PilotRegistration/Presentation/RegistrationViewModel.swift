import Foundation
import Observation

/// The registration form. A field's error shows once the field has been edited or register was
/// tapped; register is enabled only when the licenses are loaded and every field is valid.
///
/// It works on its own as well as inside ``PilotRegistrationFlow``, which navigates from its own
/// state; ``onRegistered`` is the app's alone, in either:
///
/// ```swift
/// let form = RegistrationViewModel(licenses: RemoteLicensesService(baseURL: backendURL), store: store)
/// form.onRegistered = { pilot in path.append(pilot) }
/// await form.loadLicenses()
/// ```
@MainActor
@Observable
public final class RegistrationViewModel {
    /// The name field, bound to a text field; editing it shows its error.
    public var name = "" { didSet { edited.insert(.name) } }
    /// The password field; never stored.
    public var password = "" { didSet { edited.insert(.password) } }
    /// The password typed again.
    public var verification = "" { didSet { edited.insert(.verification) } }
    /// The license type, typed or picked from ``licenses``.
    public var licenseType = "" { didSet { edited.insert(.license) } }

    /// A field's text by its name (the license's is ``licenseType``), so a form is drawn from
    /// `RegistrationField.allCases` in order, as Koober's forms are:
    ///
    /// ```swift
    /// ForEach([RegistrationField.name, .password, .verification], id: \.self) { field in
    ///     SecureField(field.title, text: $form[field])
    /// }
    /// ```
    public subscript(field: RegistrationField) -> String {
        get {
            switch field {
            case .name: name
            case .password: password
            case .verification: verification
            case .license: licenseType
            }
        }
        set {
            switch field {
            case .name: name = newValue
            case .password: password = newValue
            case .verification: verification = newValue
            case .license: licenseType = newValue
            }
        }
    }

    /// Whether the form was emptied by a registration that worked, and nothing was typed since.
    @ObservationIgnored private var justRegistered = false

    /// The licenses the form offers: `.idle` until ``loadLicenses()`` is first called.
    public private(set) var licenses: LoadState<[License], PilotRegistrationError> = .idle
    /// Why the last register could not save the pilot, if it could not.
    public private(set) var saveError: PilotRegistrationError?

    private var edited: Set<RegistrationField> = []
    private var registerTapped = false
    private let licensesService: any LicensesService
    private let store: any PilotStore
    @ObservationIgnored private let loads = Loads()
    /// Callers of ``loadLicenses()`` that arrived while a load was under way, resumed when it ends.
    /// Callers of ``loadLicenses()`` waiting for the load under way, by number; a cancelled one
    /// takes itself out (its cancellation handler runs on any thread, hence the lock).
    @ObservationIgnored private let waitingForLicenses = Locked<[Int: CheckedContinuation<Void, Never>]>([:])
    @ObservationIgnored private var lastWaiter = 0
    /// Called with each pilot that ``register()`` saved: where an app on the form alone navigates
    /// to confirmation, or anything else an app wants to do then (analytics). Inside a
    /// ``PilotRegistrationFlow`` the flow moves on whatever this does.
    @ObservationIgnored public var onRegistered: @MainActor (Pilot) -> Void = { _ in }
    /// The flow's own step after a registration, kept apart from the app's ``onRegistered``.
    @ObservationIgnored var flowOnRegistered: @MainActor (Pilot) -> Void = { _ in }

    /// Creates a ``RegistrationViewModel``.
    ///
    /// - Parameters:
    ///   - licenses: where the licenses the form offers come from.
    ///   - store: where ``register()`` keeps the pilot.
    public init(licenses: any LicensesService, store: any PilotStore) {
        self.licensesService = licenses
        self.store = store
    }

    /// Loads the licenses the form offers, once: when they are loaded already this returns at
    /// once, and while a load is under way (the flow's, say) it waits for that one, so a form's
    /// `.task` inside ``PilotRegistrationFlow`` sends no second request. After a failure it loads
    /// again. ``licenses`` says how that went. A caller whose task is cancelled while it waits (a
    /// form's `.task` whose view went) returns at once; the load it waited for goes on.
    ///
    /// ```swift
    /// RegistrationForm(form: flow.registration).task { await flow.registration.loadLicenses() }
    /// ```
    public func loadLicenses() async {
        switch licenses {
        case .loaded: return
        case .loading: await waitForLicenses()
        case .idle, .failed: await reloadLicenses()
        }
    }

    /// Waits for the load under way to end, or for the caller's task to be cancelled.
    private func waitForLicenses() async {
        lastWaiter += 1
        let (waiting, number) = (waitingForLicenses, lastWaiter)
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let cancelled = waiting.withLock { waiting in
                    if Task.isCancelled { return true }
                    waiting[number] = continuation
                    return false
                }
                if cancelled { continuation.resume() }
            }
        } onCancel: {
            waiting.withLock { $0.removeValue(forKey: number) }?.resume()
        }
    }

    /// Loads the licenses again whatever ``licenses`` holds (pull to refresh, a retry over cached
    /// data), keeping those loaded before while reloading and after a failed reload (see
    /// `LoadState`).
    public func reloadLicenses() async {
        defer {
            if !licenses.isLoading {
                let waiting = waitingForLicenses.withLock { waiting in
                    defer { waiting = [:] }
                    return waiting.values
                }
                for caller in waiting { caller.resume() }
            }
        }
        await loads.run(\.licenses, on: self, failure: PilotRegistrationError.init(licenses:)) {
            [licensesService] in try await licensesService.loadLicenses().firstOfEachID()
        }
    }

    /// The problems to show now, each field's at once: those of edited fields, or of all fields
    /// once register was tapped. Each has a default description (`localizedDescription`).
    public var errors: [RegistrationField: RegistrationProblem] {
        allErrors.filter { registerTapped || edited.contains($0.key) }
    }

    /// Whether register can be tapped: licenses are loaded and every field is valid.
    public var isRegisterEnabled: Bool {
        licenses.value != nil && allErrors.isEmpty
    }

    /// The license the form would register, if the chosen type is one of the loaded ones; `nil`
    /// when none is. Types match whatever their case; the pilot is stored with the license's own
    /// spelling. Setting it sets ``licenseType``, so a picker binds to it:
    ///
    /// ```swift
    /// Picker(RegistrationField.license.title, selection: $form.selectedLicense) {
    ///     Text("None").tag(License?.none)
    ///     ForEach(licenses, id: \.type) { Text($0.type).tag(Optional($0)) }
    /// }
    /// ```
    public var selectedLicense: License? {
        get { RegistrationRules.license(named: licenseType, in: loadedLicenses) }
        set { licenseType = newValue?.type ?? "" }
    }

    /// Whether `license` is the one the form would register: for a row's selected trait.
    public func isSelected(_ license: License) -> Bool {
        license.type == selectedLicense?.type
    }

    /// The first field, in form order, with a problem shown now: where to move the focus after
    /// register was tapped.
    ///
    /// ```swift
    /// Button("Register") { if form.register() == nil { focus = form.firstFieldWithProblem } }
    /// ```
    public var firstFieldWithProblem: RegistrationField? {
        errors.keys.min()
    }

    /// Validates, saves the pilot (never the password), and forgets the password and its
    /// verification. Returns the pilot, or `nil` with ``errors`` or ``saveError`` set; a pilot
    /// stored already is never replaced (``PilotRegistrationError/alreadyRegistered(_:)``). A
    /// second tap on the form it just emptied (a double tap) does nothing, and shows no problem.
    @discardableResult
    public func register() -> Pilot? {
        guard !(justRegistered && edited.isEmpty) else { return nil }
        registerTapped = true
        saveError = nil
        guard isRegisterEnabled, let license = selectedLicense else { return nil }
        let pilot = Pilot(name: name.trimmingCharacters(in: .whitespacesAndNewlines), license: license)
        do {
            try store.create(pilot)
        } catch PersistenceError.alreadyExists(let file) {
            // Another registration won, perhaps in another process at the same moment.
            let registered = (try? store.load()) ?? nil
            saveError = registered.map(PilotRegistrationError.alreadyRegistered) ?? .storage(.alreadyExists(file: file))
            return nil
        } catch {
            saveError = PilotRegistrationError(storage: error)
            return nil
        }
        clear()
        justRegistered = true
        flowOnRegistered(pilot)
        onRegistered(pilot)
        return pilot
    }

    /// Back to an empty, untouched form (the loaded licenses stay).
    public func clear() {
        (name, password, verification, licenseType) = ("", "", "", "")
        edited = []
        registerTapped = false
        saveError = nil
        justRegistered = false
    }

    /// The field in words, role and problem included, for a screen reader that knows no roles (the
    /// command line's `--screen-reader`): `Password, secure text field, 5 characters, invalid: Use
    /// at least 12 characters.` VoiceOver says the role and the value itself, so a SwiftUI field
    /// gives it the same title and problem:
    ///
    /// ```swift
    /// SecureField(RegistrationField.password.title, text: $form.password)
    ///     .accessibilityHint(form.errors[.password]?.localizedDescription ?? "")
    /// ```
    ///
    /// The license field says the type typed or chosen (`License, text field, ATPL`); each
    /// license of the picker has a description of its own, from the overload that takes a
    /// ``License``.
    public func accessibilityDescription(of field: RegistrationField) -> String {
        let value =
            switch field {
            case .name: name
            case .password: password
            case .verification: verification
            case .license: licenseType
            }
        return accessibleField(
            title: field.title, secure: field == .password || field == .verification, value: value,
            problem: errors[field]?.localizedDescription)
    }

    /// A license of the picker as VoiceOver labels a row: its name and its aircraft,
    /// `ATPL, aircraft B737, A380, B747`. VoiceOver says the role and whether it is selected from
    /// the row's traits, so they are not in the label:
    ///
    /// ```swift
    /// ForEach(licenses, id: \.type) { license in
    ///     Button(license.type) { form.selectedLicense = license }
    ///         .accessibilityLabel(form.accessibilityLabel(of: license))
    ///         .accessibilityAddTraits(form.isSelected(license) ? .isSelected : [])
    /// }
    /// ```
    public func accessibilityLabel(of license: License) -> String {
        license.type + ", " + aircraftDescription(of: license)
    }

    /// A license of the picker in words, role and state included, for a screen reader that knows
    /// no roles or traits (the command line's `--screen-reader`): `ATPL, license, selected,
    /// aircraft B737, A380, B747`. The place in the list (`2 of 3`) is the reader's to add.
    public func accessibilityDescription(of license: License) -> String {
        accessibleChoice(title: license.type, role: text("Accessibility.license"), isSelected: isSelected(license))
            + ", " + aircraftDescription(of: license)
    }

    private func aircraftDescription(of license: License) -> String {
        text("Accessibility.aircraft", license.aircraft.joined(separator: ", "))
    }

    private var loadedLicenses: [License] {
        licenses.value ?? []
    }

    private var allErrors: [RegistrationField: RegistrationProblem] {
        RegistrationRules.problems(
            for: RegistrationInput(
                name: name, password: password, verification: verification, licenseType: licenseType),
            licenses: loadedLicenses)
    }
}
