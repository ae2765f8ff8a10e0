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

    /// Ctrl-Z in a shell with job control, then `fg`: the app gives the terminal back before it
    /// stops (normal screen, cursor shown) and takes it again after (alternate screen, a redraw,
    /// keys read one by one rather than as a line).
    static let suspendScript = #"""
        import os, pty, select, sys
        apps = sys.argv[1]
        pid, fd = pty.fork()
        if pid == 0:
            os.execve("/bin/bash", ["bash", "--norc", "--noprofile", "-i"], dict(os.environ, PS1="ready> "))
        out = b""
        def until(token, start):
            global out
            for _ in range(200):
                if token in out[start:]: return True
                ready, _, _ = select.select([fd], [], [], 0.1)
                if ready:
                    try: out += os.read(fd, 65536)
                    except OSError: return False
            return token in out[start:]
        os.write(fd, (apps + " lotto ui\n").encode())
        shown = until(b"draw-14", 0)
        mark = len(out)
        os.write(fd, b"\x1a")
        stopped = until(b"Stopped", mark)
        given_back = b"\x1b[?1049l" in out[mark:] and b"\x1b[?25h" in out[mark:]
        mark = len(out)
        os.write(fd, b"fg\n")
        taken = until(b"\x1b[?1049h", mark) and until(b"draw-14", mark)
        mark = len(out)
        os.write(fd, b"\x1b[B")
        raw = until(b"\xe2\x80\xba Wed 5 Jul 2023", mark)
        mark = len(out)
        os.write(fd, b"q")
        # The shell's prompt, not the app's last bytes: the app flushes unread input as it leaves.
        until(b"\x1b[?1049l", mark) and until(b"ready> ", mark)
        os.write(fd, b"exit\n")
        for _ in range(100):
            if os.waitpid(pid, os.WNOHANG) != (0, 0): break
            ready, _, _ = select.select([fd], [], [], 0.1)
            if ready:
                try: out += os.read(fd, 65536)
                except OSError: pass
        else:
            os.kill(pid, 9)
        print("shown", shown, "stopped", stopped, "given back", given_back, "taken again", taken, "raw", raw)
        """#

    @Test func controlZStopsWithTheTerminalGivenBackAndFgTakesItAgain() async throws {
        let output = try await AppsProcess.runProgram(
            "/usr/bin/env",
            arguments: [
                "APPS_STATE_DIR=/nonexistent", "python3", "-c", Self.suspendScript, AppsProcess.executable.path,
            ])
        #expect(
            output.stdout == "shown True stopped True given back True taken again True raw True\n",
            "\(output.stderr)")
    }

    /// Ctrl-Z then `fg`, again and again: each time the whole screen is drawn after the
    /// alternate screen is back (a redraw that raced it left a blank screen one time in ten).
    static let suspendLoopScript = #"""
        import os, pty, select, sys
        apps = sys.argv[1]
        pid, fd = pty.fork()
        if pid == 0:
            os.execve("/bin/bash", ["bash", "--norc", "--noprofile", "-i"], dict(os.environ, PS1="ready> "))
        out = b""
        def until(test, start):
            global out
            for _ in range(200):
                if test(out[start:]): return True
                ready, _, _ = select.select([fd], [], [], 0.05)
                if ready:
                    try: out += os.read(fd, 65536)
                    except OSError: return False
            return test(out[start:])
        os.write(fd, (apps + " lotto ui\n").encode())
        until(lambda o: b"draw-14" in o, 0)
        whole = 0
        for _ in range(12):
            mark = len(out)
            os.write(fd, b"\x1a")
            until(lambda o: b"Stopped" in o, mark)
            mark = len(out)
            os.write(fd, b"fg\n")
            # After the alternate screen is entered again: the title, the tabs and the list.
            drawn = lambda o: b"\x1b[?1049h" in o and all(
                word in o[o.rindex(b"\x1b[?1049h"):] for word in (b"Lotto", b"Quick pick", b"draw-14"))
            whole += until(drawn, mark)
        os.write(fd, b"q")
        until(lambda o: b"ready> " in o, len(out))
        os.write(fd, b"exit\n")
        for _ in range(100):
            if os.waitpid(pid, os.WNOHANG) != (0, 0): break
            select.select([fd], [], [], 0.05)
            try: os.read(fd, 65536)
            except OSError: pass
        else:
            os.kill(pid, 9)
        print("whole after resume", whole, "of 12")
        """#

    @Test func everyResumeDrawsTheWholeScreenAfterTheAlternateScreenIsBack() async throws {
        let output = try await AppsProcess.runProgram(
            "/usr/bin/env",
            arguments: [
                "APPS_STATE_DIR=/nonexistent", "python3", "-c", Self.suspendLoopScript, AppsProcess.executable.path,
            ])
        #expect(output.stdout == "whole after resume 12 of 12\n", "\(output.stderr)")
    }
}
