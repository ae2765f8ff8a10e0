import Foundation

/// Any JSON value: a stub mapping as given (compared by value for `equalToJson`, written back for
/// `jsonBody` and the admin listing) and a request body as the journal keeps it.
public indirect enum JSONValue: Sendable, Hashable, Codable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value):
            // Whole numbers as integers, as they were written: `200`, not `200.0`.
            if value.rounded() == value, abs(value) < 1e15 {
                try container.encode(Int64(value))
            } else {
                try container.encode(value)
            }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// `data` read as JSON (a value of any kind at the top); `nil` when it is not.
    package static func parse(_ data: Data) -> JSONValue? {
        (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])).flatMap(
            JSONValue.init(foundation:))
    }

    /// A value as `JSONSerialization` reads it. Booleans are the numbers whose type is `c` (`char`),
    /// on Linux and Apple platforms alike; JSON has no other numbers of that type.
    private init?(foundation value: Any) {
        // Containers and strings first: testing a Swift dictionary against a class (`is NSNull`,
        // `as NSNumber`) bridges it to an `NSDictionary` just to say no.
        switch value {
        case let object as [String: Any]:
            var members: [String: JSONValue] = [:]
            members.reserveCapacity(object.count)
            for (key, member) in object {
                guard let converted = JSONValue(foundation: member) else { return nil }
                members[key] = converted
            }
            self = .object(members)
        case let array as [Any]:
            var elements: [JSONValue] = []
            elements.reserveCapacity(array.count)
            for element in array {
                guard let converted = JSONValue(foundation: element) else { return nil }
                elements.append(converted)
            }
            self = .array(elements)
        case let string as String: self = .string(string)
        case let number as NSNumber:
            self = String(cString: number.objCType) == "c" ? .bool(number.boolValue) : .number(number.doubleValue)
        case is NSNull: self = .null
        default: return nil
        }
    }

    /// The value as compact JSON with sorted keys.
    package var data: Data {
        var bytes: [UInt8] = []
        write(into: &bytes, limit: .max)
        return Data(bytes)
    }

    /// The value as ``data`` writes it, but only about its first `limit` bytes: writing stops
    /// once the text is longer (`complete` is then `false`), so keeping 16 KiB of a 1 MiB body
    /// costs 16 KiB of writing.
    package func text(upTo limit: Int) -> (text: String, complete: Bool) {
        var bytes: [UInt8] = []
        let complete = write(into: &bytes, limit: limit)
        return (String(decoding: bytes, as: UTF8.self), complete)
    }

    /// Appends the value's JSON text to `bytes` until they pass `limit`; `false` when it stopped
    /// there.
    @discardableResult
    private func write(into bytes: inout [UInt8], limit: Int) -> Bool {
        switch self {
        case .null: bytes += "null".utf8
        case .bool(let value): bytes += (value ? "true" : "false").utf8
        case .number(let value):
            // Whole numbers as integers, as they were written: `200`, not `200.0`.
            if value.rounded() == value, abs(value) < 1e15 {
                bytes += String(Int64(value)).utf8
            } else {
                bytes += value.description.utf8
            }
        case .string(let value): Self.write(value, into: &bytes)
        case .array(let items):
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                guard item.write(into: &bytes, limit: limit), bytes.count <= limit else { return false }
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (index, name) in members.keys.sorted().enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                Self.write(name, into: &bytes)
                bytes.append(UInt8(ascii: ":"))
                guard members[name]?.write(into: &bytes, limit: limit) != false, bytes.count <= limit else {
                    return false
                }
            }
            bytes.append(UInt8(ascii: "}"))
        }
        return bytes.count <= limit
    }

    /// `text` as a JSON string: quoted, with `"`, `\` and control characters escaped (not `/`).
    private static func write(_ text: String, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += #"\""#.utf8
            case UInt8(ascii: "\\"): bytes += #"\\"#.utf8
            case UInt8(ascii: "\n"): bytes += #"\n"#.utf8
            case UInt8(ascii: "\r"): bytes += #"\r"#.utf8
            case UInt8(ascii: "\t"): bytes += #"\t"#.utf8
            case 0x08: bytes += #"\b"#.utf8
            case 0x0C: bytes += #"\f"#.utf8
            case ..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes += #"\u00"#.utf8
                bytes += [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Whether `other` is this value, WireMock's `equalToJson` way: arrays in any order with
    /// `ignoreArrayOrder`, and members `other` has beyond this value's with `ignoreExtraElements`.
    /// The one costly case (objects in an array, both options) draws on `budget`: once it is spent
    /// the values count as different. JsonUnit's placeholders stand for a kind of value:
    /// `${json-unit.ignore}` (any), `${json-unit.any-string}`, `-number`, `-boolean`, and
    /// `${json-unit.regex}[A-Z]+` (a string the expression matches whole).
    package func matches(
        _ other: JSONValue, ignoreArrayOrder: Bool, ignoreExtraElements: Bool, budget: MatchBudget? = nil
    ) -> Bool {
        if let placeholder { return placeholder(other, budget) }
        switch (self, other) {
        case (.object(let expected), .object(let actual)):
            guard ignoreExtraElements || expected.count == actual.count else { return false }
            return expected.allSatisfy { key, value in
                actual[key].map {
                    value.matches(
                        $0, ignoreArrayOrder: ignoreArrayOrder, ignoreExtraElements: ignoreExtraElements, budget: budget
                    )
                } ?? false
            }
        case (.array(let expected), .array(let actual)):
            guard expected.count == actual.count else { return false }
            let same = { (lhs: JSONValue, rhs: JSONValue) in
                lhs.matches(
                    rhs, ignoreArrayOrder: ignoreArrayOrder, ignoreExtraElements: ignoreExtraElements, budget: budget)
            }
            guard ignoreArrayOrder else { return zip(expected, actual).allSatisfy(same) }
            // Without extra elements or placeholders a match is equality up to array order: both
            // sides sorted by their canonical text and compared in step, in O(n log n). Else the
            // scalars are counted, and each object, array or placeholder left (those last) takes a
            // different actual one (quadratic only in those).
            let pairsAll = expected.contains(where: \.holdsPlaceholder)
            guard ignoreExtraElements || pairsAll else {
                return expected.map(\.orderFreeText).sorted() == actual.map(\.orderFreeText).sorted()
            }
            var scalars: [JSONValue: Int] = [:]
            var compound: [JSONValue] = []
            for element in actual {
                if element.isCompound || pairsAll {
                    compound.append(element)
                } else {
                    scalars[element, default: 0] += 1
                }
            }
            for element in expected.sorted(by: { !$0.holdsPlaceholder && $1.holdsPlaceholder }) {
                if !element.isCompound, !pairsAll {
                    guard let count = scalars[element], count > 0 else { return false }
                    scalars[element] = count - 1
                } else {
                    guard budget?.isSpentNow != true,
                        let index = compound.firstIndex(where: { same(element, $0) })
                    else { return false }
                    compound.remove(at: index)
                }
            }
            return true
        default:
            return self == other
        }
    }

    /// What a JsonUnit placeholder (`${json-unit.any-string}`) accepts; `nil` for any other value.
    private var placeholder: ((JSONValue, MatchBudget?) -> Bool)? {
        guard case .string(let text) = self, text.hasPrefix("${json-unit.") else { return nil }
        switch text {
        case "${json-unit.ignore}": return { _, _ in true }
        case "${json-unit.any-string}": return { value, _ in if case .string = value { true } else { false } }
        case "${json-unit.any-number}": return { value, _ in if case .number = value { true } else { false } }
        case "${json-unit.any-boolean}": return { value, _ in if case .bool = value { true } else { false } }
        default:
            let prefix = "${json-unit.regex}"
            guard text.hasPrefix(prefix), let regex = try? StubRegex(String(text.dropFirst(prefix.count)), path: "")
            else { return nil }
            return { value, budget in
                guard case .string(let actual) = value else { return false }
                return regex.matches(actual, budget: budget) == true
            }
        }
    }

    /// Whether a placeholder is in it, at any depth.
    private var holdsPlaceholder: Bool {
        switch self {
        case .string: placeholder != nil
        case .array(let items): items.contains(where: \.holdsPlaceholder)
        case .object(let members): members.values.contains(where: \.holdsPlaceholder)
        default: false
        }
    }

    /// Whether it is an object or an array.
    var isCompound: Bool {
        switch self {
        case .object, .array: true
        default: false
        }
    }

    /// The value as JSON text with every array's elements in one order (their own texts sorted)
    /// and members by name: two values are equal up to array order when these are equal.
    var orderFreeText: String {
        switch self {
        case .object(let members):
            "{"
                + members.keys.sorted().map { name in
                    String(decoding: JSONValue.string(name).data, as: UTF8.self) + ":"
                        + (members[name]?.orderFreeText ?? "")
                }.joined(separator: ",") + "}"
        case .array(let items): "[" + items.map(\.orderFreeText).sorted().joined(separator: ",") + "]"
        default: String(decoding: data, as: UTF8.self)
        }
    }

    /// The value without the members `keys` of the object at `path` (`request.headers.X`, as a
    /// mapping's errors name places); itself when there is no such object. Of two keys that could
    /// begin the path (`a` and `a.b`), the longer is taken.
    package func removing(_ keys: [String], at path: Substring) -> JSONValue {
        switch self {
        case .object(var members):
            guard !path.isEmpty else {
                for key in keys { members[key] = nil }
                return .object(members)
            }
            let next = members.keys.sorted { $0.count > $1.count }.first { key in
                path == key || path.hasPrefix(key + ".") || path.hasPrefix(key + "[")
            }
            guard let next, let member = members[next] else { return self }
            let rest = path.dropFirst(next.count)
            members[next] = member.removing(keys, at: rest.first == "." ? rest.dropFirst() : rest)
            return .object(members)
        case .array(var items):
            guard path.first == "[", let close = path.firstIndex(of: "]"),
                let index = Int(path[path.index(after: path.startIndex)..<close]), items.indices.contains(index)
            else { return self }
            let rest = path[path.index(after: close)...]
            items[index] = items[index].removing(keys, at: rest.first == "." ? rest.dropFirst() : rest)
            return .array(items)
        default: return self
        }
    }

    /// An object's JSON text with the member `key`, whose value is the JSON text `raw`, written
    /// first, then its own members as ``data`` writes them.
    package func text(withFirst key: String, _ raw: Data) -> Data {
        var text = Data("{".utf8) + JSONValue.string(key).data + Data(":".utf8) + raw
        let members = data.dropFirst()
        if members.first != UInt8(ascii: "}") { text.append(UInt8(ascii: ",")) }
        return text + members
    }

    /// The value's text as a matcher compares it: a string as itself, anything else as JSON.
    package var text: String {
        if case .string(let value) = self { return value }
        return String(decoding: data, as: UTF8.self)
    }
}

extension JSONValue {
    /// The text of a mapping file as WireMock's Jackson reads it: `//` and `/* */` comments
    /// outside strings are left out, and reading stops after the first value, so content after
    /// it (a stray `}`) is not read. `leftOut` says what was, in words for a warning, or is `nil`.
    package static func jacksonText(_ data: Data) -> (text: [UInt8], leftOut: String?) {
        var kept: [UInt8] = []
        kept.reserveCapacity(data.count)
        var (inString, escaped, depth, started, comments) = (false, false, 0, false, false)
        var index = data.startIndex
        var endOfValue: Int?
        while index < data.endIndex, endOfValue == nil {
            let byte = data[index]
            let next = data.index(after: index) < data.endIndex ? data[data.index(after: index)] : nil
            if inString {
                kept.append(byte)
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                index = data.index(after: index)
                continue
            }
            if byte == UInt8(ascii: "/"), next == UInt8(ascii: "/") {
                comments = true
                while index < data.endIndex, data[index] != UInt8(ascii: "\n") { index = data.index(after: index) }
                continue
            }
            if byte == UInt8(ascii: "/"), next == UInt8(ascii: "*") {
                comments = true
                index = data.index(index, offsetBy: 2)
                while index < data.endIndex,
                    !(data[index] == UInt8(ascii: "*") && data.index(after: index) < data.endIndex
                        && data[data.index(after: index)] == UInt8(ascii: "/"))
                {
                    index = data.index(after: index)
                }
                index = min(data.endIndex, data.index(index, offsetBy: 2, limitedBy: data.endIndex) ?? data.endIndex)
                continue
            }
            kept.append(byte)
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                started = true
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if started, depth == 0 { endOfValue = kept.count }
            default: break
            }
            index = data.index(after: index)
        }
        let rest = data[index...].filter { !Character(UnicodeScalar($0)).isWhitespace }
        let leftOut = [comments ? "comments" : nil, rest.isEmpty ? nil : "\(rest.count) bytes after the first value"]
            .compactMap { $0 }.joined(separator: " and ")
        return (kept, leftOut.isEmpty ? nil : leftOut)
    }

    /// Where each element of the array `"mappings"` of the object `text` is, found without
    /// reading anything into a tree, so that a file of thousands of stubs is read one stub at a
    /// time; `nil` when `text` is not an object with such a member (a file of one stub). An
    /// element's own syntax is not checked: it is when it is parsed.
    package static func mappingsElements(in text: [UInt8]) -> [Range<Int>]? {
        var scanner = Scanner(text: text)
        guard scanner.take(UInt8(ascii: "{")) else { return nil }
        while let key = scanner.string() {
            guard scanner.take(UInt8(ascii: ":")) else { return nil }
            if key == "mappings" {
                guard scanner.take(UInt8(ascii: "[")) else { return nil }
                var elements: [Range<Int>] = []
                if scanner.take(UInt8(ascii: "]")) { return elements }
                repeat {
                    scanner.skipWhitespace()
                    let start = scanner.index
                    guard scanner.skipValue() else { return nil }
                    elements.append(start..<scanner.index)
                } while scanner.take(UInt8(ascii: ","))
                return scanner.take(UInt8(ascii: "]")) ? elements : nil
            }
            guard scanner.skipValue(), scanner.take(UInt8(ascii: ",")) else { return nil }
        }
        return nil
    }

    /// JSON `text` in UTF-8 without a byte order mark, as `JSONSerialization` reads it: in UTF-8,
    /// UTF-16 or UTF-32, told by its mark or by where its first bytes are zero (RFC 4627).
    package static func utf8(_ text: [UInt8]) -> [UInt8] {
        let head = Array(text.prefix(4)) + [UInt8](repeating: 1, count: max(0, 4 - text.count))
        let encoding: String.Encoding
        switch (head[0], head[1], head[2], head[3]) {
        case (0xEF, 0xBB, 0xBF, _): return Array(text.dropFirst(3))
        case (0x00, 0x00, 0xFE, 0xFF), (0x00, 0x00, 0x00, _): encoding = .utf32BigEndian
        case (0xFF, 0xFE, 0x00, 0x00), (_, 0x00, 0x00, 0x00): encoding = .utf32LittleEndian
        case (0xFE, 0xFF, _, _), (0x00, _, _, _): encoding = .utf16BigEndian
        case (0xFF, 0xFE, _, _), (_, 0x00, _, _): encoding = .utf16LittleEndian
        default: return text
        }
        guard let decoded = String(data: Data(text), encoding: encoding) else { return text }
        return Array((decoded.hasPrefix("\u{FEFF}") ? decoded.dropFirst() : Substring(decoded)).utf8)
    }

    /// `text`, JSON, as WireMock writes a `jsonBody`: without the white space between its tokens,
    /// its members in the order written, each number in its plain shortest form (`1.0` is `1`,
    /// `1e3` is `1000`), and a string that has escapes written with as few as JSON needs (`\/` is
    /// `/`, `\u00e9` is `é`).
    package static func compact(_ text: ArraySlice<UInt8>) -> Data {
        var compact: [UInt8] = []
        compact.reserveCapacity(text.count)
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            if byte == UInt8(ascii: "\"") {
                var end = index + 1
                var escapes = false
                while end < text.endIndex, text[end] != UInt8(ascii: "\"") {
                    if text[end] == UInt8(ascii: "\\") {
                        escapes = true
                        end += 1
                    }
                    end += 1
                }
                end = min(end + 1, text.endIndex)
                let token = text[index..<end]
                if escapes, let decoded = parse(Data(token)), case .string(let string) = decoded {
                    write(string, into: &compact)
                } else {
                    compact += token
                }
                index = end
            } else if byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                var end = index
                while end < text.endIndex, "0123456789+-.eE".utf8.contains(text[end]) { end += 1 }
                compact += plainNumber(text[index..<end])
                index = end
            } else {
                if !isWhitespace(byte) { compact.append(byte) }
                index += 1
            }
        }
        return Data(compact)
    }

    /// A JSON number's text in its plain shortest form, as Java's `BigDecimal` writes it once its
    /// trailing zeros are stripped: `12.50` is `12.5`, `2.5e1` is `25`, `-0.0` is `0`. Its digits
    /// are kept, however many; one whose exponent would write more than a thousand zeros is kept
    /// as written.
    static func plainNumber(_ token: ArraySlice<UInt8>) -> [UInt8] {
        var text = Substring(String(decoding: token, as: UTF8.self))
        let negative = text.first == "-"
        if negative { text = text.dropFirst() }
        let parts = text.split(separator: "e", maxSplits: 1, omittingEmptySubsequences: false).flatMap {
            $0.split(separator: "E", maxSplits: 1, omittingEmptySubsequences: false)
        }
        guard parts.count <= 2, let exponent = parts.count == 2 ? Int(parts[1]) : 0, abs(exponent) <= 1000 else {
            return Array(token)
        }
        let mantissa = parts[0].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let fraction = mantissa.count == 2 ? mantissa[1] : ""
        var digits = Array((mantissa[0] + fraction).drop { $0 == "0" })
        var scale = fraction.count - exponent
        while scale > 0, digits.last == "0" {
            digits.removeLast()
            scale -= 1
        }
        guard !digits.isEmpty else { return Array("0".utf8) }
        var plain: String
        if scale <= 0 {
            plain = String(digits) + String(repeating: "0", count: -scale)
        } else if digits.count > scale {
            plain = String(digits.prefix(digits.count - scale)) + "." + String(digits.suffix(scale))
        } else {
            plain = "0." + String(repeating: "0", count: scale - digits.count) + String(digits)
        }
        if negative { plain = "-" + plain }
        return Array(plain.utf8)
    }

    /// Whether `byte` is white space between JSON's tokens.
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// One value of a walk through JSON text (``walk(_:at:_:)``).
    package struct Step {
        /// Where the value is in the text.
        package let range: Range<Int>
        /// The member name it is the value of; `nil` for an element of an array, or the top.
        package let key: String?
        /// An object's keys, in the order written; none for other values.
        package let keys: [String]
        /// The path that names it, as a mapping's errors do (`request.bodyPatterns[0]`); to be
        /// asked while the step is visited, not after.
        package let path: () -> String
    }

    /// Steps through the JSON `text` (its top named `path`) a value at a time, and calls `visit`
    /// once each is read. A path is written only when asked for: walking a 40 MB folder names
    /// millions of values. `text` is JSON that `JSONSerialization` has read (so at most 512
    /// deep); elsewhere the walk may stop short.
    package static func walk(_ text: [UInt8], at path: String, _ visit: (Step) -> Void) {
        var scanner = Scanner(text: text)
        var named = Array(path.utf8)
        func value(key: String?, depth: Int) -> Bool {
            guard depth <= 512 else { return false }
            scanner.skipWhitespace()
            let start = scanner.index
            var keys: [String] = []
            if scanner.take(UInt8(ascii: "{")) {
                if !scanner.take(UInt8(ascii: "}")) {
                    repeat {
                        guard let key = scanner.string(), scanner.take(UInt8(ascii: ":")) else { return false }
                        keys.append(key)
                        let mark = named.count
                        if !named.isEmpty { named.append(UInt8(ascii: ".")) }
                        named += key.utf8
                        defer { named.removeSubrange(mark...) }
                        guard value(key: key, depth: depth + 1) else { return false }
                    } while scanner.take(UInt8(ascii: ","))
                    guard scanner.take(UInt8(ascii: "}")) else { return false }
                }
            } else if scanner.take(UInt8(ascii: "[")) {
                if !scanner.take(UInt8(ascii: "]")) {
                    var index = 0
                    repeat {
                        let mark = named.count
                        named += "[\(index)]".utf8
                        defer { named.removeSubrange(mark...) }
                        guard value(key: nil, depth: depth + 1) else { return false }
                        index += 1
                    } while scanner.take(UInt8(ascii: ","))
                    guard scanner.take(UInt8(ascii: "]")) else { return false }
                }
            } else {
                guard scanner.skipValue() else { return false }
            }
            visit(Step(range: start..<scanner.index, key: key, keys: keys) { String(decoding: named, as: UTF8.self) })
            return true
        }
        _ = value(key: nil, depth: 0)
    }

    /// Steps over JSON text a value at a time, by its brackets and strings alone.
    private struct Scanner {
        let text: [UInt8]
        var index = 0

        mutating func skipWhitespace() {
            while index < text.count, JSONValue.isWhitespace(text[index]) { index += 1 }
        }

        /// Takes `byte` after any whitespace, if it is next.
        mutating func take(_ byte: UInt8) -> Bool {
            skipWhitespace()
            guard index < text.count, text[index] == byte else { return false }
            index += 1
            return true
        }

        /// A string next (after any whitespace), read; `nil` when there is none.
        mutating func string() -> String? {
            skipWhitespace()
            let start = index
            guard index < text.count, text[index] == UInt8(ascii: "\""), skipString() else { return nil }
            let quoted = text[start..<index]
            // Most keys have no escapes: those are their bytes.
            if !quoted.contains(UInt8(ascii: "\\")) {
                return String(decoding: quoted.dropFirst().dropLast(), as: UTF8.self)
            }
            return (try? JSONSerialization.jsonObject(with: Data(quoted), options: .fragmentsAllowed)) as? String
        }

        /// Steps over the string that starts here.
        private mutating func skipString() -> Bool {
            index += 1
            while index < text.count {
                switch text[index] {
                case UInt8(ascii: "\\"): index += 2
                case UInt8(ascii: "\""):
                    index += 1
                    return true
                default: index += 1
                }
            }
            return false
        }

        /// Steps over the value that starts here: a string, a container to its matching bracket,
        /// or a number or word to the next delimiter.
        mutating func skipValue() -> Bool {
            skipWhitespace()
            guard index < text.count else { return false }
            switch text[index] {
            case UInt8(ascii: "\""): return skipString()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                while index < text.count {
                    switch text[index] {
                    case UInt8(ascii: "\""):
                        guard skipString() else { return false }
                        continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
                    default: break
                    }
                    index += 1
                    if depth == 0 { return true }
                }
                return false
            default:
                let start = index
                while index < text.count, !",]} \t\r\n".utf8.contains(text[index]) { index += 1 }
                return index > start
            }
        }
    }
}
