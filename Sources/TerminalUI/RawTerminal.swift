import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the terminal reports: a key, or a new size.
public enum TerminalEvent: Sendable {
    case key(Key)
    case resize(width: Int, height: Int)
}

/// The process's terminal in raw mode on the alternate screen, put back as it was on every way
/// out: a normal return, `exit`, and SIGINT, SIGTERM, SIGHUP or SIGQUIT (then the signal is raised
/// again, so the process ends as it would have).
public final class RawTerminal {
    /// Why the terminal cannot be used.
    public struct NotATerminal: Error, CustomStringConvertible {
        public var description: String
    }

    /// Keys as they are typed, and sizes as the window changes.
    public let events: AsyncStream<TerminalEvent>
    private let resizes: any DispatchSourceSignal

    /// Takes over the terminal; `restore()` gives it back.
    /// - Throws: ``NotATerminal`` when standard input or output is not a terminal.
    public init() throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw NotATerminal(description: "an interactive screen needs a terminal on standard input and output")
        }
        tcgetattr(STDIN_FILENO, &savedTerminal)
        leaveBytes = Array(leaveSequence.utf8)
        var raw = savedTerminal
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        raw.c_cflag |= tcflag_t(CS8)
        for number in terminalSignals { signal(number, restoreAndRaise) }
        atexit { restoreTerminal() }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
        terminalTaken = true
        writeAll(enterSequence)

        let (events, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
        self.events = events
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 256)
            while true {
                let count = read(STDIN_FILENO, &buffer, buffer.count)
                guard count > 0 else { break }
                for key in Key.parse(Array(buffer[..<count])) { continuation.yield(.key(key)) }
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
    }

    /// The window's size in columns and rows; 80×24 when the terminal does not say.
    public static func size() -> (width: Int, height: Int) {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
            return (80, 24)
        }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Writes the terminal's output.
    public func write(_ text: String) {
        writeAll(text)
    }

    /// Leaves the alternate screen, shows the cursor and puts the settings back.
    public func restore() {
        resizes.cancel()
        restoreTerminal()
        for number in terminalSignals { signal(number, SIG_DFL) }
    }
}

private let terminalSignals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
/// The alternate screen, the cursor hidden.
private let enterSequence = "\u{1B}[?1049h\u{1B}[?25l"
/// The cursor shown, styles reset, the normal screen back.
private let leaveSequence = "\u{1B}[?25h\u{1B}[0m\u{1B}[?1049l"

/// The settings to put back; written before the handlers are installed, read only by them.
nonisolated(unsafe) private var savedTerminal = termios()
nonisolated(unsafe) private var terminalTaken = false
/// ``leaveSequence`` as bytes, made before any handler can run: a handler must not allocate.
nonisolated(unsafe) private var leaveBytes: [UInt8] = []

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
