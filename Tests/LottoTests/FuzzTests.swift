import FixtureTestSupport
import Foundation
import HTTPTypes
import Networking
import TestSupport
import Testing

@testable import Lotto

/// Every input gives a value or a typed error: never a crash, never a hang.
@Suite("Fuzzing the Lotto decoders")
struct LottoFuzzTests {
    static let inputs = 2_000

    func service(answering body: Data) -> RemoteLottoService {
        RemoteLottoService(
            api: EndpointClient(
                baseURL: URL(string: "http://fuzz.test")!,
                httpClient: StubHTTPClient { _, _ in (HTTPResponse(status: .ok), body) }))
    }

    func expectTyped(_ error: any Error) {
        #expect(error is NetworkError || error is LottoDataError, "untyped error \(error)")
    }

    @Test func draws() async throws {
        var mutator = Mutator(seed: 101)
        for input in mutator.mutants(of: [try FuzzSeeds.body("/lotto/draws")], count: Self.inputs) {
            // The loop never suspends otherwise: on two cores it would hold a thread of the
            // cooperative pool for its whole run while other tests' tasks wait.
            await Task.yield()
            do { _ = try await service(answering: input).loadDraws() } catch { expectTyped(error) }
        }
    }

    @Test func tickets() async throws {
        var mutator = Mutator(seed: 102)
        for input in mutator.mutants(of: [try FuzzSeeds.body("/lotto/tickets")], count: Self.inputs) {
            // The loop never suspends otherwise: on two cores it would hold a thread of the
            // cooperative pool for its whole run while other tests' tasks wait.
            await Task.yield()
            do { _ = try await service(answering: input).loadTickets() } catch { expectTyped(error) }
        }
    }

    @Test func bulkCheckLines() async throws {
        var mutator = Mutator(seed: 103)
        let seed = Data("2,16,23,44,47,52,14\n1,2,3,4,5,6\n7, 8, 9, 10, 11, 12, 13\r\n".utf8)
        let draw = try makeDraw()
        for input in mutator.mutants(of: [seed], count: Self.inputs * 5) {
            // The loop never suspends otherwise: on two cores it would hold a thread of the
            // cooperative pool for its whole run while other tests' tasks wait.
            await Task.yield()
            for skipInvalid in [false, true] {
                var checker = BulkChecker(draw: draw, skipInvalid: skipInvalid)
                do {
                    try input.withUnsafeBytes { try checker.consume($0) }
                    let report = try checker.finish()
                    #expect(report.lines + report.invalid <= input.count)
                } catch {
                    #expect(!skipInvalid && error is BulkChecker.InvalidLine, "\(error)")
                }
            }
        }
    }
}
