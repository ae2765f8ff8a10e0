import AppsCore
import Foundation
import Listings
import TestSupport
import Testing

/// Listings on the app's own image pipeline, as a SwiftUI or UIKit app composes it: public API only.
@Suite("Listings on the app's image pipeline", .timeLimit(.minutes(1)))
@MainActor
struct AppPipelineTests {
    /// The app's decoded image: what a `UIImage` or `CGImage` would be.
    struct Decoded: Equatable, Sendable {
        let bytes: Int
        let maxPixelSize: Int?
    }

    /// The preview backend, counting the image requests; an image can be held until released.
    final class CountingService: ListingsService {
        private let preview = PreviewListingsService()
        private let requests = Locked<[String]>([])
        private let held = Locked<(keys: Set<String>, waiting: [CheckedContinuation<Void, Never>])>(([], []))

        var imageRequests: [String] { requests.withLock { $0 } }

        func hold(_ key: String) { held.withLock { _ = $0.keys.insert(key) } }

        func release() {
            let waiting = held.withLock { held in
                defer { held = ([], []) }
                return held.waiting
            }
            for continuation in waiting { continuation.resume() }
        }

        func products() async throws -> [RetailProduct] { try await preview.products() }
        func productDetails(id: String) async throws -> ProductDetails { try await preview.productDetails(id: id) }
        func offers(userID: String) async throws -> UserOffers { try await preview.offers(userID: userID) }
        func imageData(key: String) async throws -> Data {
            requests.withLock { $0.append(key) }
            await withCheckedContinuation { continuation in
                let isHeld = held.withLock { held in
                    guard held.keys.contains(key) else { return false }
                    held.waiting.append(continuation)
                    return true
                }
                if !isHeld { continuation.resume() }
            }
            try Task.checkCancellation()
            return try await preview.imageData(key: key)
        }
    }

    func decodedPipeline(_ service: CountingService) -> ImagePipeline<Decoded> {
        ImagePipeline(
            fetch: { key in try await service.imageData(key: key) },
            decode: { data, size in Decoded(bytes: data.count, maxPixelSize: size) }, cost: { $0.bytes })
    }

    @Test func theDetailsScreenShowsTheAppsDecodedImageDownloadedOnce() async throws {
        let service = CountingService()
        let images = decodedPipeline(service)
        let coordinator = ListingsCoordinator(service: service, userID: "1", images: images, maxPixelSize: 600)
        coordinator.showDetails(productID: "1")
        let details = coordinator.details(for: .details(productID: "1"))
        await details.load()
        let key = try #require(details.state.value?.product.imageKey)
        #expect(details.image == .loaded(Decoded(bytes: PreviewListingsService.pixel.count, maxPixelSize: 600)))
        // The list's cell, and the screen opened again, use the same pipeline: no second download.
        #expect(images.cachedImage(for: key, maxPixelSize: 600) == details.image.value)
        coordinator.didGoBack(toDepth: 0)
        coordinator.showDetails(productID: "1")
        let again = coordinator.details(for: .details(productID: "1"))
        #expect(again !== details, "the popped screen's model was let go")
        await again.load()
        #expect(again.image == details.image)
        #expect(service.imageRequests == [key])
    }

    @Test func bytesRemainTheDefault() async {
        let coordinator = ListingsCoordinator(service: PreviewListingsService(), userID: "1")
        let details = coordinator.details(for: .details(productID: "1"))
        await details.load()
        #expect(details.image == .loaded(PreviewListingsService.pixel))
        let onItsOwn = ProductDetailsViewModel(service: PreviewListingsService(), productID: "2")
        await onItsOwn.load()
        #expect(onItsOwn.image == .loaded(PreviewListingsService.pixel))
    }

    @Test func theMemoryCacheIsReadSynchronously() async throws {
        let service = CountingService()
        let images = decodedPipeline(service)
        #expect(images.cachedImage(for: "shirt", maxPixelSize: 300) == nil)
        let loaded = try await images.image(for: "shirt", maxPixelSize: 300)
        #expect(images.cachedImage(for: "shirt", maxPixelSize: 300) == loaded)
        #expect(images.cachedImage(for: "shirt", maxPixelSize: 600) == nil, "another size is another image")
    }

    @Test func aPrefetchFillsTheCacheAndAShownImageJoinsIt() async throws {
        let service = CountingService()
        let images = decodedPipeline(service)
        service.hold("shirt")
        images.prefetch(["shirt", "jeans"], maxPixelSize: 300)
        images.prefetch(["shirt"], maxPixelSize: 300)
        await eventually("jeans is prefetched") { images.cachedImage(for: "jeans", maxPixelSize: 300) != nil }
        let shown = Task { try await images.image(for: "shirt", maxPixelSize: 300) }
        await waitUntil(images, isDownloading: "shirt", true)
        service.release()
        _ = try await shown.value
        #expect(images.cachedImage(for: "jeans", maxPixelSize: 300) != nil)
        #expect(service.imageRequests.sorted() == ["jeans", "shirt"])
    }

    @Test func aCancelledPrefetchCancelsTheDownloadNobodyElseWants() async throws {
        let service = CountingService()
        let images = decodedPipeline(service)
        service.hold("shirt")
        images.prefetch(["shirt"], maxPixelSize: 300)
        await waitUntil(images, isDownloading: "shirt", true)
        images.cancelPrefetch(["shirt"], maxPixelSize: 300)
        await waitUntil(images, isDownloading: "shirt", false)
        service.release()
        #expect(images.cachedImage(for: "shirt", maxPixelSize: 300) == nil)
        images.prefetch(["shirt"], maxPixelSize: 300)
        await eventually("shirt is prefetched again") { images.cachedImage(for: "shirt", maxPixelSize: 300) != nil }
    }

    @Test func aDoubleTapPushesTheDetailsOnce() {
        let coordinator = ListingsCoordinator(service: PreviewListingsService(), userID: "1")
        coordinator.showDetails(productID: "1")
        coordinator.showDetails(productID: "1")
        #expect(coordinator.path == [.details(productID: "1")])
        coordinator.showDetails(productID: "2")
        #expect(coordinator.path.count == 2)
    }

    @Test func oneUserIDSwitchesTheListAndTheDetails() async {
        let service = PreviewListingsService()
        let listing = ListingViewModel(service: service, userID: "1")
        let coordinator = ListingsCoordinator(service: service, listing: listing)
        #expect(coordinator.userID == "1")
        coordinator.showDetails(productID: "1")
        let details = coordinator.details(for: .details(productID: "1"))
        coordinator.userID = "2"
        #expect(listing.userID == "2")
        #expect(details.userID == "2")
        coordinator.userID = nil
        #expect(listing.userID == nil, "signing out leaves no user on the list either")
        #expect(details.userID == nil)
        // Set on the list, as its own doc says: the coordinator and the details follow.
        listing.userID = "3"
        #expect(coordinator.userID == "3")
        #expect(details.userID == "3")
    }

    /// SwiftUI may make a second coordinator on the same list; the second took the list's only
    /// hook, and the first one's details stayed on the old user.
    @Test func everyCoordinatorOnAListFollowsItsUser() {
        let service = PreviewListingsService()
        let listing = ListingViewModel(service: service, userID: "1")
        let first = ListingsCoordinator(service: service, listing: listing)
        let details = first.details(for: .details(productID: "1"))
        let second = ListingsCoordinator(service: service, listing: listing)
        let secondDetails = second.details(for: .details(productID: "2"))
        first.userID = "2"
        #expect(details.userID == "2")
        #expect(secondDetails.userID == "2")
    }

    /// The preview backend whose product lists answer as scripted, call by call: offline, held
    /// until ``release()``, or hanging until cancelled; the others at once.
    final class ScriptedProducts: ListingsService {
        enum Step { case offline, held, hangs }
        let preview: PreviewListingsService
        let script: [Int: Step]
        let calls = Locked(0)
        private let (gate, opened) = AsyncStream.makeStream(of: Void.self)

        init(_ script: [Int: Step], preview: PreviewListingsService = PreviewListingsService()) {
            self.script = script
            self.preview = preview
        }

        /// Lets the held calls answer.
        func release() { opened.finish() }

        func products() async throws -> [RetailProduct] {
            let call = calls.withLock {
                $0 += 1
                return $0
            }
            switch script[call] {
            case .offline?: throw ListingsError.network(.offline)
            case .held?: for await _ in gate {}
            case .hangs?: try await neverAnswer()
            case nil: break
            }
            return try await preview.products()
        }
        func productDetails(id: String) async throws -> ProductDetails { try await preview.productDetails(id: id) }
        func offers(userID: String) async throws -> UserOffers { try await preview.offers(userID: userID) }
        func imageData(key: String) async throws -> Data { try await preview.imageData(key: key) }
    }

    /// After a switch to a user whose listing failed (offline), the previous user's badges stayed
    /// beside the error.
    @Test func aFailedLoadForAnotherUserKeepsTheProductsButNotTheirBadges() async throws {
        let listing = ListingViewModel(service: ScriptedProducts([2: .offline]), userID: "1")
        await listing.load()
        #expect(listing.state.value?.products.contains { $0.badge != nil } == true, "user 1 has badges")
        listing.userID = nil
        await listing.load()
        #expect(listing.state.failure == .network(.offline))
        #expect(listing.state.value?.products.isEmpty == false, "the products stay")
        #expect(listing.state.value?.products.allSatisfy { $0.badge == nil } == true, "no one else's badges")
    }

    /// A load for another user cancelled (a push cancels the list's .task) put back the user
    /// before's badges, and a running one showed them until it answered.
    @Test func aLoadForAnotherUserShowsNoBadgeOfTheUserBeforeWhileItRunsOrOnceCancelled() async {
        let listing = ListingViewModel(service: ScriptedProducts([2: .hangs]), userID: "1")
        await listing.load()
        #expect(listing.state.value?.products.contains { $0.badge != nil } == true)
        listing.userID = "2"
        let load = Task { await listing.load() }
        await TestSupport.waitUntil { listing.state.isLoading }
        #expect(listing.state.value?.products.allSatisfy { $0.badge == nil } == true, "while it runs")
        load.cancel()
        await load.value
        #expect(listing.state.value?.products.allSatisfy { $0.badge == nil } == true, "once cancelled")
    }

    /// User 1's refresh held, the user switched to `other` and that user's load `then` done: the
    /// listing once the refresh ends.
    func refreshEndingAfterASwitch(
        to other: String, from first: String = "1", service: ScriptedProducts,
        then switchLoad: (ListingViewModel) async -> Void
    ) async -> ListingViewModel {
        let listing = ListingViewModel(service: service, userID: first)
        await listing.load()
        let refresh = Task { await listing.load() }
        await TestSupport.waitUntil { listing.state.isLoading }
        listing.userID = other
        await switchLoad(listing)
        service.release()
        await refresh.value
        return listing
    }

    /// A refresh for user 1 that outlived a cancelled switch to user 4 wrote user 1's badges
    /// under user 4.
    @Test func aRefreshForTheUserBeforeThatEndsLastLeavesNoBadgeOfTheirs() async {
        let service = ScriptedProducts([2: .held, 3: .hangs])
        let listing = await refreshEndingAfterASwitch(to: "4", service: service) { listing in
            let switched = Task { await listing.load() }
            for _ in 0..<1_000_000 where service.calls.withLock({ $0 }) < 3 { await Task.yield() }
            switched.cancel()
            await switched.value
        }
        #expect(listing.state.value?.products.isEmpty == false)
        #expect(listing.state.value?.products.allSatisfy { $0.badge == nil } == true, "not user 1's under user 4")
    }

    /// The fix above stripped the badges whenever an older load ended, even when its answer was
    /// thrown away: user 2's own badges went when user 1's refresh ended after them.
    @Test func anOlderLoadWhoseAnswerWasNotKeptLeavesTheNewUsersBadges() async {
        var usersOwn: Listing?
        let listing = await refreshEndingAfterASwitch(to: "2", service: ScriptedProducts([2: .held])) { listing in
            await listing.load()
            usersOwn = listing.state.value
        }
        #expect(usersOwn?.products.contains { $0.badge != nil } == true, "user 2 has a badge")
        #expect(listing.state.value == usersOwn, "user 2's listing, badges and all")
    }

    /// The same, when the two users' offers are alike: comparing listings took user 5's own
    /// badges for the discarded answer's; whether the older load set the state decides.
    @Test func anOlderLoadNotKeptLeavesAlikeBadgesToo() async {
        let offers = PreviewListingsService.sampleOffersByUser["2"] ?? UserOffers(badges: [], offers: [])
        let service = ScriptedProducts(
            [2: .held], preview: PreviewListingsService(offersByUser: ["2": offers, "5": offers]))
        let listing = await refreshEndingAfterASwitch(to: "5", from: "2", service: service) { listing in
            await listing.load()
            #expect(listing.state.value?.products.contains { $0.badge != nil } == true)
        }
        #expect(listing.state.value?.products.contains { $0.badge != nil } == true, "user 5's own badges stay")
    }

    @Test func aRowsSpokenPriceFollowsTheLocaleItIsShownIn() {
        let item = ListedProduct(product: shirt, badge: nil)
        #expect(item.accessibilityLabel == "Shirt, £12.50")
        #expect(item.accessibilityLabel(locale: Locale(identifier: "de_DE")) == "Shirt, 12,50\u{a0}£")
    }

    /// The preview backend whose product details fail from the second ask on.
    final class FailingReload: ListingsService {
        private let preview = PreviewListingsService()
        private let asks = Locked(0)
        func products() async throws -> [RetailProduct] { try await preview.products() }
        func productDetails(id: String) async throws -> ProductDetails {
            let ask = asks.withLock {
                $0 += 1
                return $0
            }
            if ask > 1 { throw ListingsError.network(.offline) }
            return try await preview.productDetails(id: id)
        }
        func offers(userID: String) async throws -> UserOffers { try await preview.offers(userID: userID) }
        func imageData(key: String) async throws -> Data { try await preview.imageData(key: key) }
    }

    /// After a user switch whose details load failed, the previous user's badge stayed beside the
    /// details kept on screen.
    @Test func aFailedLoadForAnotherUserLeavesNoBadgeOfThePreviousOne() async throws {
        var found: (ProductDetailsViewModel<Data>, String)?
        for product in try await PreviewListingsService().products() {
            let details = ProductDetailsViewModel(service: FailingReload(), productID: product.id, userID: "1")
            await details.load()
            if details.badge != nil {
                found = (details, product.id)
                break
            }
        }
        let (details, _) = try #require(found, "a product with a badge for user 1")
        details.userID = "2"
        await details.load()
        #expect(details.state.failure != nil)
        #expect(details.state.value != nil, "the details stay")
        #expect(details.badge == nil)
    }

    /// A UIKit screen made before its route is pushed got a model the coordinator did not keep,
    /// and the pushed screen then loaded a second one.
    @Test func aModelAskedForBeforeItsRouteIsPushedIsTheOnePushed() {
        let coordinator = ListingsCoordinator(service: PreviewListingsService(), userID: "1")
        let early = coordinator.details(for: .details(productID: "1"))
        coordinator.showDetails(productID: "1")
        #expect(coordinator.details(for: .details(productID: "1")) === early)
        coordinator.didGoBack(toDepth: 0)
        #expect(coordinator.details(for: .details(productID: "1")) !== early)
    }

    /// Waits, yielding to the pipeline's work, until an image is (or is no longer) downloading.
    private func waitUntil(_ images: ImagePipeline<Decoded>, isDownloading key: String, _ expected: Bool) async {
        await eventually("\(key) downloading is \(expected)") {
            await images.isDownloading(key, maxPixelSize: 300) == expected
        }
    }

    /// Yields to the pipeline's tasks until `condition` holds (the pipeline is no observable model
    /// to wait on); bounded in turns, not in time.
    private func eventually(_ description: String, _ condition: () async -> Bool) async {
        for _ in 0..<1_000_000 {
            if await condition() { return }
            await Task.yield()
        }
        Issue.record("\(description) never held")
    }
}
