import FixtureTestSupport
import Foundation
import HTTPTypes
import Listings
import Networking
import TestSupport
import Testing

@Suite("Fuzzing the Listings decoders")
struct ListingsFuzzTests {
    static let inputs = 2_000

    func service(answering body: Data) -> RemoteListingsService {
        RemoteListingsService(
            api: EndpointClient(
                baseURL: URL(string: "http://fuzz.test")!,
                httpClient: StubHTTPClient { _, _ in (HTTPResponse(status: .ok), body) }),
            credentials: BasicCredentials(username: "admin", password: "password"))
    }

    func expectTyped(_ error: any Error) {
        #expect(error is NetworkError || error is ListingsError, "untyped error \(error)")
    }

    @Test func productsDetailsAndOffers() async throws {
        var mutator = Mutator(seed: 401)
        let auth = FuzzSeeds.listingsAuthorization
        let seeds = [
            try FuzzSeeds.body("/listings/api/products", authorization: auth),
            try FuzzSeeds.body("/listings/api/product/1", authorization: auth),
            try FuzzSeeds.body("/listings/api/user/5/offers", authorization: auth),
        ]
        for input in mutator.mutants(of: seeds, count: Self.inputs) {
            // The loop never suspends otherwise: on two cores it would hold a thread of the
            // cooperative pool for its whole run while other tests' tasks wait.
            await Task.yield()
            let service = service(answering: input)
            do { _ = try await service.products() } catch { expectTyped(error) }
            do { _ = try await service.productDetails(id: "1") } catch { expectTyped(error) }
            do { _ = try await service.offers(userID: "5") } catch { expectTyped(error) }
        }
    }

    @Test func badgeStrings() async {
        var mutator = Mutator(seed: 402)
        let seed = Data("loyalty:SLOTTED,BONUS||sale:PRIORITY_ACCESS,REDUCED||clearance:CLEARANCE".utf8)
        for input in mutator.mutants(of: [seed], count: Self.inputs * 5) {
            // The loop never suspends otherwise: on two cores it would hold a thread of the
            // cooperative pool for its whole run while other tests' tasks wait.
            await Task.yield()
            let badges = BadgeParser.parse(String(decoding: input, as: UTF8.self))
            #expect(badges.allSatisfy { !$0.name.isEmpty && !$0.name.contains("||") })
        }
    }
}
