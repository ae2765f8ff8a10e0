import Observation

/// The product listing.
@MainActor
@Observable
public final class ListingViewModel {
    public enum State: Equatable, Sendable {
        case idle
        case loading
        case loaded(Listing)
        case failed(message: String)
    }

    public private(set) var state: State = .idle
    private let loadListing: LoadListing
    public let userID: String

    public init(service: any ListingsService, userID: String) {
        self.loadListing = LoadListing(service: service)
        self.userID = userID
    }

    public func load() async {
        state = .loading
        do {
            state = .loaded(try await loadListing(userID: userID))
        } catch {
            state = .failed(message: (error as? ListingsError)?.message ?? error.localizedDescription)
        }
    }
}

/// One product's details.
@MainActor
@Observable
public final class ProductDetailsViewModel {
    public enum State: Equatable, Sendable {
        case loading
        case loaded(ProductDetails)
        case failed(message: String)
    }

    public let productID: String
    public private(set) var state: State = .loading
    private let service: any ListingsService

    public init(productID: String, service: any ListingsService) {
        self.productID = productID
        self.service = service
    }

    public func load() async {
        state = .loading
        do {
            state = .loaded(try await service.productDetails(id: productID))
        } catch {
            state = .failed(message: (error as? ListingsError)?.message ?? error.localizedDescription)
        }
    }
}

/// Navigation: the list, then a product's details on top, then back. Routes are plain values.
@MainActor
@Observable
public final class ListingsCoordinator {
    public enum Route: Hashable, Sendable {
        case details(productID: String)
    }

    /// What is pushed over the list; empty shows the list.
    public private(set) var path: [Route] = []

    public init() {}

    public func showDetails(productID: String) {
        path.append(.details(productID: productID))
    }

    public func back() {
        _ = path.popLast()
    }

    public func backToList() {
        path.removeAll()
    }
}
