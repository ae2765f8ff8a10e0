import Foundation

/// The WCAG 2.x contrast between two colours and its verdicts.
public struct Contrast: Equatable, Sendable {
    /// The text colour.
    public let foreground: RGBColor
    /// The colour behind it.
    public let background: RGBColor
    /// From 1 (no contrast) to 21 (black on white).
    public let ratio: Double

    /// Measures the contrast of `foreground` on `background`.
    /// ```swift
    /// let contrast = Contrast(foreground: KooberTheme.text, background: KooberTheme.brand)
    /// assert(contrast.passesAA)
    /// ```
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
