import AppsCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the console's text goes: the process's standard streams, or memory in tests.
protocol ConsoleOutput: Sendable {
    /// - Throws: ``OutputError`` when the stream cannot take the text (a full disk, a closed stream).
    func write(_ string: String, to stream: ConsoleStream) throws
}

enum ConsoleStream: Sendable {
    case standardOutput, standardError

    var name: String { self == .standardOutput ? "standard output" : "standard error" }
}

/// A stream that could not be written: the result is lost, and the command says so (exit 74).
struct OutputError: Error, LocalizedError, Equatable {
    var stream: ConsoleStream
    var code: Int32

    var errorDescription: String? {
        "Cannot write to \(stream.name): \(String(cString: strerror(code)))."
    }
}

/// The process's stdout and stderr, written with `write(2)` so that a failure is an error, not a
/// crash (FileHandle's `write(_:)` traps on a full disk or a closed descriptor).
struct StandardStreams: ConsoleOutput {
    func write(_ string: String, to stream: ConsoleStream) throws {
        let descriptor = stream == .standardOutput ? STDOUT_FILENO : STDERR_FILENO
        let bytes = Array(string.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw OutputError(stream: stream, code: errno)
            }
            offset += written
        }
    }
}

#if canImport(Glibc)
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    private let systemWrite = Darwin.write
#endif

/// Everything written, kept in memory: how in-process tests read a command's output.
final class CapturedOutput: ConsoleOutput {
    private let streams = Locked<(out: String, err: String)>(("", ""))

    var standardOutput: String { streams.withLock { $0.out } }
    var standardError: String { streams.withLock { $0.err } }

    func write(_ string: String, to stream: ConsoleStream) throws {
        streams.withLock {
            switch stream {
            case .standardOutput: $0.out += string
            case .standardError: $0.err += string
            }
        }
    }
}

/// Where a command's output goes: results on stdout, notices and text-mode errors on stderr.
struct Console: Sendable {
    let format: GlobalOptions.Format
    /// `--verbose`: errors carry their underlying cause.
    let verbose: Bool
    /// Colour only on a terminal that is not `TERM=dumb`, and never with `--no-color` or a
    /// non-empty `NO_COLOR`.
    let colors: Bool
    let output: any ConsoleOutput

    /// - Parameter output: the standard streams unless a test captures them; captured output is
    ///   never a terminal, so it gets no colour.
    init(
        options: GlobalOptions, environment: [String: String] = ProcessInfo.processInfo.environment,
        output: any ConsoleOutput = StandardStreams()
    ) {
        format = options.format
        verbose = options.verbose
        colors =
            output is StandardStreams
            && Self.wantsColour(
                noColorOption: options.noColor, environment: environment, isTerminal: isatty(STDOUT_FILENO) == 1)
        self.output = output
    }

    /// no-color.org: only a non-empty `NO_COLOR` turns colour off; a dumb terminal has none.
    static func wantsColour(noColorOption: Bool, environment: [String: String], isTerminal: Bool) -> Bool {
        !noColorOption && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb" && isTerminal
    }

    /// Prints the result: `json` in JSON mode, `text()` otherwise.
    /// - Throws: ``OutputError`` when standard output cannot take it.
    func result(json: JSONValue, text: () -> String) throws {
        switch format {
        case .json: try output.write(json.serialized + "\n", to: .standardOutput)
        case .text: try output.write(TerminalText.guarded(text()) + "\n", to: .standardOutput)
        }
    }

    /// A line for the user that is not the result (progress, "offline: ..."). Standard error that
    /// cannot be written has nowhere to report to, so its failures are dropped.
    func notice(_ message: String) {
        try? output.write(message.terminalSafeLines + "\n", to: .standardError)
    }

    /// Text on stderr without a newline: prompts and progress bars redrawn in place.
    func status(_ text: String) {
        try? output.write(text, to: .standardError)
    }

    /// Reports an error as the CLI's contract says (text on stderr, or the JSON error object on
    /// stdout) and returns its exit code.
    func report(_ error: any Error) -> Int32 {
        let failure = Failure(error)
        fail(failure)
        return failure.exitCode
    }

    /// The failure as the contract says: the JSON error object on stdout in JSON mode (on stderr
    /// as text when stdout is what failed), `error: …` on stderr in text mode.
    func fail(_ failure: Failure) {
        var failure = failure
        if verbose, let cause = failure.cause { failure.message += " Cause: \(cause)" }
        if format == .json, (try? output.write(failure.json.serialized + "\n", to: .standardOutput)) != nil { return }
        try? output.write("error: \(failure.message.terminalSafe)\n", to: .standardError)
    }

    func paint(_ text: String, _ style: Style) -> String {
        colors ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }

    enum Style: String {
        case green = "32"
        case red = "31"
        case gold = "33"
        case bold = "1"
        case dim = "2"
    }
}
