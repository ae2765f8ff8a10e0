import ArgumentParser
import TerminalUI

/// Runs a full-screen app (`apps <domain> ui`) on the process's terminal until the user quits:
/// raw mode on the alternate screen, a frame on start, on every resize and whenever an observed
/// model changes, and the terminal put back on every way out.
@MainActor
enum InteractiveScreen {
    /// - Parameter colors: the console's verdict: no colours with `--no-color`, a non-empty
    ///   `NO_COLOR` or `TERM=dumb`.
    static func run(_ root: any TerminalView, command: String, colors: Bool) async throws {
        let terminal: RawTerminal
        do {
            terminal = try RawTerminal()
        } catch let error as RawTerminal.NotATerminal {
            throw ValidationError("'apps \(command)' is interactive: \(error.description).")
        }
        defer { terminal.restore() }
        let (width, height) = RawTerminal.size()
        let session = TerminalSession(
            root: root, width: width, height: height, colors: colors, write: terminal.write)
        session.start()
        for await event in terminal.events {
            switch event {
            case .key(let key):
                guard session.send(key) else { return }
            case .resize(let width, let height):
                session.resize(width: width, height: height)
            }
        }
    }
}
