import AppsCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the console's text goes: the process's standard streams, or memory in tests.
protocol ConsoleOutput: Sendable {
    func write(_ string: String, to stream: ConsoleStream)
}

enum ConsoleStream: Sendable {
    case standardOutput, standardError
}

/// The process's stdout and stderr.
struct StandardStreams: ConsoleOutput {
    func write(_ string: String, to stream: ConsoleStream) {
        let handle = stream == .standardOutput ? FileHandle.standardOutput : FileHandle.standardError
        handle.write(Data(string.utf8))
    }
}

/// Everything written, kept in memory: how in-process tests read a command's output.
final class CapturedOutput: ConsoleOutput {
    private let streams = Locked<(out: String, err: String)>(("", ""))

    var standardOutput: String { streams.withLock { $0.out } }
    var standardError: String { streams.withLock { $0.err } }

    func write(_ string: String, to stream: ConsoleStream) {
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
    /// Colour only on a terminal, and never with `--no-color` or `NO_COLOR`.
    let colors: Bool
    let output: any ConsoleOutput

    /// - Parameter output: the standard streams unless a test captures them; captured output is
    ///   never a terminal, so it gets no colour.
    init(
        options: GlobalOptions, environment: [String: String] = ProcessInfo.processInfo.environment,
        output: any ConsoleOutput = StandardStreams()
    ) {
        format = options.format
        colors =
            output is StandardStreams && !options.noColor && environment["NO_COLOR"] == nil
            && isatty(STDOUT_FILENO) == 1
        self.output = output
    }

    /// Prints the result: `json` in JSON mode, `text()` otherwise.
    func result(json: JSONValue, text: () -> String) {
        switch format {
        case .json: output.write(json.serialized + "\n", to: .standardOutput)
        case .text: output.write(text() + "\n", to: .standardOutput)
        }
    }

    /// Output written as it is, for results streamed in pieces (`check-file`'s lines).
    func write(_ string: String) {
        output.write(string, to: .standardOutput)
    }

    /// A line for the user that is not the result (progress, "offline: ...").
    func notice(_ message: String) {
        output.write(message + "\n", to: .standardError)
    }

    /// Text on stderr without a newline: prompts and progress bars redrawn in place.
    func status(_ text: String) {
        output.write(text, to: .standardError)
    }

    /// Reports an error as the CLI's contract says (text on stderr, or the JSON error object on
    /// stdout) and returns its exit code.
    func report(_ error: any Error) -> Int32 {
        let failure = Failure(error)
        fail(failure)
        return failure.exitCode
    }

    func fail(_ failure: Failure) {
        switch format {
        case .json: output.write(failure.json.serialized + "\n", to: .standardOutput)
        case .text: output.write("error: \(failure.message)\n", to: .standardError)
        }
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
