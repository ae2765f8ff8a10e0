/// A key the user pressed.
public enum Key: Hashable, Sendable {
    case character(Character)
    case up, down, left, right
    case enter, tab, backTab, escape, backspace, delete
    /// Ctrl with a letter: `.control("c")` is Ctrl-C.
    case control(Character)

    /// The keys in one read from a terminal in raw mode. An escape byte that does not start a known
    /// sequence is the Esc key; unknown sequences are dropped whole.
    public static func parse(_ bytes: [UInt8]) -> [Key] {
        var keys: [Key] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x1B:
                let (key, length) = escapeSequence(bytes[(index + 1)...])
                if let key { keys.append(key) }
                index += 1 + length
                continue
            case 0x0D, 0x0A: keys.append(.enter)
            case 0x09: keys.append(.tab)
            case 0x7F, 0x08: keys.append(.backspace)
            case 0x01...0x1A: keys.append(.control(Character(Unicode.Scalar(byte + 0x60))))
            case 0x00, 0x1C...0x1F: break
            default:
                let length = utf8Length(byte)
                let end = min(bytes.count, index + length)
                if let text = String(validating: bytes[index..<end], as: UTF8.self) {
                    keys += text.map(Key.character)
                }
                index = end
                continue
            }
            index += 1
        }
        return keys
    }

    /// The key an escape sequence stands for, and how many bytes after the escape it took.
    private static func escapeSequence(_ rest: ArraySlice<UInt8>) -> (Key?, Int) {
        guard let first = rest.first else { return (.escape, 0) }
        guard first == UInt8(ascii: "[") || first == UInt8(ascii: "O") else { return (.escape, 0) }
        // CSI or SS3: parameters (digits and ';'), then one final byte.
        var length = 1
        for byte in rest.dropFirst() {
            length += 1
            guard (0x30...0x3F).contains(byte) else {
                let parameters = String(decoding: rest.dropFirst().prefix(length - 2), as: UTF8.self)
                return (finalKey(byte, parameters: parameters), length)
            }
        }
        return (nil, length)
    }

    private static func finalKey(_ byte: UInt8, parameters: String) -> Key? {
        switch byte {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "Z"): .backTab
        case UInt8(ascii: "~") where parameters == "3": .delete
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
