import Observation

/// Navigation: the list, then a product's details on top, then back. Routes are plain values.
///
/// ```swift
/// NavigationStack(path: $coordinator.path) { ... }   // or, in a UIKit app, push per route
/// coordinator.showDetails(productID: product.id)
/// ```
@MainActor
@Observable
public final class ListingsCoordinator {
    /// A screen pushed over the list.
    public enum Route: Hashable, Sendable {
        /// A product's details.
        case details(productID: String)
    }

    /// What is pushed over the list; empty shows the list.
    public private(set) var path: [Route] = []

    /// A coordinator showing the list.
    public init() {}

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
}
