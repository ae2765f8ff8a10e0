/// Koober's brand colours and the text/background pairs its screens use.
public enum KooberTheme {
    /// Koober's teal, `#00CEBC`.
    public static let brand = RGBColor(red: 0x00, green: 0xCE, blue: 0xBC)
    /// Text: black.
    public static let text = RGBColor(red: 0x00, green: 0x00, blue: 0x00)
    /// Backgrounds: white.
    public static let background = RGBColor(red: 0xFF, green: 0xFF, blue: 0xFF)

    /// Every text colour on the background it is drawn on: the welcome screen's text on the
    /// brand colour, and body text on white.
    public static let pairs: [(name: String, foreground: RGBColor, background: RGBColor)] = [
        ("welcome text on brand", text, brand),
        ("button title on brand", text, brand),
        ("body text on background", text, background),
    ]
}
