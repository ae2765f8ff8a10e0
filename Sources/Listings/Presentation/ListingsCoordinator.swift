import Foundation
import Observation

/// Navigation: the list, then a product's details on top, then back. Routes are plain values and
/// ``path`` is settable, so SwiftUI binds it directly; the coordinator makes each details screen's
/// view model, one per route while the route is on the path, sharing the app's ``ImagePipeline``:
/// bytes (``ImageLoader``) by default, or the app's own decoded images.
///
/// ```swift
/// @State var coordinator = ListingsCoordinator(service: service, userID: "1")
///
/// NavigationStack(path: $coordinator.path) {
///     ProductList(coordinator: coordinator)
///         .navigationDestination(for: ListingsCoordinator.Route.self) { route in
///             ProductView(model: coordinator.details(for: route))
///         }
/// }
/// ```
///
/// A UIKit navigation controller pops on its own; its delegate tells the coordinator with
/// ``didGoBack(toDepth:)``, so the popped screen's model is let go.
@MainActor
@Observable
public final class ListingsCoordinator<Image: Sendable> {
    /// A screen pushed over the list: `ListingsCoordinator.Route`, whatever the image type.
    public typealias Route = ListingsRoute

    /// What is pushed over the list; empty shows the list. SwiftUI sets it on a back swipe.
    public var path: [Route] = [] {
        didSet { models = models.filter { path.contains($0.key) } }
    }

    /// The user whose offers decide the badges, on the list (``listing``, when the coordinator has
    /// one) and on the details screens. Setting it switches user everywhere at once, keeping the
    /// path: each screen reloads from its `.task(id: userID)`.
    public var userID: String? {
        get { listing.userID }
        set { listing.userID = newValue }
    }
    /// The list's model: the one the coordinator was made with, or one of its own. Its user is
    /// ``userID``.
    public let listing: ListingViewModel
    /// The image pipeline every details screen shares.
    public let images: ImagePipeline<Image>
    /// The longest side the details screens ask their image for, in pixels; `nil` for as it is.
    public let maxPixelSize: Int?
    private let service: any ListingsService
    @ObservationIgnored private var models: [Route: ProductDetailsViewModel<Image>] = [:]

    /// A coordinator showing the list, whose details screens take their images from the app's
    /// pipeline.
    ///
    /// ```swift
    /// let coordinator = ListingsCoordinator(service: service, listing: listing, images: thumbnails, maxPixelSize: 600)
    /// ```
    /// - Parameters:
    ///   - service: where the details screens' products and offers come from.
    ///   - userID: the user whose offers decide the badges; no badge without one. With a
    ///     `listing`, its user.
    ///   - listing: the list's model, so that ``userID`` switches the list's user too; by
    ///     default one of the coordinator's own, for `userID`.
    ///   - images: the app's shared image pipeline.
    ///   - maxPixelSize: the longest side the details screens draw the image at, in pixels.
    public init(
        service: any ListingsService, userID: String? = nil, listing: ListingViewModel? = nil,
        images: ImagePipeline<Image>, maxPixelSize: Int? = nil
    ) {
        self.service = service
        self.listing = listing ?? ListingViewModel(service: service, userID: userID)
        self.images = images
        self.maxPixelSize = maxPixelSize
        // One user for the list and the details, whichever of the two is set, for every
        // coordinator made with the list.
        self.listing.userFollowers.append { [weak self] userID in
            guard let self else { return false }
            for model in models.values { model.userID = userID }
            return true
        }
    }

    /// Pushes the details of a product; nothing when they are on top already (a double tap).
    public func showDetails(productID: String) {
        let route = Route.details(productID: productID)
        if path.last != route { path.append(route) }
    }

    /// Pops the top screen; does nothing on the list.
    public func back() {
        _ = path.popLast()
    }

    /// Pops every screen back to the list.
    public func backToList() {
        path.removeAll()
    }

    /// Tells the coordinator the user went back to the screen `depth` steps above the list (`0` is
    /// the list): ``path`` keeps its first `depth` routes and the popped screens' models are let
    /// go. A UIKit app calls it from its navigation controller's delegate, so the system back
    /// button is heard; a depth at or past the path changes nothing.
    ///
    /// ```swift
    /// func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
    ///     coordinator.didGoBack(toDepth: navigationController.viewControllers.count - 1)
    /// }
    /// ```
    public func didGoBack(toDepth depth: Int) {
        let depth = max(depth, 0)
        if depth < path.count { path.removeLast(path.count - depth) }
    }

    /// The view model of a route's screen: the same one while the route stays on the path (asked
    /// for before the route is pushed, as a UIKit screen made before `showDetails` is, too), a
    /// new one after it was popped. Call ``ProductDetailsViewModel/load()`` from the screen's `.task`.
    public func details(for route: Route) -> ProductDetailsViewModel<Image> {
        if let model = models[route] { return model }
        let model =
            switch route {
            case .details(let productID):
                ProductDetailsViewModel(
                    service: service, productID: productID, userID: userID, images: images, maxPixelSize: maxPixelSize)
            }
        // Kept until the path changes without the route: a model asked for just before its route
        // is pushed is the one the pushed screen gets.
        models[route] = model
        return model
    }
}

extension ListingsCoordinator where Image == Data {
    /// A coordinator showing the list, whose details screens' images are the bytes the backend
    /// sent.
    ///
    /// - Parameters:
    ///   - service: where the details screens' products, offers and images come from.
    ///   - userID: the user whose offers decide the badges; no badge without one. With a
    ///     `listing`, its user.
    ///   - listing: the list's model, so that ``userID`` switches the list's user too; by
    ///     default one of the coordinator's own, for `userID`.
    ///   - images: the app's shared image loader; by default one over `service` for this coordinator.
    public convenience init(
        service: any ListingsService, userID: String? = nil, listing: ListingViewModel? = nil,
        images: ImageLoader? = nil
    ) {
        self.init(
            service: service, userID: userID, listing: listing,
            images: images ?? ImageLoader(fetch: { [service] key in try await service.imageData(key: key) }))
    }
}

/// A screen pushed over the Listings list.
public enum ListingsRoute: Hashable, Sendable {
    /// A product's details.
    case details(productID: String)
}
