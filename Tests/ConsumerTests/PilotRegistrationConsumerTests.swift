import FixtureTestSupport
import Foundation
import PilotRegistration
import TestSupport
import Testing

@Suite("PilotRegistration as an app uses it", .timeLimit(.minutes(1)))
@MainActor
struct PilotRegistrationConsumerTests {
    @Test func thePreviewServiceFillsTheForm() async {
        let form = RegistrationViewModel(licenses: PreviewLicensesService(), store: InMemoryValueStore<Pilot>())
        await form.loadLicenses()
        #expect(form.licenses.value?.map(\.type) == ["PPL", "ATPL", "MPL"])
    }

    struct ScriptedLicenses: LicensesService {
        let script: Script<[License]>
        func loadLicenses() async throws -> [License] { try await script.next() }
    }

    @Test func loadCancelReloadAndAFailedReloadKeepTheLicenses() async throws {
        let ppl = License(type: "PPL", aircraft: ["C152"])
        let atpl = License(type: "ATPL", aircraft: ["B737"])
        let form = RegistrationViewModel(
            licenses: ScriptedLicenses(
                script: Script([.value([ppl]), .hang, .value([ppl, atpl]), .failure(Offline())])),
            store: InMemoryValueStore<Pilot>())
        await form.loadLicenses()
        await form.loadLicenses()  // loaded already: nothing is sent
        let reload = Task { await form.reloadLicenses() }
        await waitUntil("the reload is under way") { form.licenses.isLoading }
        #expect(form.licenses.value == [ppl])
        reload.cancel()
        await reload.value
        #expect(form.licenses == .loaded([ppl]))
        await form.reloadLicenses()
        await form.reloadLicenses()
        #expect(form.licenses.value == [ppl, atpl])
        #expect(form.licenses.failure != nil)
        // The form still works with the licenses it has.
        form.licenseType = "atpl"
        #expect(form.selectedLicense == atpl)
    }

    @Test func theFormOnItsOwnLoadsLicensesThroughTheOneLineEntryPoint() async throws {
        try await withFixtureServer { server in
            let form = RegistrationViewModel(
                licenses: RemoteLicensesService(baseURL: server.baseURL),
                store: InMemoryValueStore<Pilot>())
            await form.loadLicenses()
            guard case .loaded(let licenses) = form.licenses else {
                Issue.record("\(form.licenses)")
                return
            }
            #expect(!licenses.isEmpty)
        }
    }

    @Test func previewValuesComeFromPublicInitialisers() throws {
        let pilot = Pilot(name: "Ann", license: License(type: "PPL", aircraft: ["C152"]))
        #expect(try JSONDecoder().decode(Pilot.self, from: JSONEncoder().encode(pilot)) == pilot)
        #expect(RegistrationInput(name: "Ann").name == "Ann")
    }

    @Test func anAppsOwnOnRegisteredStillReachesConfirmation() async throws {
        try await withFixtureServer { server in
            let flow = PilotRegistrationFlow(
                licenses: RemoteLicensesService(baseURL: server.baseURL), store: InMemoryValueStore<Pilot>())
            var analytics: [String] = []
            flow.registration.onRegistered = { analytics.append($0.name) }
            async let launched: Void = flow.launch()
            async let formsTask: Void = flow.registration.loadLicenses()  // the form view's .task
            _ = await (launched, formsTask)
            let form = flow.registration
            form.name = "Ann"
            form.password = "Secret123456"
            form.verification = "Secret123456"
            form.selectedLicense = form.licenses.value?.first
            let pilot = try #require(form.register())
            #expect(analytics == ["Ann"])
            #expect(flow.confirmation?.pilot == pilot)
            #expect(flow.confirmation?.welcome == "Welcome, Ann!")
            let licenseRequests = try await TestBackend(baseURL: server.baseURL).requests(path: "/pilot/licenses")
            #expect(licenseRequests.count == 1)
        }
    }
}
