import Foundation
import TestSupport
import Testing

/// Each full-screen app as a user runs it: the real binary on a pseudo-terminal of 80×24 (Python's
/// `pty`), keys sent as bytes, the screen read back through a small emulator of the sequences the
/// apps write. After `q` the terminal must be as it was: echo and line editing on.
@Suite("Interactive screens on a terminal")
struct InteractiveTerminalTests {
    /// argv: apps, the steps as JSON (`["expect", text]` waits until the screen shows text, at
    /// most 20 s; `["send", bytes]` types), then the arguments. Prints the last screen, then the
    /// exit status and whether echo and canonical mode were back on.
    static let script = #"""
        import fcntl, json, os, pty, re, select, struct, sys, termios
        apps, steps, args = sys.argv[1], json.loads(sys.argv[2]), sys.argv[3:]
        cols, rows = map(int, os.environ.get("PTY_SIZE", "80x24").split("x"))
        pid, fd = pty.fork()
        if pid == 0:
            os.execv(apps, [apps] + args)
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        screen = [[" "] * cols for _ in range(rows)]
        cursor = [0, 0]
        pending = ""
        colored = False
        left = []  # the full screen as it was when the app left it
        def feed(text):
            global pending, colored
            text = pending + text
            pending = ""
            i = 0
            while i < len(text):
                if text[i] == "\x1b":
                    m = re.match(r"\x1b\[([?0-9;]*)([A-Za-z])", text[i:])
                    if not m:
                        pending = text[i:]
                        return
                    params, final = m.group(1), m.group(2)
                    if final == "H":
                        r, c = (params.split(";") + ["1", "1"])[:2] if params else ("1", "1")
                        cursor[:] = [int(r or 1) - 1, int(c or 1) - 1]
                    elif final == "m":
                        colored = colored or any(len(p) >= 2 and p[0] in "34" for p in params.split(";"))
                    elif final == "J" and params == "2":
                        for row in screen: row[:] = [" "] * cols
                    elif final == "l" and params == "?1049":  # back to the (here empty) normal screen
                        left.append(shown())
                        for row in screen: row[:] = [" "] * cols
                        cursor[:] = [0, 0]
                    i += len(m.group(0))
                    continue
                if text[i] in "\r\n":
                    cursor[:] = [cursor[0] + (text[i] == "\n"), 0]
                    i += 1
                    continue
                r, c = cursor
                if 0 <= r < rows and 0 <= c < cols: screen[r][c] = text[i]
                cursor[1] += 1
                i += 1
        def shown(): return "\n".join("".join(row).rstrip() for row in screen)
        def read(timeout):
            ready, _, _ = select.select([fd], [], [], timeout)
            if not ready: return False
            try: data = os.read(fd, 65536)
            except OSError: return None
            if not data: return None
            feed(data.decode("utf-8", "replace"))
            return True
        for kind, value in steps:
            if kind == "send":
                os.write(fd, value.encode())
                continue
            if kind == "signal":
                os.kill(pid, int(value))
                continue
            for _ in range(200):
                if value in shown(): break
                if read(0.1) is None: break
            else:
                print(shown()); print("never showed: " + value); sys.exit(1)
        while read(5) is True: pass
        _, status = os.waitpid(pid, 0)
        attrs = termios.tcgetattr(fd)
        print("\n".join(left + [shown()]))
        print("colours", colored)
        print("exit", os.WEXITSTATUS(status) if os.WIFEXITED(status) else -os.WTERMSIG(status),
              "echo", bool(attrs[3] & termios.ECHO), "icanon", bool(attrs[3] & termios.ICANON))
        """#

    struct Step: Encodable {
        let kind: String
        let value: String

        static func expect(_ text: String) -> Step { Step(kind: "expect", value: text) }
        static func send(_ keys: String) -> Step { Step(kind: "send", value: keys) }
        static func signal(_ number: Int32) -> Step { Step(kind: "signal", value: String(number)) }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(kind)
            try container.encode(value)
        }
    }

    static let down = "\u{1B}[B", left = "\u{1B}[D", escape = "\u{1B}", tab = "\t", enter = "\r"
    static let controlC = "\u{03}"

    /// - Parameter afterwards: looks at the test's folder (`state`, `cache`) once the app has ended.
    func run(
        _ arguments: [String], _ steps: [Step], ending: String = "exit 0", environment: [String] = [],
        afterwards: (URL) throws -> Void = { _ in }
    ) async throws -> String {
        try await withTemporaryDirectory { folder in
            let stepsJSON = String(decoding: try JSONEncoder().encode(steps), as: UTF8.self)
            let output = try await AppsProcess.runProgram(
                "/usr/bin/env",
                arguments: [
                    "APPS_STATE_DIR=\(folder.path)/state", "APPS_CACHE_DIR=\(folder.path)/cache",
                ] + environment + ["python3", "-c", Self.script, AppsProcess.executable.path, stepsJSON] + arguments)
            #expect(output.stdout.hasSuffix("\(ending) echo True icanon True\n"), "\(output.stdout)\(output.stderr)")
            try afterwards(folder)
            return output.stdout
        }
    }

    @Test func lotto() async throws {
        let screen = try await run(
            ["lotto", "ui", "--seed", "1"],
            [
                .expect("draw-14"), .send(Self.down + Self.enter), .expect("draw-13 · Wed 5 Jul 2023"),
                .send(Self.left),
                .expect("draw-12 · Sat 24 Jun 2023"), .send("q"),
            ])
        #expect(screen.contains("→ draw-13 (Wed 5 Jul 2023)"))
    }

    @Test func auth() async throws {
        let screen = try await run(
            ["auth", "ui"],
            [
                .expect("[ Login ]"), .send("ann"), .expect("Email ✗"), .send("@example.com" + Self.tab + "pw"),
                .expect("Password ✓"), .send(Self.controlC),
            ])
        #expect(screen.contains("│ ••"))
    }

    @Test func pilot() async throws {
        let screen = try await run(
            ["pilot", "ui"],
            [
                .expect("MPL   A321, A300, B717"), .send("Amelia" + Self.tab + "amelia"),
                .expect("✗ The password must not contain your name."), .send(Self.controlC),
            ])
        #expect(screen.contains("[ Amelia"))
    }

    @Test func listings() async throws {
        let screen = try await run(
            ["listings", "ui"],
            [.expect("Five Pairs of Socks"), .send(Self.enter), .expect("Image: shirt-blue.jpg"), .send("q")])
        #expect(screen.contains("£12.50 was £14.00"))
    }

    @Test func koober() async throws {
        let screen = try await run(
            ["koober", "ui"],
            [
                .expect("Welcome to Koober"), .send(Self.enter), .expect("Sign in"),
                .send("johnny@gmail.com" + Self.tab + "password" + Self.tab + Self.enter),
                .expect("Pickup    Opera House"),
                .send("q"),
            ])
        #expect(screen.contains("Hello, Johnny"))
    }

    /// A signal ends the app as it would any program, with the terminal put back first.
    @Test(arguments: [SIGTERM, SIGHUP, SIGINT])
    func aSignalRestoresTheTerminal(_ number: Int32) async throws {
        _ = try await run(
            ["lotto", "ui"], [.expect("draw-14"), .signal(number)], ending: "exit -\(number)")
    }

    /// Balls are green and red on a terminal; `NO_COLOR` (and `--no-color`) leave only the marks.
    /// (The harness sets `NO_COLOR=1` for every process; an empty one means colour.)
    @Test(arguments: [
        (["NO_COLOR=", "TERM=xterm"], [String](), true), (["NO_COLOR=1"], [], false),
        (["NO_COLOR=", "TERM=xterm"], ["--no-color"], false),
    ])
    func coloursFollowNoColor(_ environment: [String], _ options: [String], _ colours: Bool) async throws {
        let screen = try await run(
            ["lotto", "ui"] + options, [.expect("draw-14"), .send(Self.tab), .expect("Upcoming"), .send("q")],
            environment: environment)
        #expect(screen.contains("colours \(colours ? "True" : "False")\n"))
        #expect(screen.contains("11* 20* 27* 31* 55* 56*"))
    }

    /// A paste arrives bracketed, as one edit: a 20 KB one is cut to the field's limit at once, and
    /// the keys after it still work.
    @Test func aBracketedPasteIsOneEditUpToTheFieldsLimit() async throws {
        let paste = "\u{1B}[200~" + String(repeating: "x", count: 20_000) + "@example.com\u{1B}[201~"
        let screen = try await run(
            ["auth", "ui"],
            [
                .expect("[ Login ]"), .send("\u{1B}[200~ann@example.com\u{1B}[201~"), .expect("Email ✓"),
                .send("\u{15}"), .expect("Email ✗"), .send(paste + Self.tab + "pw"), .expect("Password ✓"),
                .send(Self.controlC),
            ])
        #expect(screen.contains("│ xxxxxxxx"))
        #expect(screen.contains("Email ✗"))  // the @ was past the limit of 256 characters
    }

    /// `--verbose` must not draw over the screen: its lines go to `ui.log` in the state folder,
    /// which is named once the screen is gone.
    @Test func verboseLogsGoToAFileNotOverTheScreen() async throws {
        let screen = try await run(
            ["lotto", "ui", "--verbose"], [.expect("draw-14"), .send("q")],
            afterwards: { folder in
                let log = try String(contentsOf: folder.appendingPathComponent("state/ui.log"), encoding: .utf8)
                #expect(log.contains("GET http://embedded.fixtures/lotto/draws -> 200"))
            })
        #expect(!screen.contains("GET /lotto"))
        #expect(screen.contains("The --verbose log of this session is in /tmp/"))
    }

    @Test func aWindowBelowTheMinimumSaysWhatSizeItNeeds() async throws {
        let screen = try await run(
            ["lotto", "ui"], [.expect("Terminal too small"), .send("q")], environment: ["PTY_SIZE=30x8"])
        #expect(screen.contains("needs 40×12"))
    }

    @Test func withoutATerminalItIsAUsageError() async throws {
        let output = try await AppsProcess.run(["lotto", "ui"])
        #expect(output.status == 64)
        #expect(output.stderr.contains("'apps lotto ui' is interactive: an interactive screen needs a terminal"))
    }
}
