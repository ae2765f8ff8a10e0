import ArgumentParser
import Foundation
import Persistence
import PilotRegistration
import TerminalUI

/// `apps bench …`: timings of this build that `make bench-cli` reports (Docs/Performance.md), for
/// code no library product exposes to the Benchmarks package. Not for users.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench", abstract: "Time parts of this build (for benchmarks).", shouldDisplay: false,
        subcommands: [InputBenchCommand.self, StubBenchCommand.self])
}

/// Times the full-screen apps' input path: keys applied to `apps pilot ui`'s form and the frame
/// drawn and written (an 80×24 terminal, no socket, no real terminal).
struct InputBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "input", abstract: "Time the full-screen apps' input path.")

    @Option(help: "How many times to measure each case (1…1000).") var runs = 20

    func validate() throws {
        guard (1...1_000).contains(runs) else { throw ValidationError("--runs must be between 1 and 1000.") }
    }

    func run() async throws {
        let report = await InputBench.measure(runs: runs)
        try StandardStreams().write(report, to: .standardOutput)
    }
}

@MainActor
enum InputBench {
    /// The median and the slowest of `runs` measurements of each case, one line each.
    static func measure(runs: Int) async -> String {
        var cases: [(String, [Duration])] = [
            ("a 20 KB paste in one read, applied and drawn once", []),
            ("1,000 keys in one read each, each applied and drawn", []),
        ]
        for _ in 0..<runs {
            cases[0].1.append(await time([Array(repeating: Key.character("a"), count: 20_000)]))
            cases[1].1.append(await time(Array(repeating: [Key.character("a")], count: 1_000)))
        }
        return cases.map { name, times in
            let sorted = times.sorted()
            return "\(name): median \(format(sorted[sorted.count / 2])), slowest \(format(sorted.last ?? .zero))\n"
        }.joined()
    }

    /// Sends each read of keys to a fresh form's name field and waits for its frame; the time of them all.
    private static func time(_ reads: [[Key]]) async -> Duration {
        // A clock whose ticks never come: the frames are the keys' alone.
        let still = TerminalClock(now: { .zero }, sleep: { _ in try await Task.sleep(for: .seconds(3600)) })
        let flow = PilotRegistrationFlow(licenses: PreviewLicensesService(), store: InMemoryValueStore<Pilot>())
        let session = TerminalSession(
            root: PilotUI(flow: flow), width: 80, height: 24, colors: .ansi256, clock: still)
        session.start()
        _ = await session.frame { $0.text.contains("ATPL") }
        let clock = ContinuousClock()
        let start = clock.now
        for keys in reads {
            let drawn = session.frameCount
            _ = session.send(keys)
            _ = await session.frame { _ in session.frameCount > drawn }
        }
        return clock.now - start
    }

    private static func format(_ duration: Duration) -> String {
        let milliseconds = Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
        return String(format: "%.2f ms", milliseconds)
    }
}
