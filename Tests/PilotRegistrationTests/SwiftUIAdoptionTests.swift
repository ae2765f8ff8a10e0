import AppsCore
import Persistence
import PilotRegistration
import TestSupport
import Testing

/// What a SwiftUI app on PilotRegistration relies on: a picker bound to the selected license,
/// focus moved to the first problem, one load of the licenses, previews without `try`, and
/// accessibility split as Apple splits it.
@Suite("Pilot registration in SwiftUI")
@MainActor
struct SwiftUIAdoptionTests {
    func loadedForm() async -> RegistrationViewModel {
        let form = RegistrationViewModel(
            licenses: StubLicensesService(result: .success([ppl, atpl])), store: InMemoryValueStore<Pilot>())
        await form.loadLicenses()
        return form
    }

    @Test func aPickerSetsTheSelectedLicenseAndNoneClearsIt() async {
        let form = await loadedForm()
        #expect(form.selectedLicense == nil)
        form.selectedLicense = atpl
        #expect(form.licenseType == "ATPL")
        #expect(form.selectedLicense == atpl)
        form.selectedLicense = nil
        #expect(form.licenseType.isEmpty)
        #expect(form.selectedLicense == nil)
    }

    @Test func fieldsAreOrderedAsTheFormShowsThem() async {
        #expect(RegistrationField.allCases.sorted() == [.name, .password, .verification, .license])
        let form = await loadedForm()
        #expect(form.firstFieldWithProblem == nil, "nothing is shown before an edit or a tap")
        form.register()
        #expect(form.firstFieldWithProblem == .name)
        form.name = "Ann"
        #expect(form.firstFieldWithProblem == .password)
        form.password = "Secret123456"
        form.verification = "Secret123456"
        #expect(form.firstFieldWithProblem == .license)
    }

    @Test func theFormsTaskInsideTheFlowSendsNoSecondRequest() async throws {
        let attempts = Counter()
        let flow = PilotRegistrationFlow(
            licenses: CountingLicensesService(counter: attempts, failFirst: 0), store: InMemoryValueStore<Pilot>())
        async let launched: Void = flow.launch()
        async let formsTask: Void = flow.registration.loadLicenses()
        _ = await (launched, formsTask)
        await flow.registration.loadLicenses()
        #expect(attempts.value == 1)
        #expect(flow.registration.licenses == .loaded([ppl, atpl]))
        await flow.registration.reloadLicenses()
        #expect(attempts.value == 2, "a reload is asked for, and sent")
    }

    @Test func anAppsOnRegisteredDoesNotStopTheFlow() async throws {
        let flow = PilotRegistrationFlow(
            licenses: StubLicensesService(result: .success([ppl])), store: InMemoryValueStore<Pilot>())
        await flow.launch()
        var registered: [Pilot] = []
        flow.registration.onRegistered = { registered.append($0) }
        flow.registration.name = "Ann"
        flow.registration.password = "Secret123456"
        flow.registration.verification = "Secret123456"
        flow.registration.selectedLicense = ppl
        let pilot = flow.registration.register()
        #expect(pilot != nil)
        #expect(registered == [Pilot(name: "Ann", license: ppl)])
        #expect(flow.confirmation?.pilot == Pilot(name: "Ann", license: ppl))
    }

    @Test func aSeededStoreLaunchesStraightToTheSamplePilot() async throws {
        let flow = PilotRegistrationFlow(
            licenses: PreviewLicensesService(), store: InMemoryValueStore.seeded(with: .sample))
        await flow.launch()
        #expect(flow.confirmation?.pilot == Pilot.sample)
        #expect(flow.confirmation?.welcome == "Welcome, \(Pilot.sample.name)!")
    }

    @Test func aLicenseRowIsLabelledByNameAndAircraftWithItsStateApart() async {
        let form = await loadedForm()
        form.selectedLicense = atpl
        #expect(form.accessibilityLabel(of: atpl) == "ATPL, aircraft B737, A380, B747")
        #expect(form.isSelected(atpl))
        #expect(!form.isSelected(ppl))
        #expect(form.accessibilityDescription(of: atpl) == "ATPL, license, selected, aircraft B737, A380, B747")
        #expect(form.accessibilityDescription(of: ppl) == "PPL, license, aircraft C152, C172, D40A")
    }
}
