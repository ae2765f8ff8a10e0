import TestSupport
import Testing

@testable import TerminalUI

@Suite("Key reader")
struct KeyReaderTests {
    @Test func homeEndPagesAndF1AreRecognisedInEachSpelling() {
        let bytes = Array("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}OH\u{1B}OF\u{1B}[5~\u{1B}[6~\u{1B}OP".utf8)
        #expect(Key.parse(bytes) == [.home, .end, .home, .end, .home, .end, .pageUp, .pageDown, .help])
    }

    @Test func aBracketedPasteArrivesAsOneKeyEvenAcrossReads() {
        var reader = KeyReader()
        #expect(reader.keys(from: Array("x\u{1B}[200~hello ".utf8)) == [.character("x")])
        #expect(reader.keys(from: Array("world\u{1B}[20".utf8)) == [])
        #expect(reader.keys(from: Array("1~y".utf8)) == [.paste("hello world"), .character("y")])
    }

    @Test func aSequenceCutBetweenTwoReadsIsFinishedByTheNext() {
        var reader = KeyReader()
        #expect(reader.keys(from: [0x1B, UInt8(ascii: "[")]) == [])
        #expect(reader.keys(from: [UInt8(ascii: "B")]) == [.down])
    }

    @Test func aPasteLongerThanTheLimitIsCutAndTheRestDropped() async throws {
        let long = String(repeating: "a", count: KeyReader.pasteLimit + 10)
        let keys = try await onADedicatedThread {
            var reader = KeyReader()
            return reader.keys(from: Array(("\u{1B}[200~" + long + "\u{1B}[201~q").utf8))
        }
        guard case .paste(let text) = keys.first else {
            Issue.record("no paste: \(keys.prefix(3))")
            return
        }
        #expect(text.count == KeyReader.pasteLimit)
        #expect(keys.last == .character("q"))
    }
}

/// What Bubble Tea and readline users expect of Alt and of text that is more than one scalar.
@Suite("Alt and grapheme clusters")
struct AltAndGraphemeTests {
    @Test func escapeThenAKeyInOneReadIsThatKeyWithAlt() {
        #expect(Key.parse(Array("\u{1B}b\u{1B}\u{7F}\u{1B}é".utf8)) == [.alt("b"), .alt("\u{7F}"), .alt("é")])
    }

    @Test func escapeAloneOrBeforeAnotherEscapeOrAControlIsTheEscKey() {
        #expect(Key.parse(Array("\u{1B}".utf8)) == [.escape])
        #expect(Key.parse(Array("\u{1B}\u{1B}".utf8)) == [.escape, .escape])
        #expect(Key.parse(Array("\u{1B}\r".utf8)) == [.escape, .enter])
        #expect(Key.parse(Array("\u{1B}[A".utf8)) == [.up], "a sequence, not Alt-[")
    }

    @Test func aDecomposedAccentAndAZWJEmojiAreOneCharacterEach() {
        let family = "👩\u{200D}👩\u{200D}👧"
        #expect(
            Key.parse(Array("cafe\u{301}\(family)!".utf8)) == [
                .character("c"), .character("a"), .character("f"), .character("e\u{301}"),
                .character(Character(family)),
                .character("!"),
            ])
    }

    @Test func aCharacterCutBetweenTwoReadsIsFinishedByTheNext() {
        var reader = KeyReader()
        let bytes = Array("é".utf8)
        #expect(reader.keys(from: [bytes[0]]) == [])
        #expect(reader.keys(from: [bytes[1]]) == [.character("é")])
        #expect(reader.keys(from: [0x1B, bytes[0]]) == [])
        #expect(reader.keys(from: [bytes[1]]) == [.alt("é")])
    }

    @Test func anAccentTypedAfterItsLetterJoinsItSoOneBackspaceRemovesBoth() {
        var input = TextInput()
        for key in [Key.character("c"), .character("a"), .character("f"), .character("e"), .character("\u{301}")] {
            _ = input.handle(key)
        }
        #expect(input.text == "cafe\u{301}")
        #expect(input.characters.count == 4)
        _ = input.handle(.backspace)
        #expect(input.text == "caf")
    }

    @Test func altBackspaceAltDAndAltBFEditByWordsAsReadlineDoes() {
        var input = TextInput("drop off at opera house")
        let edited = input.handle(.alt("\u{7F}"))
        #expect(edited)
        #expect(input.text == "drop off at opera ")
        _ = input.handle(.alt("b"))
        _ = input.handle(.alt("b"))
        #expect(input.cursor == 9)
        _ = input.handle(.alt("d"))
        #expect(input.text == "drop off  opera ")
        _ = input.handle(.alt("f"))
        #expect(input.cursor == 15)
        let unused = input.handle(.alt("x"))
        #expect(!unused, "an Alt key with no edit is left to the screen")
    }

    @Test func theLimitCountsCharactersAfterTheyJoin() {
        var input = TextInput("abc", limit: 3)
        _ = input.handle(.character("\u{301}"))
        #expect(input.text == "abc\u{301}", "the accent joins c: still three characters")
        _ = input.handle(.character("d"))
        #expect(input.text == "abc\u{301}")
    }
}

@Suite("Text input")
struct TextInputTests {
    func typed(_ text: String, _ keys: Key...) -> TextInput {
        var input = TextInput(text)
        for key in keys { _ = input.handle(key) }
        return input
    }

    @Test func arrowsHomeAndEndMoveTheCursorAndTypingInsertsAtIt() {
        #expect(typed("ac", .left, .character("b")).text == "abc")
        #expect(typed("bc", .home, .character("a")).text == "abc")
        #expect(typed("ab", .control("a"), .control("e"), .character("c")).text == "abc")
        #expect(typed("abc", .left, .left, .left, .left).cursor == 0)
        #expect(typed("abc", .right).cursor == 3)
    }

    @Test func backspaceAndDeleteRemoveAtTheCursor() {
        #expect(typed("abc", .left, .backspace).text == "ac")
        #expect(typed("abc", .home, .delete).text == "bc")
        #expect(typed("abc", .home, .backspace).text == "abc")
        #expect(typed("abc", .delete).text == "abc")
    }

    @Test func controlUKAndWClearToTheStartTheEndAndAWord() {
        #expect(typed("ann@example.com", .left, .left, .left, .control("u")).text == "com")
        #expect(typed("ann@example.com", .home, .right, .control("k")).text == "a")
        #expect(typed("100 George Street", .control("w")).text == "100 George ")
        #expect(typed("100 George ", .control("w")).text == "100 ")
    }

    @Test func aPasteIsInsertedOnceWithLineBreaksAsSpacesUpToTheLimit() {
        var input = TextInput("", limit: 10)
        _ = input.handle(.paste("ab\ncd\u{1B}[31mefghijklmn"))
        #expect(input.text == "ab cd[31me")
        #expect(input.cursor == 10)
        _ = input.handle(.character("x"))
        #expect(input.text.count == 10)
    }

    @Test func aTwentyKilobytePasteIsOneEditUpToTheLimit() {
        var input = TextInput()
        _ = input.handle(.paste(String(repeating: "x", count: 20_000)))
        #expect(input.text.count == 256)
    }

    @Test func keysThatDoNotEditAreLeftToTheScreen() {
        var input = TextInput("a")
        for key in [Key.enter, .tab, .backTab, .escape, .up, .down] {
            let edited = input.handle(key)
            #expect(!edited, "\(key)")
        }
    }

    @Test func theFieldScrollsSoTheCursorShowsAndMasksASecret() {
        var canvas = Canvas(width: 10, height: 2)
        TextInput("abcdefghijkl").draw(in: &canvas, row: 0, column: 0, width: 6, focused: true)
        #expect(canvas.text(row: 0) == "hijkl")
        #expect(canvas[0, 5].style.inverse)
        TextInput("secret").draw(in: &canvas, row: 1, column: 0, width: 10, focused: false, secure: true)
        #expect(canvas.text(row: 1) == "••••••")
    }
}
