import Observation

/// Navigation: the list, then a product's details on top, then back. Routes are plain values and
/// ``path`` is settable, so SwiftUI binds it directly; the coordinator makes each details screen's
/// view model, one per route while the route is on the path, sharing one ``ImageLoader``.
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
@MainActor
@Observable
public final class ListingsCoordinator {
    /// A screen pushed over the list.
    public enum Route: Hashable, Sendable {
        /// A product's details.
        case details(productID: String)
    }

    /// What is pushed over the list; empty shows the list. SwiftUI sets it on a back swipe.
    public var path: [Route] = [] {
        didSet { models = models.filter { path.contains($0.key) } }
    }

    /// The user whose offers decide the badges on the details screens. Setting it switches user on
    /// the screens on ``path`` too, keeping the path: each reloads from its `.task(id: userID)`.
    public var userID: String? {
        didSet { for model in models.values { model.userID = userID } }
    }
    private let service: any ListingsService
    private let images: ImageLoader
    @ObservationIgnored private var models: [Route: ProductDetailsViewModel] = [:]

    /// A coordinator showing the list.
    ///
    /// - Parameters:
    ///   - service: where the details screens' products, offers and images come from.
    ///   - userID: the user whose offers decide the badges; no badge without one.
    ///   - images: the app's shared image loader; by default one over `service` for this coordinator.
    public init(service: any ListingsService, userID: String? = nil, images: ImageLoader? = nil) {
        self.service = service
        self.userID = userID
        self.images = images ?? ImageLoader(fetch: { [service] key in try await service.imageData(key: key) })
    }

    /// Pushes the details of a product.
    public func showDetails(productID: String) {
        path.append(.details(productID: productID))
    }

    /// Pops the top screen; does nothing on the list.
    public func back() {
        _ = path.popLast()
    }

    /// Pops every screen back to the list.
    public func backToList() {
        path.removeAll()
    }

    /// The view model of a route's screen: the same one while the route stays on the path, a new
    /// one after it was popped. Call ``ProductDetailsViewModel/load()`` from the screen's `.task`.
    public func details(for route: Route) -> ProductDetailsViewModel {
        if let model = models[route] { return model }
        let model =
            switch route {
            case .details(let productID):
                ProductDetailsViewModel(service: service, productID: productID, userID: userID, images: images)
            }
        if path.contains(route) { models[route] = model }
        return model
    }
}
