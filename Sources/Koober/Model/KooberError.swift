import Foundation

/// Why signing in failed.
public enum SignInError: Error, Equatable, Sendable {
    /// Unknown email or wrong password.
    case unauthorized
    /// Anything else; `cause` says what, when it was the network.
    case unknown(cause: NetworkError?)
}

/// Why signing up failed.
public enum SignUpError: Error, Equatable, Sendable {
    /// Fields did not pass the rules, before any request was sent: every failing field's problem.
    case invalidFields([SignUpField: SignUpProblem])
    /// The backend refused a field (422), with its message.
    case rejected(message: String)
    /// An account with this email exists.
    case conflict
    /// Anything else; `cause` says what, when it was the network.
    case unknown(cause: NetworkError?)
}

/// The fields of the sign-up form, each checked by ``SignUpRules`` before anything is sent.
public enum SignUpField: String, Sendable, CaseIterable {
    /// The user's full name.
    case fullName
    /// What the app calls the user.
    case nickname
    /// The email address, which must contain an `@`.
    case email
    /// The phone number, which must contain a digit.
    case phone
    /// The password, at least ``SignUpRules/minimumPasswordLength`` characters.
    case password
}

/// What is wrong with one field of the sign-up form. Each has a default description in English;
/// an app that localises or styles its own switches over the cases.
public enum SignUpProblem: Error, Hashable, Sendable {
    /// The full name is empty or only spaces.
    case fullNameBlank
    /// The nickname is empty or only spaces.
    case nicknameBlank
    /// The email address has no `@`.
    case emailWithoutAt
    /// The phone number has no digit, or a character other than digits, spaces and `-+()`.
    case phoneInvalid
    /// The password is shorter than `minimum` characters.
    case passwordTooShort(minimum: Int)
    /// The backend has an account with this email already (its 409); shown on the email field
    /// until the email changes.
    case emailTaken
}

extension SignUpProblem: LocalizedError {
    /// The message the form shows under the field.
    public var errorDescription: String? {
        switch self {
        case .fullNameBlank: text("SignUpProblem.fullNameBlank")
        case .nicknameBlank: text("SignUpProblem.nicknameBlank")
        case .emailWithoutAt: text("SignUpProblem.emailWithoutAt")
        case .phoneInvalid: text("SignUpProblem.phoneInvalid")
        case .passwordTooShort(let minimum): text("SignUpProblem.passwordTooShort", String(minimum))
        case .emailTaken: text("SignUpProblem.emailTaken")
        }
    }
}

/// The fields of the sign-in form.
public enum SignInField: String, Sendable, CaseIterable {
    /// The email address, which must contain an `@`.
    case email
    /// The password, which must not be empty.
    case password
}

/// What is wrong with one field of the sign-in form. Each has a default description in English;
/// an app that localises or styles its own switches over the cases.
public enum SignInProblem: Error, Hashable, Sendable {
    /// The email address has no `@`.
    case emailWithoutAt
    /// The password is empty.
    case passwordBlank
    /// The backend knows no such email and password; shown on the password field until either
    /// field changes.
    case credentialsRejected
}

extension SignInProblem: LocalizedError {
    /// The message the form shows under the field.
    public var errorDescription: String? {
        switch self {
        case .emailWithoutAt: text("SignUpProblem.emailWithoutAt")
        case .passwordBlank: text("SignInProblem.passwordBlank")
        case .credentialsRejected: text("SignInError.unauthorized")
        }
    }
}

extension SignInField {
    /// The field's name as the form shows it: `Email`, `Password`.
    public var title: String { text("Field." + rawValue) }
}

extension SignUpField {
    /// The field's name as the form shows it: `Full name`, `Nickname`, `Email`, `Phone`, `Password`.
    public var title: String { text("Field." + rawValue) }
}

/// Why a ride could not be requested.
public enum RideError: Error, Equatable, Sendable {
    /// The session token was rejected: the user is signed out.
    case sessionExpired
    /// The backend refused the request (an unknown place or option, the same place twice), with
    /// its message.
    case rejected(message: String)
    /// The booking's `Idempotency-Key` already booked another request: one sent earlier,
    /// cancelled or lost in flight, that the backend booked. ``NewRideViewModel`` then asks for
    /// that request again and shows its ride.
    case bookedEarlier
    /// The backend could not be reached or failed.
    case unavailable(NetworkError)
}

/// Why the app model's last step failed: signing in, signing up, or reading or forgetting the
/// stored session.
///
/// ```swift
/// if let error = app.error { Text(error.localizedDescription).foregroundStyle(.red) }
/// ```
public enum KooberError: Error, Equatable, Sendable {
    /// Signing in failed.
    case signIn(SignInUseCaseError)
    /// Signing up failed.
    case signUp(SignUpUseCaseError)
    /// The stored session could not be read (a damaged file) or deleted.
    case storage(PersistenceError)

    /// Classifies an error of the session store.
    init(storage error: any Error) {
        self = .storage(PersistenceError(error))
    }
}

extension SignInError: LocalizedError {
    /// What went wrong, in words a user can act on.
    public var errorDescription: String? {
        switch self {
        case .unauthorized: text("SignInError.unauthorized")
        case .unknown(let cause?): cause.localizedDescription
        case .unknown(nil): text("SignInError.unknown")
        }
    }
}

extension SignUpError: LocalizedError {
    /// What went wrong, in words a user can act on.
    public var errorDescription: String? {
        switch self {
        case .invalidFields(let problems):
            SignUpField.allCases.compactMap { problems[$0]?.localizedDescription }.joined(separator: " ")
        case .rejected(let message): message
        case .conflict: text("SignUpError.conflict")
        case .unknown(let cause?): cause.localizedDescription
        case .unknown(nil): text("SignUpError.unknown")
        }
    }
}

extension RideError: LocalizedError {
    /// What went wrong, in words a user can act on.
    public var errorDescription: String? {
        switch self {
        case .sessionExpired: text("RideError.sessionExpired")
        case .bookedEarlier: text("RideError.bookedEarlier")
        case .rejected(let message): message
        case .unavailable(let cause): cause.localizedDescription
        }
    }
}

extension SignInUseCaseError: LocalizedError {
    /// What went wrong, in words a user can act on.
    public var errorDescription: String? {
        switch self {
        case .signIn(let error): error.localizedDescription
        case .storingSessionFailed(let message): text("SignInUseCaseError.storingSessionFailed", message)
        }
    }
}

extension SignUpUseCaseError: LocalizedError {
    /// What went wrong, in words a user can act on.
    public var errorDescription: String? {
        switch self {
        case .signUp(let error): error.localizedDescription
        case .storingSessionFailed(let message): text("SignUpUseCaseError.storingSessionFailed", message)
        }
    }
}

extension KooberError: LocalizedError {
    /// What went wrong, in words a user can act on.
    public var errorDescription: String? {
        switch self {
        case .signIn(let error): error.localizedDescription
        case .signUp(let error): error.localizedDescription
        case .storage(let error): error.localizedDescription
        }
    }
}

/// A string of this module's `Localizable.strings`, filled in.
func text(_ key: String, _ arguments: String...) -> String {
    localized(key, bundle: .module, table: "Koober", arguments: arguments)
}
