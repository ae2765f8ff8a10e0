/// Text from a backend or a user, made safe for a terminal: control characters, DEL, C1 controls
/// and bidirectional overrides are shown as `\u{1B}`-style escapes instead of being obeyed, so a
/// name cannot set the window title, clear the screen or reorder a line. JSON output is exact and
/// never passes through here.
extension String {
    /// The string as a terminal should show it, on one line: newlines are escaped too.
    var terminalSafe: String { TerminalText.escaped(self, keepingNewlines: false) }

    /// The string as a terminal should show it, keeping its line breaks (paragraphs of text).
    var terminalSafeLines: String { TerminalText.escaped(self, keepingNewlines: true) }
}

enum TerminalText {
    static func escaped(_ text: String, keepingNewlines: Bool) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) && !(keepingNewlines && scalar == "\n") {
                result += shown(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A whole rendered screen: every unsafe character escaped except line breaks, tabs and the
    /// colour sequences (`ESC [ digits m`) the renderer painted. The renderers escape data as they
    /// lay it out; this is the guard for anything they missed.
    static func guarded(_ screen: String) -> String {
        let scalars = Array(screen.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\u{1B}", let end = colourSequenceEnd(in: scalars, from: index) {
                result.append(contentsOf: scalars[index...end])
                index = end + 1
                continue
            }
            if isUnsafe(scalar) && scalar != "\n" && scalar != "\t" {
                result.append(contentsOf: shown(scalar).unicodeScalars)
            } else {
                result.append(scalar)
            }
            index += 1
        }
        return String(result)
    }

    /// How an unsafe character is written: `\u{1B}`.
    private static func shown(_ scalar: Unicode.Scalar) -> String {
        "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    }

    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true  // C0, DEL, C1
        case 0x202A...0x202E, 0x2066...0x2069: true  // bidirectional embeddings, overrides, isolates
        default: false
        }
    }

    /// The index of the `m` closing an SGR sequence that starts at `start`, if it is one.
    private static func colourSequenceEnd(in scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard start + 2 < scalars.count, scalars[start + 1] == "[" else { return nil }
        var index = start + 2
        while index < scalars.count, ("0"..."9").contains(scalars[index]) || scalars[index] == ";" {
            index += 1
        }
        return index < scalars.count && scalars[index] == "m" ? index : nil
    }
}
