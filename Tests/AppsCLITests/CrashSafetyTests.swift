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
                let stdout = (process.standardOutput as! Pipe).fileHandleForReading
                let target = 2 + round % 7
                var printed = 0
                var buffer = Data()
                while printed < target, let chunk = try stdout.read(upToCount: 64), !chunk.isEmpty {
                    buffer.append(chunk)
                    let lines = String(decoding: buffer, as: UTF8.self).split(separator: "\n")
                    printed = lines.compactMap { Int($0) }.max() ?? printed
                }
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                #expect(process.terminationReason == .uncaughtSignal)

                let value = try #require(try FileValueStore<StoreStressCommand.Value>(fileURL: url).load())
                #expect(value.isComplete, "round \(round): a torn value")
                #expect(value.generation >= printed, "round \(round): lost a save that was reported")
            }
        }
    }
}
