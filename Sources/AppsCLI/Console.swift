import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a command's output goes: results on stdout, notices and text-mode errors on stderr.
struct Console: Sendable {
    let format: GlobalOptions.Format
    /// Colour only on a terminal, and never with `--no-color` or `NO_COLOR`.
    let colors: Bool

    init(options: GlobalOptions, environment: [String: String] = ProcessInfo.processInfo.environment) {
        format = options.format
        colors = !options.noColor && environment["NO_COLOR"] == nil && isatty(STDOUT_FILENO) == 1
    }

    /// Prints the result: `json` in JSON mode, `text()` otherwise.
    func result(json: JSONValue, text: () -> String) {
        switch format {
        case .json: Self.writeOut(json.serialized + "\n")
        case .text: Self.writeOut(text() + "\n")
        }
    }

    /// A line for the user that is not the result (progress, "offline: ...").
    func notice(_ message: String) {
        Self.writeError(message + "\n")
    }

    func fail(_ failure: Failure) {
        switch format {
        case .json: Self.writeOut(failure.json.serialized + "\n")
        case .text: Self.writeError("error: \(failure.message)\n")
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

    static func writeOut(_ string: String) {
        FileHandle.standardOutput.write(Data(string.utf8))
    }

    static func writeError(_ string: String) {
        FileHandle.standardError.write(Data(string.utf8))
    }
}
