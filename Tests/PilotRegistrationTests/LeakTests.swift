import PilotRegistration
import TestSupport
import Testing

/// The flow wires closures between its screens: none may keep a screen or the flow alive.
@Suite("Pilot registration releases its view models")
@MainActor
struct PilotRegistrationLeakTests {
    @Test func theFlowAndItsScreensAreReleasedAfterRegisteringAndLoggingOut() async throws {
        let store = try memoryStore()
        weak var registration: RegistrationViewModel?
        weak var confirmation: ConfirmationViewModel?
        await expectReleased({
            PilotRegistrationFlow(licenses: StubLicensesService(result: .success([ppl])), store: store)
        }) { flow in
            await flow.launch()
            registration = flow.registration
            flow.registration.name = "Ann"
            flow.registration.password = "Secret123456"
            flow.registration.verification = "Secret123456"
            flow.registration.licenseType = "PPL"
            flow.registration.register()
            confirmation = flow.confirmation
            await flow.confirmation?.logout()
        }
        #expect(registration == nil)
        #expect(confirmation == nil)
    }

    @Test func aFormOnItsOwnIsReleased() async throws {
        let store = try memoryStore()
        await expectReleased({
            RegistrationViewModel(licenses: StubLicensesService(result: .success([ppl])), store: store)
        }) { form in
            await form.loadLicenses()
            form.onRegistered = { _ in }
        }
    }
}
