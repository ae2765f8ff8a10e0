/// A one-line text field's text and cursor, edited by keys as a shell's line editor is: ← → move,
/// Home/End and Ctrl-A/Ctrl-E jump, Backspace and Delete remove at the cursor, Ctrl-U clears to the
/// start, Ctrl-K to the end, Ctrl-W and Alt-Backspace remove the word before the cursor, Alt-D the
/// one after it, Alt-B and Alt-F move by words, and a paste is inserted in one step. Characters
/// are grapheme clusters: a combining accent typed after its letter joins it, so one Backspace
/// removes `é`. The text never grows past `limit` characters.
///
/// ```swift
/// var email = TextInput(limit: 254)
/// _ = email.handle(.paste("ann@example.com"))
/// _ = email.handle(.control("w"))  // "ann@example."
/// ```
public struct TextInput: Hashable, Sendable {
    public private(set) var characters: [Character]
    /// Where the next character goes: 0 is before the first.
    public private(set) var cursor: Int
    /// The most characters the field holds.
    public let limit: Int

    public init(_ text: String = "", limit: Int = 256) {
        self.limit = max(1, limit)
        self.characters = Array(Self.singleLine(text).prefix(self.limit))
        self.cursor = characters.count
    }

    public var text: String { String(characters) }

    /// Applies an editing key; `false` for a key that does not edit text (Enter, Tab, Esc, ↑ ↓…),
    /// which the screen then handles.
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .character(let character): insert(String(character))
        case .paste(let text): insert(text)
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(characters.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = characters.count
        case .backspace:
            guard cursor > 0 else { return true }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .delete, .control("d"):
            guard cursor < characters.count else { return true }
            characters.remove(at: cursor)
        case .control("u"):
            characters.removeSubrange(0..<cursor)
            cursor = 0
        case .control("k"): characters.removeSubrange(cursor...)
        case .control("w"), .alt("\u{7F}"):
            let start = wordStart(before: cursor)
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .alt("d"): characters.removeSubrange(cursor..<wordEnd(after: cursor))
        case .alt("b"): cursor = wordStart(before: cursor)
        case .alt("f"): cursor = wordEnd(after: cursor)
        default: return false
        }
        return true
    }

    /// Inserts text at the cursor, as much as the limit leaves room for, with line breaks and tabs
    /// as spaces and other control characters left out. What joins the character before the
    /// cursor (a combining accent, the rest of a ZWJ emoji) becomes part of it.
    public mutating func insert(_ text: String) {
        let typed = Self.singleLine(text)
        guard !typed.isEmpty else { return }
        // Segmented again with what it touches, then kept only if it fits.
        let before = Array(String(characters[..<cursor]) + String(typed))
        let after = characters[cursor...]
        guard before.count + after.count <= limit else {
            let room = limit - characters.count
            guard room > 0 else { return }
            return insert(String(typed.prefix(room)))
        }
        characters = before + after
        cursor = before.count
    }

    /// Where the word before `position` starts, spaces before the position skipped.
    private func wordStart(before position: Int) -> Int {
        var start = position
        while start > 0, characters[start - 1] == " " { start -= 1 }
        while start > 0, characters[start - 1] != " " { start -= 1 }
        return start
    }

    /// Where the word after `position` ends, spaces after the position skipped.
    private func wordEnd(after position: Int) -> Int {
        var end = position
        while end < characters.count, characters[end] == " " { end += 1 }
        while end < characters.count, characters[end] != " " { end += 1 }
        return end
    }

    /// Draws the field in `width` columns from `column` on `row`: the text scrolled so that the
    /// cursor shows, the cursor as an inverse cell when `focused`, each character as `•` when
    /// `secure`.
    public func draw(
        in canvas: inout Canvas, row: Int, column: Int, width: Int, focused: Bool, secure: Bool = false,
        style: CellStyle = .plain
    ) {
        guard width > 0 else { return }
        let shown = secure ? Array(repeating: Character("•"), count: characters.count) : characters
        // The window ends at the cursor when the text before it does not fit.
        var start = 0
        var used = 0
        for index in stride(from: min(cursor, shown.count) - 1, through: 0, by: -1) {
            used += shown[index].terminalColumns
            guard used <= width - 1 else { break }
            start = index
        }
        var x = column
        for index in start..<shown.count {
            let character = shown[index]
            guard x + character.terminalColumns <= column + width else { break }
            x = canvas.put(
                String(character), row: row, column: x,
                style: focused && index == cursor ? CellStyle(inverse: true) : style)
        }
        if focused, cursor == shown.count, x < column + width {
            canvas.put(" ", row: row, column: x, style: CellStyle(inverse: true))
        }
    }

    private static func singleLine(_ text: String) -> [Character] {
        text.compactMap { character in
            if character == "\n" || character == "\r\n" || character == "\r" || character == "\t" { return " " }
            return character.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
                ? nil : character
        }
    }
}
