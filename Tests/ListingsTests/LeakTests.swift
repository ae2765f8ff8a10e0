import Foundation
import Listings
import TestSupport
import Testing

/// The Listings view models hold a service and an image loader: none may outlive its screen.
@Suite("Listings releases its view models")
@MainActor
struct ListingsLeakTests {
    @Test func everyListingsViewModelIsReleased() async {
        let service = StubListingsService(productsResult: .success([shirt]), offersResult: .success(.none))
        await expectReleased({ ListingViewModel(service: service, userID: "1") }) { await $0.load() }
        await expectReleased({ ProductDetailsViewModel(service: service, productID: "1", userID: "1") }) {
            await $0.load()
        }
        await expectReleased({ ListingsCoordinator(service: service, userID: "1") }) { coordinator in
            coordinator.showDetails(productID: "1")
            await coordinator.details(for: .details(productID: "1")).load()
        }
    }
}
