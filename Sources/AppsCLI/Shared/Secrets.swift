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
        console.status("\(prompt): ")
        var saved = termios()
        tcgetattr(STDIN_FILENO, &saved)
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
            console.status("\n")
        }
        return Swift.readLine(strippingNewline: true) ?? ""
    }
}
