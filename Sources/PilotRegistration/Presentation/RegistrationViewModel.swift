import Foundation
import Observation

/// The registration form. A field's error shows once the field has been edited or register was
/// tapped; register is enabled only when every field is valid.
@MainActor
@Observable
public final class RegistrationViewModel {
    public enum LicensesState: Equatable, Sendable {
        case loading
        case loaded([License])
        case failed(message: String)
    }

    public var name = "" { didSet { edited.insert(.name) } }
    public var password = "" { didSet { edited.insert(.password) } }
    public var verification = "" { didSet { edited.insert(.verification) } }
    public var licenseType = "" { didSet { edited.insert(.license) } }

    public private(set) var licenses: LicensesState = .loading
    /// Why the last register failed to save, if it did.
    public private(set) var saveError: String?

    private var edited: Set<RegistrationField> = []
    private var registerTapped = false
    private let store: any PilotStore
    @ObservationIgnored var onRegistered: (Pilot) -> Void = { _ in }

    public init(store: any PilotStore) {
        self.store = store
    }

    /// The errors to show now: those of edited fields, or of all fields once register was tapped.
    public var errors: [RegistrationField: String] {
        allErrors.filter { registerTapped || edited.contains($0.key) }
    }

    public var isRegisterEnabled: Bool {
        if case .loaded = licenses { return allErrors.isEmpty }
        return false
    }

    /// The license the form would register, if the chosen type is one of the loaded ones.
    public var selectedLicense: License? {
        loadedLicenses.first { $0.type == licenseType }
    }

    func showLicenses(_ state: LicensesState) {
        licenses = state
    }

    /// Validates, saves the pilot (never the password), and forgets the password and its
    /// verification. Returns the pilot, or `nil` with ``errors`` or ``saveError`` set.
    @discardableResult
    public func register() -> Pilot? {
        registerTapped = true
        saveError = nil
        guard isRegisterEnabled, let license = selectedLicense else { return nil }
        let pilot = Pilot(name: name.trimmingCharacters(in: .whitespacesAndNewlines), license: license)
        do {
            try store.save(pilot)
        } catch {
            saveError = error.localizedDescription
            return nil
        }
        clear()
        onRegistered(pilot)
        return pilot
    }

    /// Back to an empty, untouched form.
    func clear() {
        (name, password, verification, licenseType) = ("", "", "", "")
        edited = []
        registerTapped = false
        saveError = nil
    }

    private var loadedLicenses: [License] {
        if case .loaded(let licenses) = licenses { return licenses }
        return []
    }

    private var allErrors: [RegistrationField: String] {
        RegistrationRules.errors(
            for: RegistrationInput(
                name: name, password: password, verification: verification, licenseType: licenseType),
            licenses: loadedLicenses)
    }
}
