import Foundation
import Listings
import Testing

/// A user switcher as an app writes it: set `userID`, and the screen's `.task(id: userID)` loads.
@Suite("Listings, switching user", .timeLimit(.minutes(1)))
@MainActor
struct UserSwitchTests {
    @Test func thePreviewServiceGivesEachUserTheirOwnOffers() async throws {
        let service = PreviewListingsService()
        #expect(try await service.offers(userID: "1").offers.map(\.id) == ["1", "3", "4"])
        #expect(try await service.offers(userID: "2").offers.map(\.type) == ["SLOTTED"])
        #expect(try await service.offers(userID: "4").offers.isEmpty)
        await #expect(throws: ListingsError.userNotFound("99")) { try await service.offers(userID: "99") }
    }

    @Test func settingTheUserReloadsTheBadgesOfTheListing() async throws {
        let listing = ListingViewModel(service: PreviewListingsService(), userID: "1")
        await listing.load()
        let shirt = { (listing: ListingViewModel) in listing.state.value?.products.first { $0.product.id == "1" } }
        #expect(shirt(listing)?.badge?.name == "loyalty")

        listing.userID = "4"
        await listing.load()
        #expect(shirt(listing)?.product.id == "1")
        #expect(shirt(listing)?.badge == nil, "user 4 has no offers")
    }

    @Test func switchingUserKeepsThePathAndSwitchesTheScreensOnIt() async throws {
        let coordinator = ListingsCoordinator(service: PreviewListingsService(), userID: "1")
        coordinator.showDetails(productID: "2")
        let route = ListingsRoute.details(productID: "2")
        let details = coordinator.details(for: route)
        await details.load()
        #expect(details.badge == nil, "user 1 has no offer on the jeans")

        coordinator.userID = "2"
        #expect(coordinator.path == [route])
        #expect(coordinator.details(for: route) === details, "the screen stays")
        #expect(details.userID == "2")
        await details.load()
        #expect(details.badge?.title == "Loyalty reward", "user 2's delivery slot earns it")
    }

    @Test(arguments: [
        ("loyalty", "Loyalty reward"), ("sale", "Sale"), ("clearance", "Clearance"),
        ("summer_sale", "Summer sale"), ("BLACK-FRIDAY", "Black friday"),
    ])
    func aBadgeHasATitleAPersonReads(name: String, title: String) {
        #expect(Badge(name: name, types: []).title == title)
    }
}
