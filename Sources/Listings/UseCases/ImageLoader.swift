import Foundation

/// Loads images by key: a memory cache bounded by bytes (least recently used out first), one shared
/// download for concurrent requests of the same key, and failures never cached.
///
/// A caller whose task is cancelled (a cell scrolled away, a SwiftUI `.task` ended) gets
/// `CancellationError` at once; the shared download goes on while anyone else waits for it, and is
/// cancelled when the last of them has left.
///
/// Put the HTTP cache decorator under `fetch` (in the app's composition) for a disk cache too.
public actor ImageLoader {
    /// Downloads the image for a key; usually ``ListingsService/imageData(key:)``.
    public typealias Fetch = @Sendable (String) async throws -> Data

    /// One shared download and the callers waiting for it, each by its number.
    private struct Download {
        let id: Int
        var task: Task<Void, Never>?
        var waiters: [Int: CheckedContinuation<Data, any Error>] = [:]
    }

    private let fetch: Fetch
    private var memory: LRUByteCache
    private var downloads: [String: Download] = [:]
    private var lastNumber = 0

    /// Creates an ``ImageLoader``.
    ///
    /// - Parameters:
    ///   - memoryLimit: the most bytes kept in memory.
    ///   - fetch: downloads the image for a key.
    public init(memoryLimit: Int = 32 << 20, fetch: @escaping Fetch) {
        self.fetch = fetch
        self.memory = LRUByteCache(limit: memoryLimit)
    }

    /// The image for `key`: from memory, from a download already under way, or downloaded now.
    /// ```swift
    /// let loader = ImageLoader { key in try await service.imageData(key: key) }
    /// let data = try await loader.image(for: "shirt-blue")
    /// ```
    /// - Throws: whatever `fetch` threw; the failure is not cached, so the next call tries again.
    ///   `CancellationError` as soon as the calling task is cancelled.
    public func image(for key: String) async throws -> Data {
        if let data = memory.value(for: key) { return data }
        try Task.checkCancellation()
        let waiter = number()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                join(key, waiter: waiter, continuation)
            }
        } onCancel: {
            Task { await self.leave(key, waiter: waiter) }
        }
    }

    /// The bytes held in memory now.
    public var memoryBytes: Int { memory.totalBytes }

    /// Whether `key` is in the memory cache (for tests and diagnostics).
    public func isCached(_ key: String) -> Bool { memory.contains(key) }

    /// Whether a download of `key` is under way (for tests and diagnostics).
    public func isDownloading(_ key: String) -> Bool { downloads[key] != nil }

    private func number() -> Int {
        lastNumber += 1
        return lastNumber
    }

    /// Adds a waiter to the download of `key`, starting one if none is under way.
    private func join(_ key: String, waiter: Int, _ continuation: CheckedContinuation<Data, any Error>) {
        guard !Task.isCancelled else { return continuation.resume(throwing: CancellationError()) }
        if downloads[key] != nil {
            downloads[key]?.waiters[waiter] = continuation
            return
        }
        let id = number()
        downloads[key] = Download(id: id, waiters: [waiter: continuation])
        let fetch = self.fetch
        downloads[key]?.task = Task {
            let result: Result<Data, any Error>
            do {
                result = .success(try await fetch(key))
            } catch {
                result = .failure(error)
            }
            finish(key, download: id, result)
        }
    }

    /// Hands the download's outcome to everyone still waiting; an image is kept in memory.
    private func finish(_ key: String, download id: Int, _ result: Result<Data, any Error>) {
        guard let download = downloads[key], download.id == id else { return }
        downloads[key] = nil
        if case .success(let data) = result { memory.insert(data, for: key) }
        for continuation in download.waiters.values { continuation.resume(with: result) }
    }

    /// A cancelled caller leaves at once; the last to leave cancels the download.
    private func leave(_ key: String, waiter: Int) {
        guard let continuation = downloads[key]?.waiters.removeValue(forKey: waiter) else { return }
        continuation.resume(throwing: CancellationError())
        if downloads[key]?.waiters.isEmpty == true {
            downloads[key]?.task?.cancel()
            downloads[key] = nil
        }
    }
}

/// A byte-bounded cache that evicts the least recently used entries first.
struct LRUByteCache {
    private struct Entry {
        var data: Data
        var lastUse: UInt64
    }

    let limit: Int
    private var entries: [String: Entry] = [:]
    private var clock: UInt64 = 0
    private(set) var totalBytes = 0

    init(limit: Int) {
        self.limit = max(0, limit)
    }

    func contains(_ key: String) -> Bool { entries[key] != nil }

    mutating func value(for key: String) -> Data? {
        guard var entry = entries[key] else { return nil }
        clock += 1
        entry.lastUse = clock
        entries[key] = entry
        return entry.data
    }

    /// Stores `data` unless it alone is larger than the limit, then evicts the least recently used
    /// entries until the total fits. Eviction scans the entries: fine for the hundreds of images a
    /// screen holds, and it keeps the hit path a dictionary lookup.
    mutating func insert(_ data: Data, for key: String) {
        if let old = entries.removeValue(forKey: key) { totalBytes -= old.data.count }
        guard data.count <= limit else { return }
        clock += 1
        entries[key] = Entry(data: data, lastUse: clock)
        totalBytes += data.count
        while totalBytes > limit, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries[oldest.key] = nil
            totalBytes -= oldest.value.data.count
        }
    }
}
