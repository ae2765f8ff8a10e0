import Foundation
import Testing

/// A password prompt on a real pseudo-terminal (Python's `pty`, which the test machine has):
/// Ctrl-C there must leave echo on, whatever the shell does afterwards.
@Suite("Terminal restore")
struct TerminalRestoreTests {
    static let script = #"""
        import os, pty, signal, sys, termios, time
        apps = sys.argv[1]
        pid, fd = pty.fork()
        if pid == 0:
            os.execv(apps, [apps, "koober", "signin", "--email", "a@b.c"])
        out, deadline = b"", time.time() + 30
        while b"Password:" not in out and time.time() < deadline:
            out += os.read(fd, 100)
        while termios.tcgetattr(fd)[3] & termios.ECHO and time.time() < deadline:
            time.sleep(0.01)  # poll, without spinning a core, until the prompt has turned echo off
        os.kill(pid, int(sys.argv[2]))
        _, status = os.waitpid(pid, 0)
        echo = termios.tcgetattr(fd)[3] & termios.ECHO
        print("echo on" if echo else "echo off", os.WTERMSIG(status) if os.WIFSIGNALED(status) else -1)
        """#

    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aSignalAtThePasswordPromptLeavesEchoOn(_ signal: Int32) async throws {
        let output = try await AppsProcess.runProgram(
            "/usr/bin/env", arguments: ["python3", "-c", Self.script, AppsProcess.executable.path, String(signal)])
        #expect(output.stdout == "echo on \(signal)\n", "\(output.stderr)")
    }
}
