import Koober
import Testing

@Suite("Koober's strings")
struct KooberLocalizationTests {
    @Test func everyErrorHasAValue() {
        let errors: [any Error] = [
            SignInError.unauthorized, SignInError.unknown(cause: nil), SignUpError.conflict,
            SignUpError.unknown(cause: nil),
            SignUpError.invalidFields([.email: .emailWithoutAt, .password: .passwordTooShort(minimum: 8)]),
            SignUpProblem.fullNameBlank, SignUpProblem.nicknameBlank, SignUpProblem.emailWithoutAt,
            SignUpProblem.phoneInvalid, SignUpProblem.passwordTooShort(minimum: 8), SignUpProblem.emailTaken,
            RideError.sessionExpired,
            SignInUseCaseError.storingSessionFailed(message: "m"),
            SignUpUseCaseError.storingSessionFailed(message: "m"),
        ]
        for error in errors {
            let text = error.localizedDescription
            #expect(
                !text.contains("Error.") && !text.contains("Problem.") && !text.contains("%") && !text.isEmpty,
                "\(text)")
        }
    }
}
