import Foundation
import Testing

/// Every word a user reads in the five domain libraries comes from their `Localizable.strings`:
/// a string literal in their code that reads as prose (two words, or one capitalised word) is a
/// failure naming its file, line and text, unless it is listed below as not for users.
@Suite("User-facing literals")
struct UserFacingLiteralTests {
    static let domains = ["Koober", "Lotto", "PilotRegistration", "Listings", "AuthMVP"]

    /// Literals that read as prose but no user reads, each with why. Preview folders are sample
    /// data, not the library's words, and are not read at all.
    static let notForUsers: [String: String] = [
        "Bearer %@": "an HTTP Authorization header",
        "Authentication(message: %@, token: <redacted>)": "a value's description, for logs and the debugger",
        "welcome text on brand": "a contrast pair's name, for the theme's own checks",
        "button title on brand": "a contrast pair's name, for the theme's own checks",
        "body text on background": "a contrast pair's name, for the theme's own checks",
        "Koober": "the name of the module's table in an app's own bundle",
        "Lotto": "the name of the module's table in an app's own bundle",
        "Listings": "the name of the module's table in an app's own bundle",
    ]

    static var sources: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
    }

    @Test func noUserFacingLiteralRemainsInLibraryCode() throws {
        var found: [String] = []
        for domain in Self.domains {
            let folder = Self.sources.appendingPathComponent(domain)
            let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" && !$0.path.contains("/Preview/") }
            for file in files ?? [] {
                let source = try String(contentsOf: file, encoding: .utf8)
                for literal in SwiftLiterals.scan(source) where Self.readsAsProse(literal.text) {
                    guard Self.notForUsers[literal.text] == nil, !literal.isDebugDescription else { continue }
                    found.append("\(domain)/\(file.lastPathComponent):\(literal.line): \"\(literal.text)\"")
                }
            }
        }
        #expect(found.isEmpty, "put these in the module's Localizable.strings:\n\(found.joined(separator: "\n"))")
    }

    @Test func theScannerFindsProseAndSkipsCommentsKeysAndPaths() {
        let source = #"""
            /// "Doc comments" are skipped.
            let a = "Welcome, \(name)!"  // "comments" too
            let b = text("Field.name"), c = "/lotto/draws", d = "Jackpot", e = #"raw "Two words""#
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a day")
            let f = """
                Many
                lines here
                """
            """#
        let literals = SwiftLiterals.scan(source)
        #expect(
            literals.filter { Self.readsAsProse($0.text) }.map(\.text) == [
                "Welcome, %@!", "Jackpot", #"raw "Two words""#, "not a day", "Many\nlines here",
            ])
        #expect(literals.first { $0.text == "not a day" }?.isDebugDescription == true)
        #expect(literals.first { $0.text == "Jackpot" }?.line == 3)
    }

    /// Two words with a space between, or one capitalised word on its own.
    static func readsAsProse(_ text: String) -> Bool {
        text.range(of: #"[A-Za-z]{2,}[,.!?:;"]? +[%A-Za-z0-9("]"#, options: .regularExpression) != nil
            || text.range(of: #"^[A-Z][a-z]+$"#, options: .regularExpression) != nil
            || text.range(of: #"[A-Za-z]{2,}\n"#, options: .regularExpression) != nil
    }
}

/// The string literals of Swift source, with comments skipped and each interpolation written `%@`.
enum SwiftLiterals {
    struct Literal {
        var text: String
        var line: Int
        /// Whether it is a `debugDescription:` argument: a decoding error's words for developers.
        var isDebugDescription: Bool
    }

    static func scan(_ source: String) -> [Literal] {
        let characters = Array(source)
        var literals: [Literal] = []
        var index = 0
        var line = 1
        func peek(_ offset: Int = 0) -> Character? {
            index + offset < characters.count ? characters[index + offset] : nil
        }
        while index < characters.count {
            let character = characters[index]
            if character == "\n" { line += 1 }
            if character == "/", peek(1) == "/" {
                while let next = peek(), next != "\n" { index += 1 }
                continue
            }
            if character == "/", peek(1) == "*" {
                while index < characters.count, !(peek() == "*" && peek(1) == "/") {
                    if peek() == "\n" { line += 1 }
                    index += 1
                }
                index += 2
                continue
            }
            var hashes = 0
            while peek(hashes) == "#" { hashes += 1 }
            guard peek(hashes) == "\"" else {
                index += max(hashes, 1)
                continue
            }
            let before = String(characters[max(0, index - 20)..<index])
            index += hashes
            let multiline = peek(1) == "\"" && peek(2) == "\""
            index += multiline ? 3 : 1
            let start = line
            var text = ""
            let closing = String(repeating: "\"", count: multiline ? 3 : 1) + String(repeating: "#", count: hashes)
            while index < characters.count {
                if String(characters[index..<min(characters.count, index + closing.count)]) == closing {
                    index += closing.count
                    break
                }
                let next = characters[index]
                if next == "\\",
                    String(characters[(index + 1)..<min(characters.count, index + 1 + hashes)])
                        == String(repeating: "#", count: hashes)
                {
                    let escaped = index + 1 + hashes
                    if escaped < characters.count, characters[escaped] == "(" {
                        var depth = 0
                        index = escaped
                        repeat {
                            if characters[index] == "(" { depth += 1 }
                            if characters[index] == ")" { depth -= 1 }
                            index += 1
                        } while depth > 0 && index < characters.count
                        text += "%@"
                        continue
                    }
                    if escaped < characters.count {
                        text.append(characters[escaped])
                        index = escaped + 1
                        continue
                    }
                }
                if next == "\n" { line += 1 }
                text.append(next)
                index += 1
            }
            if multiline {
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().dropLast()
                text = lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n")
            }
            literals.append(
                Literal(text: text, line: start, isDebugDescription: before.hasSuffix("debugDescription: ")))
        }
        return literals
    }
}
