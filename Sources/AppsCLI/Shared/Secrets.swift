import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Passwords are never taken from the command line: a terminal gets a prompt without echo,
/// anything else is read one line at a time from stdin.
enum Secrets {
    static func readLine(prompt: String, console: Console) throws -> String {
        guard isatty(STDIN_FILENO) == 1 else {
            guard let line = Swift.readLine(strippingNewline: true) else {
                throw ValidationError("Expected \(prompt.lowercased()) as a line on standard input.")
            }
            return line
        }
        // Echo is off before the prompt shows, so nothing typed after the prompt is ever echoed.
        let echoOff = EchoOff()
        console.status("\(prompt): ")
        defer {
            echoOff.restore()
            console.status("\n")
        }
        return Swift.readLine(strippingNewline: true) ?? ""
    }
}

/// The terminal with echo off, and its settings put back on every way out: normally, and on
/// SIGINT, SIGTERM or SIGHUP (then the signal is raised again, so the process ends as it would
/// have). Without this, Ctrl-C at a prompt leaves the shell with echo off unless it repairs it.
private struct EchoOff {
    static let signals = [SIGINT, SIGTERM, SIGHUP]

    init() {
        tcgetattr(STDIN_FILENO, &savedTerminal)
        for number in Self.signals { signal(number, restoreTerminalAndRaise) }
        var silent = savedTerminal
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
    }

    func restore() {
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &savedTerminal)
        for number in Self.signals { signal(number, SIG_DFL) }
    }
}

/// The settings to put back; written before the handlers are installed, read only by them.
nonisolated(unsafe) private var savedTerminal = termios()

private func restoreTerminalAndRaise(_ number: Int32) {
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &savedTerminal)
    signal(number, SIG_DFL)
    raise(number)
}
