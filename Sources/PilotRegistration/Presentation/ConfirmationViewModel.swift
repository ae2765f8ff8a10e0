import Observation

/// The confirmation screen: who registered, with which license and aircraft.
@MainActor
@Observable
public final class ConfirmationViewModel {
    public let pilot: Pilot
    private let store: any PilotStore
    /// Called after ``logout()`` deleted the pilot: where an app navigates back to the form.
    @ObservationIgnored public var onLogout: @MainActor () async -> Void = {}

    public init(store: any PilotStore, pilot: Pilot) {
        self.pilot = pilot
        self.store = store
    }

    public var welcome: String { "Welcome, \(pilot.name)!" }
    public var license: String { pilot.license.type }
    public var aircraft: [String] { pilot.license.aircraft }

    /// Deletes the registered pilot and returns to the form.
    public func logout() async throws {
        try store.delete()
        await onLogout()
    }
}
