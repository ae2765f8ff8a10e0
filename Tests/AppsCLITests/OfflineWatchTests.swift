import AppsCore
import Foundation
import Networking
import PilotRegistration
import TerminalUI
import TestSupport
import Testing

@testable import AppsCLI

/// Every app says when what it shows came from the offline cache, and stops saying so once a retry
/// reaches the backend.
@Suite("Offline notices", .timeLimit(.minutes(1)))
@MainActor
struct OfflineWatchTests {
    let licenses = #"{"pilot-licenses": [{"type": "PPL", "aircrafts": ["C152"]}]}"#
    let storedAt = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func aRequestIsOfflineUntilItsNextAnswerComesFromTheBackend() async throws {
        try await withTemporaryDirectory { cache in
            let now = Locked(storedAt)
            let spy = HTTPClientSpy(replies: [
                .json(licenses), .failure(.cannotConnect(host: "pilot.test")), .json(licenses),
            ])
            let watch = OfflineWatch(CachingHTTPClient(spy, directory: cache, now: { now.withLock { $0 } }))
            let service = RemoteLicensesService(baseURL: URL(string: "https://pilot.test")!, httpClient: watch)

            _ = try await service.loadLicenses()
            #expect(watch.staleSince == nil)
            now.withLock { $0 += 3600 }
            _ = try await service.loadLicenses()
            #expect(watch.staleSince == storedAt)
            _ = try await service.loadLicenses()
            #expect(watch.staleSince == nil, "the retry reached the backend")
        }
    }

    @Test func pilotSaysItsLicensesAreCachedAndWhereRRetries() async throws {
        let service = StubLicensesService(licenses: [License(type: "PPL", aircraft: ["C152"])])
        let flow = PilotRegistrationFlow(licenses: service, store: InMemoryValueStore<Pilot>())
        let ui = PilotUI(flow: flow, staleSince: { [storedAt] in storedAt })
        let session = TerminalSession(root: ui, width: 80, height: 24, colors: .none)
        session.start()
        let frame = await session.showing("( ) PPL")
        #expect(frame.text(row: 1).hasPrefix("  Offline: showing licenses cached at "))
        #expect((frame.text(row: 1) + frame.text(row: 2)).contains("licenses retries"), "wrapped, not cut")
        #expect(frame.text(row: 3).hasPrefix("  Name"), "\(frame.text)")
        #expect(ui.spokenLines.dropFirst().first?.hasPrefix("Offline: showing licenses cached at ") == true)
    }

    @Test func listingsSayTheProductsAreCached() async throws {
        let ui = ListingsUI(service: try embeddedListings(), userID: "1", staleSince: { [storedAt] in storedAt })
        let session = TerminalSession(root: ui, width: 60, height: 16, colors: .none)
        session.start()
        let frame = await session.showing("Blue Oxford Shirt")
        // Under the offers (which wrap at 60 columns, every one kept).
        let notice = try #require(
            (1..<8).first { frame.text(row: $0).hasPrefix("  Offline: showing products cached at ") })
        #expect(frame.text(row: notice - 1).hasSuffix("20% off (REDUCED)"), "the offers, whole: \(frame.text)")
        #expect(frame.text(row: notice + 1).hasSuffix("r retries"), "wrapped, not cut: \(frame.text)")
        #expect(frame.text(row: notice + 2).hasPrefix("  Product"))
        #expect(
            ui.spokenLines.contains {
                $0.hasPrefix("Offline: showing products cached at ") && $0.hasSuffix("r retries")
            })
    }
}

/// Licenses answered at once.
private struct StubLicensesService: LicensesService {
    let licenses: [License]
    func loadLicenses() async throws -> [License] { licenses }
}
