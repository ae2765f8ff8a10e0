import Foundation
import Observation
import Testing

@testable import TerminalUI

@Suite("Canvas and frames")
struct CanvasTests {
    @Test func textIsCutAtTheRightEdgeWithAnEllipsisAndControlCharactersAreShownAsQuestionMarks() {
        var canvas = Canvas(width: 10, height: 2)
        canvas.put("Ann\u{1B}]0;pwned\u{07}", row: 0)
        canvas.put("\u{202E}abc", row: 1, column: 8)
        #expect(canvas.text(row: 0) == "Ann?]0;pw…")
        #expect(canvas.text(row: 1) == "        ?…")
    }

    @Test func theFirstFrameClearsTheScreenAndLaterOnesWriteOnlyWhatChanged() {
        let writer = FrameWriter(colors: .trueColor)
        var first = Canvas(width: 5, height: 2)
        first.put("hello", row: 0)
        let full = writer.output(from: nil, to: first)
        #expect(full.hasPrefix("\u{1B}[0m\u{1B}[2J"))
        var second = first
        second.put("j", row: 0)
        #expect(writer.output(from: first, to: second) == "\u{1B}[1;1H\u{1B}[0mj\u{1B}[0m")
        #expect(writer.output(from: second, to: second) == "")
    }

    /// Two frames drawn apart, as every frame is: the rows that did not change are skipped by their
    /// bytes, and the one cell that did is the whole output, at 200×50 as at 5×2.
    @Test func aLargeFrameWithOneChangedCellWritesThatCellAlone() {
        func frame(spinner: Character) -> Canvas {
            var canvas = Canvas(width: 200, height: 50)
            for row in 0..<49 {
                canvas.put("Row \(row): Bondi Beach, Harbour Bridge, Opera House", row: row, column: 2)
            }
            canvas.put("\(spinner) Searching…", row: 49, column: 2, style: CellStyle(foreground: .cyan))
            return canvas
        }
        let writer = FrameWriter(colors: .trueColor)
        #expect(
            writer.output(from: frame(spinner: "⠋"), to: frame(spinner: "⠙")) == "\u{1B}[50;3H\u{1B}[0;36m⠙\u{1B}[0m")
        #expect(writer.output(from: frame(spinner: "⠋"), to: frame(spinner: "⠋")) == "")
    }

    /// A grapheme too long to be stored inline is kept in memory of its own: equal cells with other
    /// bytes, which the cell-by-cell comparison still finds equal.
    @Test func equalCellsStoredApartAreNotWrittenAgain() {
        let family = "👩‍👩‍👧‍👦 family"
        var first = Canvas(width: 20, height: 1)
        first.put(String(family.reversed().reversed()), row: 0)
        var second = Canvas(width: 20, height: 1)
        second.put(family, row: 0)
        #expect(FrameWriter(colors: .none).output(from: first, to: second) == "")
        second.put("F", row: 0, column: 3)
        #expect(FrameWriter(colors: .none).output(from: first, to: second) == "\u{1B}[1;4H\u{1B}[0mF\u{1B}[0m")
    }

    /// The frame writer passes over a row whose bytes are those of the frame before: cells drawn
    /// alike must be alike byte for byte, with no padding or unset bytes between or after fields.
    @Test func cellsDrawnAlikeAreAlikeByteForByte() {
        #expect(MemoryLayout<Cell>.size == MemoryLayout<Cell>.stride)
        func drawn() -> Canvas {
            var canvas = Canvas(width: 30, height: 4)
            canvas.put("plain", row: 0)
            canvas.put("named", row: 1, style: CellStyle(foreground: .cyan, bold: true))
            canvas.put("rgb 東京", row: 2, style: CellStyle(background: .rgb(0, 206, 188), inverse: true))
            canvas.put("none again", row: 3, style: CellStyle(foreground: nil, background: nil, underline: true))
            return canvas
        }
        let first = drawn()
        let second = drawn()
        for row in 0..<4 { #expect(first.rowIsBitwiseEqual(row, in: second), "row \(row)") }
    }

    @Test func aStyleKeepsEveryColourAndFlagItIsGiven() {
        let colors: [TerminalColor?] = [
            nil, .black, .red, .green, .yellow, .blue, .magenta, .cyan, .white, .brightBlack, .brightWhite,
            .rgb(0, 0, 0), .rgb(255, 255, 255), .rgb(1, 2, 3),
        ]
        for foreground in colors {
            for background in colors {
                let style = CellStyle(foreground: foreground, background: background, bold: true, inverse: true)
                #expect(style.foreground == foreground && style.background == background)
                #expect(style.bold && !style.dim && !style.underline && style.inverse)
            }
        }
        var cell = Cell.tail(style: CellStyle(dim: true))
        #expect(cell.isWideTail && cell.style == CellStyle(dim: true))
        cell.style = CellStyle(underline: true)
        #expect(cell.isWideTail && cell.style.underline && !cell.style.dim)
    }

    @Test func withoutColoursStylesKeepBoldAndInverse() {
        let style = CellStyle(foreground: .red, background: .rgb(0, 206, 188), bold: true, inverse: true)
        #expect(FrameWriter(colors: .trueColor).sgr(style) == "\u{1B}[0;1;7;31;48;2;0;206;188m")
        #expect(FrameWriter(colors: .none).sgr(style) == "\u{1B}[0;1;7m")
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
    let effects = Effects()
    let counter: Counter
    init(_ counter: Counter) { self.counter = counter }

    var minimumSize: (width: Int, height: Int) { (10, 2) }

    func draw(in canvas: inout Canvas) {
        canvas.put("count \(counter.count)", row: 0)
    }

    func handle(_ key: Key) -> KeyOutcome {
        if key == .character("q") { return .quit }
        if key == .character("+") { counter.count += 1 }
        return .handled
    }
}

/// A screen that is one focused text field.
final class FieldView: TerminalView {
    let effects = Effects()
    private(set) var text = ""
    var isEditingText: Bool { true }

    func draw(in canvas: inout Canvas) {
        canvas.put("> \(text)", row: 0)
    }

    func handle(_ key: Key) -> KeyOutcome {
        if case .character(let character) = key { text.append(character) }
        return .handled
    }
}

@Suite("Session")
@MainActor
struct SessionTests {
    @Test func aModelChangedFromOutsideIsRedrawnWithoutAKey() async {
        let counter = Counter()
        var written = ""
        let session = TerminalSession(root: CounterView(counter), width: 20, height: 2, colors: .none) { written += $0 }
        session.start()
        #expect(session.frame.text(row: 0) == "count 0")
        counter.count = 41
        counter.count = 42
        let frame = await session.frame { $0.text(row: 0) == "count 42" }
        #expect(frame.text(row: 0) == "count 42")
        #expect(written.hasSuffix("\u{1B}[1;7H\u{1B}[0m42\u{1B}[0m"))
    }

    @Test func keysReachTheViewAndQOrCtrlCEndTheApp() async {
        let session = TerminalSession(root: CounterView(Counter()), width: 20, height: 2, colors: .none)
        session.start()
        #expect(session.send(.character("+")))
        _ = await session.frame { $0.text(row: 0) == "count 1" }
        #expect(!session.send(.character("q")))
        #expect(!session.send(.control("c")))
    }

    /// A paste without bracketed paste arrives as thousands of keys in a few reads: each read's
    /// keys are applied before one frame, not one frame per key.
    @Test func everyKeyOfOneReadIsAppliedBeforeOneFrame() async {
        let counter = Counter()
        let session = TerminalSession(root: CounterView(counter), width: 20, height: 2, colors: .none)
        session.start()
        let before = session.frameCount
        #expect(session.send(Array(repeating: Key.character("+"), count: 20_000)))
        #expect(counter.count == 20_000, "applied before anything is drawn")
        _ = await session.frame { $0.text(row: 0) == "count 20000" }
        #expect(session.frameCount == before + 1)
    }

    @Test func aCtrlCAmongTheWaitingKeysEndsTheAppBeforeTheKeysAheadOfIt() {
        let counter = Counter()
        let session = TerminalSession(root: CounterView(counter), width: 20, height: 2, colors: .none)
        session.start()
        #expect(!session.send([.character("+"), .character("+"), .control("c"), .character("+")]))
        #expect(counter.count == 0)
        #expect(!session.send([.character("+"), .character("q"), .character("+")]))
        #expect(counter.count == 1, "the keys after a quit are dropped")
    }

    /// A line that appears above others (a field's problem) is announced alone: the lines below
    /// it moved, they did not change.
    @Test func aScreenReaderHearsANewLineWithoutTheLinesItMoved() async {
        let counter = Counter()
        let session = ScreenReaderSession(root: MessagesView(counter))
        session.start()
        #expect(session.transcript == "Messages\nlast line\n")
        counter.count = 1
        while !session.transcript.contains("message 1") { await Task.yield() }
        #expect(session.transcript == "Messages\nlast line\nmessage 1\n")
    }

    @Test func aScreenReaderHearsAPasteOnce() async {
        let counter = Counter()
        let session = ScreenReaderSession(root: CounterView(counter))
        session.start()
        #expect(session.send(Array(repeating: Key.character("+"), count: 500)))
        while !session.transcript.contains("count 500") { await Task.yield() }
        #expect(session.transcript == "count 0\ncount 500\n")
    }

    @Test func aResizeDrawsEverythingAtTheNewSize() {
        var written = ""
        let session = TerminalSession(root: CounterView(Counter()), width: 20, height: 2, colors: .none) {
            written += $0
        }
        session.start()
        written = ""
        session.resize(width: 12, height: 3)
        #expect(session.frame.width == 12 && session.frame.height == 3)
        #expect(written.hasPrefix("\u{1B}[0m\u{1B}[2J"))
    }
}

/// A clock a test moves by hand: a wait ends when the test has moved time past it.
final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var time = Duration.zero
    private var sleepers: [(until: Duration, continuation: CheckedContinuation<Void, Never>)] = []

    var clock: TerminalClock {
        TerminalClock(
            now: { self.lock.withLock { self.time } },
            sleep: { duration in
                await withCheckedContinuation { continuation in
                    self.lock.withLock { self.sleepers.append((self.time + duration, continuation)) }
                }
            })
    }

    /// Moves time on once something waits on it (the session starts its wait in a task of its own).
    func advance(by duration: Duration) async {
        while lock.withLock({ sleepers.isEmpty }) { await Task.yield() }
        let due = lock.withLock {
            time += duration
            let due = sleepers.filter { $0.until <= time }
            sleepers.removeAll { $0.until <= time }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }
}

@MainActor
/// A title, as many messages as the counter says, and a last line under them.
final class MessagesView: TerminalView {
    let effects = Effects()
    let counter: Counter
    init(_ counter: Counter) { self.counter = counter }

    var spokenLines: [String] { ["Messages"] + (0..<counter.count).map { "message \($0 + 1)" } + ["last line"] }
    func draw(in canvas: inout Canvas) {}
    func handle(_ key: Key) -> KeyOutcome { .handled }
}

final class BusyView: TerminalView {
    let effects = Effects()
    var keyHints: [KeyHint] { [KeyHint("+", "add one")] }

    func draw(in canvas: inout Canvas) {
        canvas.activity("Loading…", id: "load", row: 0)
    }

    func handle(_ key: Key) -> KeyOutcome { .handled }
}

/// A spinner over a counter.
final class BusyCounterView: TerminalView {
    let effects = Effects()
    let counter: Counter
    init(_ counter: Counter) { self.counter = counter }

    func draw(in canvas: inout Canvas) {
        canvas.activity("Loading…", id: "load", row: 0)
        canvas.put("count \(counter.count)", row: 1)
    }

    func handle(_ key: Key) -> KeyOutcome { .handled }
}

@Suite("Session keys and time")
@MainActor
struct SessionKeysTests {
    @Test func anActivityMovesAndShowsItsTimeAsTheClockRuns() async {
        let manual = ManualClock()
        let session = TerminalSession(root: BusyView(), width: 40, height: 12, colors: .none, clock: manual.clock)
        session.start()
        #expect(session.frame.text(row: 0) == "⠋ Loading…")
        await manual.advance(by: .milliseconds(100))
        _ = await session.frame { $0.text(row: 0) == "⠙ Loading…" }
        for _ in 0..<11 {
            let before = session.frameCount
            await manual.advance(by: .milliseconds(100))
            _ = await session.frame { _ in session.frameCount > before }
        }
        #expect(session.frame.text(row: 0) == "⠹ Loading… 1.2 s")
    }

    /// Every frame used to leave its tracking behind: after n ticks of a spinner, one change drew
    /// n frames. Only the latest frame's tracking counts, and one change draws one frame.
    @Test func aChangeAfterManyTicksOfASpinnerDrawsOneFrame() async {
        let manual = ManualClock()
        let counter = Counter()
        let session = TerminalSession(
            root: BusyCounterView(counter), width: 40, height: 12, colors: .none, clock: manual.clock)
        session.start()
        for _ in 0..<20 {
            let before = session.frameCount
            await manual.advance(by: .milliseconds(100))
            _ = await session.frame { _ in session.frameCount > before }
        }
        let before = session.frameCount
        counter.count = 1
        _ = await session.frame { $0.text(row: 1) == "count 1" }
        for _ in 0..<50 { await Task.yield() }
        #expect(session.frameCount == before + 1)
    }

    @Test func questionMarkOpensTheHelpWithTheScreensKeysAndEscClosesIt() async {
        let session = TerminalSession(root: CounterView(Counter()), width: 40, height: 12, colors: .none)
        session.start()
        #expect(session.send(.character("?")))
        #expect(session.showsHelp)
        #expect(session.frame.text.contains("│ Ctrl-L    draw the screen again │"))
        #expect(session.send(.character("+")))  // the help takes the keys while it is open
        #expect(session.send(.escape))
        #expect(!session.showsHelp)
        #expect(session.frame.text(row: 0) == "count 0")
        #expect(session.send(.help) && session.showsHelp)
    }

    /// F1 in a half-filled form, then q (as less, man and htop close help) quit at once.
    @Test func qClosesTheHelpAndNeverQuitsFromIt() {
        let session = TerminalSession(root: CounterView(Counter()), width: 40, height: 12, colors: .none)
        session.start()
        #expect(session.send(.help) && session.showsHelp)
        #expect(session.send(.character("q")), "the app goes on")
        #expect(!session.showsHelp)
        #expect(!session.send(.character("q")), "without the help, q is the screen's again")
    }

    /// "Terminal too small … press q to quit" with a field focused typed the q into the hidden field.
    @Test func tooSmallWithAFieldFocusedTypesNothingUnseen() {
        let field = FieldView()
        let session = TerminalSession(root: field, width: 30, height: 6, colors: .none)
        session.start()
        #expect(session.frame.text.split(separator: "\n").joined(separator: " ").contains("press Ctrl-C to quit"))
        #expect(session.send(.character("q")))
        #expect(field.text == "")
        session.resize(width: 40, height: 12)
        #expect(session.send(.character("q")))
        #expect(field.text == "q", "typed once the field can be seen")
        #expect(!session.send(.control("c")))
    }

    @Test func controlLWritesTheWholeScreenAgain() {
        var written = ""
        let session = TerminalSession(root: CounterView(Counter()), width: 20, height: 2, colors: .none) {
            written += $0
        }
        session.start()
        written = ""
        #expect(session.send(.control("l")))
        #expect(written.hasPrefix("\u{1B}[0m\u{1B}[2J") && written.contains("count 0"))
    }

    @Test func belowTheMinimumSizeTheScreenSaysWhatSizeItNeeds() {
        let session = TerminalSession(root: BusyView(), width: 30, height: 6, colors: .none)
        session.start()
        #expect(
            session.frame.text.split(separator: "\n").joined(separator: " ").hasPrefix(
                "Terminal too small: this app needs 40×12, the window is 30×6. Make it larger, or press q to quit."))
        session.resize(width: 1, height: 1)
        #expect(session.frame.text == "…")
        session.resize(width: 40, height: 12)
        #expect(session.frame.text(row: 0).hasSuffix("Loading…"))
    }
}

@Suite("Colour depth")
struct ColorDepthTests {
    @Test func theEnvironmentSaysHowManyColoursTheTerminalHas() {
        #expect(ColorDepth(environment: ["COLORTERM": "truecolor", "TERM": "xterm"]) == .trueColor)
        #expect(ColorDepth(environment: ["TERM": "screen-256color"]) == .ansi256)
        #expect(ColorDepth(environment: ["TERM": "xterm"]) == .ansi16)
        #expect(ColorDepth(environment: [:]) == .ansi16)
    }

    @Test func anRGBColourIsBroughtDownToWhatTheTerminalShows() {
        let style = CellStyle(foreground: .rgb(0, 206, 188))
        #expect(FrameWriter(colors: .trueColor).sgr(style) == "\u{1B}[0;38;2;0;206;188m")
        #expect(FrameWriter(colors: .ansi256).sgr(style) == "\u{1B}[0;38;5;43m")
        #expect(FrameWriter(colors: .ansi16).sgr(style) == "\u{1B}[0;36m")
        #expect(FrameWriter(colors: .ansi256).sgr(CellStyle(background: .rgb(128, 128, 128))) == "\u{1B}[0;48;5;244m")
    }
}
