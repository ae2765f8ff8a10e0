import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An admin body in the charset its `Content-Type` names, read as UTF-8: a client on a system
/// whose default is another (`application/json; charset=GB2312`) sends its stubs so, and WireMock
/// reads them.
enum Charset {
    /// `body` in UTF-8: as it is when `contentType` names no charset, UTF-8 or ASCII; converted
    /// from the one it names otherwise; `nil` when that charset is unknown here or the body is
    /// not in it.
    static func utf8(_ body: Data, contentType: String?) -> Data? {
        guard let charset = name(in: contentType),
            !["utf-8", "utf8", "us-ascii", "ascii"].contains(charset.lowercased())
        else { return body }
        return converted(body, from: charset)
    }

    /// The `charset` parameter of a `Content-Type`, unquoted.
    static func name(in contentType: String?) -> String? {
        guard let contentType else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            if parts.count == 2, parts[0].lowercased() == "charset" {
                return parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        return nil
    }

    /// `data` converted from `charset` to UTF-8 by the system's iconv.
    private static func converted(_ data: Data, from charset: String) -> Data? {
        guard let converter = iconv_open("UTF-8", charset), converter != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(converter) }
        var input = [CChar](repeating: 0, count: data.count)
        data.withUnsafeBytes { bytes in
            for (index, byte) in bytes.enumerated() { input[index] = CChar(bitPattern: byte) }
        }
        // UTF-8 takes at most four bytes for any character another charset's byte or bytes hold.
        var output = [CChar](repeating: 0, count: data.count * 4 + 4)
        let written = input.withUnsafeMutableBufferPointer { source -> Int? in
            output.withUnsafeMutableBufferPointer { target -> Int? in
                var inPointer = source.baseAddress
                var outPointer = target.baseAddress
                var inLeft = source.count
                var outLeft = target.count
                guard iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft) != -1, inLeft == 0 else {
                    return nil
                }
                return target.count - outLeft
            }
        }
        guard let written else { return nil }
        return Data(output.prefix(written).map { UInt8(bitPattern: $0) })
    }
}
