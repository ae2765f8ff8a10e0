/// A product as the listing shows it: with its badge, if any.
public struct ListedProduct: Hashable, Sendable, Identifiable {
    /// The product.
    public let product: RetailProduct
    /// The badge it shows for the user, if any.
    public let badge: Badge?

    /// The product's id.
    public var id: String { product.id }

    /// Creates a ``ListedProduct``.
    ///
    /// - Parameters:
    ///   - product: the product.
    ///   - badge: its badge for the user.
    public init(product: RetailProduct, badge: Badge?) {
        self.product = product
        self.badge = badge
    }

    /// The row in words, for VoiceOver and the command line's screen-reader mode alike:
    /// `Blue Oxford Shirt, £25.00 was £40.00, Loyalty reward badge`.
    ///
    /// The same on every machine (the command line's); a row that shows its price in the user's
    /// locale says it so:
    ///
    /// ```swift
    /// ProductRow(item: item)
    ///     .accessibilityElement(children: .ignore)
    ///     .accessibilityLabel(item.accessibilityLabel(locale: .current))
    /// ```
    public var accessibilityLabel: String { accessibilityLabel(locale: nil) }

    /// ``accessibilityLabel`` with the price in `locale`'s symbols and separators, as a row that
    /// shows `price.formatted(locale:)` says it: `item.accessibilityLabel(locale: .current)`.
    public func accessibilityLabel(locale: Locale?) -> String {
        let price = locale.map(product.price.formatted(locale:)) ?? product.price.formatted
        return ([product.name, price] + (badge.map { [text("Accessibility.badge", $0.title)] } ?? []))
            .joined(separator: ", ")
    }
}

/// The listing: products, the user's offers that decided their badges, and why there are no
/// badges when the offers could not be loaded.
public struct Listing: Equatable, Sendable {
    /// The products in the backend's order, each with its badge.
    public let products: [ListedProduct]
    /// The user's offers; empty when they could not be loaded.
    public let offers: [Offer]
    /// Set when the offers failed: the products still show, without badges.
    public let offersFailure: ListingsError?

    /// Creates a ``Listing``.
    ///
    /// - Parameters:
    ///   - products: the products with their badges.
    ///   - offers: the user's offers.
    ///   - offersFailure: why the offers could not be loaded, if they could not.
    public init(products: [ListedProduct], offers: [Offer] = [], offersFailure: ListingsError?) {
        self.products = products
        self.offers = offers
        self.offersFailure = offersFailure
    }

    /// The same products with no badge and no offers: what stays on screen for a user whose own
    /// listing could not be loaded.
    var withoutBadges: Listing {
        Listing(products: products.map { ListedProduct(product: $0.product, badge: nil) }, offersFailure: nil)
    }
}

/// Loads products and the user's offers at the same time and decides each product's badge.
public struct LoadListing: Sendable {
    private let service: any ListingsService

    /// Creates a ``LoadListing``.
    ///
    /// - Parameter service: where products and offers come from.
    public init(service: any ListingsService) {
        self.service = service
    }

    /// Loads the listing for `userID`: every product with the badge its offers earn. With no user
    /// it asks for no offers, and no product has a badge.
    ///
    /// ```swift
    /// let listing = try await LoadListing(service: service)(userID: "5")
    /// ```
    ///
    /// - Throws: ``ListingsError`` when the products cannot be loaded; a failure of the offers only
    ///   loses the badges.
    public func callAsFunction(userID: String?) async throws(ListingsError) -> Listing {
        async let products = service.products()
        async let offers = offers(of: userID)
        let loadedProducts: [RetailProduct]
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
            products: loadedProducts.firstOfEachID().map { product in
                ListedProduct(
                    product: product,
                    badge: BadgeRule.badge(for: product, offers: userOffers.offers, badges: userOffers.badges))
            },
            offers: userOffers.offers, offersFailure: failure)
    }

    /// The user's offers; none, and nothing asked, without a user.
    private func offers(of userID: String?) async throws -> UserOffers {
        guard let userID else { return .none }
        return try await service.offers(userID: userID)
    }
}
