import Testing

@testable import TerminalUI

@Suite("Display width")
struct DisplayWidthTests {
    @Test func wideCharactersTakeTwoColumnsAndZeroWidthOnesNone() {
        #expect("abc".terminalColumns == 3)
        #expect("東京".terminalColumns == 4)
        #expect("🚕".terminalColumns == 2)
        #expect("ｶﾞ".terminalColumns == 2)  // halfwidth katakana and its voiced mark: one column each
        #expect("e\u{301}".terminalColumns == 1)
        #expect("a\u{200B}b\u{FEFF}".terminalColumns == 2)
        #expect("🇬🇧".terminalColumns == 2)
        #expect("❤️".terminalColumns == 2)
        #expect("👩‍👩‍👧".terminalColumns == 2)
    }

    @Test func truncationEndsInAnEllipsisAndNeverSplitsAWideCharacter() {
        #expect("100 George Street".truncated(toColumns: 10) == "100 Georg…")
        #expect("東京タワー".truncated(toColumns: 6) == "東京…")
        #expect("short".truncated(toColumns: 5) == "short")
        #expect("anything".truncated(toColumns: 0) == "")
    }

    @Test func wrappingBreaksAtSpacesAndInsideWordsLongerThanALine() {
        #expect("The server did not answer".wrapped(toColumns: 12) == ["The server", "did not", "answer"])
        #expect("abcdefghij".wrapped(toColumns: 4) == ["abcd", "efgh", "ij"])
        #expect("one\ntwo".wrapped(toColumns: 10) == ["one", "two"])
        #expect("東京東京".wrapped(toColumns: 5) == ["東京", "東京"])
    }
}

@Suite("Canvas with wide characters")
struct WideCanvasTests {
    @Test func aWideCharacterTakesTwoCellsAndTheRowReadsBackAsWritten() {
        var canvas = Canvas(width: 8, height: 1)
        let end = canvas.put("東京 ok", row: 0)
        #expect(end == 7)
        #expect(canvas.text(row: 0) == "東京 ok")
        #expect(canvas[0, 1].isWideTail && canvas[0, 3].isWideTail)
    }

    @Test func aWideCharacterThatWouldStraddleTheEdgeIsCut() {
        var canvas = Canvas(width: 5, height: 1)
        canvas.put("ab東京", row: 0)
        #expect(canvas.text(row: 0) == "ab東…")
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var canvas = Canvas(width: 6, height: 1)
        canvas.put("東京", row: 0)
        canvas.put("x", row: 0, column: 1)
        #expect(canvas.text(row: 0) == " x京")
        canvas.put("y", row: 0, column: 2)
        #expect(canvas.text(row: 0) == " xy")
    }

    @Test func zeroWidthCharactersDoNotShiftTheRow() {
        var canvas = Canvas(width: 10, height: 1)
        canvas.put("a\u{200B}b\u{FEFF}c|", row: 0)
        #expect(canvas.text(row: 0) == "abc|")
    }

    @Test func theFrameWriterWritesAWideCharacterOnceAndLeavesNoDebris() {
        let writer = FrameWriter(colors: .none)
        var first = Canvas(width: 6, height: 1)
        first.put("東京", row: 0)
        #expect(writer.output(from: nil, to: first).hasSuffix("東京      ".prefix(0) + "東京  \u{1B}[0m"))
        var second = Canvas(width: 6, height: 1)
        second.put("abcd", row: 0)
        // Every cell the wide characters took is written again.
        #expect(writer.output(from: first, to: second) == "\u{1B}[1;1H\u{1B}[0mabcd\u{1B}[0m")
        #expect(writer.output(from: second, to: first) == "\u{1B}[1;1H\u{1B}[0m東京\u{1B}[0m")
    }
}

@Suite("Layout")
struct LayoutTests {
    @Test func fixedPartsAreServedFirstAndFillsShareTheRest() {
        let area = Rect(x: 0, y: 0, width: 80, height: 24)
        let rows = area.split(.vertical, [.fixed(1), .fill, .fixed(1)])
        #expect(rows.map(\.y) == [0, 1, 23])
        #expect(rows.map(\.height) == [1, 22, 1])
        let columns = Rect(x: 2, y: 5, width: 11, height: 3).split(.horizontal, [.fill, .fill], spacing: 1)
        #expect(columns == [Rect(x: 2, y: 5, width: 5, height: 3), Rect(x: 8, y: 5, width: 5, height: 3)])
    }

    @Test func aSplitNeverGoesOutsideItsRectangle() {
        let rows = Rect(x: 0, y: 0, width: 10, height: 3).split(.vertical, [.fixed(2), .fixed(2), .fill])
        #expect(rows.map(\.height) == [2, 1, 0])
        #expect(rows.allSatisfy { $0.maxY <= 3 })
    }

    @Test func aParagraphWrapsInItsAreaAndMarksWhatDidNotFit() {
        var canvas = Canvas(width: 20, height: 3)
        let used = canvas.paragraph(
            "The server did not answer within six seconds", in: Rect(x: 1, y: 0, width: 12, height: 2))
        #expect(used == 2)
        #expect(canvas.text(row: 0) == " The server")
        #expect(canvas.text(row: 1) == " did not …")
        #expect(canvas.text(row: 2) == "")
    }

    /// Ten rows of content in a four-row area: the focused rows are shown, nothing is drawn outside
    /// the area, and arrows say there is more.
    @Test func aScrollableAreaKeepsTheFocusInViewAndItsContentInside() {
        func frame(focus: Int) -> Canvas {
            var canvas = Canvas(width: 12, height: 6)
            canvas.put("header", row: 0)
            canvas.put("footer", row: 5)
            canvas.scrollable(in: Rect(x: 0, y: 1, width: 12, height: 4)) { content in
                for row in 0..<10 { content.put("line \(row)", row: row) }
                return focus..<focus + 1
            }
            return canvas
        }
        let top = frame(focus: 0)
        #expect((0..<6).map(top.text(row:)) == ["header", "line 0", "line 1", "line 2", "line 3     ↓", "footer"])
        let bottom = frame(focus: 9)
        #expect((0..<6).map(bottom.text(row:)) == ["header", "line 6     ↑", "line 7", "line 8", "line 9", "footer"])
        let middle = frame(focus: 5)
        #expect(middle.text(row: 4) == "line 5     ↓")
        #expect(middle.text(row: 1) == "line 2     ↑")
    }

    @Test func contentThatFitsIsNotScrolledAndHasNoArrows() {
        var canvas = Canvas(width: 12, height: 6)
        canvas.scrollable(in: Rect(x: 1, y: 1, width: 10, height: 4)) { content in
            content.put("only", row: 1)
            return 1..<2
        }
        #expect((0..<6).map(canvas.text(row:)) == ["", "", " only", "", "", ""])
    }

    /// In a text field `?` and `q` are typed, so the footer offers the keys that work there.
    @Test func whileATextFieldHasTheFocusTheFooterOffersF1AndCtrlC() {
        var canvas = Canvas(width: 60, height: 2)
        canvas.footer([KeyHint("Tab", "next field")], editingText: true)
        #expect(canvas.text(row: 1) == " Tab next field · F1 help · Ctrl-C quit")
    }

    @Test func theFooterLeavesOutTheScreensHintsBeforeHelpAndQuit() {
        var canvas = Canvas(width: 44, height: 2)
        canvas.footer([KeyHint("↑↓", "choose"), KeyHint("Enter", "open"), KeyHint("Tab", "switch tab")])
        #expect(canvas.text(row: 1) == " ↑↓ choose · Enter open · ? help · q quit")
        var narrow = Canvas(width: 24, height: 2)
        narrow.footer([KeyHint("↑↓", "choose"), KeyHint("Enter", "open")])
        #expect(narrow.text(row: 1) == " ? help · q quit")
    }
}

@Suite("Lists")
struct ListTests {
    @Test func theSelectionMovesByKeyAndTheListScrollsOnlyToKeepItInView() {
        var state = ListState()
        for _ in 0..<4 { _ = state.handle(.down, count: 20, visible: 5) }
        #expect(state.selection == 4 && state.offset == 0)
        _ = state.handle(.character("j"), count: 20, visible: 5)
        #expect(state.selection == 5 && state.offset == 1)
        _ = state.handle(.character("k"), count: 20, visible: 5)
        #expect(state.selection == 4 && state.offset == 1)
        _ = state.handle(.end, count: 20, visible: 5)
        #expect(state.selection == 19 && state.offset == 15)
        _ = state.handle(.pageUp, count: 20, visible: 5)
        #expect(state.selection == 15)
        _ = state.handle(.character("g"), count: 20, visible: 5)
        #expect(state.selection == 0 && state.offset == 0)
        let moved = state.handle(.enter, count: 20, visible: 5)
        #expect(!moved)
    }

    @Test func aListThatShrankOrAWindowThatGrewNeverShowsPastItsEnds() {
        let state = ListState(selection: 19, offset: 15)
        #expect(state.window(count: 3, visible: 5) == (2, 0))
        #expect(state.window(count: 20, visible: 30) == (19, 0))
        #expect(state.window(count: 0, visible: 5) == (nil, 0))
    }

    @Test func scrollingStopsAtTheTopAndTheLastPage() {
        var scroll = ScrollState()
        _ = scroll.handle(.up, count: 30, visible: 10)
        #expect(scroll.offset == 0)
        _ = scroll.handle(.character("G"), count: 30, visible: 10)
        #expect(scroll.offset == 20)
        // A taller window after a resize: the text starts at the top again.
        #expect(scroll.clamped(count: 30, visible: 40) == 0)
    }

    @Test func theSelectedItemIsMarkedAndInverse() {
        var canvas = Canvas(width: 12, height: 3)
        canvas.list(
            ["one", "two", "three"], in: Rect(x: 0, y: 0, width: 12, height: 2), state: ListState(selection: 2))
        #expect(canvas.text == "  two\n› three\n")
        #expect(canvas[1, 11].style.inverse && !canvas[0, 0].style.inverse)
    }
}
