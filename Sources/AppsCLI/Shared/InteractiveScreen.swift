import ArgumentParser
import Foundation
import TerminalUI

/// Runs a full-screen app (`apps <domain> ui`) on the process's terminal until the user quits:
/// raw mode on the alternate screen, a frame on start, on every resize and whenever an observed
/// model changes, Ctrl-Z to suspend, and the terminal put back on every way out. With `--verbose`
/// the log goes to `ui.log` in the state folder, which is named on standard error at the end.
/// `--screen-reader` runs the same view as plain announced lines instead (``ScreenReaderSession``).
@MainActor
enum InteractiveScreen {
    static func run(
        _ root: any TerminalView, command: String, screen: ScreenOptions, environment: AppEnvironment,
        console: Console
    ) async throws {
        let logFile =
            environment.options.verbose ? try environment.stateDirectory().appendingPathComponent("ui.log") : nil
        if let logFile { try environment.log.toFile(logFile) }
        defer {
            if let logFile {
                environment.log.toStandardError()
                console.notice("The --verbose log of this session is in \(logFile.path).")
            }
        }
        let terminal: RawTerminal
        do {
            terminal = try RawTerminal(fullScreen: !screen.screenReader)
        } catch let error as RawTerminal.NotATerminal {
            throw ValidationError("'apps \(command)' is interactive: \(error.description).")
        }
        defer { terminal.restore() }
        // However the app ends, the work its screens started ends with it.
        defer { root.effects.cancelAll() }
        if screen.screenReader {
            await readAloud(root, on: terminal)
            return
        }
        let (width, height) = RawTerminal.size()
        let colors = console.colors ? ColorDepth(environment: environment.processEnvironment) : .none
        let session = TerminalSession(
            root: root, width: width, height: height, colors: colors, write: terminal.write)
        session.start()
        for await event in terminal.events {
            switch event {
            case .keys(let keys):
                guard apply(keys, to: session, suspend: terminal.suspend) else { return }
            case .resize(let width, let height):
                session.resize(width: width, height: height)
            case .resumed:
                let (width, height) = RawTerminal.size()
                session.resize(width: width, height: height)
            }
        }
    }

    /// The screen-reader mode's loop: keys to the session, nothing drawn.
    private static func readAloud(_ root: any TerminalView, on terminal: RawTerminal) async {
        let session = ScreenReaderSession(root: root, write: terminal.write)
        session.start()
        for await event in terminal.events {
            switch event {
            case .keys(let keys): guard apply(keys, to: session, suspend: terminal.suspend) else { return }
            case .resize, .resumed: break
            }
        }
    }

    /// Applies the keys of one read to a session, all before one frame, with a Ctrl-Z among them
    /// suspending the app where it comes; a Ctrl-C anywhere ends it at once.
    /// - Returns: whether the app goes on.
    static func apply(_ keys: [Key], to session: any KeyReceiver, suspend: () -> Void) -> Bool {
        guard !keys.contains(.control("c")) else { return false }
        var pending = keys[...]
        while let stop = pending.firstIndex(of: .control("z")) {
            guard session.send(Array(pending[..<stop])) else { return false }
            suspend()
            pending = pending[(stop + 1)...]
        }
        return session.send(Array(pending))
    }
}

/// The options of every `ui` command.
struct ScreenOptions: ParsableArguments {
    @Flag(
        help: "Plain lines for a screen reader: no full screen, each change announced as a line, the same keys.")
    var screenReader = false
}
