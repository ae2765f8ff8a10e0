import Observation

/// The confirmation screen: who registered, with which license and aircraft.
@MainActor
@Observable
public final class ConfirmationViewModel {
    /// The registered pilot.
    public let pilot: Pilot
    /// Why the last ``logout()`` failed (the pilot could not be deleted); `nil` before and after
    /// one that worked. The screen stays, and shows it.
    public private(set) var error: PilotRegistrationError?
    /// Whether a ``logout()`` is under way: disable the button while it is, though a second tap
    /// does nothing anyway.
    public private(set) var isLoggingOut = false
    private let store: any PilotStore
    /// Called after ``logout()`` deleted the pilot: the app's own step (analytics, its own
    /// navigation). Inside a ``PilotRegistrationFlow`` the flow goes back to the form whatever
    /// this does.
    @ObservationIgnored public var onLogout: @MainActor () async -> Void = {}
    /// The flow's own step after a logout, kept apart from the app's ``onLogout``.
    @ObservationIgnored var flowOnLogout: @MainActor () async -> Void = {}

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

    /// Deletes the registered pilot (this one: never another registered since) and returns to
    /// the form; when it cannot be deleted, ``error`` says why and the screen stays. A logout while one is under way (a double tap) does
    /// nothing and returns `false`: the pilot is deleted, and the app told, once.
    ///
    /// ```swift
    /// Button("Log out") { Task { await confirmation.logout() } }.disabled(confirmation.isLoggingOut)
    /// if let error = confirmation.error { Text(error.localizedDescription) }
    /// ```
    /// - Returns: whether this call logged the pilot out: `false` on a double tap, on a failure,
    ///   and for a confirmation kept past its pilot when another is stored now.
    @discardableResult
    public func logout() async -> Bool {
        guard !isLoggingOut else { return false }
        isLoggingOut = true
        defer { isLoggingOut = false }
        do {
            // A confirmation kept past its pilot (another registered since) deletes no one else,
            // and leaves the flow to the pilot stored now.
            let stored = try store.load()
            if let stored, stored != pilot { return false }
            if stored != nil { try store.delete() }
        } catch {
            self.error = PilotRegistrationError(storage: error)
            return false
        }
        error = nil
        await flowOnLogout()
        await onLogout()
        return true
    }
}
