import Foundation

/// An sRGB colour, as designers write it: `#00CEBC` or `#0CB`.
public struct RGBColor: Hashable, Sendable, Codable, CustomStringConvertible {
    public let red: UInt8
    public let green: UInt8
    public let blue: UInt8

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

/// The WCAG 2.x contrast between two colours and its verdicts.
public struct Contrast: Equatable, Sendable {
    public let foreground: RGBColor
    public let background: RGBColor
    /// From 1 (no contrast) to 21 (black on white).
    public let ratio: Double

    public init(foreground: RGBColor, background: RGBColor) {
        self.foreground = foreground
        self.background = background
        let (lighter, darker) = (
            max(foreground.relativeLuminance, background.relativeLuminance),
            min(foreground.relativeLuminance, background.relativeLuminance)
        )
        ratio = (lighter + 0.05) / (darker + 0.05)
    }

    /// Normal text, level AA: 4.5:1.
    public var passesAA: Bool { ratio >= 4.5 }
    /// Large text (18 pt, or 14 pt bold), level AA: 3:1.
    public var passesAALarge: Bool { ratio >= 3 }
    /// Normal text, level AAA: 7:1.
    public var passesAAA: Bool { ratio >= 7 }
    /// Large text, level AAA: 4.5:1.
    public var passesAAALarge: Bool { ratio >= 4.5 }
}

/// Koober's brand colours and the text/background pairs its screens use.
public enum KooberTheme {
    public static let brand = RGBColor(red: 0x00, green: 0xCE, blue: 0xBC)
    public static let text = RGBColor(red: 0x00, green: 0x00, blue: 0x00)
    public static let background = RGBColor(red: 0xFF, green: 0xFF, blue: 0xFF)

    /// Every text colour on the background it is drawn on: the welcome screen's text on the
    /// brand colour, and body text on white.
    public static let pairs: [(name: String, foreground: RGBColor, background: RGBColor)] = [
        ("welcome text on brand", text, brand),
        ("button title on brand", text, brand),
        ("body text on background", text, background),
    ]
}
