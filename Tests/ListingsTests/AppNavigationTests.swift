import Foundation
import Listings
import Observation
import Testing

/// Listings as an app drives it: public API only.
@Suite("Listings, from an app's side", .timeLimit(.minutes(1)))
@MainActor
struct ListingsAppTests {
    /// Images that never arrive: each download waits until it is cancelled, and says when it
    /// started and when it was cancelled.
    final class HangingImages: ListingsService {
        let (starts, started) = AsyncStream.makeStream(of: Void.self)
        let (cancellations, cancelled) = AsyncStream.makeStream(of: Void.self)

        func products() async throws -> [RetailProduct] { [] }
        func productDetails(id: String) async throws -> ProductDetails {
            ProductDetails(product: shirt, information: [])
        }
        func offers(userID: String) async throws -> UserOffers { UserOffers(badges: [], offers: []) }
        func imageData(key: String) async throws -> Data {
            started.yield()
            do {
                try await Task.sleep(for: .seconds(3600))
            } catch {
                cancelled.yield()
                throw error
            }
            return Data()
        }
    }

    /// What SwiftUI's `NavigationStack(path: $coordinator.path)` does on a back swipe: it sets the path.
    @Test func thePathIsSettableAsSwiftUISetsIt() {
        let coordinator = ListingsCoordinator(service: HangingImages(), userID: "1")
        coordinator.showDetails(productID: "1")
        coordinator.showDetails(productID: "2")
        coordinator.path = [.details(productID: "1")]
        #expect(coordinator.path == [.details(productID: "1")])
    }

    @Test func theCoordinatorKeepsOneDetailsModelPerRouteOnThePath() {
        let coordinator = ListingsCoordinator(service: HangingImages(), userID: "1")
        coordinator.showDetails(productID: "1")
        let route = ListingsRoute.details(productID: "1")
        let first = coordinator.details(for: route)
        #expect(coordinator.details(for: route) === first)
        #expect(first.productID == "1")
        #expect(first.userID == "1")
        coordinator.path = []
        coordinator.showDetails(productID: "1")
        #expect(coordinator.details(for: route) !== first, "a screen pushed again starts afresh")
    }

    /// A cancelled caller used to wait out the shared download and still get the bytes.
    @Test func aCancelledCallerLeavesAtOnceAndTheLastOneCancelsTheDownload() async throws {
        let images = HangingImages()
        let loader = ImageLoader { key in try await images.imageData(key: key) }
        var starts = images.starts.makeAsyncIterator()
        var cancellations = images.cancellations.makeAsyncIterator()
        let first = Task { try await loader.image(for: "shirt") }
        await starts.next()
        let second = Task { try await loader.image(for: "shirt") }
        first.cancel()
        await #expect(throws: CancellationError.self) { try await first.value }
        #expect(await loader.isDownloading("shirt"), "the other caller still waits for it")
        second.cancel()
        await #expect(throws: CancellationError.self) { try await second.value }
        await cancellations.next()  // the download itself was cancelled
        #expect(await !loader.isDownloading("shirt"))
    }

    @Observable @MainActor final class DownloadScreen {
        var done = 0
    }

    /// A @MainActor model sets its own state from the progress, with no hop (this compiles under Swift 6).
    @Test func progressReachesAMainActorModelDirectly() async {
        let screen = DownloadScreen()
        let loader = ImageLoader { _ in Data("x".utf8) }
        var seen: [Int] = []
        let report = await DownloadImages(loader: loader, concurrency: 2)(["a", "b", "c"]) { _, _ in
        } progress: { done in
            screen.done = done
            seen.append(done)
        }
        #expect(report.saved.count == 3)
        #expect(screen.done == 3)
        #expect(seen == [1, 2, 3])
    }
}
