import AppsCore
import Foundation
import Persistence
import PilotRegistration
import TestSupport
import Testing

/// What an app needs beyond the flow itself: licenses a list can show by id, a logout that keeps
/// its failure, and a form's `.task` that ends with its view.
@Suite("Pilot registration in an app", .timeLimit(.minutes(1)))
@MainActor
struct AdoptionTests {
    /// A store whose pilot cannot be deleted.
    struct UndeletableStore: PilotStore {
        let pilot: Pilot
        func load() throws -> Pilot? { pilot }
        func save(_: Pilot) throws {}
        func create(_: Pilot) throws {}
        func delete() throws { throw PersistenceError.deleteFailed(file: "pilot.json", reason: "Read-only.") }
    }

    /// Licenses that answer when the test says.
    final class HeldLicenses: LicensesService {
        private let answer = Locked<CheckedContinuation<[License], Never>?>(nil)
        private let calls = Locked(0)

        var callCount: Int { calls.withLock { $0 } }

        func loadLicenses() async throws -> [License] {
            calls.withLock { $0 += 1 }
            return await withCheckedContinuation { continuation in answer.withLock { $0 = continuation } }
        }

        func release(_ licenses: [License]) {
            answer.withLock { $0 }?.resume(returning: licenses)
        }
    }

    @Test func licensesAreIdentifiedByTheirType() {
        #expect([ppl, atpl].map(\.id) == ["PPL", "ATPL"])
    }

    @Test func aLogoutThatCannotDeleteKeepsItsErrorAndTheScreen() async throws {
        let pilot = Pilot(name: "Ann", license: ppl)
        let confirmation = ConfirmationViewModel(store: UndeletableStore(pilot: pilot), pilot: pilot)
        var loggedOut = false
        confirmation.onLogout = { loggedOut = true }
        #expect(await confirmation.logout() == false)
        #expect(!loggedOut)
        #expect(confirmation.error == .storage(.deleteFailed(file: "pilot.json", reason: "Read-only.")))
    }

    @Test func aLogoutThatWorksClearsTheError() async throws {
        let pilot = Pilot(name: "Ann", license: ppl)
        let confirmation = ConfirmationViewModel(store: try memoryStore(pilot), pilot: pilot)
        #expect(await confirmation.logout())
        #expect(confirmation.error == nil)
    }

    /// A form's `.task` that waited behind the flow's load of the licenses never ended when its
    /// view went away.
    @Test func aFormTaskWaitingBehindTheFlowsLoadEndsWhenCancelled() async throws {
        let licenses = HeldLicenses()
        let flow = PilotRegistrationFlow(licenses: licenses, store: try memoryStore())
        let launch = Task { await flow.launch() }
        await waitUntil { flow.registration.licenses.isLoading }
        let formTask = Task { await flow.registration.loadLicenses() }
        await Task.yield()
        formTask.cancel()
        await formTask.value
        #expect(flow.registration.licenses.isLoading, "the flow's load goes on")
        licenses.release([ppl])
        await launch.value
        #expect(flow.registration.licenses == .loaded([ppl]))
        #expect(licenses.callCount == 1)
    }

    @Test func aFormTaskWaitingBehindTheFlowsLoadEndsWithIt() async throws {
        let licenses = HeldLicenses()
        let flow = PilotRegistrationFlow(licenses: licenses, store: try memoryStore())
        let launch = Task { await flow.launch() }
        await waitUntil { flow.registration.licenses.isLoading }
        let formTask = Task { await flow.registration.loadLicenses() }
        await waitUntil { licenses.callCount == 1 }
        licenses.release([ppl])
        await formTask.value
        await launch.value
        #expect(flow.registration.licenses == .loaded([ppl]))
        #expect(licenses.callCount == 1)
    }
}
