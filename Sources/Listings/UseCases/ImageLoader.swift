import Foundation

/// Loads images by key as the bytes the backend sends: an ``ImagePipeline`` that keeps the bytes
/// as they came (no decoding), bounded by their count. The view models use it, and it is what
/// Linux and tests need; an app that shows images decodes them with an `ImagePipeline` of its own
/// image type.
///
/// ```swift
/// let loader = ImageLoader { key in try await service.imageData(key: key) }
/// let data = try await loader.image(for: "shirt-blue")
/// ```
public typealias ImageLoader = ImagePipeline<Data>

extension ImagePipeline where Image == Data {
    /// Creates an ``ImageLoader``: bytes kept as they came, counted by their size.
    ///
    /// - Parameters:
    ///   - memoryLimit: the most bytes kept in memory.
    ///   - fetch: downloads the image for a key.
    public init(memoryLimit: Int = 32 << 20, fetch: @escaping Fetch) {
        self.init(memoryLimit: memoryLimit, fetch: fetch, decode: { data, _ in data }, cost: { $0.count })
    }
}

/// Loads images by key, decodes them off the main actor and keeps what it decoded: a memory cache
/// bounded by the decoded images' cost (least recently used out first), one shared download and
/// decode for concurrent requests of the same image at the same size, and failures never cached.
///
/// The decoding step is the app's: on Apple platforms a `CGImage` made with ImageIO, downsampled to
/// the size the view asked for, and counted as `bytesPerRow × height`, what it holds in memory.
///
/// ```swift
/// let thumbnails = ImagePipeline<CGImage>(
///     fetch: { key in try await service.imageData(key: key) },
///     decode: { data, maxPixelSize in try Thumbnail.make(from: data, maxPixelSize: maxPixelSize) },
///     cost: { $0.bytesPerRow * $0.height })
/// let image = try await thumbnails.image(for: "shirt-blue", maxPixelSize: 600)
/// ```
///
/// A caller whose task is cancelled (a cell scrolled away, a SwiftUI `.task` ended) gets
/// `CancellationError` at once; the shared work goes on while anyone else waits for it, and is
/// cancelled when the last of them has left.
///
/// Sizes of one key download once each; put an ``ImageLoader`` or the HTTP cache decorator under
/// `fetch` (in the app's composition) to share the bytes between sizes, and for a disk cache.
/// Give the same pipeline to the screens (``ProductDetailsViewModel``, ``ListingsCoordinator``)
/// so that an image downloads once for all of them.
///
/// A cell reads the memory cache synchronously (``cachedImage(for:maxPixelSize:)``), so a row
/// scrolled back shows its image in the same frame, and a collection view's prefetching data
/// source starts and cancels downloads ahead of the scroll (``prefetch(_:maxPixelSize:)``,
/// ``cancelPrefetch(_:maxPixelSize:)``):
///
/// ```swift
/// func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
///     images.prefetch(indexPaths.map { products[$0.item].imageKey }, maxPixelSize: 300)
/// }
/// ```
public actor ImagePipeline<Image: Sendable> {
    /// Downloads the image for a key; usually ``ListingsService/imageData(key:)``.
    public typealias Fetch = @Sendable (String) async throws -> Data
    /// Makes the image from its bytes, no larger than `maxPixelSize` on its longer side when that is
    /// given; runs off the main actor. Throws for bytes that are no image.
    public typealias Decode = @Sendable (_ data: Data, _ maxPixelSize: Int?) async throws -> Image
    /// What an image costs the memory cache, such as its decoded bytes.
    public typealias Cost = @Sendable (Image) -> Int

    /// One image asked for: a key at a size.
    private struct Request: Hashable {
        let key: String
        let maxPixelSize: Int?
    }

    /// One shared download and the callers waiting for it, each by its number.
    private struct Download {
        let id: Int
        var task: Task<Void, Never>?
        var waiters: [Int: CheckedContinuation<Image, any Error>] = [:]
    }

    private let fetch: Fetch
    private let decode: Decode
    /// Behind a lock, so a cell reads it synchronously from the main actor.
    private let memory: Locked<LRUCache<Request, Image>>
    private var downloads: [Request: Download] = [:]
    private var lastNumber = 0
    /// The prefetches under way, by request, each with its number; kept outside the actor so a
    /// prefetch and its cancel take effect in the order the collection view calls them.
    private let prefetches = Locked<(tasks: [Request: (number: Int, task: Task<Void, Never>)], last: Int)>(([:], 0))

    /// Creates an ``ImagePipeline``.
    ///
    /// - Parameters:
    ///   - memoryLimit: the most the decoded images kept in memory may cost, by `cost`.
    ///   - fetch: downloads the image for a key.
    ///   - decode: makes the image from its bytes at the size asked for.
    ///   - cost: what one image costs the memory cache.
    public init(memoryLimit: Int = 32 << 20, fetch: @escaping Fetch, decode: @escaping Decode, cost: @escaping Cost) {
        self.fetch = fetch
        self.decode = decode
        self.memory = Locked(LRUCache(limit: memoryLimit, cost: cost))
    }

    /// The image for `key` at `maxPixelSize`: from memory, from work already under way, or
    /// downloaded and decoded now.
    /// ```swift
    /// let data = try await ImageLoader { key in try await service.imageData(key: key) }.image(for: "shirt-blue")
    /// ```
    /// - Parameters:
    ///   - key: the image's key, such as ``RetailProduct/imageKey``.
    ///   - maxPixelSize: the longest side the view needs, in pixels; `nil` for the image as it is.
    /// - Throws: whatever `fetch` or `decode` threw; the failure is not cached, so the next call
    ///   tries again. `CancellationError` as soon as the calling task is cancelled.
    public func image(for key: String, maxPixelSize: Int? = nil) async throws -> Image {
        let request = Request(key: key, maxPixelSize: maxPixelSize)
        if let image = memory.withLock({ $0.value(for: request) }) { return image }
        try Task.checkCancellation()
        let waiter = number()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                join(request, waiter: waiter, continuation)
            }
        } onCancel: {
            Task { await self.leave(request, waiter: waiter) }
        }
    }

    /// The image for `key` at `maxPixelSize` if the memory cache holds it, read synchronously
    /// from any thread: a cell being configured shows it at once, and asks ``image(for:maxPixelSize:)``
    /// only when this is `nil`.
    ///
    /// ```swift
    /// cell.imageView.image = images.cachedImage(for: product.imageKey, maxPixelSize: 300) ?? placeholder
    /// ```
    public nonisolated func cachedImage(for key: String, maxPixelSize: Int? = nil) -> Image? {
        memory.withLock { $0.value(for: Request(key: key, maxPixelSize: maxPixelSize)) }
    }

    /// Starts loading the images of `keys` into the memory cache ahead of their being shown, as a
    /// collection view's prefetching data source asks; a key cached or prefetching already is
    /// passed over. A later ``image(for:maxPixelSize:)`` joins the work under way.
    public nonisolated func prefetch(_ keys: [String], maxPixelSize: Int? = nil) {
        for key in keys {
            let request = Request(key: key, maxPixelSize: maxPixelSize)
            guard !memory.withLock({ $0.contains(request) }) else { continue }
            prefetches.withLock { prefetches in
                guard prefetches.tasks[request] == nil else { return }
                prefetches.last += 1
                let number = prefetches.last
                prefetches.tasks[request] = (
                    number,
                    Task {
                        _ = try? await self.image(for: key, maxPixelSize: maxPixelSize)
                        self.prefetchEnded(request, number: number)
                    }
                )
            }
        }
    }

    /// Cancels the prefetches of `keys` (rows that will not be shown after all); a download that
    /// a screen waits for goes on, one that only the prefetch wanted is cancelled.
    public nonisolated func cancelPrefetch(_ keys: [String], maxPixelSize: Int? = nil) {
        for key in keys {
            let request = Request(key: key, maxPixelSize: maxPixelSize)
            prefetches.withLock { $0.tasks.removeValue(forKey: request) }?.task.cancel()
        }
    }

    private nonisolated func prefetchEnded(_ request: Request, number: Int) {
        prefetches.withLock { prefetches in
            if prefetches.tasks[request]?.number == number { prefetches.tasks[request] = nil }
        }
    }

    /// What the images held in memory cost now, by `cost` (bytes for an ``ImageLoader``).
    public var memoryBytes: Int { memory.withLock { $0.totalCost } }

    /// Whether the image of `key` at `maxPixelSize` is in the memory cache (for tests and diagnostics).
    public func isCached(_ key: String, maxPixelSize: Int? = nil) -> Bool {
        memory.withLock { $0.contains(Request(key: key, maxPixelSize: maxPixelSize)) }
    }

    /// Whether the image of `key` at `maxPixelSize` is being loaded (for tests and diagnostics).
    public func isDownloading(_ key: String, maxPixelSize: Int? = nil) -> Bool {
        downloads[Request(key: key, maxPixelSize: maxPixelSize)] != nil
    }

    private func number() -> Int {
        lastNumber += 1
        return lastNumber
    }

    /// Adds a waiter to the work on `request`, starting it if none is under way. The work runs
    /// detached, so neither the download nor the decoding runs on this actor or the caller's.
    private func join(_ request: Request, waiter: Int, _ continuation: CheckedContinuation<Image, any Error>) {
        guard !Task.isCancelled else { return continuation.resume(throwing: CancellationError()) }
        if downloads[request] != nil {
            downloads[request]?.waiters[waiter] = continuation
            return
        }
        let id = number()
        downloads[request] = Download(id: id, waiters: [waiter: continuation])
        downloads[request]?.task = Task.detached { [fetch, decode] in
            let result: Result<Image, any Error>
            do {
                let data = try await fetch(request.key)
                try Task.checkCancellation()
                result = .success(try await decode(data, request.maxPixelSize))
            } catch {
                result = .failure(error)
            }
            await self.finish(request, download: id, result)
        }
    }

    /// Hands the work's outcome to everyone still waiting; an image is kept in memory.
    private func finish(_ request: Request, download id: Int, _ result: Result<Image, any Error>) {
        guard let download = downloads[request], download.id == id else { return }
        downloads[request] = nil
        if case .success(let image) = result { memory.withLock { $0.insert(image, for: request) } }
        for continuation in download.waiters.values { continuation.resume(with: result) }
    }

    /// A cancelled caller leaves at once; the last to leave cancels the work.
    private func leave(_ request: Request, waiter: Int) {
        guard let continuation = downloads[request]?.waiters.removeValue(forKey: waiter) else { return }
        continuation.resume(throwing: CancellationError())
        if downloads[request]?.waiters.isEmpty == true {
            downloads[request]?.task?.cancel()
            downloads[request] = nil
        }
    }
}

/// A cache bounded by its values' cost that evicts the least recently used entries first.
struct LRUCache<Key: Hashable, Value> {
    private struct Entry {
        var value: Value
        var cost: Int
        var lastUse: UInt64
    }

    let limit: Int
    private let cost: (Value) -> Int
    private var entries: [Key: Entry] = [:]
    private var clock: UInt64 = 0
    private(set) var totalCost = 0

    init(limit: Int, cost: @escaping (Value) -> Int) {
        self.limit = max(0, limit)
        self.cost = cost
    }

    func contains(_ key: Key) -> Bool { entries[key] != nil }

    mutating func value(for key: Key) -> Value? {
        guard var entry = entries[key] else { return nil }
        clock += 1
        entry.lastUse = clock
        entries[key] = entry
        return entry.value
    }

    /// Stores `value` unless it alone costs more than the limit, then evicts the least recently
    /// used entries until the total fits. Eviction scans the entries: fine for the hundreds of
    /// images a screen holds, and it keeps the hit path a dictionary lookup.
    mutating func insert(_ value: Value, for key: Key) {
        if let old = entries.removeValue(forKey: key) { totalCost -= old.cost }
        let valueCost = max(0, cost(value))
        guard valueCost <= limit else { return }
        clock += 1
        entries[key] = Entry(value: value, cost: valueCost, lastUse: clock)
        totalCost += valueCost
        while totalCost > limit, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries[oldest.key] = nil
            totalCost -= oldest.value.cost
        }
    }
}
