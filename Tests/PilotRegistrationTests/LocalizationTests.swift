import PilotRegistration
import Testing

@Suite("PilotRegistration's strings")
struct PilotLocalizationTests {
    @Test func everyErrorHasAValue() {
        let errors: [any Error] = [
            PilotRegistrationError.licensesUnavailable(.offline),
            PilotRegistrationError.alreadyRegistered(Pilot(name: "Ann", license: License(type: "PPL", aircraft: []))),
            RegistrationProblem.nameBlank, RegistrationProblem.passwordEmpty, RegistrationProblem.passwordContainsName,
            RegistrationProblem.passwordTooShort(minimum: 12), RegistrationProblem.passwordTooSimple,
            RegistrationProblem.verificationMismatch, RegistrationProblem.unknownLicense(available: ["PPL"]),
            RegistrationProblem.unknownLicense(available: []),
        ]
        for error in errors {
            let text = error.localizedDescription
            #expect(
                !text.contains("Error.") && !text.contains("Problem.") && !text.contains("%") && !text.isEmpty,
                "\(text)")
        }
    }
}
