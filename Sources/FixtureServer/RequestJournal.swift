import Fixtures
import Foundation
import HTTPTypes
import NIOConcurrencyHelpers

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
            public var headers: [String: String]
            /// The body as text (UTF-8), absent when there was none: its first
            /// ``RequestJournal/bodyLimit`` bytes.
            public var body: String?
            /// The body again, decoded, when it is JSON (and was kept whole); decoded when the
            /// journal is read, not kept.
            public var jsonBody: JSONValue?
            /// The body's size in bytes.
            public var bodyBytes: Int
            /// Whether ``body`` is only the first part of it.
            public var bodyTruncated: Bool?
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
    }

    /// The most entries kept; the oldest go first.
    public let capacity: Int
    /// The most bytes of bodies kept, all entries together; the oldest go first.
    public let byteCapacity: Int
    /// The most bytes of one body kept; the rest is counted (``Entry/Request/bodyBytes``), not kept.
    public let bodyLimit: Int
    private let state = NIOLockedValueBox<(next: Int, entries: [Entry], bytes: Int)>((1, [], 0))

    /// A journal of at most `capacity` entries and `byteCapacity` bytes of bodies, each body cut
    /// at `bodyLimit` bytes: 1,000 entries, 4 MiB and 16 KiB by default, so a world's journal
    /// holds a few megabytes whatever its clients send.
    public init(capacity: Int = 1000, byteCapacity: Int = 4 << 20, bodyLimit: Int = 16 << 10) {
        self.capacity = capacity
        self.byteCapacity = byteCapacity
        self.bodyLimit = bodyLimit
    }

    /// Every entry, newest first, a JSON body decoded again.
    public var entries: [Entry] {
        state.withLockedValue { $0.entries.reversed() }.map { entry in
            var entry = entry
            if entry.request.bodyTruncated != true, let body = entry.request.body {
                entry.request.jsonBody = JSONValue.parse(Data(body.utf8))
            }
            return entry
        }
    }

    /// Records a request and what it got.
    func record(
        _ request: HTTPRequest, body: Data, status: Int?, fault: String?, matched: Bool = true, note: String? = nil,
        at date: Date = Date()
    ) {
        let json = body.isEmpty ? nil : JSONValue.parse(body).map(Self.redacted)
        let text = body.isEmpty || json != nil ? nil : Self.redactedText(String(decoding: body, as: UTF8.self))
        var headers: [String: String] = [:]
        for field in request.headerFields {
            let name = field.name.canonicalName
            let value = Self.secretFields.contains(name) ? "[redacted]" : field.value
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        let whole = json.map(Self.encode) ?? text
        let kept = whole.map { Self.prefix($0, bytes: bodyLimit) }
        let size = kept?.utf8.count ?? 0
        state.withLockedValue { state in
            let entry = Entry(
                id: state.next, wasMatched: matched, note: note, loggedDate: date,
                request: .init(
                    method: request.method.rawValue, url: request.path ?? "/", headers: headers, body: kept,
                    jsonBody: nil, bodyBytes: body.count, bodyTruncated: kept != whole ? true : nil),
                response: .init(status: status, fault: fault))
            state.next += 1
            state.entries.append(entry)
            state.bytes += size
            while state.entries.count > capacity || (state.bytes > byteCapacity && state.entries.count > 1) {
                state.bytes -= state.entries.removeFirst().request.body?.utf8.count ?? 0
            }
        }
    }

    /// Forgets every entry.
    public func clear() {
        state.withLockedValue { state in
            state.entries.removeAll()
            state.bytes = 0
        }
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

    private static func encode(_ value: JSONValue) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}
