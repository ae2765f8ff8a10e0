import Observation

/// The navigation model: registration, confirmation of a pilot, or an error with retry when the
/// licenses cannot be loaded. On launch, a stored pilot goes straight to confirmation.
///
/// Each screen replaces the one before: a registered pilot has no way back to the form but
/// ``ConfirmationViewModel/logout()``, so a navigation stack shows one screen at a time.
///
/// ```swift
/// switch flow.screen {
/// case .launching: ProgressView()
/// case .registration: RegistrationForm(form: flow.registration)
/// case .confirmation(let confirmation): ConfirmationScreen(confirmation: confirmation)
/// case .error(let error): ErrorScreen(error: error, retry: flow.retry)
/// }
/// ```
@MainActor
@Observable
public final class PilotRegistrationFlow {
    /// The screen to show.
    public enum Screen: Equatable, Sendable {
        /// Before ``PilotRegistrationFlow/launch()`` has looked for a stored pilot.
        case launching
        /// The registration form (``PilotRegistrationFlow/registration``).
        case registration
        /// The confirmation of a registered pilot, with its screen's model.
        case confirmation(ConfirmationViewModel)
        /// The stored pilot could not be read; the form can still be shown after the user is told.
        case error(PilotRegistrationError)

        /// Screens are equal when they show the same thing: a confirmation, the same model.
        public static func == (lhs: Screen, rhs: Screen) -> Bool {
            switch (lhs, rhs) {
            case (.launching, .launching), (.registration, .registration): true
            case (.confirmation(let lhs), .confirmation(let rhs)): lhs === rhs
            case (.error(let lhs), .error(let rhs)): lhs == rhs
            default: false
            }
        }
    }

    /// The screen to show; ``Screen/launching`` until ``launch()``.
    public private(set) var screen: Screen = .launching
    /// The form's view model, kept for the life of the flow.
    public let registration: RegistrationViewModel
    /// The confirmation's view model while ``screen`` is `.confirmation`; `nil` on any other screen.
    public var confirmation: ConfirmationViewModel? {
        guard case .confirmation(let model) = screen else { return nil }
        return model
    }

    private let store: any PilotStore

    /// Creates a ``PilotRegistrationFlow``.
    ///
    /// ```swift
    /// let flow = PilotRegistrationFlow(licenses: RemoteLicensesService(baseURL: backendURL), store: store)
    /// await flow.launch()
    /// ```
    /// - Parameters:
    ///   - licenses: where the form's licenses come from.
    ///   - store: where the registered pilot is kept.
    public init(licenses: any LicensesService, store: any PilotStore) {
        self.store = store
        self.registration = RegistrationViewModel(licenses: licenses, store: store)
        registration.flowOnRegistered = { [weak self] pilot in self?.confirm(pilot) }
    }

    /// Shows the confirmation of a stored pilot, or else the form with its licenses loading; a
    /// stored pilot that cannot be read shows ``Screen/error(_:)``. Called again (a view that
    /// appears again), a confirmation of the same pilot keeps its model.
    public func launch() async {
        do {
            if let pilot = try store.load() {
                if confirmation?.pilot != pilot { confirm(pilot) }
                return
            }
        } catch {
            screen = .error(PilotRegistrationError(storage: error))
            return
        }
        await showRegistration()
    }

    /// Tries to load the licenses again after an error.
    public func retry() async {
        await launch()
    }

    /// After a stored pilot that cannot be read (``Screen/error(_:)`` with a storage error),
    /// deletes it and shows the form, so the user can register again; ``retry()`` would read the
    /// same damaged file. A pilot that cannot be deleted either keeps the error.
    ///
    /// ```swift
    /// if case .error(.storage) = flow.screen {
    ///     Button("Register again") { Task { await flow.discardStoredPilot() } }
    /// }
    /// ```
    public func discardStoredPilot() async {
        do {
            try store.delete()
        } catch {
            screen = .error(PilotRegistrationError(storage: error))
            return
        }
        await showRegistration()
    }

    private func showRegistration() async {
        screen = .registration
        await registration.loadLicenses()
        if let error = registration.licenses.failure {
            screen = .error(error)
        }
    }

    private func confirm(_ pilot: Pilot) {
        let model = ConfirmationViewModel(store: store, pilot: pilot)
        model.flowOnLogout = { [weak self] in
            guard let self else { return }
            registration.clear()
            await showRegistration()
        }
        screen = .confirmation(model)
    }
}
