import Foundation

/// Why a Listings screen cannot show what was asked: the failure state of every Listings view model.
public enum ListingsError: Error, Equatable, Sendable {
    /// 401: the credentials were missing or wrong.
    case unauthorized
    /// 404: the backend has no product with this id.
    case productNotFound(String)
    /// 404: the backend has no user with this id.
    case userNotFound(String)
    /// The backend could not be reached, refused, or answered something unreadable.
    case network(NetworkError)

    /// Classifies any error a Listings load can throw.
    public init(_ error: any Error) {
        switch error {
        case let listings as ListingsError: self = listings
        default: self = .network(NetworkError(error))
        }
    }
}

extension ListingsError: LocalizedError {
    /// What went wrong, in words a user can act on.
    public var errorDescription: String? {
        switch self {
        case .unauthorized: text("ListingsError.unauthorized")
        case .productNotFound(let id): text("ListingsError.productNotFound", id)
        case .userNotFound(let id): text("ListingsError.userNotFound", id)
        case .network(let cause): cause.localizedDescription
        }
    }
}

/// A string of this module's `Localizable.strings`, filled in.
func text(_ key: String, _ arguments: String...) -> String {
    localized(key, bundle: .module, table: "Listings", arguments: arguments)
}
