import Foundation

/// A user-facing string of a library module, filled with `arguments`: `%@` takes the next one,
/// `%1$@` a numbered one (translations may reorder), `%%` is a `%`. Looked up by `key` first in
/// the app's own bundle, in the table named after the module (`de.lproj/Lotto.strings`), so an
/// app translates or rewords any library string without touching the package; then in the
/// module's `Localizable.strings` (English is the base, `en.lproj`).
///
/// ```swift
/// localized("NetworkError.timedOut", bundle: .module, table: "Networking", arguments: [String(seconds)])
/// ```
package func localized(
    _ key: String, bundle: Bundle, table: String, arguments: [String] = [], appBundle: Bundle = .main
) -> String {
    let format = LocalizedFormats.format(key, in: bundle, table: table, appBundle: appBundle)
    var result = ""
    var next = 0
    var rest = format[...]
    while let percent = rest.firstIndex(of: "%") {
        result += rest[..<percent]
        let specifier = rest[rest.index(after: percent)...]
        if specifier.hasPrefix("%") {
            result += "%"
            rest = specifier.dropFirst()
        } else if specifier.hasPrefix("@") {
            result += next < arguments.count ? arguments[next] : ""
            next += 1
            rest = specifier.dropFirst()
        } else if let dollar = specifier.firstIndex(of: "$"), let number = Int(specifier[..<dollar]),
            specifier[specifier.index(after: dollar)...].hasPrefix("@")
        {
            result += arguments.indices.contains(number - 1) ? arguments[number - 1] : ""
            rest = specifier[specifier.index(dollar, offsetBy: 2)...]
        } else {
            result += "%"
            rest = specifier
        }
    }
    return result + rest
}

/// Each string looked up once, under a lock, and kept as a native copy. Concurrent lookups in one
/// bundle crashed Foundation's `Bundle` on Linux (a string of its table freed while another
/// thread reads it, seen in the test suite), and a copy owes nothing to the table it came from.
private enum LocalizedFormats {
    private static let formats = Locked<[String: String]>([:])

    /// What the app's bundle says for `key` in `table`, else what the module's bundle says.
    static func format(_ key: String, in bundle: Bundle, table: String, appBundle: Bundle) -> String {
        formats.withLock { formats in
            let id = [appBundle.bundlePath, bundle.bundlePath, table, key].joined(separator: "\u{0}")
            if let format = formats[id] { return format }
            let missing = "\u{0}"
            let own = appBundle.localizedString(forKey: key, value: missing, table: table)
            var format = own != missing ? own : bundle.localizedString(forKey: key, value: nil, table: nil)
            format.makeContiguousUTF8()
            formats[id] = format
            return format
        }
    }
}
