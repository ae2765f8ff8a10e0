import ArgumentParser
import Foundation
import Koober
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
        let timings = cases.map { name, times in
            let sorted = times.sorted()
            return "\(name): median \(format(sorted[sorted.count / 2])), slowest \(format(sorted.last ?? .zero))\n"
        }.joined()
        return timings + (await searchBurst())
    }

    /// The burst of Docs/Performance.md: `apps koober ui` at 200×50 on a slow backend (ride
    /// options in 3 s, with a spinner, and searches in 8 s), the drop-off picker open; `b`, then
    /// `o n d i` a tenth of a second apart while that search is in flight. Each letter's echo (from the key to the frame that shows it) and
    /// the process's CPU from the first key to half a second after the last.
    private static func searchBurst() async -> String {
        let session = TerminalSession(root: kooberRide(), width: 200, height: 50, colors: .trueColor)
        session.start()
        _ = await session.frame { $0.text.contains("Wallabee") }
        _ = session.send(.character("d"))
        _ = await session.frame { $0.text.contains("Where to?") }
        let clock = ContinuousClock()
        let cpuBefore = processorTime()
        let start = clock.now
        var echoes: [Duration] = []
        var typed = ""
        for letter in "bondi" {
            if !typed.isEmpty { try? await Task.sleep(for: .milliseconds(100)) }
            typed.append(letter)
            let sent = clock.now
            _ = session.send(.character(letter))
            _ = await session.frame { [typed] frame in
                (0..<6).contains { frame.text(row: $0).contains("Where to? \(typed)") }
            }
            echoes.append(clock.now - sent)
        }
        try? await Task.sleep(for: .milliseconds(500))
        let busy = processorTime() - cpuBefore
        let elapsed = clock.now - start
        let share = busy / elapsed * 100
        return "a search burst in apps koober ui at 200x50 (5 letters 100 ms apart, search in flight): "
            + "echo slowest \(format(echoes.max() ?? .zero)), CPU \(format(busy)) in \(format(elapsed)) "
            + "(\(String(format: "%.0f", share)) % of a core)\n"
    }

    /// Koober's new ride, signed in as the preview user at the Opera House, on a backend whose ride
    /// options take 3 s and whose every search but the first (the pickup's) takes 8 s.
    private static func kooberRide() -> KooberUI {
        let store = (try? InMemoryValueStore(PreviewKooberService.session)) ?? InMemoryValueStore()
        let auth = PreviewKooberService()
        let app = KooberAppModel(
            signIn: KooberSignInUseCase(remoteAPI: auth, store: store),
            signUp: KooberSignUpUseCase(remoteAPI: auth, store: store), store: store)
        return KooberUI(app: app, rides: SlowSearch(), pickup: "opera-house")
    }

    /// The preview service, slow: ride options in 3 s, a search for text in 8 s.
    private struct SlowSearch: LocationsService, RideService {
        let places = PreviewKooberService()
        func searchLocations(_ query: String) async throws -> [Location] {
            if !query.isEmpty { try await Task.sleep(for: .seconds(8)) }
            return try await places.searchLocations(query)
        }
        func rideOptions() async throws -> [RideOption] {
            try await Task.sleep(for: .seconds(3))
            return try await places.rideOptions()
        }
        func requestRide(_ request: RideRequest, session: RemoteUserSession) async throws(RideError) -> Ride {
            try await places.requestRide(request, session: session)
        }
    }

    /// The user and system CPU time this process has used.
    private static func processorTime() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
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
