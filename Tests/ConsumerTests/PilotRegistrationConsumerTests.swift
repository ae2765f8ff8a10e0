import FixtureTestSupport
import Foundation
import PilotRegistration
import Testing

@Suite("PilotRegistration as an app uses it")
@MainActor
struct PilotRegistrationConsumerTests {
    @Test func theFormOnItsOwnLoadsLicensesThroughTheOneLineEntryPoint() async throws {
        try await withFixtureServer { server in
            let form = RegistrationViewModel(
                licenses: RemoteLicensesService(baseURL: server.baseURL),
                store: try InMemoryValueStore<Pilot>())
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
}
