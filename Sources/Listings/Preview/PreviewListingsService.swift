import Foundation

/// The retailer's backend in memory, with no network: four products as the fixture backend has
/// them, four users with offers of their own under the badge rules, and a tiny image for every key.
/// For SwiftUI previews (a user switcher shows different badges), and for an app's tests that need
/// a working service.
///
/// ```swift
/// #Preview { ListingView(listing: ListingViewModel(service: PreviewListingsService(), userID: "1")) }
/// ```
public struct PreviewListingsService: ListingsService {
    /// The products, with their information sections.
    public var details: [ProductDetails]
    /// Each user's offers and badge rules, by user id; an id not here is
    /// ``ListingsError/userNotFound(_:)``, as the backend answers.
    public var offersByUser: [String: UserOffers]
    /// When set, every call fails with it, to preview an error screen.
    public var failure: NetworkError?
    /// When set, only the offers fail with it: products with no badge, and the offers' failure
    /// beside them (`PreviewListingsService(offersFailure: .offline)`).
    public var offersFailure: NetworkError?

    /// Creates a ``PreviewListingsService``.
    ///
    /// - Parameters:
    ///   - details: the products to answer; four by default.
    ///   - offersByUser: each user's offers and badge rules; users 1 to 4 by default.
    ///   - failure: when set, every call fails with it.
    ///   - offersFailure: when set, the offers alone fail with it.
    public init(
        details: [ProductDetails] = PreviewListingsService.sampleDetails,
        offersByUser: [String: UserOffers] = PreviewListingsService.sampleOffersByUser, failure: NetworkError? = nil,
        offersFailure: NetworkError? = nil
    ) {
        self.details = details
        self.offersByUser = offersByUser
        self.failure = failure
        self.offersFailure = offersFailure
    }

    /// Calls that never answer, until their task is cancelled: to preview the loading screens.
    ///
    /// ```swift
    /// #Preview("Loading") { ListingView(listing: ListingViewModel(service: PreviewListingsService.stillLoading, userID: "1")) }
    /// ```
    public static let stillLoading: PreviewListingsService = {
        var service = PreviewListingsService()
        service.answers = false
        return service
    }()

    private var answers = true

    /// Every product, without its information sections.
    public func products() async throws -> [RetailProduct] {
        if !answers { try await neverAnswer() }
        if let failure { throw failure }
        return details.map(\.product)
    }

    /// One product with its sections; ``ListingsError/productNotFound(_:)`` for an unknown id.
    public func productDetails(id: String) async throws -> ProductDetails {
        if !answers { try await neverAnswer() }
        if let failure { throw failure }
        guard let found = details.first(where: { $0.product.id == id }) else { throw ListingsError.productNotFound(id) }
        return found
    }

    /// The user's entry of ``offersByUser``; ``ListingsError/userNotFound(_:)`` for another id.
    public func offers(userID: String) async throws -> UserOffers {
        if !answers { try await neverAnswer() }
        if let failure = failure ?? offersFailure { throw failure }
        guard let offers = offersByUser[userID] else { throw ListingsError.userNotFound(userID) }
        return offers
    }

    /// A 1×1 GIF, for any key.
    public func imageData(key: String) async throws -> Data {
        if !answers { try await neverAnswer() }
        if let failure { throw failure }
        return Self.pixel
    }

    /// A transparent 1×1 GIF.
    public static let pixel = Data(
        [
            0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF,
            0xFF, 0x21, 0xF9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00, 0x2C, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
            0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B,
        ])

    /// A shirt, jeans, trainers and a jumper, with their prices and sections.
    public static let sampleDetails = [
        ProductDetails(
            product: RetailProduct(
                id: "1", name: "Blue Oxford Shirt", imageKey: "shirt-blue", offerIDs: ["1", "4"],
                price: Price(currency: "GBP", currentMinor: 1250, originalMinor: 1400)),
            information: [
                InformationSection(title: "Details", text: "A crisp cotton Oxford shirt with a button-down collar."),
                InformationSection(title: "Care", text: "Machine wash at 30 degrees."),
            ]),
        ProductDetails(
            product: RetailProduct(
                id: "2", name: "Dark Slim Jeans", imageKey: "jeans-dark", offerIDs: ["2"],
                price: Price(currency: "GBP", currentMinor: 4500)),
            information: [InformationSection(title: "Details", text: "Stretch denim in a slim fit.")]),
        ProductDetails(
            product: RetailProduct(
                id: "3", name: "White Leather Trainers", imageKey: "trainers-white", offerIDs: ["3", "5"],
                price: Price(currency: "GBP", currentMinor: 6000, originalMinor: 7500)),
            information: [InformationSection(title: "Fit", text: "True to size.")]),
        ProductDetails(
            product: RetailProduct(
                id: "4", name: "Grey Merino Jumper", imageKey: "jumper-grey", offerIDs: [],
                price: Price(currency: "GBP", currentMinor: 3999)),
            information: [InformationSection(title: "Details", text: "Fine merino wool.")]),
    ]

    /// User 1's offers, under `loyalty:SLOTTED,BONUS||sale:PRIORITY_ACCESS,REDUCED`.
    public static let sampleOffers = UserOffers(
        badges: BadgeParser.parse("loyalty:SLOTTED,BONUS||sale:PRIORITY_ACCESS,REDUCED"),
        offers: [
            Offer(id: "1", title: "Bonus points", type: "BONUS"),
            Offer(id: "3", title: "Early access to the sale", type: "PRIORITY_ACCESS"),
            Offer(id: "4", title: "20% off", type: "REDUCED"),
        ])

    /// Users 1 to 4 as the fixture backend has them: user 1 ``sampleOffers``, user 2 a delivery
    /// slot (a loyalty badge), user 3 other rules with a clearance badge, user 4 no offers at all.
    public static let sampleOffersByUser = [
        "1": sampleOffers,
        "2": UserOffers(
            badges: BadgeParser.parse("loyalty:SLOTTED,BONUS||sale:PRIORITY_ACCESS,REDUCED"),
            offers: [Offer(id: "2", title: "Reserved delivery slot", type: "SLOTTED")]),
        "3": UserOffers(
            badges: BadgeParser.parse("sale:PRIORITY_ACCESS,REDUCED||loyalty:SLOTTED,BONUS||clearance:CLEARANCE"),
            offers: [
                Offer(id: "1", title: "Bonus points", type: "BONUS"),
                Offer(id: "4", title: "20% off", type: "REDUCED"),
                Offer(id: "6", title: "Clearance price", type: "CLEARANCE"),
            ]),
        "4": UserOffers(badges: BadgeParser.parse("loyalty:SLOTTED,BONUS||sale:PRIORITY_ACCESS,REDUCED"), offers: []),
    ]
}
