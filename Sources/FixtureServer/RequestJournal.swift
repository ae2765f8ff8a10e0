import Fixtures
import Foundation
import HTTPTypes
import NIOConcurrencyHelpers
import StubEngine

/// What arrived at the server, newest first, as WireMock's request journal keeps it: a UI test
/// asks it whether the image was fetched once, or whether the second load sent `If-None-Match`.
///
/// Secrets are never kept: `Authorization`, `Proxy-Authorization` and `Cookie` values, and in a
/// JSON body every field named like a password, a token or a secret, read `[redacted]`.
public final class RequestJournal: Sendable {
    /// One request and what it got.
    public struct Entry: Sendable, Codable, Equatable {
        public struct Request: Sendable, Codable, Equatable {
            public var method: String
            /// The path with its query, as sent.
            public var url: String
            /// Each field's value; a field sent more than once, its values joined by `, `.
            public var headers: [String: String]
            /// The values of each field sent more than once, one by one, as a search matches them
            /// (a value may hold a comma); in the entry's JSON they are the field's value, a list.
            public var repeatedFields: [String: [String]]?
            /// The body as text (UTF-8), absent when there was none: its first
            /// ``RequestJournal/bodyLimit`` bytes. A JSON body is kept as sent, or, when it holds
            /// a secret, written again with the secret redacted.
            public var body: String?
            /// The body again, decoded, when it is JSON (and was kept whole); decoded when the
            /// journal is read, not kept.
            public var jsonBody: JSONValue?
            /// The body's size in bytes.
            public var bodyBytes: Int
            /// Whether ``body`` is only the first part of it.
            public var bodyTruncated: Bool?

            enum CodingKeys: String, CodingKey {
                case method, url, headers, body, jsonBody, bodyBytes, bodyTruncated
            }

            /// Each field's value, and a field sent more than once as the list of its values, as
            /// WireMock logs them (`"x-a": ["1", "2"]`).
            private var headersAsLogged: [String: JSONValue] {
                headers.mapValues(JSONValue.string).merging(
                    (repeatedFields ?? [:]).mapValues { .array($0.map(JSONValue.string)) }, uniquingKeysWith: { $1 })
            }

            public init(
                method: String, url: String, headers: [String: String], repeatedFields: [String: [String]]? = nil,
                body: String?, jsonBody: JSONValue?, bodyBytes: Int, bodyTruncated: Bool? = nil
            ) {
                self.method = method
                self.url = url
                self.headers = headers
                self.repeatedFields = repeatedFields
                self.body = body
                self.jsonBody = jsonBody
                self.bodyBytes = bodyBytes
                self.bodyTruncated = bodyTruncated
            }

            public init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                let logged = try container.decode([String: JSONValue].self, forKey: .headers)
                var headers: [String: String] = [:]
                var repeated: [String: [String]] = [:]
                for (name, value) in logged {
                    switch value {
                    case .string(let text): headers[name] = text
                    case .array(let values):
                        let texts = values.compactMap { if case .string(let text) = $0 { text } else { nil } }
                        headers[name] = texts.joined(separator: ", ")
                        repeated[name] = texts
                    default:
                        throw DecodingError.dataCorruptedError(
                            forKey: .headers, in: container, debugDescription: "\(name) is a string or a list of them")
                    }
                }
                self.init(
                    method: try container.decode(String.self, forKey: .method),
                    url: try container.decode(String.self, forKey: .url), headers: headers,
                    repeatedFields: repeated.isEmpty ? nil : repeated,
                    body: try container.decodeIfPresent(String.self, forKey: .body),
                    jsonBody: try container.decodeIfPresent(JSONValue.self, forKey: .jsonBody),
                    bodyBytes: try container.decode(Int.self, forKey: .bodyBytes),
                    bodyTruncated: try container.decodeIfPresent(Bool.self, forKey: .bodyTruncated))
            }

            public func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(method, forKey: .method)
                try container.encode(url, forKey: .url)
                try container.encode(headersAsLogged, forKey: .headers)
                try container.encodeIfPresent(body, forKey: .body)
                try container.encodeIfPresent(jsonBody, forKey: .jsonBody)
                try container.encode(bodyBytes, forKey: .bodyBytes)
                try container.encodeIfPresent(bodyTruncated, forKey: .bodyTruncated)
            }
        }

        public struct Response: Sendable, Codable, Equatable {
            /// The status sent, or `nil` when a fault cut the connection first.
            public var status: Int?
            /// The connection fault the request got, if any (`reset`, `empty`, `truncate`, `dribble`).
            public var fault: String?
        }

        public var id: Int
        /// Whether a stub, a fixture route or the real backend (`--proxy`) served the request:
        /// `false` for a request nothing knew (`/__admin/requests/unmatched`).
        public var wasMatched: Bool
        /// Why it was answered as it was, when that needs saying: matching the stubs ran out of
        /// its budget.
        public var note: String?
        public var loggedDate: Date
        public var request: Request
        public var response: Response
        /// The stub that served the request, as WireMock's serve events show it: the stub's JSON
        /// (its id alone once it is gone), or for a request nothing knew WireMock's stand-in, any
        /// method answered `404`. Set when the journal is read, absent for a route's answer.
        public var stubMapping: JSONValue?

        /// For a request nothing knew, the stubs and routes closest to it, worked out as it came
        /// (`/__admin/requests/unmatched/near-misses`); not part of the entry's JSON.
        package var nearMisses: NearMisses? = nil
        /// The id of the stub that served the request, if one did; not part of the entry's JSON.
        package var stubID: String? = nil

        enum CodingKeys: String, CodingKey {
            case id, wasMatched, note, loggedDate, request, response, stubMapping
        }
    }

    /// The most entries kept; the oldest go first.
    public let capacity: Int
    /// The most bytes kept of what clients sent (bodies, headers and URLs), all entries together;
    /// the oldest go first.
    public let byteCapacity: Int
    /// The most bytes of one body kept; the rest is counted (``Entry/Request/bodyBytes``), not kept.
    public let bodyLimit: Int
    /// What every world's journal of a server holds together, when the journal is one of them.
    private let budget: JournalBudget?
    private var ledger: ByteLedger? { budget?.ledger }
    private let state = NIOLockedValueBox<(next: Int, entries: [Entry], bytes: Int)>((1, [], 0))

    /// A journal of at most `capacity` entries and `byteCapacity` bytes of bodies, each body cut
    /// at `bodyLimit` bytes: 1,000 entries, 4 MiB and 16 KiB by default, so a world's journal
    /// holds a few megabytes whatever its clients send.
    public convenience init(capacity: Int = 1000, byteCapacity: Int = 4 << 20, bodyLimit: Int = 16 << 10) {
        self.init(capacity: capacity, byteCapacity: byteCapacity, bodyLimit: bodyLimit, budget: nil)
    }

    /// A world's journal, its bytes also held in the server's `budget`: when that is spent, the
    /// world holding most lets its oldest entries go, and an entry that still does not fit keeps no
    /// body or headers.
    init(capacity: Int = 1000, byteCapacity: Int, bodyLimit: Int, budget: JournalBudget?) {
        self.capacity = capacity
        self.byteCapacity = byteCapacity
        self.bodyLimit = bodyLimit
        self.budget = budget
        budget?.register(self)
    }

    deinit {
        ledger?.release(state.withLockedValue { $0.bytes })
    }

    /// The bytes of bodies and headers the journal holds.
    var bytes: Int { state.withLockedValue { $0.bytes } }

    /// Every entry, newest first, a JSON body decoded again.
    public var entries: [Entry] {
        keptEntries.map(Self.decoded)
    }

    /// Every entry, newest first, as kept: its JSON body not decoded (what a search reads).
    var keptEntries: [Entry] {
        state.withLockedValue { $0.entries.reversed() }
    }

    /// `entry` with its JSON body decoded into ``Entry/Request/jsonBody``, when it was kept whole.
    static func decoded(_ entry: Entry) -> Entry {
        var entry = entry
        if entry.request.bodyTruncated != true, let body = entry.request.body {
            entry.request.jsonBody = JSONValue.parse(Data(body.utf8))
        }
        return entry
    }

    /// Records a request and what it got. A JSON body is read through `request`, so matching and
    /// the journal parse it once between them.
    func record(
        _ request: ParsedRequest, status: Int?, fault: String?, matched: Bool = true, note: String? = nil,
        nearMisses: NearMisses? = nil, stubID: String? = nil, at date: Date = Date()
    ) {
        let body = request.body
        // A JSON body without a secret is kept as sent (a search's regular expression reads its
        // spaces); one with a secret is written again without it.
        let redacted = request.bodyJSON.map(Self.redacted)
        let json = redacted == request.bodyJSON ? nil : redacted
        let text =
            body.isEmpty || json != nil
            ? nil
            : request.bodyJSON != nil
                ? String(decoding: body, as: UTF8.self) : Self.redactedText(String(decoding: body, as: UTF8.self))
        var headers: [String: String] = [:]
        var values: [String: [String]] = [:]
        for field in request.head.headerFields {
            let name = field.name.canonicalName
            let value = Self.secretFields.contains(name) ? "[redacted]" : field.value
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
            values[name, default: []].append(value)
        }
        let repeated = values.filter { $0.value.count > 1 }
        // A JSON body written again is written only as far as it is kept.
        let written = json.map { $0.text(upTo: bodyLimit) } ?? text.map { (text: $0, complete: true) }
        let kept = written.map { Self.prefix($0.text, bytes: bodyLimit) }
        let truncated = written.map { !$0.complete || kept != $0.text } ?? false
        var entry = Entry(
            id: 0, wasMatched: matched, note: note, loggedDate: date,
            request: .init(
                method: request.method, url: request.url, headers: headers,
                repeatedFields: repeated.isEmpty ? nil : repeated, body: kept, jsonBody: nil, bodyBytes: body.count,
                bodyTruncated: truncated ? true : nil),
            response: .init(status: status, fault: fault), nearMisses: nearMisses, stubID: stubID)
        var size = Self.size(of: entry)
        // Room in the world's own budget first, then in the server's, reserved outside the lock:
        // making room there may take this journal's oldest entries, or another world's.
        state.withLockedValue { state in
            while !state.entries.isEmpty, state.bytes + size > byteCapacity { forgetOldest(&state) }
        }
        if ledger?.reserve(size) == false {
            // Not even every world's oldest entries make room: the request is journaled without
            // what its client chose to send.
            entry.request.body = nil
            entry.request.headers = [:]
            entry.request.repeatedFields = nil
            entry.nearMisses = nil
            entry.request.bodyTruncated = entry.request.bodyBytes > 0 ? true : nil
            entry.request.url = Self.prefix(entry.request.url, bytes: 256)
            entry.note = [entry.note, "The server's journal budget is spent: the body and headers were not kept."]
                .compactMap { $0 }.joined(separator: " ")
            size = 0
        }
        state.withLockedValue { state in
            while state.entries.count >= capacity { forgetOldest(&state) }
            entry.id = state.next
            state.next += 1
            state.entries.append(entry)
            state.bytes += size
        }
    }

    /// Lets the oldest entry go, for the server's budget; `false` when there is none.
    func forgetOldestEntry() -> Bool {
        state.withLockedValue { state in
            guard !state.entries.isEmpty else { return false }
            forgetOldest(&state)
            return true
        }
    }

    /// Forgets the entries whose ids are `ids`, and returns them, newest first.
    func remove(_ ids: Set<Int>) -> [Entry] {
        let (removed, freed) = state.withLockedValue { state in
            let removed = state.entries.filter { ids.contains($0.id) }
            state.entries.removeAll { ids.contains($0.id) }
            let freed = removed.reduce(0) { $0 + Self.size(of: $1) }
            state.bytes -= freed
            return (removed, freed)
        }
        ledger?.release(freed)
        return removed.reversed()
    }

    /// Forgets every entry.
    public func clear() {
        let held = state.withLockedValue { state in
            defer {
                state.entries.removeAll()
                state.bytes = 0
            }
            return state.bytes
        }
        ledger?.release(held)
    }

    private func forgetOldest(_ state: inout (next: Int, entries: [Entry], bytes: Int)) {
        let size = Self.size(of: state.entries.removeFirst())
        state.bytes -= size
        ledger?.release(size)
    }

    /// What an entry holds that a client chose: its body, its headers and its URL.
    static func size(of entry: Entry) -> Int {
        let request = entry.request
        return (request.body?.utf8.count ?? 0) + request.url.utf8.count
            + request.headers.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count }
            + (entry.nearMisses?.size ?? 0)
    }

    /// The first `bytes` bytes of `text`, cut where a character starts.
    static func prefix(_ text: String, bytes: Int) -> String {
        guard text.utf8.count > bytes else { return text }
        var end = text.utf8.index(text.utf8.startIndex, offsetBy: bytes)
        while end > text.utf8.startIndex, UTF8.isContinuation(text.utf8[end]) { end = text.utf8.index(before: end) }
        return String(decoding: text.utf8[..<end], as: UTF8.self)
    }

    static let secretFields: Set<String> = ["authorization", "proxy-authorization", "cookie"]

    /// Whether a body field's name says it holds a secret: a password, a token or a secret.
    static func isSecret(_ name: some StringProtocol) -> Bool {
        let lowered = name.lowercased()
        return ["password", "token", "secret"].contains { lowered.contains($0) }
    }

    /// `value` with every field whose name says password, token or secret replaced.
    static func redacted(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let fields):
            var kept: [String: JSONValue] = [:]
            for (name, field) in fields {
                kept[name] = isSecret(name) ? .string("[redacted]") : redacted(field)
            }
            return .object(kept)
        case .array(let items):
            return .array(items.map(redacted))
        default:
            return value
        }
    }

    /// A body that is not JSON, as kept: a form-encoded one (`email=a&password=b`) with its secret
    /// fields replaced (a field's name read decoded, so `pass%77ord` is a password too); one that
    /// looks like JSON but could not be read (too deep, broken) not at all, since its secrets cannot
    /// be found; other text as it is.
    static func redactedText(_ text: String) -> String {
        if let first = text.first(where: { !$0.isWhitespace }), first == "{" || first == "[" {
            return "[a JSON body that could not be read, not kept: \(text.utf8.count) bytes]"
        }
        let pairs = text.split(separator: "&", omittingEmptySubsequences: false)
        guard pairs.allSatisfy({ $0.contains("=") && !$0.contains("\n") }) else { return text }
        return pairs.map { pair in
            let name = pair.prefix { $0 != "=" }
            let decoded = String(name).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(name)
            return isSecret(decoded) ? "\(name)=[redacted]" : String(pair)
        }.joined(separator: "&")
    }
}

/// The bytes every world's journal of a server holds together: when a new entry does not fit, the
/// journal holding most lets its oldest entry go, so one busy sandbox empties its own journal
/// rather than a quiet one's.
final class JournalBudget: Sendable {
    let ledger: ByteLedger
    private let journals = NIOLockedValueBox<[Weak]>([])

    private struct Weak: @unchecked Sendable {
        weak var journal: RequestJournal?
    }

    init(limit: Int) {
        ledger = ByteLedger(limit: limit)
        ledger.reclaim { [weak self] in self?.shrinkLargest() ?? false }
    }

    func register(_ journal: RequestJournal) {
        journals.withLockedValue { journals in
            journals.removeAll { $0.journal == nil }
            journals.append(Weak(journal: journal))
        }
    }

    /// Takes the oldest entry of the journal holding most; `false` when every journal is empty.
    private func shrinkLargest() -> Bool {
        let live = journals.withLockedValue { $0.compactMap(\.journal) }
        guard let largest = live.max(by: { $0.bytes < $1.bytes }), largest.bytes > 0 else { return false }
        return largest.forgetOldestEntry()
    }
}

extension ParsedRequest {
    /// A journaled request as the stub engine reads it, for the journal's searches: what was kept
    /// of it (secrets redacted, a long body's first part).
    convenience init(_ request: RequestJournal.Entry.Request, budget: MatchBudget) {
        var head = HTTPRequest(
            method: HTTPRequest.Method(request.method) ?? .get, scheme: "http", authority: "fixtures",
            path: request.url)
        for (name, value) in request.headers {
            guard let field = HTTPField.Name(name) else { continue }
            for value in request.repeatedFields?[name] ?? [value] {
                head.headerFields.append(HTTPField(name: field, value: value))
            }
        }
        self.init(head, body: Data((request.body ?? "").utf8), budget: budget)
    }
}
