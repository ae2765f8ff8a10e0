/// A key the user pressed.
public enum Key: Hashable, Sendable {
    case character(Character)
    case up, down, left, right
    case home, end, pageUp, pageDown
    case enter, tab, backTab, escape, backspace, delete
    /// F1, which opens help where `?` would be typed into a field.
    case help
    /// Ctrl with a letter: `.control("c")` is Ctrl-C.
    case control(Character)
    /// Alt (Option on a Mac) with a key, which a terminal sends as Esc then the key in one write:
    /// `.alt("b")` is Alt-B, `.alt("\u{7F}")` Alt-Backspace (readline's delete-word). Never the
    /// Esc key: a screen that has no use for it does nothing.
    case alt(Character)
    /// Text pasted in one piece (bracketed paste), newlines and all.
    case paste(String)

    /// The keys in one read from a terminal in raw mode. An escape byte followed in the same read
    /// by a key that starts no sequence is that key with Alt; one that ends the read is the Esc
    /// key; unknown sequences are dropped whole. Typed text is read in grapheme clusters: a
    /// decomposed `é` or a ZWJ emoji is one `.character`.
    public static func parse(_ bytes: [UInt8]) -> [Key] {
        var reader = KeyReader()
        return reader.keys(from: bytes)
    }

    /// The keys in `bytes`, and where a sequence that the read cut short begins (to be read again
    /// with the next bytes).
    static func parse(_ bytes: ArraySlice<UInt8>) -> (keys: [Key], pasteStart: Int?, incomplete: Int?) {
        var keys: [Key] = []
        // Typed text waits here until a key that is not text, so it is split into grapheme
        // clusters, not scalars.
        var text = ""
        func flushText() {
            keys += text.map(Key.character)
            text = ""
        }
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte >= 0x20, byte != 0x7F {
                let end = index + utf8Length(byte)
                // A character the read cut in two is finished by the next read.
                guard end <= bytes.endIndex else {
                    flushText()
                    return (keys, nil, index)
                }
                if let scalar = String(validating: bytes[index..<end], as: UTF8.self) { text += scalar }
                index = end
                continue
            }
            flushText()
            switch byte {
            case 0x1B:
                let (key, length) = escapeSequence(bytes[(index + 1)...])
                if length < 0 { return (keys, nil, index) }
                if key == .paste("") { return (keys, index + 1 + length, nil) }
                if let key { keys.append(key) }
                index += 1 + length
                continue
            case 0x0D, 0x0A: keys.append(.enter)
            case 0x09: keys.append(.tab)
            case 0x7F, 0x08: keys.append(.backspace)
            case 0x01...0x1A: keys.append(.control(Character(Unicode.Scalar(byte + 0x60))))
            default: break
            }
            index += 1
        }
        flushText()
        return (keys, nil, nil)
    }

    /// The key an escape sequence stands for, and how many bytes after the escape it took; a
    /// length of -1 when the bytes end inside the sequence. The start of a paste is `.paste("")`.
    private static func escapeSequence(_ rest: ArraySlice<UInt8>) -> (Key?, Int) {
        guard let first = rest.first else { return (.escape, 0) }
        guard first == UInt8(ascii: "[") || first == UInt8(ascii: "O") else { return altKey(rest) }
        // CSI or SS3: parameters (digits and ';'), then one final byte.
        var length = 1
        for byte in rest.dropFirst() {
            length += 1
            guard (0x30...0x3F).contains(byte) else {
                let parameters = String(decoding: rest.dropFirst().prefix(length - 2), as: UTF8.self)
                return (finalKey(byte, parameters: parameters), length)
            }
        }
        return (nil, -1)
    }

    /// Alt with the key that follows an escape byte: a character (`ESC b`), or Backspace
    /// (`ESC DEL`); the Esc key when Esc follows (each its own key) or the byte is another control.
    /// The length -1 asks for the next read when the character is cut in two.
    private static func altKey(_ rest: ArraySlice<UInt8>) -> (Key?, Int) {
        guard let first = rest.first else { return (.escape, 0) }
        switch first {
        case 0x7F, 0x08: return (.alt("\u{7F}"), 1)
        case ..<0x20: return (.escape, 0)
        default:
            let length = utf8Length(first)
            guard rest.count >= length else { return (nil, -1) }
            guard let text = String(validating: rest.prefix(length), as: UTF8.self), let character = text.first else {
                return (.escape, 0)
            }
            return (.alt(character), length)
        }
    }

    private static func finalKey(_ byte: UInt8, parameters: String) -> Key? {
        switch byte {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "P") where parameters.isEmpty: .help
        case UInt8(ascii: "Z"): .backTab
        case UInt8(ascii: "~"):
            switch parameters {
            case "1", "7": .home
            case "3": .delete
            case "4", "8": .end
            case "5": .pageUp
            case "6": .pageDown
            case "11": .help
            case "200": .paste("")
            default: nil
            }
        default: nil
        }
    }

    private static func utf8Length(_ lead: UInt8) -> Int {
        switch lead {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
    }
}

/// Turns what a terminal sends into keys, one read at a time: a sequence cut between two reads is
/// finished by the next, and text between the bracketed-paste markers arrives as one `.paste`, so a
/// long paste is one edit, not one key per character.
public struct KeyReader: Sendable {
    /// The most a paste keeps; the rest up to its end marker is read and dropped.
    public static let pasteLimit = 1 << 20
    private var pending: [UInt8] = []
    private var paste: [UInt8]?
    private static let pasteEnd = Array("\u{1B}[201~".utf8)

    public init() {}

    /// The keys completed by these bytes.
    public mutating func keys(from bytes: [UInt8]) -> [Key] {
        var input = pending + bytes
        pending = []
        var keys: [Key] = []
        while !input.isEmpty {
            if var pasted = paste {
                guard let end = Self.range(of: Self.pasteEnd, in: input) else {
                    // Keep what may be the start of the end marker for the next read.
                    let keep = min(input.count, Self.pasteEnd.count - 1)
                    pasted += input.dropLast(keep).prefix(max(0, Self.pasteLimit - pasted.count))
                    paste = pasted
                    pending = Array(input.suffix(keep))
                    return keys
                }
                pasted += input[..<end.lowerBound].prefix(max(0, Self.pasteLimit - pasted.count))
                keys.append(.paste(String(decoding: pasted, as: UTF8.self)))
                paste = nil
                input = Array(input[end.upperBound...])
                continue
            }
            let (parsed, pasteStart, incomplete) = Key.parse(input[...])
            keys += parsed
            if let pasteStart {
                paste = []
                input = Array(input[pasteStart...])
            } else {
                if let incomplete { pending = Array(input[incomplete...]) }
                input = []
            }
        }
        return keys
    }

    private static func range(of needle: [UInt8], in haystack: [UInt8]) -> Range<Int>? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count)
        where haystack[start..<start + needle.count].elementsEqual(needle) {
            return start..<start + needle.count
        }
        return nil
    }
}
