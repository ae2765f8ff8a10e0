import Foundation
import Testing

/// A password prompt on a real pseudo-terminal (Python's `pty`, which the test machine has):
/// Ctrl-C there must leave echo on, whatever the shell does afterwards.
@Suite("Terminal restore")
struct TerminalRestoreTests {
    static let script = #"""
        import os, pty, signal, sys, termios
        apps = sys.argv[1]
        pid, fd = pty.fork()
        if pid == 0:
            os.execv(apps, [apps, "koober", "signin", "--email", "a@b.c"])
        out = b""
        while b"Password:" not in out:
            out += os.read(fd, 100)  # the prompt shows once echo is off
        assert not termios.tcgetattr(fd)[3] & termios.ECHO, "echo is on at the prompt"
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
