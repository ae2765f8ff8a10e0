import Foundation
import Persistence
import TestSupport
import Testing

@testable import AppsCLI

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Crash safety")
struct CrashSafetyTests {
    /// Kills a process that saves in a loop, at a different moment each time, and proves the file
    /// always holds one complete value, never a torn one.
    @Test func aProcessKilledWhileSavingLeavesACompleteOldOrNewValue() async throws {
        try await withTemporaryDirectory { folder in
            let url = folder.appendingPathComponent("state/value.json")
            for round in 0..<25 {
                let process = try AppsProcess.start(["store-stress", "--file", url.path])
                let target = 2 + round % 7
                let lines = await AppsProcess.readLines(of: process) { $0.count >= target }
                let printed = lines.compactMap { Int($0) }.max() ?? 0
                kill(process.processIdentifier, SIGKILL)
                await AppsProcess.waitForExit(process)
                #expect(process.terminationReason == .uncaughtSignal)

                let value = try #require(try FileValueStore<StoreStressCommand.Value>(fileURL: url).load())
                #expect(value.isComplete, "round \(round): a torn value")
                #expect(value.generation >= printed, "round \(round): lost a save that was reported")
            }
        }
    }
}
