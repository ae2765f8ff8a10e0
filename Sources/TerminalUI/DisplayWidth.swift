/// How many columns text takes on a terminal: East Asian wide and fullwidth characters and emoji
/// take two, combining marks, zero-width spaces and other format characters none, the rest one.
/// A `Character` is a grapheme cluster, so "é" written as e + U+0301 is one character of width 1.
extension Character {
    /// The columns this character takes: 0, 1 or 2.
    ///
    /// ```swift
    /// Character("a").terminalColumns   // 1
    /// Character("中").terminalColumns  // 2
    /// Character("\u{200B}").terminalColumns  // 0
    /// ```
    public var terminalColumns: Int {
        // Nearly every character drawn is ASCII, one column (CR-LF, two scalars, is measured below).
        if isASCII, self != "\r\n" { return 1 }
        let scalars = unicodeScalars
        guard let first = scalars.first else { return 0 }
        // An emoji (with its modifiers, joined family members or variation selector) or a flag
        // (two regional indicators) is drawn in two columns however many scalars make it.
        if scalars.contains("\u{FE0F}") || first.properties.isEmojiPresentation
            || (0x1F1E6...0x1F1FF).contains(first.value) && scalars.count > 1
        {
            return 2
        }
        // Otherwise each scalar counts: a combining mark adds nothing, a halfwidth voiced mark one.
        return min(2, scalars.reduce(0) { $0 + DisplayWidth.columns(of: $1) })
    }
}

extension String {
    /// The columns this text takes on a terminal, each character measured by
    /// ``Swift/Character/terminalColumns``.
    ///
    /// ```swift
    /// "東京 Tower".terminalColumns  // 10
    /// ```
    public var terminalColumns: Int {
        reduce(0) { $0 + $1.terminalColumns }
    }

    /// The text cut to at most `columns` columns, ending in `…` when anything was cut.
    ///
    /// ```swift
    /// "100 George Street".truncated(toColumns: 10)  // "100 Georg…"
    /// ```
    public func truncated(toColumns columns: Int) -> String {
        guard terminalColumns > columns else { return self }
        guard columns > 0 else { return "" }
        var result = ""
        var used = 0
        for character in self {
            let width = character.terminalColumns
            guard used + width <= columns - 1 else { break }
            result.append(character)
            used += width
        }
        return result + "…"
    }

    /// The text broken into lines of at most `columns` columns: at spaces where it can be, inside a
    /// word only when the word alone is longer than a line. Newlines in the text start new lines;
    /// spaces inside a line are kept as they are (`"Aircraft  B737"`).
    ///
    /// ```swift
    /// "The server did not answer".wrapped(toColumns: 12)  // ["The server", "did not", "answer"]
    /// ```
    public func wrapped(toColumns columns: Int) -> [String] {
        guard columns > 0 else { return [] }
        var lines: [String] = []
        for paragraph in split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            // Empty words are the extra spaces of a run; a line broken before them drops them.
            for (index, word) in paragraph.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
                var word = Substring(word)
                let wordWidth = String(word).terminalColumns
                let separator = index == 0 || (lineWidth == 0 && !lines.isEmpty && line.isEmpty) ? 0 : 1
                if lineWidth + separator + wordWidth <= columns {
                    line += String(repeating: " ", count: separator) + word
                    lineWidth += separator + wordWidth
                    continue
                }
                if word.isEmpty { continue }
                if !line.isEmpty { lines.append(line) }
                // A word longer than a line is broken where the line ends.
                while String(word).terminalColumns > columns {
                    var piece = ""
                    var pieceWidth = 0
                    while let next = word.first, pieceWidth + next.terminalColumns <= columns {
                        piece.append(next)
                        pieceWidth += next.terminalColumns
                        word = word.dropFirst()
                    }
                    if piece.isEmpty { word = word.dropFirst() }  // a wide character in one column
                    lines.append(piece)
                }
                line = String(word)
                lineWidth = line.terminalColumns
            }
            lines.append(line)
        }
        return lines
    }
}

enum DisplayWidth {
    static func columns(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        // Hangul vowels and final consonants join the syllable before them.
        if (0x1160...0x11FF).contains(value) { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        return wide.contains { $0.contains(value) } ? 2 : 1
    }

    /// East Asian Wide and Fullwidth blocks (Unicode's EastAsianWidth.txt, W and F), grouped.
    private static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
        0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18AFF, 0x1B000...0x1B2FF,
        0x1F200...0x1F2FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}
