/// A product as the listing shows it: with its badge, if any.
public struct ListedProduct: Hashable, Sendable, Identifiable {
    public let product: Product
    public let badge: Badge?

    public var id: String { product.id }

    public init(product: Product, badge: Badge?) {
        self.product = product
        self.badge = badge
    }
}

/// The listing: products, and why there are no badges when the offers could not be loaded.
public struct Listing: Equatable, Sendable {
    public let products: [ListedProduct]
    /// Set when the offers failed: the products still show, without badges.
    public let offersFailure: ListingsError?

    public init(products: [ListedProduct], offersFailure: ListingsError?) {
        self.products = products
        self.offersFailure = offersFailure
    }
}

/// Loads products and the user's offers at the same time and decides each product's badge.
public struct LoadListing: Sendable {
    private let service: any ListingsService

    public init(service: any ListingsService) {
        self.service = service
    }

    /// - Throws: ``ListingsError`` when the products cannot be loaded; a failure of the offers only
    ///   loses the badges.
    public func callAsFunction(userID: String) async throws(ListingsError) -> Listing {
        async let products = service.products()
        async let offers = service.offers(userID: userID)
        let loadedProducts: [Product]
        do {
            loadedProducts = try await products
        } catch {
            _ = try? await offers
            throw ListingsError(error)
        }
        let userOffers: UserOffers
        let failure: ListingsError?
        do {
            userOffers = try await offers
            failure = nil
        } catch {
            userOffers = .none
            failure = ListingsError(error)
        }
        return Listing(
            products: loadedProducts.map { product in
                ListedProduct(
                    product: product,
                    badge: BadgeRule.badge(for: product, offers: userOffers.offers, badges: userOffers.badges))
            },
            offersFailure: failure)
    }
}
