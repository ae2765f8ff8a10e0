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
        case error(message: String)
    }

    public private(set) var screen: Screen = .launching
    public let registration: RegistrationViewModel
    public private(set) var confirmation: ConfirmationViewModel?

    private let licenses: any LicensesService
    private let store: any PilotStore

    public init(licenses: any LicensesService, store: any PilotStore) {
        self.licenses = licenses
        self.store = store
        self.registration = RegistrationViewModel(store: store)
        registration.onRegistered = { [weak self] pilot in self?.confirm(pilot) }
    }

    public func launch() async {
        do {
            if let pilot = try store.load() {
                confirm(pilot)
                return
            }
        } catch {
            screen = .error(message: error.localizedDescription)
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
        registration.showLicenses(.loading)
        screen = .registration
        do {
            registration.showLicenses(.loaded(try await licenses.loadLicenses()))
        } catch {
            let message = "The licenses cannot be loaded. \(error.localizedDescription)"
            registration.showLicenses(.failed(message: message))
            screen = .error(message: message)
        }
    }

    private func confirm(_ pilot: Pilot) {
        let model = ConfirmationViewModel(pilot: pilot, store: store)
        model.onLogout = { [weak self] in
            guard let self else { return }
            registration.clear()
            await showRegistration()
        }
        confirmation = model
        screen = .confirmation(pilot)
    }
}
