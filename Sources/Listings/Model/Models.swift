import Foundation

/// A price in minor units, with what it was before a reduction.
public struct Price: Hashable, Sendable, Codable {
    /// The ISO 4217 code: `GBP`.
    public let currency: String
    /// The price now, in minor units (pence for GBP).
    public let currentMinor: Int
    /// The price before a reduction, in minor units; `nil` when there was none.
    public let originalMinor: Int?

    /// Creates a ``Price``.
    ///
    /// - Parameters:
    ///   - currency: the ISO 4217 code.
    ///   - currentMinor: the price now, in minor units.
    ///   - originalMinor: the price before a reduction, if any.
    public init(currency: String, currentMinor: Int, originalMinor: Int? = nil) {
        self.currency = currency
        self.currentMinor = currentMinor
        self.originalMinor = originalMinor
    }

    /// `£12.50 was £14.00`; `¥8,800`; the "was" part only when the original price is higher.
    /// Written the same on every machine; ``formatted(locale:)`` writes it as the user reads.
    public var formatted: String { format(locale: nil) }

    /// The price as ``formatted`` says it, in `locale`'s symbols and separators:
    /// `price.formatted(locale: Locale(identifier: "de_DE"))` is `12,50 £ was 14,00 £`.
    public func formatted(locale: Locale) -> String { format(locale: locale) }

    private func format(locale: Locale?) -> String {
        let current = MoneyFormat.format(currentMinor, currency: currency, locale: locale)
        guard let originalMinor, originalMinor > currentMinor else { return current }
        return text("Price.reduced", current, MoneyFormat.format(originalMinor, currency: currency, locale: locale))
    }
}

/// A product in the catalogue.
public struct RetailProduct: Hashable, Sendable, Identifiable, Codable {
    /// The backend's id for the product: `1`.
    public let id: String
    /// The product's name: `Blue Oxford Shirt`.
    public let name: String
    /// The key of its image: `GET /listings/image/{imageKey}.jpg`.
    public let imageKey: String
    /// The ids of the offers that apply to it; with the user's offers they decide its badge.
    public let offerIDs: [String]
    /// Its price.
    public let price: Price

    /// A product as the backend lists it; for previews and test doubles.
    public init(id: String, name: String, imageKey: String, offerIDs: [String], price: Price) {
        self.id = id
        self.name = name
        self.imageKey = imageKey
        self.offerIDs = offerIDs
        self.price = price
    }
}

/// One titled section of a product's details: `Care` and how to wash it.
public struct InformationSection: Hashable, Sendable, Codable {
    /// The section's title.
    public let title: String
    /// The section's text.
    public let text: String

    /// Creates an ``InformationSection``.
    ///
    /// - Parameters:
    ///   - title: the section's title.
    ///   - text: its text.
    public init(title: String, text: String) {
        self.title = title
        self.text = text
    }
}

/// A product with the information sections its details screen shows.
public struct ProductDetails: Hashable, Sendable, Codable {
    /// The product.
    public let product: RetailProduct
    /// Its information sections, in the backend's order.
    public let information: [InformationSection]

    /// Creates a ``ProductDetails``.
    ///
    /// - Parameters:
    ///   - product: the product.
    ///   - information: its sections.
    public init(product: RetailProduct, information: [InformationSection]) {
        self.product = product
        self.information = information
    }
}

/// An offer a user has, such as 20% off.
public struct Offer: Hashable, Sendable, Identifiable, Codable {
    /// The backend's id for the offer, which products list in ``RetailProduct/offerIDs``.
    public let id: String
    /// What the offer is called: `20% off`.
    public let title: String
    /// Its type, which badges name: `REDUCED`.
    public let type: String

    /// Creates an ``Offer``.
    ///
    /// - Parameters:
    ///   - id: the offer's id, which products list in ``RetailProduct/offerIDs``.
    ///   - title: what it is called.
    ///   - type: its type.
    public init(id: String, title: String, type: String) {
        self.id = id
        self.title = title
        self.type = type
    }
}

/// A badge and the offer types that earn it.
public struct Badge: Hashable, Sendable, Codable {
    /// The badge's name, which is also its icon's key: `loyalty` (`loyalty_icon.jpg`).
    public let name: String
    /// The offer types that earn it.
    public let types: [String]

    /// Creates a ``Badge``.
    ///
    /// - Parameters:
    ///   - name: the badge's name.
    ///   - types: the offer types that earn it.
    public init(name: String, types: [String]) {
        self.name = name
        self.types = types
    }
}

extension Badge {
    /// The badge's name in words a person reads, for a label and for VoiceOver: `Loyalty reward` for
    /// `loyalty`; a name the app does not know is shown with its separators as spaces, capitalised
    /// (`summer_sale` reads `Summer sale`).
    ///
    /// ```swift
    /// Label(badge.title, image: badge.name + "_icon")
    /// ```
    public var title: String {
        let key = "Badge." + name
        let known = text(key)
        if known != key { return known }
        let words = name.replacing(/[_\-.]+/, with: " ").trimmingCharacters(in: .whitespaces).lowercased()
        return words.prefix(1).uppercased() + words.dropFirst()
    }
}

/// A user's offers and the badges, highest priority first.
public struct UserOffers: Hashable, Sendable, Codable {
    /// The badges, highest priority first.
    public let badges: [Badge]
    /// The user's offers.
    public let offers: [Offer]

    /// Creates an ``UserOffers``.
    ///
    /// - Parameters:
    ///   - badges: the badges, highest priority first.
    ///   - offers: the user's offers.
    public init(badges: [Badge], offers: [Offer]) {
        self.badges = badges
        self.offers = offers
    }

    /// No offers and no badges: what a listing shows when a user's offers cannot be loaded.
    public static let none = UserOffers(badges: [], offers: [])
}
