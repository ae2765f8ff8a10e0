import ArgumentParser
import Foundation
import TerminalUI

/// Runs a full-screen app (`apps <domain> ui`) on the process's terminal until the user quits:
/// raw mode on the alternate screen, a frame on start, on every resize and whenever an observed
/// model changes, Ctrl-Z to suspend, and the terminal put back on every way out. With `--verbose`
/// the log goes to `ui.log` in the state folder, which is named on standard error at the end.
@MainActor
enum InteractiveScreen {
    static func run(
        _ root: any TerminalView, command: String, environment: AppEnvironment, console: Console
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
            terminal = try RawTerminal()
        } catch let error as RawTerminal.NotATerminal {
            throw ValidationError("'apps \(command)' is interactive: \(error.description).")
        }
        defer { terminal.restore() }
        let (width, height) = RawTerminal.size()
        let colors = console.colors ? ColorDepth(environment: environment.processEnvironment) : .none
        let session = TerminalSession(
            root: root, width: width, height: height, colors: colors, write: terminal.write)
        session.start()
        for await event in terminal.events {
            switch event {
            case .key(.control("z")):
                terminal.suspend()
            case .key(let key):
                guard session.send(key) else { return }
            case .resize(let width, let height):
                session.resize(width: width, height: height)
            case .resumed:
                let (width, height) = RawTerminal.size()
                session.resize(width: width, height: height)
            }
        }
    }
}
