import Foundation
import Observation

/// One product's details, the badge the user's offers earn it, then its image through the app's
/// ``ImagePipeline``: bytes (``ImageLoader``, the default) or the app's own decoded image, so the
/// screen shows what the pipeline decoded off the main actor and every screen shares its cache.
///
/// ```swift
/// let details = ProductDetailsViewModel(service: service, productID: "1", userID: "5", images: sharedLoader)
/// await details.load()  // the details and the badge together, then the image
///
/// // An app's decoded images, at the size the screen draws:
/// let decoded = ProductDetailsViewModel(service: service, productID: "1", images: thumbnails, maxPixelSize: 600)
/// ```
@MainActor
@Observable
public final class ProductDetailsViewModel<Image: Sendable> {
    /// The details: `.idle` until ``load()``, then `.loading`, then `.loaded` or `.failed`.
    public private(set) var state: LoadState<ProductDetails, ListingsError> = .idle
    /// The product's badge for the user; `nil` without a user, without a badge, or when the offers
    /// failed (then ``offersFailure`` says why).
    public private(set) var badge: Badge?
    /// Why the user's offers could not be loaded, when they could not; the details show without a badge.
    public private(set) var offersFailure: ListingsError?
    /// The product's image, as the pipeline makes it: loaded once the details are, and failed
    /// with their error when the details fail with no image shown (there is no image to load), so
    /// a screen shows a placeholder rather than wait.
    public private(set) var image: LoadState<Image, ListingsError> = .idle

    /// The product shown.
    public let productID: String
    /// The user whose offers decide the badge; `nil` for no badge. Set it to switch user, then
    /// ``load()`` (a `.task(id: details.userID)` does both).
    public var userID: String?
    /// The longest side the image is asked for, in pixels; `nil` for the image as it is.
    public let maxPixelSize: Int?
    private let service: any ListingsService
    private let images: ImagePipeline<Image>
    @ObservationIgnored private let detailLoads = Loads()
    /// The user ``badge`` and ``offersFailure`` were worked out for.
    @ObservationIgnored private var badgeUserID: String?
    @ObservationIgnored private let imageLoads = Loads()

    /// Creates a ``ProductDetailsViewModel`` whose image comes from the app's pipeline.
    ///
    /// - Parameters:
    ///   - service: where the details and offers come from.
    ///   - productID: the product to show.
    ///   - userID: the user whose offers decide the badge; no badge without one.
    ///   - images: the app's shared image pipeline.
    ///   - maxPixelSize: the longest side the screen draws the image at, in pixels; `nil` for the
    ///     image as it is.
    public init(
        service: any ListingsService, productID: String, userID: String? = nil, images: ImagePipeline<Image>,
        maxPixelSize: Int? = nil
    ) {
        self.productID = productID
        self.userID = userID
        self.service = service
        self.images = images
        self.maxPixelSize = maxPixelSize
    }

    /// Loads the details and the user's offers at the same time, then the image the details name.
    /// A reload keeps the details and the image shown before, and a cancelled load puts back what
    /// it replaced (see `LoadState`).
    public func load() async {
        await detailLoads.run(\.state, on: self, failure: ListingsError.init) { try await self.loadDetails() }
        guard case .loaded(let details) = state else {
            if let failure = state.failure, image.value == nil { image = .failed(failure, previous: nil) }
            return
        }
        if let cached = images.cachedImage(for: details.product.imageKey, maxPixelSize: maxPixelSize) {
            image = .loaded(cached)
            return
        }
        await imageLoads.run(\.image, on: self, failure: ListingsError.init) { [images, maxPixelSize] in
            try await images.image(for: details.product.imageKey, maxPixelSize: maxPixelSize)
        }
    }

    /// The details, with the badge (or why there is none) set from the offers loaded beside them,
    /// unless the user changed meanwhile (the load for the new user sets it).
    private func loadDetails() async throws -> ProductDetails {
        let user = userID
        // While another user's load runs (or after it is cancelled), no badge of the user before.
        if user != badgeUserID { (badge, offersFailure, badgeUserID) = (nil, nil, user) }
        async let offers = loadOffers(user)
        let details: ProductDetails
        do {
            details = try await service.productDetails(id: productID)
        } catch {
            _ = await offers
            throw error
        }
        let loadedOffers = await offers
        guard user == userID else { return details }
        switch loadedOffers {
        case .success(let userOffers?):
            badge = BadgeRule.badge(for: details.product, offers: userOffers.offers, badges: userOffers.badges)
            offersFailure = nil
        case .success(nil):
            badge = nil
            offersFailure = nil
        case .failure(let failure):
            badge = nil
            offersFailure = failure
        }
        return details
    }

    private func loadOffers(_ userID: String?) async -> Result<UserOffers?, ListingsError> {
        guard let userID else { return .success(nil) }
        do {
            return .success(try await service.offers(userID: userID))
        } catch {
            return .failure(ListingsError(error))
        }
    }
}

extension ProductDetailsViewModel where Image == Data {
    /// Creates a ``ProductDetailsViewModel`` whose image is the bytes the backend sent.
    ///
    /// ```swift
    /// let details = ProductDetailsViewModel(service: service, productID: "1", userID: "5")
    /// ```
    /// - Parameters:
    ///   - service: where the details, offers and image come from.
    ///   - productID: the product to show.
    ///   - userID: the user whose offers decide the badge; no badge without one.
    ///   - images: the app's shared image loader; by default one over `service` for this screen alone.
    public convenience init(
        service: any ListingsService, productID: String, userID: String? = nil, images: ImageLoader? = nil
    ) {
        self.init(
            service: service, productID: productID, userID: userID,
            images: images ?? ImageLoader(fetch: { [service] key in try await service.imageData(key: key) }))
    }
}
