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

    /// Licenses that answer when the test says (an answer given before the call arrives is kept
    /// for it).
    final class HeldLicenses: LicensesService {
        private let state = Locked<(waiting: CheckedContinuation<[License], Never>?, answer: [License]?)>((nil, nil))
        private let calls = Locked(0)

        var callCount: Int { calls.withLock { $0 } }

        func loadLicenses() async throws -> [License] {
            calls.withLock { $0 += 1 }
            return await withCheckedContinuation { continuation in
                let answer = state.withLock { state in
                    if state.answer == nil { state.waiting = continuation }
                    return state.answer
                }
                if let answer { continuation.resume(returning: answer) }
            }
        }

        func release(_ licenses: [License]) {
            let waiting = state.withLock { state in
                defer { (state.waiting, state.answer) = (nil, licenses) }
                return state.waiting
            }
            waiting?.resume(returning: licenses)
        }
    }

    /// A store whose file is damaged until it is deleted.
    final class DamagedStore: PilotStore {
        private let state = Locked<(damaged: Bool, pilot: Pilot?)>((true, nil))
        func load() throws -> Pilot? {
            try state.withLock { state in
                if state.damaged { throw PersistenceError.corrupt(file: "pilot.json", reason: "not JSON") }
                return state.pilot
            }
        }
        func save(_ pilot: Pilot) throws { state.withLock { $0.pilot = pilot } }
        func create(_ pilot: Pilot) throws { try save(pilot) }
        func delete() throws { state.withLock { $0 = (false, nil) } }
    }

    /// A damaged stored pilot left the flow on its error for good: retry read the same file.
    @Test func everyFieldIsReadAndWrittenByItsName() {
        let form = RegistrationViewModel(
            licenses: StubLicensesService(result: .success([ppl])), store: InMemoryValueStore<Pilot>())
        for field in RegistrationField.allCases { form[field] = field.rawValue }
        #expect(
            [form.name, form.password, form.verification, form.licenseType] == [
                "name", "password", "verification", "license",
            ])
        #expect(RegistrationField.allCases.map { form[$0] } == RegistrationField.allCases.map(\.rawValue))
        #expect(form.errors[.license] != nil, "written by name, edited as typed")
    }

    /// A backend that sends a license twice gave `ForEach` and a diffable snapshot the same id twice.
    @Test func aLicenseSentTwiceIsOfferedOnce() async {
        let form = RegistrationViewModel(
            licenses: StubLicensesService(result: .success([ppl, atpl, ppl])), store: InMemoryValueStore<Pilot>())
        await form.loadLicenses()
        #expect(form.licenses.value == [ppl, atpl])
    }

    @Test func aDamagedStoredPilotCanBeDiscardedToRegisterAgain() async throws {
        let flow = PilotRegistrationFlow(licenses: StubLicensesService(result: .success([ppl])), store: DamagedStore())
        await flow.launch()
        guard case .error(.storage) = flow.screen else {
            Issue.record("\(flow.screen)")
            return
        }
        await flow.retry()
        guard case .error(.storage) = flow.screen else {
            Issue.record("\(flow.screen)")
            return
        }
        await flow.discardStoredPilot()
        #expect(flow.screen == .registration)
        #expect(flow.registration.licenses == .loaded([ppl]))
    }

    /// The app's own onLogout (analytics, say) replaced the flow's step: logging out no longer
    /// went back to the form.
    @Test func anAppsOwnLogoutStepLeavesTheFlowsInPlace() async throws {
        let pilot = Pilot(name: "Ann", license: ppl)
        let flow = PilotRegistrationFlow(
            licenses: StubLicensesService(result: .success([ppl])), store: try memoryStore(pilot))
        await flow.launch()
        let confirmation = try #require(flow.confirmation)
        var heard = false
        confirmation.onLogout = { heard = true }
        await confirmation.logout()
        #expect(heard)
        #expect(flow.screen == .registration)
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
        licenses.release([ppl])
        await formTask.value
        await launch.value
        #expect(flow.registration.licenses == .loaded([ppl]))
        #expect(licenses.callCount == 1)
    }
}

@Suite("Pilot previews that stay loading")
@MainActor
struct PilotStillLoadingTests {
    @Test func theLicensesStayLoadingUntilTheTaskIsCancelled() async {
        let form = RegistrationViewModel(
            licenses: PreviewLicensesService.stillLoading, store: InMemoryValueStore<Pilot>())
        let load = Task { await form.loadLicenses() }
        await waitUntil { form.licenses.isLoading }
        load.cancel()
        await load.value
        #expect(!form.licenses.isLoading)
    }
}
