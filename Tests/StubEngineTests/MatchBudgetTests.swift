import Foundation
import Testing

@testable import StubEngine

/// The matching budget counts the work's own CPU time, so a busy machine (other threads, other
/// processes) never turns an honest stub into a 404.
@Suite("Matching budget")
struct MatchBudgetTests {
    /// Work no optimiser removes: some milliseconds of CPU in a debug build.
    static func work() -> UInt64 {
        var value: UInt64 = 1
        for step in 0..<3_000_000 { value = value &* 6_364_136_223_846_793_005 &+ UInt64(step) }
        return value
    }

    @Test func workOnTheBudgetsThreadSpendsIt() {
        let budget = MatchBudget(.microseconds(100))
        #expect(Self.work() != 0)
        #expect(budget.isSpentNow)
    }

    /// A request's thread that waits (for a core, for another thread) spends nothing, however
    /// much work other threads do meanwhile: here its thread blocks while another works.
    @Test func waitingWhileOtherThreadsWorkSpendsNothing() async {
        let spent = await withCheckedContinuation { continuation in
            Thread {
                let budget = MatchBudget(.microseconds(500))
                let finished = DispatchSemaphore(value: 0)
                Thread {
                    _ = Self.work()
                    finished.signal()
                }.start()
                finished.wait()
                continuation.resume(returning: budget.isSpentNow)
            }.start()
        }
        #expect(!spent)
    }

    @Test func readingsOnOneThreadAddUp() {
        let budget = MatchBudget(.seconds(10))
        let before = budget.remaining
        #expect(Self.work() != 0)
        let after = budget.remaining
        #expect(after < before)
        #expect(!budget.isSpent)
    }

    @Test func resumingChargesNothingForTheTimeBefore() {
        let budget = MatchBudget(.microseconds(100))
        #expect(Self.work() != 0)
        budget.resume()
        #expect(!budget.isSpentNow)
    }
}
