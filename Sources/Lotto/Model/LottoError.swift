import Foundation

/// Why a Lotto screen cannot show what was asked: the failure state of every Lotto view model.
///
/// ```swift
/// if case .network(let cause)? = results.state.failure, cause.isUnavailable { showRetry() }
/// ```
public enum LottoError: Error, Equatable, Sendable {
    /// No published draw has this id.
    case drawNotFound(String)
    /// The backend has published no draws yet, so there is no latest one.
    case noDraws
    /// The backend sent records, and not one of them could be used.
    case badData(LottoDataError)
    /// The backend could not be reached, refused, or answered something unreadable.
    case network(NetworkError)

    /// Classifies any error a Lotto load can throw.
    public init(_ error: any Error) {
        switch error {
        case let lotto as LottoError: self = lotto
        case let data as LottoDataError: self = .badData(data)
        default: self = .network(NetworkError(error))
        }
    }
}

extension LottoError: LocalizedError {
    /// What went wrong, in words a user can act on.
    public var errorDescription: String? {
        switch self {
        case .drawNotFound(let id): text("LottoError.drawNotFound", id)
        case .noDraws: text("LottoError.noDraws")
        case .badData(let data): text("LottoError.badData", data.description)
        case .network(let cause): cause.localizedDescription
        }
    }
}

/// A string of this module's `Localizable.strings`, filled in.
func text(_ key: String, _ arguments: String...) -> String {
    localized(key, bundle: .module, table: "Lotto", arguments: arguments)
}
