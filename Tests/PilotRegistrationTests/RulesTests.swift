import PilotRegistration
import Testing

typealias Message = RegistrationProblem

@Suite("Registration rules")
struct RulesTests {
    @Test(
        arguments: [
            ("", Message.nameBlank), ("   ", Message.nameBlank), ("\n\t", Message.nameBlank), ("Ann", nil),
            (" A ", nil),
        ] as [(String, Message?)])
    func aNameNeedsOneCharacterThatIsNotWhiteSpace(_ name: String, _ expected: Message?) {
        #expect(RegistrationRules.nameProblem(name) == expected)
    }

    @Test(
        arguments: [
            // (password, name, expected): the first failing rule wins, in this order.
            ("", "Ann", Message.passwordEmpty),
            ("", "", Message.passwordEmpty),
            ("xANNx", "Ann", Message.passwordContainsName),
            ("annABC123456789", "  Ann  ", Message.passwordContainsName),
            ("short1A", "Ann", Message.passwordTooShort(minimum: 12)),
            ("short1A", "", Message.passwordTooShort(minimum: 12)),
            ("Ann", "   ", Message.passwordTooShort(minimum: 12)),
            ("alllowercase12", "Ann", Message.passwordTooSimple),
            ("ALLUPPERCASE12", "Ann", Message.passwordTooSimple),
            ("NoDigitsAtAllHere", "Ann", Message.passwordTooSimple),
            ("Secret123456", "Ann", nil),
            ("Pässwörter1234", "Bob", nil),
        ] as [(String, String, Message?)])
    func thePasswordsRulesApplyInOrder(_ password: String, _ name: String, _ expected: Message?) {
        #expect(RegistrationRules.passwordProblem(password, name: name) == expected)
    }

    @Test func containingTheNameBeatsBeingTooShort() {
        #expect(RegistrationRules.passwordProblem("ann1", name: "Ann") == Message.passwordContainsName)
    }

    @Test func beingTooShortBeatsBeingTooSimple() {
        #expect(RegistrationRules.passwordProblem("abc", name: "Zed") == Message.passwordTooShort(minimum: 12))
    }

    @Test(
        arguments: [
            ("Secret123456", "Secret123456", nil), ("Secret123456", "secret123456", Message.verificationMismatch),
            ("Secret123456", "", Message.verificationMismatch), ("", "", nil),
        ] as [(String, String, Message?)])
    func theVerificationMustBeIdentical(_ password: String, _ verification: String, _ expected: Message?) {
        #expect(RegistrationRules.verificationProblem(verification, password: password) == expected)
    }

    @Test(
        arguments: [
            ("PPL", nil), ("ATPL", nil), ("ppl", nil), ("aTpL", nil),
            ("PP", .unknownLicense(available: ["PPL", "ATPL"])),
            ("", .unknownLicense(available: ["PPL", "ATPL"])),
        ] as [(String, Message?)])
    func theLicenseMustBeALoadedOneInAnyCase(_ type: String, _ expected: Message?) {
        let licenses = [License(type: "PPL", aircraft: []), License(type: "ATPL", aircraft: [])]
        #expect(RegistrationRules.licenseProblem(type, licenses: licenses) == expected)
    }

    @Test func noLoadedLicensesMeansNoneCanBeChosen() {
        #expect(RegistrationRules.licenseProblem("PPL", licenses: []) == .unknownLicense(available: []))
    }

    @Test func errorsNameEveryFailingField() {
        let errors = RegistrationRules.problems(
            for: RegistrationInput(name: "", password: "weak", verification: "other", licenseType: "XYZ"),
            licenses: [License(type: "PPL", aircraft: [])])
        #expect(
            errors == [
                .name: Message.nameBlank, .password: Message.passwordTooShort(minimum: 12),
                .verification: Message.verificationMismatch, .license: .unknownLicense(available: ["PPL"]),
            ])
    }

    /// An app localises or styles each problem itself; the defaults read as the form shows them.
    @Test(arguments: [
        (Message.nameBlank, "Enter your name."), (.passwordTooShort(minimum: 12), "Use at least 12 characters."),
        (.unknownLicense(available: ["PPL", "MPL"]), "Choose one of: PPL, MPL."),
        (.unknownLicense(available: []), "No licenses are available."),
    ])
    func eachProblemHasADefaultDescription(_ problem: Message, _ text: String) {
        #expect(problem.localizedDescription == text)
    }
}
