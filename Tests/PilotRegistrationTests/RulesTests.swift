import PilotRegistration
import Testing

typealias Message = RegistrationRules.Message

@Suite("Registration rules")
struct RulesTests {
    @Test(
        arguments: [
            ("", Message.nameBlank), ("   ", Message.nameBlank), ("\n\t", Message.nameBlank), ("Ann", nil),
            (" A ", nil),
        ] as [(String, String?)])
    func aNameNeedsOneCharacterThatIsNotWhiteSpace(_ name: String, _ expected: String?) {
        #expect(RegistrationRules.nameError(name) == expected)
    }

    @Test(
        arguments: [
            // (password, name, expected): the first failing rule wins, in this order.
            ("", "Ann", Message.passwordEmpty),
            ("", "", Message.passwordEmpty),
            ("xANNx", "Ann", Message.passwordContainsName),
            ("annABC123456789", "  Ann  ", Message.passwordContainsName),
            ("short1A", "Ann", Message.passwordTooShort),
            ("short1A", "", Message.passwordTooShort),
            ("Ann", "   ", Message.passwordTooShort),
            ("alllowercase12", "Ann", Message.passwordTooSimple),
            ("ALLUPPERCASE12", "Ann", Message.passwordTooSimple),
            ("NoDigitsAtAllHere", "Ann", Message.passwordTooSimple),
            ("Secret123456", "Ann", nil),
            ("Pässwörter1234", "Bob", nil),
        ] as [(String, String, String?)])
    func thePasswordsRulesApplyInOrder(_ password: String, _ name: String, _ expected: String?) {
        #expect(RegistrationRules.passwordError(password, name: name) == expected)
    }

    @Test func containingTheNameBeatsBeingTooShort() {
        #expect(RegistrationRules.passwordError("ann1", name: "Ann") == Message.passwordContainsName)
    }

    @Test func beingTooShortBeatsBeingTooSimple() {
        #expect(RegistrationRules.passwordError("abc", name: "Zed") == Message.passwordTooShort)
    }

    @Test(
        arguments: [
            ("Secret123456", "Secret123456", nil), ("Secret123456", "secret123456", Message.verificationMismatch),
            ("Secret123456", "", Message.verificationMismatch), ("", "", nil),
        ] as [(String, String, String?)])
    func theVerificationMustBeIdentical(_ password: String, _ verification: String, _ expected: String?) {
        #expect(RegistrationRules.verificationError(verification, password: password) == expected)
    }

    @Test(
        arguments: [
            ("PPL", nil), ("ATPL", nil), ("ppl", nil), ("aTpL", nil), ("PP", "Choose one of: PPL, ATPL."),
            ("", "Choose one of: PPL, ATPL."),
        ] as [(String, String?)])
    func theLicenseMustBeALoadedOneInAnyCase(_ type: String, _ expected: String?) {
        let licenses = [License(type: "PPL", aircraft: []), License(type: "ATPL", aircraft: [])]
        #expect(RegistrationRules.licenseError(type, licenses: licenses) == expected)
    }

    @Test func noLoadedLicensesMeansNoneCanBeChosen() {
        #expect(RegistrationRules.licenseError("PPL", licenses: []) == "No licenses are available.")
    }

    @Test func errorsNameEveryFailingField() {
        let errors = RegistrationRules.errors(
            for: RegistrationInput(name: "", password: "weak", verification: "other", licenseType: "XYZ"),
            licenses: [License(type: "PPL", aircraft: [])])
        #expect(
            errors == [
                .name: Message.nameBlank, .password: Message.passwordTooShort,
                .verification: Message.verificationMismatch, .license: "Choose one of: PPL.",
            ])
    }
}
