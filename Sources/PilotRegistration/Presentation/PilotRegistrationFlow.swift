import Observation

/// The navigation model: registration, confirmation of a pilot, or an error with retry when the
/// licenses cannot be loaded. On launch, a stored pilot goes straight to confirmation.
@MainActor
@Observable
public final class PilotRegistrationFlow {
    public enum Screen: Equatable, Sendable {
        case launching
        case registration
        case confirmation(Pilot)
        case error(PilotRegistrationError)
    }

    public private(set) var screen: Screen = .launching
    public let registration: RegistrationViewModel
    public private(set) var confirmation: ConfirmationViewModel?

    private let store: any PilotStore

    public init(licenses: any LicensesService, store: any PilotStore) {
        self.store = store
        self.registration = RegistrationViewModel(licenses: licenses, store: store)
        registration.onRegistered = { [weak self] pilot in self?.confirm(pilot) }
    }

    public func launch() async {
        do {
            if let pilot = try store.load() {
                confirm(pilot)
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

    private func showRegistration() async {
        confirmation = nil
        screen = .registration
        await registration.loadLicenses()
        if case .failed(let error) = registration.licenses {
            screen = .error(error)
        }
    }

    private func confirm(_ pilot: Pilot) {
        let model = ConfirmationViewModel(store: store, pilot: pilot)
        model.onLogout = { [weak self] in
            guard let self else { return }
            registration.clear()
            await showRegistration()
        }
        confirmation = model
        screen = .confirmation(pilot)
    }
}
