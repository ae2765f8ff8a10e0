import Foundation
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

/// One product's details, then its image through an ``ImageLoader``.
///
/// ```swift
/// let details = ProductDetailsViewModel(service: service, productID: "1", images: sharedLoader)
/// await details.load()  // the details, then the image
/// ```
@MainActor
@Observable
public final class ProductDetailsViewModel {
    public enum State: Equatable, Sendable {
        case loading
        case loaded(ProductDetails)
        case failed(message: String)
    }

    /// The product's image: loaded once the details are.
    public enum ImageState: Equatable, Sendable {
        case idle
        case loading
        case loaded(Data)
        case failed(message: String)
    }

    public let productID: String
    public private(set) var state: State = .loading
    public private(set) var image: ImageState = .idle
    private let service: any ListingsService
    private let images: ImageLoader

    /// - Parameters:
    ///   - service: where the details come from.
    ///   - productID: the product to show.
    ///   - images: the app's shared image loader; by default one over `service` for this screen alone.
    public init(service: any ListingsService, productID: String, images: ImageLoader? = nil) {
        self.productID = productID
        self.service = service
        self.images = images ?? ImageLoader(fetch: { [service] key in try await service.imageData(key: key) })
    }

    /// Loads the details, then the image they name.
    public func load() async {
        state = .loading
        image = .idle
        let details: ProductDetails
        do {
            details = try await service.productDetails(id: productID)
            state = .loaded(details)
        } catch {
            state = .failed(message: (error as? ListingsError)?.message ?? error.localizedDescription)
            return
        }
        image = .loading
        do {
            image = .loaded(try await images.image(for: details.product.imageKey))
        } catch {
            image = .failed(message: (error as? ListingsError)?.message ?? error.localizedDescription)
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
