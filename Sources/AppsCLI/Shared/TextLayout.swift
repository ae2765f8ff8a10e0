import TerminalUI

/// Text layout for every domain's text mode: widths that ignore colour codes, padding, trimming.
extension String {
    /// The width on a terminal in columns (a CJK character or an emoji takes two, a zero-width
    /// space none), not counting ANSI colour codes.
    var visibleWidth: Int {
        var width = 0
        var inEscape = false
        for character in self {
            if inEscape {
                if character == "m" { inEscape = false }
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                width += character.terminalColumns
            }
        }
        return width
    }

    func leftPadded(to width: Int) -> String {
        String(repeating: " ", count: max(0, width - visibleWidth)) + self
    }

    func rightPadded(to width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - visibleWidth))
    }

    var trailingSpacesRemoved: String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}

/// `1 line`, `2 lines`: a count with its noun, in the right number.
func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
