import FixtureTestSupport
import Foundation
import Listings
import TestSupport
import Testing

@Suite("Listings as an app uses it", .timeLimit(.minutes(1)))
@MainActor
struct ListingsConsumerTests {
    @Test func thePreviewServiceFillsEveryScreen() async {
        let listing = ListingViewModel(service: PreviewListingsService(), userID: "1")
        await listing.load()
        #expect(listing.state.value?.products.count == 4)
        #expect(listing.state.value?.products.first?.badge?.name == "loyalty")
        let coordinator = ListingsCoordinator(service: PreviewListingsService(), userID: "1")
        coordinator.showDetails(productID: "1")
        let details = coordinator.details(for: .details(productID: "1"))
        await details.load()
        #expect(details.state.value?.information.count == 2)
        #expect(details.image.value == PreviewListingsService.pixel)
    }

    /// Products from a script; offers, details and images are not asked for here.
    struct ScriptedProducts: ListingsService {
        let script: Script<[RetailProduct]>
        func products() async throws -> [RetailProduct] { try await script.next() }
        func productDetails(id: String) async throws -> ProductDetails { throw Offline() }
        func offers(userID: String) async throws -> UserOffers { UserOffers(badges: [], offers: []) }
        func imageData(key: String) async throws -> Data { throw Offline() }
    }

    func product(_ id: String) -> RetailProduct {
        RetailProduct(
            id: id, name: "Shirt \(id)", imageKey: "shirt", offerIDs: [],
            price: Price(currency: "GBP", currentMinor: 1000, originalMinor: nil))
    }

    @Test func loadCancelReloadAndAFailedReloadKeepTheProductsOnScreen() async {
        let model = ListingViewModel(
            service: ScriptedProducts(
                script: Script([
                    .value([product("1")]), .hang, .value([product("1"), product("2")]), .failure(Offline()),
                ])),
            userID: "1")
        let shown = Observed { model.state.value?.products.map(\.product.id) }

        await model.load()
        #expect(model.state.value?.products.count == 1)
        let refresh = Task { await model.load() }
        await waitUntil { model.state.isLoading }
        #expect(model.state.value?.products.count == 1)
        refresh.cancel()
        await refresh.value
        #expect(model.state.failure == nil)
        #expect(!model.state.isLoading)
        #expect(model.state.value?.products.count == 1)

        await model.load()
        await model.load()
        #expect(model.state.value?.products.map(\.product.id) == ["1", "2"])
        #expect(model.state.failure != nil)
        await waitUntil { shown.values.last == ["1", "2"] }
        #expect(!shown.values.drop { $0 == nil }.contains(nil), "\(shown.values)")
    }

    @Test func theOneLineEntryPointShowsAProductWithItsImage() async throws {
        try await withFixtureServer { server in
            let service = RemoteListingsService(
                baseURL: server.baseURL, credentials: BasicCredentials(username: "admin", password: "password"))
            let details = ProductDetailsViewModel(service: service, productID: "1")
            await details.load()
            guard case .loaded(let product) = details.state, case .loaded(let image) = details.image else {
                Issue.record("\(details.state) \(details.image)")
                return
            }
            #expect(product.product.id == "1")
            #expect(!image.isEmpty)
        }
    }

    @Test func previewValuesComeFromPublicInitialisersAndRoundTrip() throws {
        let product = RetailProduct(
            id: "1", name: "Shirt", imageKey: "shirt", offerIDs: ["1"],
            price: Price(currency: "GBP", currentMinor: 1000, originalMinor: 1250))
        let offers = UserOffers(
            badges: [Badge(name: "loyalty", types: ["BONUS"])], offers: [Offer(id: "1", title: "B", type: "BONUS")])
        let details = ProductDetails(product: product, information: [InformationSection(title: "Care", text: "Cold")])
        #expect(try JSONDecoder().decode(UserOffers.self, from: JSONEncoder().encode(offers)) == offers)
        #expect(try JSONDecoder().decode(ProductDetails.self, from: JSONEncoder().encode(details)) == details)
    }

    /// The catalog's products screen over HTTP: a product's details with its image decoded through
    /// the shared bytes, then a user switch that keeps the screen and reloads its badge.
    @Test func aUserSwitchKeepsTheDetailsScreenAndItsImageComesDecoded() async throws {
        try await withFixtureServer { server in
            let service = RemoteListingsService(
                baseURL: server.baseURL, credentials: BasicCredentials(username: "admin", password: "password"))
            let bytes = ImageLoader { key in try await service.imageData(key: key) }
            let thumbnails = ImagePipeline<Int>(
                fetch: { key in try await bytes.image(for: key) }, decode: { data, _ in data.count }, cost: { _ in 1 })
            let listing = ListingViewModel(service: service, userID: "1")
            let coordinator = ListingsCoordinator(service: service, userID: "1", images: bytes)
            await listing.load()
            let jeans = try #require(listing.state.value?.products.first { $0.product.id == "2" })
            #expect(jeans.badge == nil, "user 1 has no offer on the jeans")

            coordinator.showDetails(productID: jeans.id)
            let details = coordinator.details(for: .details(productID: jeans.id))
            await details.load()
            let imageBytes = try #require(details.image.value)
            #expect(try await thumbnails.image(for: jeans.product.imageKey, maxPixelSize: 300) == imageBytes.count)

            listing.userID = "2"
            coordinator.userID = "2"
            await listing.load()
            await details.load()
            #expect(listing.state.value?.products.first { $0.product.id == "2" }?.badge?.title == "Loyalty reward")
            #expect(details.badge?.name == "loyalty")
            #expect(coordinator.path == [.details(productID: "2")])
        }
    }
}
