import Foundation

/// An sRGB colour, as designers write it: `#00CEBC` or `#0CB`.
public struct RGBColor: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The red channel, 0 to 255.
    public let red: UInt8
    /// The green channel, 0 to 255.
    public let green: UInt8
    /// The blue channel, 0 to 255.
    public let blue: UInt8

    /// A colour from its channels: `RGBColor(red: 0x00, green: 0xCE, blue: 0xBC)` is `#00CEBC`.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `#RGB` or `#RRGGBB` (the `#` optional, any case); `nil` for anything else.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.allSatisfy(\.isHexDigit) else { return nil }
        switch digits.count {
        case 3: digits = Substring(digits.flatMap { [$0, $0] })
        case 6: break
        default: return nil
        }
        guard let value = UInt32(digits, radix: 16) else { return nil }
        self.init(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }

    /// `#RRGGBB`, upper case.
    public var description: String {
        "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
    }

    /// WCAG 2.x relative luminance, 0 (black) to 1 (white).
    public var relativeLuminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }
}
