import Foundation

/// Loads images by key: a memory cache bounded by bytes (least recently used out first), one shared
/// download for concurrent requests of the same key, and failures never cached.
///
/// Put the HTTP cache decorator under `fetch` (in the app's composition) for a disk cache too.
public actor ImageLoader {
    /// Downloads the image for a key; usually ``ListingsService/imageData(key:)``.
    public typealias Fetch = @Sendable (String) async throws -> Data

    private let fetch: Fetch
    private var memory: LRUByteCache
    private var inFlight: [String: Task<Data, any Error>] = [:]

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
    public func image(for key: String) async throws -> Data {
        if let data = memory.value(for: key) { return data }
        if let download = inFlight[key] { return try await download.value }
        let fetch = self.fetch
        let download = Task { try await fetch(key) }
        inFlight[key] = download
        defer { inFlight[key] = nil }
        let data = try await download.value
        memory.insert(data, for: key)
        return data
    }

    /// The bytes held in memory now.
    public var memoryBytes: Int { memory.totalBytes }

    /// Whether `key` is in the memory cache (for tests and diagnostics).
    public func isCached(_ key: String) -> Bool { memory.contains(key) }
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
