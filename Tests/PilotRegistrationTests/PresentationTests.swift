import AppsCore
import Foundation
import Networking
import Persistence
import PilotRegistration
import TestSupport
import Testing

@Suite("Pilot registration presentation")
@MainActor
struct PresentationTests {
    func makeFlow(
        licenses: Result<[License], any Error> = .success([ppl, atpl]), store: (any PilotStore)? = nil
    ) throws -> PilotRegistrationFlow {
        PilotRegistrationFlow(licenses: StubLicensesService(result: licenses), store: try store ?? memoryStore())
    }

    func fillValidForm(_ form: RegistrationViewModel) {
        form.name = "Ann"
        form.password = "Secret123456"
        form.verification = "Secret123456"
        form.licenseType = "PPL"
    }

    @Test func launchWithoutAPilotShowsTheFormWithLicenses() async throws {
        let flow = try makeFlow()
        #expect(flow.screen == .launching)
        await flow.launch()
        #expect(flow.screen == .registration)
        #expect(flow.registration.licenses == .loaded([ppl, atpl]))
    }

    @Test func launchWithAStoredPilotGoesStraightToConfirmation() async throws {
        let pilot = Pilot(name: "Ann", license: ppl)
        let flow = try makeFlow(licenses: .failure(LoadFailure()), store: try memoryStore(pilot))
        await flow.launch()
        #expect(flow.confirmation?.pilot == pilot)
        #expect(flow.confirmation?.welcome == "Welcome, Ann!")
        #expect(flow.confirmation?.license == "PPL")
        #expect(flow.confirmation?.aircraft == ["C152", "C172", "D40A"])
    }

    @Test func licensesThatCannotLoadShowAnErrorAndRetryRecovers() async throws {
        let flow = try makeFlow(licenses: .failure(LoadFailure()))
        await flow.launch()
        #expect(flow.screen == .error(.licensesUnavailable(.transport("The server is down."))))
        #expect(
            flow.registration.licenses.failure?.localizedDescription.hasPrefix("The licenses cannot be loaded.") == true
        )
        #expect(!flow.registration.isRegisterEnabled)
    }

    @Test func retryLoadsTheLicensesAgain() async throws {
        let attempts = Counter()
        let service = CountingLicensesService(counter: attempts, failFirst: 1)
        let flow = PilotRegistrationFlow(licenses: service, store: try memoryStore())
        await flow.launch()
        guard case .error = flow.screen else { Issue.record("\(flow.screen)"); return }
        await flow.retry()
        #expect(flow.screen == .registration)
        #expect(attempts.value == 2)
    }

    @Test func aCorruptStoredPilotIsAnErrorNotACrash() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("pilot.json")
            try Data("{ not json".utf8).write(to: url)
            let flow = try makeFlow(store: FileValueStore<Pilot>(fileURL: url))
            await flow.launch()
            guard case .error(.storage(.corrupt(let file, _))) = flow.screen else {
                Issue.record("\(flow.screen)")
                return
            }
            #expect(file.contains("pilot.json"))
        }
    }

    @Test func errorsStayHiddenUntilAFieldIsEdited() async throws {
        let flow = try makeFlow()
        await flow.launch()
        let form = flow.registration
        #expect(form.errors.isEmpty)
        form.password = "weak"
        #expect(form.errors == [.password: Message.passwordTooShort(minimum: 12)])
        form.name = "Ann"
        #expect(form.errors == [.password: Message.passwordTooShort(minimum: 12)])
    }

    @Test func tappingRegisterShowsEveryError() async throws {
        let flow = try makeFlow()
        await flow.launch()
        #expect(flow.registration.register() == nil)
        #expect(Set(flow.registration.errors.keys) == Set(RegistrationField.allCases.filter { $0 != .verification }))
        #expect(flow.screen == .registration)
    }

    @Test func registerIsEnabledOnlyWhenEveryFieldIsValid() async throws {
        let flow = try makeFlow()
        await flow.launch()
        let form = flow.registration
        fillValidForm(form)
        #expect(form.isRegisterEnabled)
        form.verification = "Secret12345"
        #expect(!form.isRegisterEnabled)
        form.verification = "Secret123456"
        form.licenseType = "GLIDER"
        #expect(!form.isRegisterEnabled)
    }

    @Test func registerIsDisabledBeforeTheLicensesAreLoaded() throws {
        let form = RegistrationViewModel(
            licenses: StubLicensesService(result: .success([ppl])), store: try memoryStore())
        fillValidForm(form)
        #expect(form.licenses == .idle)
        #expect(!form.isRegisterEnabled)
    }

    @Test func theFormOnItsOwnLoadsLicensesRegistersAndCallsBack() async throws {
        let store = try memoryStore()
        let form = RegistrationViewModel(licenses: StubLicensesService(result: .success([ppl, atpl])), store: store)
        var registered: [Pilot] = []
        form.onRegistered = { registered.append($0) }
        await form.loadLicenses()
        #expect(form.licenses == .loaded([ppl, atpl]))
        fillValidForm(form)
        #expect(form.register() == Pilot(name: "Ann", license: ppl))
        #expect(registered == [Pilot(name: "Ann", license: ppl)])
        #expect(try store.load() == Pilot(name: "Ann", license: ppl))
    }

    @Test func theFormOnItsOwnReportsLicensesThatCannotLoad() async throws {
        let form = RegistrationViewModel(
            licenses: StubLicensesService(result: .failure(LoadFailure())), store: try memoryStore())
        await form.loadLicenses()
        #expect(form.licenses == .failed(.licensesUnavailable(.transport("The server is down.")), previous: nil))
    }

    @Test func clearEmptiesTheFormAndHidesItsErrors() async throws {
        let form = RegistrationViewModel(
            licenses: StubLicensesService(result: .success([ppl])), store: try memoryStore())
        await form.loadLicenses()
        form.name = "A"
        form.register()
        #expect(!form.errors.isEmpty)
        form.clear()
        #expect(form.name.isEmpty && form.errors.isEmpty)
        #expect(form.licenses == .loaded([ppl]))
    }

    @Test func confirmationOnItsOwnDeletesThePilotAndCallsBack() async throws {
        let pilot = Pilot(name: "Ann", license: ppl)
        let store = try memoryStore(pilot)
        let confirmation = ConfirmationViewModel(store: store, pilot: pilot)
        var loggedOut = false
        confirmation.onLogout = { loggedOut = true }
        await confirmation.logout()
        #expect(loggedOut)
        #expect(try store.load() == nil)
    }

    @Test func registeringStoresThePilotForgetsThePasswordAndConfirms() async throws {
        let store = try memoryStore()
        let flow = try makeFlow(store: store)
        await flow.launch()
        fillValidForm(flow.registration)
        let pilot = flow.registration.register()
        #expect(pilot == Pilot(name: "Ann", license: ppl))
        #expect(try store.load() == pilot)
        #expect(flow.confirmation?.pilot == Pilot(name: "Ann", license: ppl))
        #expect(flow.registration.password.isEmpty && flow.registration.verification.isEmpty)
    }

    @Test func theNameIsStoredWithoutSurroundingWhiteSpace() async throws {
        let flow = try makeFlow()
        await flow.launch()
        fillValidForm(flow.registration)
        flow.registration.name = "  Ann  "
        #expect(flow.registration.register()?.name == "Ann")
    }

    @Test func fieldsAndLicensesDescribeThemselvesForAScreenReader() async throws {
        let flow = try makeFlow()
        await flow.launch()
        let form = flow.registration
        #expect(form.accessibilityDescription(of: .name) == "Name, text field, empty")
        form.password = "short"
        #expect(
            form.accessibilityDescription(of: .password)
                == "Password, secure text field, 5 characters, invalid: Use at least 12 characters.")
        #expect(form.accessibilityDescription(of: .verification).hasPrefix("Password again, secure text field"))
        form.licenseType = "ATPL"
        #expect(form.accessibilityDescription(of: atpl) == "ATPL, license, selected, aircraft B737, A380, B747")
        #expect(form.accessibilityDescription(of: ppl) == "PPL, license, aircraft C152, C172, D40A")
        #expect(RegistrationField.verification.title == "Password again")
    }

    @Test func aFailedSaveStaysOnTheFormWithTheReason() async throws {
        let flow = try makeFlow(store: FailingPilotStore())
        await flow.launch()
        fillValidForm(flow.registration)
        #expect(flow.registration.register() == nil)
        #expect(flow.registration.saveError == .storage(.writeFailed(file: "pilot.json", reason: "The disk is full.")))
        #expect(flow.screen == .registration)
    }

    @Test func logoutDeletesThePilotAndReturnsToAnEmptyForm() async throws {
        let store = try memoryStore(Pilot(name: "Ann", license: ppl))
        let flow = try makeFlow(store: store)
        await flow.launch()
        await flow.confirmation?.logout()
        #expect(try store.load() == nil)
        #expect(flow.screen == .registration)
        #expect(flow.confirmation == nil)
        #expect(flow.registration.name.isEmpty && flow.registration.errors.isEmpty)
        #expect(flow.registration.licenses == .loaded([ppl, atpl]))
    }

    /// A double tap on Register registered, then showed every field's problem on the emptied form.
    @Test func aSecondRegisterOnTheFormJustEmptiedDoesNothing() async throws {
        let flow = try makeFlow()
        await flow.launch()
        fillValidForm(flow.registration)
        #expect(flow.registration.register() != nil)
        #expect(flow.registration.register() == nil)
        #expect(flow.registration.errors.isEmpty)
        flow.registration.name = "Bo"
        #expect(flow.registration.register() == nil)
        #expect(!flow.registration.errors.isEmpty, "typed again: a register is checked again")
    }

    /// Amelia's confirmation, kept past her logout, deleted Bob after he registered.
    @Test func aStaleConfirmationLogsOutWithoutDeletingAnotherPilot() async throws {
        let amelia = Pilot(name: "Amelia", license: ppl)
        let store = try memoryStore(amelia)
        let stale = ConfirmationViewModel(store: store, pilot: amelia)
        try store.delete()
        let bob = Pilot(name: "Bob", license: atpl)
        try store.create(bob)
        #expect(await stale.logout() == false, "nothing of Amelia's to log out, and Bob stays")
        #expect(try store.load() == bob)
    }

    @Test func launchingAgainKeepsTheConfirmationsModel() async throws {
        let flow = try makeFlow(store: try memoryStore(Pilot(name: "Ann", license: ppl)))
        await flow.launch()
        let confirmation = try #require(flow.confirmation)
        await flow.launch()
        #expect(flow.confirmation === confirmation)
    }

    /// A double tap on Log out deleted twice and told the flow and the app twice.
    @Test func aSecondLogoutWhileOneIsUnderWayDoesNothing() async throws {
        let pilot = Pilot(name: "Ann", license: ppl)
        let model = ConfirmationViewModel(store: try memoryStore(pilot), pilot: pilot)
        let (gate, open) = AsyncStream.makeStream(of: Void.self)
        let told = Counter()
        model.onLogout = {
            _ = told.increment()
            for await _ in gate { break }
        }
        let first = Task { await model.logout() }
        await waitUntil { model.isLoggingOut }
        #expect(await model.logout() == false)
        open.finish()
        #expect(await first.value)
        #expect(told.value == 1)
        #expect(!model.isLoggingOut)
    }

    @Test func theStoredFileNeverContainsThePassword() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("state/pilot.json")
            let flow = try makeFlow(store: FileValueStore<Pilot>(fileURL: url))
            await flow.launch()
            fillValidForm(flow.registration)
            flow.registration.password = "Zebra9876543"
            flow.registration.verification = "Zebra9876543"
            #expect(flow.registration.register() != nil)
            let contents = String(decoding: try Data(contentsOf: url), as: UTF8.self)
            #expect(contents.contains("Ann"))
            #expect(!contents.contains("Zebra9876543"))
            #expect(!contents.lowercased().contains("password"))
        }
    }
}

final class Counter: Sendable {
    private let count = Locked(0)
    var value: Int { count.withLock { $0 } }
    func increment() -> Int {
        count.withLock {
            $0 += 1; return $0
        }
    }
}

struct CountingLicensesService: LicensesService {
    let counter: Counter
    let failFirst: Int

    func loadLicenses() async throws -> [License] {
        if counter.increment() <= failFirst { throw LoadFailure() }
        return [ppl, atpl]
    }
}
