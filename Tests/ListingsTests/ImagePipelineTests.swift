import AppsCore
import Foundation
import Listings
import Testing

/// What an app's decoding step makes: a bitmap of a size, costing four bytes a pixel.
struct Bitmap: Sendable, Equatable {
    let key: String
    let side: Int
    var bytes: Int { side * side * 4 }
}

/// Decodes "images" into bitmaps, counting decodes and where they ran.
final class DecoderSpy: Sendable {
    private let calls = Locked<[(size: Int?, onMainThread: Bool)]>([])

    var count: Int { calls.withLock { $0.count } }
    var ranOnTheMainThread: Bool { calls.withLock { $0.contains(where: \.onMainThread) } }

    func decode(_ data: Data, _ maxPixelSize: Int?) async throws -> Bitmap {
        calls.withLock { $0.append((maxPixelSize, Thread.isMainThread)) }
        guard let key = String(data: data, encoding: .utf8), !key.isEmpty else { throw DownloadSpy.Failure() }
        return Bitmap(key: key, side: min(maxPixelSize ?? 100, 100))
    }
}

@Suite("Image pipeline: decoded images")
struct ImagePipelineTests {
    func makePipeline(memoryLimit: Int = 1 << 20, decoder: DecoderSpy, downloads: DownloadSpy = DownloadSpy())
        -> ImagePipeline<Bitmap>
    {
        ImagePipeline(
            memoryLimit: memoryLimit,
            fetch: { key in
                _ = try await downloads.fetch(key)
                return Data(key.utf8)
            }, decode: decoder.decode, cost: \.bytes)
    }

    @Test @MainActor func aScreenAsksOnTheMainActorAndTheImageIsDecodedOffIt() async throws {
        let decoder = DecoderSpy()
        let bitmap = try await makePipeline(decoder: decoder).image(for: "shirt", maxPixelSize: 40)
        #expect(bitmap == Bitmap(key: "shirt", side: 40))
        #expect(decoder.count == 1)
        #expect(!decoder.ranOnTheMainThread)
    }

    @Test func fiftyRequestsForOneImageAtOneSizeDecodeItOnce() async throws {
        let decoder = DecoderSpy()
        let pipeline = makePipeline(decoder: decoder)
        try await withThrowingTaskGroup(of: Bitmap.self) { group in
            for _ in 0..<50 { group.addTask { try await pipeline.image(for: "shirt", maxPixelSize: 60) } }
            for try await bitmap in group { #expect(bitmap.side == 60) }
        }
        #expect(decoder.count == 1)
        _ = try await pipeline.image(for: "shirt", maxPixelSize: 60)
        #expect(decoder.count == 1, "the second screen is a memory hit")
    }

    @Test func eachSizeIsItsOwnImage() async throws {
        let pipeline = makePipeline(decoder: DecoderSpy())
        #expect(try await pipeline.image(for: "shirt", maxPixelSize: 20).side == 20)
        #expect(try await pipeline.image(for: "shirt", maxPixelSize: 80).side == 80)
        #expect(await pipeline.isCached("shirt", maxPixelSize: 20))
        #expect(await pipeline.isCached("shirt", maxPixelSize: 80))
        #expect(await !pipeline.isCached("shirt"))
    }

    /// The bound counts what the decoded images hold (80×80×4 = 25,600 bytes each), not the few
    /// bytes that came over the network.
    @Test func theMemoryBoundCountsDecodedBytes() async throws {
        let pipeline = makePipeline(memoryLimit: 60_000, decoder: DecoderSpy())
        _ = try await pipeline.image(for: "a", maxPixelSize: 80)
        _ = try await pipeline.image(for: "b", maxPixelSize: 80)
        #expect(await pipeline.memoryBytes == 51_200)
        _ = try await pipeline.image(for: "c", maxPixelSize: 80)
        #expect(await !pipeline.isCached("a", maxPixelSize: 80))
        #expect(await pipeline.memoryBytes == 51_200)
    }

    @Test func bytesThatAreNoImageFailAndAreNotCached() async throws {
        let decoder = DecoderSpy()
        let pipeline = ImagePipeline<Bitmap>(fetch: { _ in Data() }, decode: decoder.decode, cost: \.bytes)
        await #expect(throws: DownloadSpy.Failure.self) { try await pipeline.image(for: "broken") }
        await #expect(throws: DownloadSpy.Failure.self) { try await pipeline.image(for: "broken") }
        #expect(decoder.count == 2)
        #expect(await pipeline.memoryBytes == 0)
    }
}
