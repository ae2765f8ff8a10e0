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
