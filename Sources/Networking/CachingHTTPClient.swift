import Foundation
import HTTPTypes
import HTTPTypesFoundation
import Persistence

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An HTTP cache on disk, ours because FoundationNetworking never fills `URLCache`.
///
/// - Successful `GET` answers are stored with their validators (`ETag`, `Last-Modified`), unless
///   they say `Cache-Control: no-store`.
/// - A stored answer still fresh by `Cache-Control: max-age` is served without a request (`hit`).
/// - Otherwise the request is sent with `If-None-Match` / `If-Modified-Since`; a `304` keeps the
///   stored body (`revalidated`); a new `200` replaces it (`miss`).
/// - When the backend cannot be reached (cannot connect, timeout, lost connection) or answers 5xx,
///   a stored answer is served as `stale` with the time it was stored.
/// - A corrupt or unreadable entry counts as a miss, and the next answer replaces it.
/// - The cache's entries are bounded in bytes; the least recently used go first.
///
/// The folder may be shared, an app's Caches folder say: eviction removes only files the cache
/// wrote itself (a regular file with an entry's name that reads back as an entry), never a folder,
/// a link or anything else. Give it a folder other users cannot write to, since whoever can write
/// there can plant answers. An entry is opened so that a FIFO or a device in its place cannot block.
///
/// Every answer to a `GET` carries `X-Apps-Cache` (and `X-Apps-Cache-Stored-At` for stored ones);
/// those fields are removed from whatever the server sends, so the server cannot claim them.
/// Entries are keyed by URL and `Authorization`, so one user's answers never serve another's.
public struct CachingHTTPClient: HTTPClient {
    private let base: any HTTPClient
    private let directory: URL
    private let maximumBytes: Int
    private let now: @Sendable () -> Date

    /// Creates a ``CachingHTTPClient``.
    ///
    /// ```swift
    /// let cached = CachingHTTPClient(
    ///     RetryingHTTPClient(URLSessionHTTPClient()),
    ///     directory: caches.appending(path: "http"))  // the app's Caches folder
    /// ```
    /// - Parameters:
    ///   - base: the client that talks to the server.
    ///   - directory: the cache's folder, created when first needed.
    ///   - maximumBytes: the most the folder may hold.
    ///   - now: the clock that decides freshness; tests inject one.
    public init(
        _ base: any HTTPClient, directory: URL, maximumBytes: Int = 50 << 20,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.base = base
        self.directory = directory
        self.maximumBytes = maximumBytes
        self.now = now
    }

    /// An entry holds a body of up to `URLSessionHTTPClient.defaultMaximumBodyBytes`, base64 in
    /// JSON (4 bytes for every 3), and a little more for its fields.
    static let maximumEntryBytes = URLSessionHTTPClient.defaultMaximumBodyBytes / 3 * 4 + (1 << 20)

    struct Entry: Codable {
        var url: String
        var status: Int
        var fields: [[String]]
        var body: Data
        var storedAt: Date
        var maxAge: Int?

        var eTag: String? { field(.eTag) }
        var lastModified: String? { field(.lastModified) }

        func field(_ name: HTTPField.Name) -> String? {
            fields.first { $0.count == 2 && $0[0].lowercased() == name.canonicalName }?[1]
        }

        var response: HTTPResponse {
            var headers = HTTPFields()
            for pair in fields where pair.count == 2 {
                if let name = HTTPField.Name(pair[0]) { headers.append(HTTPField(name: name, value: pair[1])) }
            }
            return HTTPResponse(status: .init(code: status), headerFields: headers)
        }
    }

    /// Answers a `GET` from the cache or the server as the rules above say; other methods go to the
    /// server untouched.
    public func send(_ request: HTTPRequest, body: Data?) async throws -> (HTTPResponse, Data) {
        guard request.method == .get else { return try await sendToServer(request, body: body) }
        let store = Self.store(directory.appendingPathComponent("\(Self.key(for: request)).json"))
        let entry = readEntry(store, for: request)

        if let entry, let maxAge = entry.maxAge, now().timeIntervalSince(entry.storedAt) < Double(maxAge) {
            touch(store)
            return Self.answer(entry, status: .hit)
        }

        var conditional = request
        if let entry {
            if let eTag = entry.eTag { conditional.headerFields[.ifNoneMatch] = eTag }
            if let lastModified = entry.lastModified { conditional.headerFields[.ifModifiedSince] = lastModified }
        }

        let response: HTTPResponse
        let data: Data
        do {
            (response, data) = try await sendToServer(conditional, body: body)
        } catch let error as NetworkError where error.isUnavailable {
            guard let entry else { throw error }
            return Self.answer(entry, status: .stale)
        }

        if response.status == .notModified, var entry {
            entry.storedAt = now()
            entry.maxAge = Self.maxAge(response) ?? entry.maxAge
            try? store.save(entry)
            return Self.answer(entry, status: .revalidated)
        }
        if response.status.code >= 500, let entry {
            return Self.answer(entry, status: .stale)
        }
        if response.status == .ok {
            if Self.cacheControl(response).contains("no-store") {
                try? store.delete()
            } else {
                let fields = response.headerFields.map { [$0.name.canonicalName, $0.value] }
                try? store.save(
                    Entry(
                        url: request.url?.absoluteString ?? "", status: 200, fields: fields, body: data,
                        storedAt: now(), maxAge: Self.maxAge(response)))
                evictIfNeeded()
            }
        }
        var marked = response
        marked.headerFields[.appsCacheStatus] = CacheStatus.miss.rawValue
        return (marked, data)
    }

    /// The server's answer without the fields only this cache may set.
    private func sendToServer(_ request: HTTPRequest, body: Data?) async throws -> (HTTPResponse, Data) {
        var (response, data) = try await base.send(request, body: body)
        response.headerFields.removeCacheBookkeeping()
        return (response, data)
    }

    // MARK: Entries

    private static func store(_ file: URL) -> FileValueStore<Entry> {
        FileValueStore(fileURL: file, maximumBytes: maximumEntryBytes)
    }

    /// The stored entry for `request`, or `nil`: an entry that does not decode, or that could not
    /// have been stored for this request (only `200` answers are, under their own URL), is a miss,
    /// never a crash or a bogus answer. It is not deleted here: the next answer replaces it.
    private func readEntry(_ store: FileValueStore<Entry>, for request: HTTPRequest) -> Entry? {
        guard let entry = try? store.load(), entry.status == 200, entry.url == request.url?.absoluteString ?? ""
        else { return nil }
        return entry
    }

    /// Whether a file name is one ``key(for:)`` gives an entry: up to 16 lower-case hex digits and `.json`.
    static func isEntryName(_ name: String) -> Bool {
        guard name.hasSuffix(".json") else { return false }
        let stem = name.dropLast(".json".count)
        return (1...16).contains(stem.count) && stem.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
    }

    private static func answer(_ entry: Entry, status: CacheStatus) -> (HTTPResponse, Data) {
        var response = entry.response
        response.headerFields[.appsCacheStatus] = status.rawValue
        response.headerFields[.appsCacheStoredAt] = String(entry.storedAt.timeIntervalSince1970)
        return (response, entry.body)
    }

    static func key(for request: HTTPRequest) -> String {
        let identity =
            "GET \(request.url?.absoluteString ?? request.path ?? "") \(request.headerFields[.authorization] ?? "")"
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in identity.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    private static func cacheControl(_ response: HTTPResponse) -> [String] {
        (response.headerFields[.cacheControl] ?? "").lowercased().split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    private static func maxAge(_ response: HTTPResponse) -> Int? {
        cacheControl(response).first { $0.hasPrefix("max-age=") }.flatMap { Int($0.dropFirst("max-age=".count)) }
    }

    // MARK: Size

    /// Marks an entry as just used (its modification time orders eviction).
    private func touch(_ store: FileValueStore<Entry>) {
        try? FileManager.default.setAttributes([.modificationDate: now()], ofItemAtPath: store.fileURL.path)
    }

    /// Removes the least recently used entries until the entries fit in `maximumBytes`. Only the
    /// cache's own entries count and go: a regular file (not a link, not a folder) with an entry's
    /// name, which is read back as an entry before it is removed. Everything else in the folder is
    /// the user's.
    private func evictIfNeeded() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        var entries = names.filter(Self.isEntryName).compactMap { name -> (URL, Int, Date)? in
            let file = directory.appendingPathComponent(name)
            var info = stat()
            guard lstat(file.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            let modified = (try? file.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate
            return (file, Int(info.st_size), modified ?? .distantPast)
        }
        var total = entries.reduce(0) { $0 + $1.1 }
        guard total > maximumBytes else { return }
        entries.sort { $0.2 < $1.2 }
        for (file, size, _) in entries where total > maximumBytes {
            let store = Self.store(file)
            if (try? store.load()) != nil { try? store.delete() }
            total -= size
        }
    }
}
