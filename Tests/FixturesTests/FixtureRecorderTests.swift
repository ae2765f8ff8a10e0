import Fixtures
import Foundation
import Testing

@Suite("FixtureRecorder")
final class FixtureRecorderTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recorded-\(UUID().uuidString)")
    lazy var recorder = FixtureRecorder(directory: folder)

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    func json(_ path: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(path))) as? [String: Any]
            ?? [:]
    }

    @Test func routesThatHoldNoDataAreNotWritten() throws {
        for path in ["/koober/signin", "/koober/signup", "/koober/rides", "/auth/authenticate", "/health"] {
            #expect(try recorder.record(path: path, body: Data(#"{"token":"secret"}"#.utf8)) == nil)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    @Test func placesFromQueriesAreMergedById() throws {
        try recorder.record(
            path: "/koober/locations?query=opera", body: Data(#"{"locations":[{"id":"a","name":"A"}]}"#.utf8))
        try recorder.record(
            path: "/koober/locations?query=b",
            body: Data(#"{"locations":[{"id":"b","name":"B"},{"id":"a","name":"A2"}]}"#.utf8))
        let names = (try json("koober/locations.json")["locations"] as? [[String: Any]])?.compactMap {
            $0["name"] as? String
        }
        #expect(names == ["A2", "B"])
    }

    @Test func aProductsListKeepsTheDetailsFetchedBefore() throws {
        try recorder.record(
            path: "/listings/api/product/1",
            body: Data(#"{"id":"1","name":"Shirt","information":[{"section_title":"Care"}]}"#.utf8))
        try recorder.record(
            path: "/listings/api/products", body: Data(#"{"products":[{"id":"1","name":"Shirt!"}]}"#.utf8))
        let product = (try json("listings/products.json")["products"] as? [[String: Any]])?.first
        #expect(product?["name"] as? String == "Shirt!")
        #expect((product?["information"] as? [Any])?.count == 1)
    }

    @Test func offersAreKeptPerUser() throws {
        try recorder.record(
            path: "/listings/api/user/2/offers", body: Data(#"{"available_badges":"","offers":[]}"#.utf8))
        try recorder.record(
            path: "/listings/api/user/4/offers", body: Data(#"{"available_badges":"x","offers":[]}"#.utf8))
        #expect((try json("listings/offers.json")["users"] as? [String: Any])?.keys.sorted() == ["2", "4"])
    }
}
