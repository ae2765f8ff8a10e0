import Koober
import Testing

@Suite("Contrast and the theme")
struct ContrastTests {
    @Test(arguments: ["#00CEBC", "00cebc", "#0CB", "#0cb"])
    func coloursReadFromHex(_ hex: String) throws {
        let color = try #require(RGBColor(hex: hex))
        #expect(color == RGBColor(hex: hex.count <= 4 ? "#00CCBB" : "#00CEBC"))
    }

    @Test(arguments: ["", "#", "#12", "#12345", "#GGGGGG", "#1234567", "red"])
    func invalidHexIsNoColour(_ hex: String) {
        #expect(RGBColor(hex: hex) == nil)
    }

    @Test func blackOnWhiteIs21AndTheSameColourIs1() {
        let black = RGBColor(hex: "#000")!, white = RGBColor(hex: "#FFF")!
        #expect(Contrast(foreground: black, background: white).ratio == 21)
        #expect(Contrast(foreground: white, background: black).ratio == 21)
        #expect(Contrast(foreground: white, background: white).ratio == 1)
    }

    @Test func whiteOnTheBrandFailsAA() {
        let contrast = Contrast(foreground: RGBColor(hex: "#FFFFFF")!, background: KooberTheme.brand)
        #expect((contrast.ratio * 100).rounded() / 100 == 1.99)
        #expect(!contrast.passesAA && !contrast.passesAALarge)
    }

    @Test func blackOnTheBrandPassesAAA() {
        let contrast = Contrast(foreground: RGBColor(hex: "#000000")!, background: KooberTheme.brand)
        #expect((contrast.ratio * 100).rounded() / 100 == 10.55)
        #expect(contrast.passesAAA && contrast.passesAA && contrast.passesAALarge && contrast.passesAAALarge)
    }

    @Test func theVerdictsUseTheWCAGThresholds() {
        // #767676 on white is the classic 4.54:1, just above AA.
        let grey = Contrast(foreground: RGBColor(hex: "#767676")!, background: RGBColor(hex: "#FFFFFF")!)
        #expect(grey.passesAA && grey.passesAAALarge && !grey.passesAAA)
        // #949494 on white is about 3.03:1: large text only.
        let light = Contrast(foreground: RGBColor(hex: "#949494")!, background: RGBColor(hex: "#FFFFFF")!)
        #expect(light.passesAALarge && !light.passesAA)
    }

    @Test func everyTextAndBackgroundPairOfTheThemeMeetsAAA() {
        for pair in KooberTheme.pairs {
            #expect(Contrast(foreground: pair.foreground, background: pair.background).passesAAA, "\(pair.name)")
        }
    }
}
