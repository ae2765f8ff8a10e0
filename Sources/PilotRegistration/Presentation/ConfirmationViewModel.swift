import Observation

/// The confirmation screen: who registered, with which license and aircraft.
@MainActor
@Observable
public final class ConfirmationViewModel {
    /// The registered pilot.
    public let pilot: Pilot
    private let store: any PilotStore
    /// Called after ``logout()`` deleted the pilot: where an app navigates back to the form.
    @ObservationIgnored public var onLogout: @MainActor () async -> Void = {}

    /// Creates a ``ConfirmationViewModel``.
    ///
    /// - Parameters:
    ///   - store: where the pilot is kept; ``logout()`` deletes it there.
    ///   - pilot: the pilot to confirm.
    public init(store: any PilotStore, pilot: Pilot) {
        self.pilot = pilot
        self.store = store
    }

    /// The greeting, from the module's strings: `Welcome, Amelia!`.
    public var welcome: String { text("Confirmation.welcome", pilot.name) }
    /// The license's type: `PPL`.
    public var license: String { pilot.license.type }
    /// The aircraft the license allows.
    public var aircraft: [String] { pilot.license.aircraft }

    /// Deletes the registered pilot and returns to the form.
    public func logout() async throws {
        try store.delete()
        await onLogout()
    }
}
