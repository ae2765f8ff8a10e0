import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the terminal reports: the keys one read found waiting (a paste is one event, not one per
/// character), a new size, or that the app is back from a suspend.
public enum TerminalEvent: Sendable {
    case keys([Key])
    case resize(width: Int, height: Int)
    /// The process was stopped and continued (`fg`): the screen must be drawn again.
    case resumed
}

/// The process's terminal in raw mode on the alternate screen, with bracketed paste, put back as it
/// was on every way out: a normal return, `exit`, and SIGINT, SIGTERM, SIGHUP or SIGQUIT (then the
/// signal is raised again, so the process ends as it would have). A stop (Ctrl-Z, which
/// ``suspend()`` sends, or SIGTSTP from outside) gives the terminal back first and takes it again
/// on `fg`, as vim and less do. Nothing is written while the terminal is given back, and the
/// ``TerminalEvent/resumed`` that asks for the whole screen again comes only once the alternate
/// screen is back: a redraw that raced it went to the normal screen and was left above the prompt.
public final class RawTerminal {
    /// Why the terminal cannot be used.
    public struct NotATerminal: Error, CustomStringConvertible {
        public var description: String
    }

    /// Keys as they arrive, every key of one read together, and sizes as the window changes.
    public let events: AsyncStream<TerminalEvent>
    private let resizes: any DispatchSourceSignal
    private let continues: any DispatchSourceSignal

    /// Takes over the terminal; `restore()` gives it back.
    /// - Parameter fullScreen: the alternate screen with the cursor hidden; `false` keeps the
    ///   normal screen and its scrollback (for ``ScreenReaderSession``): only the keys are raw.
    /// - Throws: ``NotATerminal`` when standard input or output is not a terminal.
    public init(fullScreen: Bool = true) throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw NotATerminal(description: "an interactive screen needs a terminal on standard input and output")
        }
        tcgetattr(STDIN_FILENO, &savedTerminal)
        leaveBytes = Array((fullScreen ? leaveSequence : pasteOff).utf8)
        enterBytes = Array((fullScreen ? enterSequence : linearEnterSequence).utf8)
        rawTerminal = savedTerminal
        rawTerminal.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        rawTerminal.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        rawTerminal.c_cflag |= tcflag_t(CS8)
        for number in terminalSignals { signal(number, restoreAndRaise) }
        var resumePipe: [Int32] = [-1, -1]
        if pipe(&resumePipe) == 0 { (resumeReader, resumeWriter) = (resumePipe[0], resumePipe[1]) }
        signal(SIGTSTP, stopAndTakeBack)
        atexit { restoreTerminal() }
        takeTerminal()
        wantsTerminal = true

        let (events, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
        self.events = events
        // The stop handler writes a byte here once it has taken the terminal back after `fg`.
        Thread.detachNewThread {
            var byte: UInt8 = 0
            while resumeReader >= 0, read(resumeReader, &byte, 1) == 1 { continuation.yield(.resumed) }
        }
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            var reader = KeyReader()
            while true {
                let count = read(STDIN_FILENO, &buffer, buffer.count)
                guard count > 0 else { break }
                let keys = reader.keys(from: Array(buffer[..<count]))
                if !keys.isEmpty { continuation.yield(.keys(keys)) }
            }
            continuation.finish()
        }
        signal(SIGWINCH, SIG_IGN)
        resizes = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .global())
        resizes.setEventHandler {
            let (width, height) = Self.size()
            continuation.yield(.resize(width: width, height: height))
        }
        resizes.resume()
        // A stop this process did not see coming (SIGSTOP) may have left the terminal to a shell
        // that changed its settings: take them again on every continue. After a stop of its own
        // the terminal is not taken yet here: the stop handler takes it and says so through the
        // pipe, and a redraw now would go to the normal screen.
        signal(SIGCONT, SIG_IGN)
        continues = DispatchSource.makeSignalSource(signal: SIGCONT, queue: .global())
        continues.setEventHandler {
            guard terminalTaken else { return }
            tcsetattr(STDIN_FILENO, TCSANOW, &rawTerminal)
            continuation.yield(.resumed)
        }
        continues.resume()
    }

    /// Stops the process as Ctrl-Z does in a shell, after giving the terminal back; on `fg` the
    /// terminal is taken again and a ``TerminalEvent/resumed`` follows.
    public func suspend() {
        kill(0, SIGTSTP)
    }

    /// The window's size in columns and rows; 80×24 when the terminal does not say.
    public static func size() -> (width: Int, height: Int) {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
            return (80, 24)
        }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Writes the terminal's output; nothing while the terminal is given back by a stop, since it
    /// would land on the shell's screen. The whole screen is drawn again on resume.
    public func write(_ text: String) {
        guard terminalTaken || !wantsTerminal else { return }
        writeAll(text)
    }

    /// Leaves the alternate screen, shows the cursor and puts the settings back.
    public func restore() {
        resizes.cancel()
        continues.cancel()
        wantsTerminal = false
        restoreTerminal()
        for number in terminalSignals + [SIGTSTP, SIGCONT] { signal(number, SIG_DFL) }
    }
}

private let terminalSignals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
private let pasteOn = "\u{1B}[?2004h"
private let pasteOff = "\u{1B}[?2004l"
/// The alternate screen, the cursor hidden, pastes bracketed.
private let enterSequence = "\u{1B}[?1049h\u{1B}[?25l" + pasteOn
/// Pastes as typed, the cursor shown, styles reset, the normal screen back.
private let leaveSequence = pasteOff + "\u{1B}[?25h\u{1B}[0m\u{1B}[?1049l"
/// On the normal screen: the line the app starts on cleared, then pastes bracketed. Keys typed
/// while the program started were echoed there and are discarded when the terminal is taken; a
/// screen reader's transcript would begin "xKoober".
private let linearEnterSequence = "\r\u{1B}[K" + pasteOn

/// The settings to put back and the raw ones; written before the handlers are installed, read only
/// by them.
nonisolated(unsafe) private var savedTerminal = termios()
nonisolated(unsafe) private var rawTerminal = termios()
nonisolated(unsafe) private var terminalTaken = false
/// Whether the app holds the terminal, stopped or not: `false` once it gave it back for good.
nonisolated(unsafe) private var wantsTerminal = false
/// The pipe the stop handler tells the app through that the terminal is back after `fg`.
nonisolated(unsafe) private var resumeReader: Int32 = -1
nonisolated(unsafe) private var resumeWriter: Int32 = -1
/// The sequences as bytes, made before any handler can run: a handler must not allocate.
nonisolated(unsafe) private var leaveBytes: [UInt8] = []
nonisolated(unsafe) private var enterBytes: [UInt8] = []

/// Async-signal-safe: `write` and `tcsetattr` only. The alternate screen first, then taken: a
/// frame written in between would go to the normal screen.
private func takeTerminal() {
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &rawTerminal)
    _ = enterBytes.withUnsafeBufferPointer { Foundation.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    terminalTaken = true
}

/// SIGTSTP: the terminal given back, the process stopped by the signal's default action, and on
/// SIGCONT (where `raise` returns) the handler put back and the terminal taken again.
private func stopAndTakeBack(_ number: Int32) {
    let wasTaken = terminalTaken
    restoreTerminal()
    signal(SIGTSTP, SIG_DFL)
    var stop = sigset_t()
    sigemptyset(&stop)
    sigaddset(&stop, SIGTSTP)
    pthread_sigmask(SIG_UNBLOCK, &stop, nil)
    raise(SIGTSTP)
    signal(SIGTSTP, stopAndTakeBack)
    guard wasTaken else { return }
    takeTerminal()
    // Only now may the app draw the whole screen again.
    var byte: UInt8 = 1
    _ = Foundation.write(resumeWriter, &byte, 1)
}

/// Async-signal-safe: `write` and `tcsetattr` only.
private func restoreTerminal() {
    guard terminalTaken else { return }
    terminalTaken = false
    _ = leaveBytes.withUnsafeBufferPointer { Foundation.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &savedTerminal)
}

private func restoreAndRaise(_ number: Int32) {
    restoreTerminal()
    signal(number, SIG_DFL)
    raise(number)
}

private func writeAll(_ text: String) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { Foundation.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
        guard written > 0 else { return }
        bytes = bytes.dropFirst(written)
    }
}
