/// A price in minor units, with what it was before a reduction.
public struct Price: Hashable, Sendable, Codable {
    public let currency: String
    public let currentMinor: Int
    public let originalMinor: Int?

    public init(currency: String, currentMinor: Int, originalMinor: Int? = nil) {
        self.currency = currency
        self.currentMinor = currentMinor
        self.originalMinor = originalMinor
    }

    /// `£12.50 was £14.00`; `¥8,800`; the "was" part only when the original price is higher.
    public var formatted: String {
        let current = MoneyFormat.format(currentMinor, currency: currency)
        guard let originalMinor, originalMinor > currentMinor else { return current }
        return "\(current) was \(MoneyFormat.format(originalMinor, currency: currency))"
    }
}

public struct Product: Hashable, Sendable, Identifiable, Codable {
    public let id: String
    public let name: String
    public let imageKey: String
    public let offerIDs: [String]
    public let price: Price

    public init(id: String, name: String, imageKey: String, offerIDs: [String], price: Price) {
        self.id = id
        self.name = name
        self.imageKey = imageKey
        self.offerIDs = offerIDs
        self.price = price
    }
}

public struct InformationSection: Hashable, Sendable, Codable {
    public let title: String
    public let text: String

    public init(title: String, text: String) {
        self.title = title
        self.text = text
    }
}

public struct ProductDetails: Hashable, Sendable, Codable {
    public let product: Product
    public let information: [InformationSection]

    public init(product: Product, information: [InformationSection]) {
        self.product = product
        self.information = information
    }
}

public struct Offer: Hashable, Sendable, Identifiable, Codable {
    public let id: String
    public let title: String
    public let type: String

    public init(id: String, title: String, type: String) {
        self.id = id
        self.title = title
        self.type = type
    }
}

/// A badge and the offer types that earn it.
public struct Badge: Hashable, Sendable, Codable {
    public let name: String
    public let types: [String]

    public init(name: String, types: [String]) {
        self.name = name
        self.types = types
    }
}

/// A user's offers and the badges, highest priority first.
public struct UserOffers: Hashable, Sendable, Codable {
    public let badges: [Badge]
    public let offers: [Offer]

    public init(badges: [Badge], offers: [Offer]) {
        self.badges = badges
        self.offers = offers
    }

    public static let none = UserOffers(badges: [], offers: [])
}
