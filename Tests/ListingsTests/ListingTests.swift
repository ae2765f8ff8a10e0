import FixtureTestSupport
import Foundation
import Listings
import Networking
import TestSupport
import Testing

struct StubListingsService: ListingsService {
    var productsResult: Result<[RetailProduct], any Error>
    var offersResult: Result<UserOffers, any Error>

    func products() async throws -> [RetailProduct] { try productsResult.get() }
    func productDetails(id: String) async throws -> ProductDetails { throw ListingsError.productNotFound(id) }
    func offers(userID _: String) async throws -> UserOffers { try offersResult.get() }
    func imageData(key _: String) async throws -> Data { Data() }
}

let shirt = RetailProduct(
    id: "1", name: "Shirt", imageKey: "shirt", offerIDs: ["1"], price: Price(currency: "GBP", currentMinor: 1250))
let loyalty = Badge(name: "loyalty", types: ["BONUS"])

@Suite("Listing")
@MainActor
struct ListingTests {
    func makeSUT(
        products: Result<[RetailProduct], any Error> = .success([shirt]), offers: Result<UserOffers, any Error>
    ) -> ListingViewModel {
        ListingViewModel(service: StubListingsService(productsResult: products, offersResult: offers), userID: "1")
    }

    @Test func aRowReadsAloudAsOneSentence() {
        #expect(
            ListedProduct(product: shirt, badge: loyalty).accessibilityLabel == "Shirt, £12.50, Loyalty reward badge")
        #expect(ListedProduct(product: shirt, badge: nil).accessibilityLabel == "Shirt, £12.50")
    }

    @Test func withNoUserTheProductsHaveNoBadgeAndNoOffersAreAsked() async {
        let offers = StubListingsService(
            productsResult: .success([shirt]), offersResult: .failure(ListingsError.network(.offline)))
        let model = ListingViewModel(service: offers, userID: nil)
        await model.load()
        #expect(model.state.value?.products == [ListedProduct(product: shirt, badge: nil)])
        #expect(model.state.value?.offersFailure == nil, "the failing offers were never asked for")
    }

    @Test func thePreviewServiceCanFailTheOffersAlone() async {
        let model = ListingViewModel(service: PreviewListingsService(offersFailure: .offline), userID: "1")
        await model.load()
        #expect(model.state.value?.products.isEmpty == false)
        #expect(model.state.value?.products.allSatisfy { $0.badge == nil } == true)
        #expect(model.state.value?.offersFailure == .network(.offline))
    }

    @Test func productsCarryTheirBadges() async {
        let bonus = Offer(id: "1", title: "B", type: "BONUS")
        let model = makeSUT(offers: .success(UserOffers(badges: [loyalty], offers: [bonus])))
        await model.load()
        #expect(
            model.state
                == .loaded(
                    Listing(
                        products: [ListedProduct(product: shirt, badge: loyalty)], offers: [bonus], offersFailure: nil))
        )
    }

    @Test func failingOffersStillShowProductsWithoutBadgesAndSayWhy() async {
        let model = makeSUT(offers: .failure(NetworkError.timedOut(seconds: 10)))
        await model.load()
        #expect(
            model.state
                == .loaded(
                    Listing(
                        products: [ListedProduct(product: shirt, badge: nil)],
                        offersFailure: .network(.timedOut(seconds: 10)))))
    }

    @Test func failingProductsFailTheListing() async {
        let model = makeSUT(products: .failure(ListingsError.unauthorized), offers: .success(.none))
        await model.load()
        #expect(model.state == .failed(.unauthorized, previous: nil))
    }

    @Test func theCoordinatorGoesToDetailsAndBack() {
        let coordinator = ListingsCoordinator(
            service: StubListingsService(productsResult: .success([]), offersResult: .success(.none)))
        #expect(coordinator.path.isEmpty)
        coordinator.showDetails(productID: "1")
        coordinator.showDetails(productID: "2")
        #expect(coordinator.path == [.details(productID: "1"), .details(productID: "2")])
        coordinator.back()
        #expect(coordinator.path == [.details(productID: "1")])
        coordinator.backToList()
        #expect(coordinator.path.isEmpty)
        coordinator.back()
        #expect(coordinator.path.isEmpty)
    }
}

@Suite("Listings service")
struct ListingsServiceTests {
    let credentials = BasicCredentials(username: "admin", password: "password")

    @Test func everyRequestCarriesBasicAuth() async throws {
        let spy = HTTPClientSpy(json: #"{"products": []}"#)
        let service = RemoteListingsService(
            api: EndpointClient(baseURL: URL(string: "http://shop.test")!, httpClient: spy), credentials: credentials)
        _ = try await service.products()
        #expect(spy.requests.first?.headerFields[.authorization] == "Basic YWRtaW46cGFzc3dvcmQ=")
    }

    @Test func a401IsUnauthorizedWithAClearMessage() async throws {
        let spy = HTTPClientSpy(status: .unauthorized, json: #"{"message": "no"}"#)
        let service = RemoteListingsService(
            api: EndpointClient(baseURL: URL(string: "http://shop.test")!, httpClient: spy), credentials: credentials)
        await #expect(throws: ListingsError.unauthorized) { try await service.products() }
        #expect(ListingsError.unauthorized.localizedDescription == "The shop did not accept the app's sign-in.")
    }

    func withLiveService(
        _ credentials: BasicCredentials = BasicCredentials(username: "admin", password: "password"),
        _ body: (RemoteListingsService) async throws -> Void
    ) async throws {
        try await withFixtureServer { server in
            try await body(
                RemoteListingsService(
                    api: EndpointClient(baseURL: server.baseURL, httpClient: URLSessionHTTPClient()),
                    credentials: credentials))
        }
    }

    @Test func liveUsersSeeDifferentBadges() async throws {
        try await withLiveService { service in
            let first = try await LoadListing(service: service)(userID: "1")
            let fifth = try await LoadListing(service: service)(userID: "5")
            #expect(first.products.count == 8)
            #expect(first.products.map(\.badge?.name) != fifth.products.map(\.badge?.name))
            #expect(first.offersFailure == nil)
        }
    }

    @Test func liveDetailsHaveInformationSections() async throws {
        try await withLiveService { service in
            let details = try await service.productDetails(id: "1")
            #expect(details.product.price.formatted == "£12.50 was £14.00")
            #expect(details.information.first?.title == "Details")
            await #expect(throws: ListingsError.productNotFound("99")) { try await service.productDetails(id: "99") }
        }
    }

    @Test func liveUnknownUserLosesOnlyTheBadges() async throws {
        try await withLiveService { service in
            let listing = try await LoadListing(service: service)(userID: "42")
            #expect(listing.products.allSatisfy { $0.badge == nil })
            #expect(listing.offersFailure == .userNotFound("42"))
        }
    }

    @Test func liveWrongCredentialsAreRejectedByTheServer() async throws {
        try await withLiveService(BasicCredentials(username: "admin", password: "guess")) { service in
            await #expect(throws: ListingsError.unauthorized) { try await service.products() }
        }
    }

    @Test func liveRequestWithoutCredentialsIsRejected() async throws {
        try await withFixtureServer { server in
            let api = EndpointClient(baseURL: server.baseURL, httpClient: URLSessionHTTPClient())
            // FoundationNetworking drops the body of a 401 that asks for authentication.
            await #expect(throws: NetworkError.unexpectedStatus(401, message: nil)) {
                try await api.send(Endpoint<Data>.bytes("/listings/api/products"))
            }
        }
    }

    @Test func liveImagesAreJPEGBytes() async throws {
        try await withLiveService { service in
            let data = try await service.imageData(key: "shirt-blue")
            #expect(data.prefix(2) == Data([0xFF, 0xD8]))
            await #expect(throws: NetworkError.self) { try await service.imageData(key: "nope") }
        }
    }
}

@Suite("Listings previews that stay loading")
@MainActor
struct ListingsStillLoadingTests {
    @Test func theListStaysLoadingUntilTheTaskIsCancelled() async {
        let listing = ListingViewModel(service: PreviewListingsService.stillLoading, userID: "1")
        let load = Task { await listing.load() }
        await waitUntil { listing.state.isLoading }
        load.cancel()
        await load.value
        #expect(listing.state == .idle)
    }
}
