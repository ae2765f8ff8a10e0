import Foundation

/// Why a Listings screen cannot show what was asked: the failure state of every Listings view model.
public enum ListingsError: Error, Equatable, Sendable {
    /// 401: the credentials were missing or wrong.
    case unauthorized
    case productNotFound(String)
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
    public var errorDescription: String? {
        switch self {
        case .unauthorized:
            "The listings backend refused the credentials (check LISTINGS_USERNAME / LISTINGS_PASSWORD)."
        case .productNotFound(let id): "There is no product \"\(id)\"."
        case .userNotFound(let id): "There is no user \"\(id)\"."
        case .network(let cause): cause.localizedDescription
        }
    }
}
