import FixtureTestSupport
import Foundation
import Listings
import Testing

@Suite("Listings as an app uses it")
@MainActor
struct ListingsConsumerTests {
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
        let product = Product(
            id: "1", name: "Shirt", imageKey: "shirt", offerIDs: ["1"],
            price: Price(currency: "GBP", currentMinor: 1000, originalMinor: 1250))
        let offers = UserOffers(
            badges: [Badge(name: "loyalty", types: ["BONUS"])], offers: [Offer(id: "1", title: "B", type: "BONUS")])
        let details = ProductDetails(product: product, information: [InformationSection(title: "Care", text: "Cold")])
        #expect(try JSONDecoder().decode(UserOffers.self, from: JSONEncoder().encode(offers)) == offers)
        #expect(try JSONDecoder().decode(ProductDetails.self, from: JSONEncoder().encode(details)) == details)
    }
}
