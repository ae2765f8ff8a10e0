import Observation
import Testing

@testable import TerminalUI

@Suite("Canvas and frames")
struct CanvasTests {
    @Test func textIsCutAtTheRightEdgeAndControlCharactersAreShownAsQuestionMarks() {
        var canvas = Canvas(width: 10, height: 2)
        canvas.put("Ann\u{1B}]0;pwned\u{07}", row: 0)
        canvas.put("\u{202E}abc", row: 1, column: 8)
        #expect(canvas.text(row: 0) == "Ann?]0;pwn")
        #expect(canvas.text(row: 1) == "        ?a")
    }

    @Test func theFirstFrameClearsTheScreenAndLaterOnesWriteOnlyWhatChanged() {
        let writer = FrameWriter(colors: true)
        var first = Canvas(width: 5, height: 2)
        first.put("hello", row: 0)
        let full = writer.output(from: nil, to: first)
        #expect(full.hasPrefix("\u{1B}[0m\u{1B}[2J"))
        var second = first
        second.put("j", row: 0)
        #expect(writer.output(from: first, to: second) == "\u{1B}[1;1H\u{1B}[0mj\u{1B}[0m")
        #expect(writer.output(from: second, to: second) == "")
    }

    @Test func withoutColoursStylesKeepBoldAndInverse() {
        let style = CellStyle(foreground: .red, background: .rgb(0, 206, 188), bold: true, inverse: true)
        #expect(FrameWriter(colors: true).sgr(style) == "\u{1B}[0;1;7;31;48;2;0;206;188m")
        #expect(FrameWriter(colors: false).sgr(style) == "\u{1B}[0;1;7m")
    }
}

@Suite("Keys")
struct KeyTests {
    @Test func arrowsEnterTabAndEscapeAreRecognised() {
        #expect(Key.parse(Array("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D".utf8)) == [.up, .down, .right, .left])
        #expect(Key.parse([0x0D, 0x09, 0x7F]) == [.enter, .tab, .backspace])
        #expect(Key.parse([0x1B]) == [.escape])
        #expect(Key.parse(Array("\u{1B}[Z\u{1B}[3~".utf8)) == [.backTab, .delete])
        #expect(Key.parse([0x03]) == [.control("c")])
    }

    @Test func textArrivesAsCharactersAndUnknownSequencesAreDropped() {
        #expect(Key.parse(Array("qé".utf8)) == [.character("q"), .character("é")])
        #expect(Key.parse(Array("\u{1B}[15~x".utf8)) == [.character("x")])
    }
}

@MainActor
@Observable
final class Counter {
    var count = 0
}

@MainActor
final class CounterView: TerminalView {
    let counter: Counter
    init(_ counter: Counter) { self.counter = counter }

    func draw(in canvas: inout Canvas) {
        canvas.put("count \(counter.count)", row: 0)
    }

    func handle(_ key: Key) -> KeyOutcome {
        if key == .character("q") { return .quit }
        if key == .character("+") { counter.count += 1 }
        return .handled
    }
}

@Suite("Session")
@MainActor
struct SessionTests {
    @Test func aModelChangedFromOutsideIsRedrawnWithoutAKey() async {
        let counter = Counter()
        var written = ""
        let session = TerminalSession(root: CounterView(counter), width: 20, height: 2, colors: false) { written += $0 }
        session.start()
        #expect(session.frame.text(row: 0) == "count 0")
        counter.count = 41
        counter.count = 42
        let frame = await session.frame { $0.text(row: 0) == "count 42" }
        #expect(frame.text(row: 0) == "count 42")
        #expect(written.hasSuffix("\u{1B}[1;7H\u{1B}[0m42\u{1B}[0m"))
    }

    @Test func keysReachTheViewAndQOrCtrlCEndTheApp() async {
        let session = TerminalSession(root: CounterView(Counter()), width: 20, height: 2, colors: false)
        session.start()
        #expect(session.send(.character("+")))
        _ = await session.frame { $0.text(row: 0) == "count 1" }
        #expect(!session.send(.character("q")))
        #expect(!session.send(.control("c")))
    }

    @Test func aResizeDrawsEverythingAtTheNewSize() {
        var written = ""
        let session = TerminalSession(root: CounterView(Counter()), width: 20, height: 2, colors: false) {
            written += $0
        }
        session.start()
        written = ""
        session.resize(width: 12, height: 3)
        #expect(session.frame.width == 12 && session.frame.height == 3)
        #expect(written.hasPrefix("\u{1B}[0m\u{1B}[2J"))
    }
}
