import Foundation
import Listings
import Testing

/// A service with one product, whose image is `imageBytes` or, when `nil`, a failure.
private struct DetailsService: ListingsService {
    var imageBytes: Data?

    func products() async throws -> [RetailProduct] { [shirt] }
    func productDetails(id: String) async throws -> ProductDetails {
        guard id == shirt.id else { throw ListingsError.productNotFound(id) }
        return ProductDetails(product: shirt, information: [InformationSection(title: "Care", text: "Wash cold.")])
    }
    func offers(userID _: String) async throws -> UserOffers { .none }
    func imageData(key: String) async throws -> Data {
        guard key == shirt.imageKey, let imageBytes else { throw ListingsError.productNotFound(key) }
        return imageBytes
    }
}

@Suite("Product details")
@MainActor
struct ProductDetailsTests {
    private func makeSUT(productID: String = "1", imageBytes: Data? = Data([1, 2, 3]), images: ImageLoader? = nil)
        -> ProductDetailsViewModel<Data>
    {
        ProductDetailsViewModel(service: DetailsService(imageBytes: imageBytes), productID: productID, images: images)
    }

    @Test func loadsTheDetailsThenTheirImage() async {
        let model = makeSUT()
        #expect(model.image == .idle)
        await model.load()
        #expect(
            model.state
                == .loaded(
                    ProductDetails(product: shirt, information: [InformationSection(title: "Care", text: "Wash cold.")])
                ))
        #expect(model.image == .loaded(Data([1, 2, 3])))
    }

    @Test func anImageThatFailsLeavesTheDetailsShown() async {
        let model = makeSUT(imageBytes: nil)
        await model.load()
        guard case .loaded = model.state else {
            Issue.record("\(model.state)")
            return
        }
        #expect(model.image == .failed(.productNotFound("shirt"), previous: nil))
    }

    @Test func anUnknownProductFailsAndItsImageFailsWithIt() async {
        let model = makeSUT(productID: "99")
        await model.load()
        #expect(model.state == .failed(.productNotFound("99"), previous: nil))
        #expect(model.image == .failed(.productNotFound("99"), previous: nil), "never, not yet: no spinner forever")
    }

    @Test func aSharedLoaderServesTheImageFromItsMemory() async throws {
        let loader = ImageLoader(fetch: { _ in Data([9]) })
        _ = try await loader.image(for: shirt.imageKey)
        let model = makeSUT(imageBytes: nil, images: loader)
        await model.load()
        #expect(model.image == .loaded(Data([9])))
    }
}
