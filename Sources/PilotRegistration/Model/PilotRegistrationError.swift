import Foundation

/// Why a registration screen cannot go on: the failure state of every PilotRegistration view model.
///
/// ```swift
/// if case .error(.licensesUnavailable) = flow.screen { Button("Retry") { Task { await flow.retry() } } }
/// ```
public enum PilotRegistrationError: Error, Equatable, Sendable {
    /// The licenses could not be loaded from the backend.
    case licensesUnavailable(NetworkError)
    /// The stored pilot could not be read (a damaged file), saved or deleted.
    case storage(PersistenceError)
    /// A pilot is registered on this device already: log out first.
    case alreadyRegistered(Pilot)

    init(licenses error: any Error) {
        self = .licensesUnavailable(NetworkError(error))
    }

    init(storage error: any Error) {
        self = .storage(PersistenceError(error))
    }
}

extension PilotRegistrationError: LocalizedError {
    /// What went wrong, in words a user can act on.
    public var errorDescription: String? {
        switch self {
        case .licensesUnavailable(let cause):
            text("PilotRegistrationError.licensesUnavailable", cause.localizedDescription)
        case .storage(let cause): cause.localizedDescription
        case .alreadyRegistered(let pilot): text("PilotRegistrationError.alreadyRegistered", pilot.name)
        }
    }
}

/// A string of this module's `Localizable.strings`, filled in.
func text(_ key: String, _ arguments: String...) -> String {
    localized(key, bundle: .module, table: "PilotRegistration", arguments: arguments)
}
