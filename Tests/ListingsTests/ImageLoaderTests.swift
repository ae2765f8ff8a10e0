import AppsCore
import Foundation
import Listings
import Testing

/// Counts downloads per key and can be told to fail.
final class DownloadSpy: Sendable {
    private let counts = Locked<[String: Int]>([:])
    private let failing = Locked<Set<String>>([])

    struct Failure: Error {}

    var total: Int { counts.withLock { $0.values.reduce(0, +) } }
    func count(_ key: String) -> Int { counts.withLock { $0[key] ?? 0 } }
    func fail(_ key: String) { _ = failing.withLock { $0.insert(key) } }
    func recover(_ key: String) { _ = failing.withLock { $0.remove(key) } }

    func fetch(_ key: String) async throws -> Data {
        counts.withLock { $0[key, default: 0] += 1 }
        await Task.yield()
        if failing.withLock({ $0.contains(key) }) { throw Failure() }
        return Data(repeating: UInt8(key.count), count: 100)
    }
}

@Suite("Image loader")
struct ImageLoaderTests {
    @Test func twoHundredConcurrentRequestsForTenImagesMakeTenDownloads() async throws {
        let spy = DownloadSpy()
        let loader = ImageLoader(fetch: spy.fetch)
        let keys = (0..<10).map { "image-\($0)" }
        try await withThrowingTaskGroup(of: Data.self) { group in
            for index in 0..<200 {
                group.addTask { try await loader.image(for: keys[index % 10]) }
            }
            for try await data in group { #expect(data.count == 100) }
        }
        #expect(spy.total == 10)
        #expect(keys.allSatisfy { spy.count($0) == 1 })
    }

    @Test func aMemoryHitMakesNoDownload() async throws {
        let spy = DownloadSpy()
        let loader = ImageLoader(fetch: spy.fetch)
        _ = try await loader.image(for: "a")
        _ = try await loader.image(for: "a")
        #expect(spy.count("a") == 1)
    }

    @Test func theLeastRecentlyUsedImageIsEvictedUnderTheByteLimit() async throws {
        let spy = DownloadSpy()
        let loader = ImageLoader(memoryLimit: 250, fetch: spy.fetch)  // room for two 100-byte images
        _ = try await loader.image(for: "a")
        _ = try await loader.image(for: "b")
        _ = try await loader.image(for: "a")  // a is now the most recent
        _ = try await loader.image(for: "c")  // evicts b
        #expect(await loader.isCached("a"))
        #expect(await !loader.isCached("b"))
        #expect(await loader.isCached("c"))
        #expect(await loader.memoryBytes == 200)
        _ = try await loader.image(for: "b")
        #expect(spy.count("b") == 2)
    }

    @Test func anImageLargerThanTheLimitIsServedButNotKept() async throws {
        let loader = ImageLoader(memoryLimit: 50, fetch: DownloadSpy().fetch)
        #expect(try await loader.image(for: "big").count == 100)
        #expect(await loader.memoryBytes == 0)
    }

    @Test func aFailedDownloadIsNotCached() async throws {
        let spy = DownloadSpy()
        spy.fail("a")
        let loader = ImageLoader(fetch: spy.fetch)
        await #expect(throws: DownloadSpy.Failure.self) { try await loader.image(for: "a") }
        #expect(await !loader.isCached("a"))
        spy.recover("a")
        #expect(try await loader.image(for: "a").count == 100)
        #expect(spy.count("a") == 2)
    }
}
