import Observation

/// A full-screen app for people who use a screen reader: the same view, the same keys, but no
/// alternate screen, no box drawing and no cursor moves. What the view says
/// (``TerminalView/spokenLines``) is written as plain lines, and each change announces only the
/// lines that changed, so a screen reader reads each as it comes, like a chat transcript.
///
/// ```swift
/// let session = ScreenReaderSession(root: view) { print($0, terminator: "") }
/// session.start()           // every line, once
/// _ = session.send(.down)   // "Draw 13, Wednesday 5 July 2023: …"
/// ```
@MainActor
public final class ScreenReaderSession: KeyReceiver {
    /// What was announced last, line by line.
    public private(set) var lines: [String] = []
    /// Everything written so far: the transcript a test reads.
    public private(set) var transcript = ""
    private let root: any TerminalView
    private let write: (String) -> Void
    /// What `y` does while a question waits.
    private var question: (@MainActor @Sendable () -> KeyOutcome)?

    public init(root: any TerminalView, write: @escaping (String) -> Void = { _ in }) {
        self.root = root
        self.write = write
    }

    /// Announces the whole screen.
    public func start() {
        announce()
    }

    /// Passes a key to the view, as ``TerminalSession/send(_:)`` does; `false` when the app should
    /// end. `?` or F1 reads the keys, Ctrl-L reads the whole screen again.
    public func send(_ key: Key) -> Bool {
        if key == .control("c") {
            root.effects.cancelAll()
            return false
        }
        if let question {
            self.question = nil
            return apply(key == .character("y") ? question() : .handled)
        }
        switch key {
        case .control("l"):
            say(lines)
            return true
        case .help,
            .character("?") where !root.isEditingText:
            say(["Keys:"] + root.keyHints.map { "\($0.keys): \($0.action)" } + ["q or Ctrl-C: quit"])
            return true
        default:
            return apply(root.handle(key))
        }
    }

    /// What a key's outcome does: a question is read out and waits for `y`; `false` when the app
    /// should end.
    private func apply(_ outcome: KeyOutcome) -> Bool {
        switch outcome {
        case .handled: return true
        case .quit:
            root.effects.cancelAll()
            return false
        case .confirm(let text, let onYes):
            question = onYes
            say(["Sure? \(text) y yes, n no"])
            return true
        }
    }

    private func announce() {
        var spoken: [String] = []
        withObservationTracking {
            spoken = root.spokenLines
        } onChange: { [weak self] in
            Task { @MainActor in self?.announce() }
        }
        // A new screen (its name changed) is read whole; otherwise only the lines that are new, by
        // their words and not their place, so a line that appears above others does not repeat them.
        var heard = Dictionary(lines.map { ($0, 1) }, uniquingKeysWith: +)
        let changed =
            spoken.first != lines.first
            ? spoken
            : spoken.filter { line in
                guard let count = heard[line], count > 0 else { return true }
                heard[line] = count - 1
                return false
            }
        lines = spoken
        say(changed)
    }

    private func say(_ text: [String]) {
        let output = text.filter { !$0.isEmpty }.map { $0 + "\n" }.joined()
        transcript += output
        if !output.isEmpty { write(output) }
    }
}

extension Canvas {
    /// The rows as plain lines: box drawing, selection marks and spinners (braille patterns) left
    /// out, spaces runs made one, empty rows dropped.
    public func plainLines(rows: Range<Int>) -> [String] {
        rows.clamped(to: 0..<height).compactMap { row in
            let text = text(row: row).unicodeScalars.filter {
                !(0x2500...0x257F).contains($0.value) && !(0x2800...0x28FF).contains($0.value) && $0 != "›"
            }
            let words = String(String.UnicodeScalarView(text)).split(separator: " ").joined(separator: " ")
            return words.isEmpty ? nil : words
        }
    }
}
