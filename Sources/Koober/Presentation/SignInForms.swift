import Observation

/// Where a form's submission stands.
public enum FormPhase: Equatable, Sendable {
    /// Being filled in; also after a cancelled submission.
    case editing
    /// Sent; ``SignInForm/cancel()`` or ``SignUpForm/cancel()`` stops it.
    case submitting
    /// The last submission failed; editing goes on, and submitting again tries again.
    case failed(KooberError)
}

/// The sign-in form: its fields, every field's ``SignInProblem`` (a field's once it was edited, all
/// of them once submit was tapped), a submitting phase, and cancel. ``KooberAppModel`` makes one
/// when it shows the form (``KooberAppModel/signInForm``); a success signs the app in.
///
/// An email and password the backend rejects are a problem of the password field
/// (``SignInProblem/credentialsRejected``), not a failed ``phase``: `.failed` is for what no field
/// can fix, such as the network.
///
/// ```swift
/// TextField(SignInField.email.title, text: $form.email)
/// if let problem = form.problems[.email] { Text(problem.localizedDescription).foregroundStyle(.red) }
/// SecureField(SignInField.password.title, text: $form.password)
/// if let problem = form.problems[.password] { Text(problem.localizedDescription).foregroundStyle(.red) }
/// ```
@MainActor
@Observable
public final class SignInForm: Identifiable, Hashable {
    /// The email address.
    public var email = "" {
        didSet { edited(.email, changed: email != oldValue) }
    }
    /// The password; never stored.
    public var password = "" {
        didSet { edited(.password, changed: password != oldValue) }
    }
    /// Where the submission stands.
    public private(set) var phase = FormPhase.editing

    private var editedFields: Set<SignInField> = []
    private var submitTapped = false
    private var rejected = false
    @ObservationIgnored private let signIn: @MainActor (String, String) async throws(KooberError) -> Void
    @ObservationIgnored private let submission = Submission()

    /// A field's text by its name, so a form is drawn from `SignInField.allCases` in order:
    ///
    /// ```swift
    /// ForEach(SignInField.allCases, id: \.self) { field in
    ///     TextField(field.title, text: $form[field])
    /// }
    /// ```
    public subscript(field: SignInField) -> String {
        get {
            switch field {
            case .email: email
            case .password: password
            }
        }
        set {
            switch field {
            case .email: email = newValue
            case .password: password = newValue
            }
        }
    }

    /// Creates a ``SignInForm`` that submits to `signIn`; ``KooberAppModel`` makes the app's own.
    ///
    /// - Parameter signIn: signs in with an email and a password, or throws why not.
    public init(signIn: @escaping @MainActor (String, String) async throws(KooberError) -> Void) {
        self.signIn = signIn
    }

    /// The problems to show now, every field's at once: those of edited fields, or of all fields
    /// once submit was tapped; and ``SignInProblem/credentialsRejected`` on the password after the
    /// backend refused them, until either field changes.
    public var problems: [SignInField: SignInProblem] {
        if rejected { return [.password: .credentialsRejected] }
        var problems: [SignInField: SignInProblem] = [:]
        if !email.contains("@") { problems[.email] = .emailWithoutAt }
        if password.isEmpty { problems[.password] = .passwordBlank }
        return problems.filter { submitTapped || editedFields.contains($0.key) }
    }

    /// The first field, in form order, whose problem shows: where to put the focus after a submit
    /// that showed problems.
    ///
    /// ```swift
    /// Button("Sign in") { Task { await form.submit(); focus = form.firstFieldWithProblem } }
    /// ```
    public var firstFieldWithProblem: SignInField? {
        SignInField.allCases.first { problems[$0] != nil }
    }

    /// Whether submit can be tapped: nothing under way. Tapping it with problems shows them all.
    public var canSubmit: Bool { phase != .submitting }

    /// Shows every problem; when there are none, signs in. ``phase`` is `.submitting` until it
    /// ends, then `.editing` (success, cancel, or credentials rejected: see ``problems``) or
    /// `.failed`.
    public func submit() async {
        guard canSubmit else { return }
        submitTapped = true
        guard problems.isEmpty else { return }
        phase = .submitting
        let (signIn, email, password) = (signIn, email, password)
        switch await submission.run({ () throws(KooberError) in try await signIn(email, password) }) {
        case .success, nil: phase = .editing
        case .failure(.signIn(.signIn(.unauthorized))):
            rejected = true
            phase = .editing
        case .failure(let error): phase = .failed(error)
        }
    }

    /// Cancels the submission under way; the form stays as it was filled in.
    public func cancel() {
        submission.cancel()
    }

    /// The field in words, role and problem included, for a screen reader that knows no roles (the
    /// command line's `--screen-reader`): `Password, secure text field, 5 characters, invalid: The
    /// email or password is incorrect.` VoiceOver says the role and the value itself, so a SwiftUI
    /// field gives it the same title and problem:
    ///
    /// ```swift
    /// SecureField(SignInField.password.title, text: $form.password)
    ///     .accessibilityHint(form.problems[.password]?.localizedDescription ?? "")
    /// ```
    public func accessibilityDescription(of field: SignInField) -> String {
        accessibleField(
            title: field.title, secure: field == .password, value: field == .email ? email : password,
            problem: problems[field]?.localizedDescription)
    }

    /// A field edited: its problem shows from now on, and a new text answers the failure before
    /// (the phase is editing again, as AuthMVP's login clears its error).
    private func edited(_ field: SignInField, changed: Bool) {
        editedFields.insert(field)
        rejected = false
        if changed, case .failed = phase { phase = .editing }
    }
}

/// The sign-up form: its fields, every field's ``SignUpProblem`` at once (a field's once it was
/// edited, all of them once submit was tapped), a submitting phase, and cancel.
/// ``KooberAppModel`` makes one when it shows the form (``KooberAppModel/signUpForm``).
///
/// ```swift
/// TextField(SignUpField.email.title, text: $form.email)
/// if let problem = form.problems[.email] { Text(problem.localizedDescription).foregroundStyle(.red) }
/// ```
@MainActor
@Observable
public final class SignUpForm: Identifiable, Hashable {
    /// The user's full name.
    public var fullName = "" { didSet { noteEdit(.fullName, changed: fullName != oldValue) } }
    /// What the app calls the user.
    public var nickname = "" { didSet { noteEdit(.nickname, changed: nickname != oldValue) } }
    /// The email address.
    public var email = "" { didSet { noteEdit(.email, changed: email != oldValue) } }
    /// The phone number.
    public var phone = "" { didSet { noteEdit(.phone, changed: phone != oldValue) } }
    /// The password; never stored.
    public var password = "" { didSet { noteEdit(.password, changed: password != oldValue) } }
    /// Where the submission stands.
    public private(set) var phase = FormPhase.editing

    private var edited: Set<SignUpField> = []

    /// A field edited: its problem shows from now on, and a new text answers the failure before.
    private func noteEdit(_ field: SignUpField, changed: Bool) {
        edited.insert(field)
        if changed, case .failed = phase { phase = .editing }
    }
    private var submitTapped = false
    /// The email the backend said an account has already.
    private var takenEmail: String?
    @ObservationIgnored private let signUp: @MainActor (NewAccount) async throws(KooberError) -> Void
    @ObservationIgnored private let submission = Submission()

    /// A field's text by its name, so a form is drawn from `SignUpField.allCases` in order:
    ///
    /// ```swift
    /// ForEach(SignUpField.allCases, id: \.self) { field in
    ///     TextField(field.title, text: $form[field])
    /// }
    /// ```
    public subscript(field: SignUpField) -> String {
        get {
            switch field {
            case .fullName: fullName
            case .nickname: nickname
            case .email: email
            case .phone: phone
            case .password: password
            }
        }
        set {
            switch field {
            case .fullName: fullName = newValue
            case .nickname: nickname = newValue
            case .email: email = newValue
            case .phone: phone = newValue
            case .password: password = newValue
            }
        }
    }

    /// Creates a ``SignUpForm`` that submits to `signUp`; ``KooberAppModel`` makes the app's own.
    ///
    /// - Parameter signUp: creates the account and signs it in, or throws why not.
    public init(signUp: @escaping @MainActor (NewAccount) async throws(KooberError) -> Void) {
        self.signUp = signUp
    }

    /// The account as filled in.
    public var account: NewAccount {
        NewAccount(fullName: fullName, nickname: nickname, email: email, phone: phone, password: password)
    }

    /// The problems to show now, every field's at once: those of edited fields, or of all fields
    /// once submit was tapped; and ``SignUpProblem/emailTaken`` on the email after the backend
    /// said an account has it, until the email changes.
    public var problems: [SignUpField: SignUpProblem] {
        var problems = SignUpRules.problems(account).filter { submitTapped || edited.contains($0.key) }
        if let takenEmail, takenEmail == email { problems[.email] = .emailTaken }
        return problems
    }

    /// The first field, in form order, whose problem shows: where to put the focus after a submit
    /// that showed problems.
    public var firstFieldWithProblem: SignUpField? {
        SignUpField.allCases.first { problems[$0] != nil }
    }

    /// Whether submit can be tapped: nothing under way. Tapping it with problems shows them all.
    public var canSubmit: Bool { phase != .submitting }

    /// Shows every problem; when there are none, creates the account. ``phase`` is `.submitting`
    /// until it ends, then `.editing` (success, cancel, or an email taken: see ``problems``) or
    /// `.failed`.
    public func submit() async {
        guard canSubmit else { return }
        submitTapped = true
        guard problems.isEmpty else { return }
        phase = .submitting
        let (signUp, account) = (signUp, account)
        switch await submission.run({ () throws(KooberError) in try await signUp(account) }) {
        case .success, nil: phase = .editing
        case .failure(.signUp(.signUp(.conflict))):
            takenEmail = account.email
            phase = .editing
        case .failure(let error): phase = .failed(error)
        }
    }

    /// Cancels the submission under way; the form stays as it was filled in.
    public func cancel() {
        submission.cancel()
    }

    /// The field in words, role and problem included, for a screen reader that knows no roles (the
    /// command line's `--screen-reader`): `Email, text field, ann, invalid: Enter an email address
    /// with an @.` VoiceOver says the role and the value itself; see
    /// ``SignInForm/accessibilityDescription(of:)``.
    public func accessibilityDescription(of field: SignUpField) -> String {
        let value =
            switch field {
            case .fullName: fullName
            case .nickname: nickname
            case .email: email
            case .phone: phone
            case .password: password
            }
        return accessibleField(
            title: field.title, secure: field == .password, value: value, problem: problems[field]?.localizedDescription
        )
    }
}

extension SignInForm {
    /// Forms are the same when they are the same form: a navigation value stands for the one
    /// ``KooberAppModel`` showed.
    nonisolated public static func == (lhs: SignInForm, rhs: SignInForm) -> Bool { lhs === rhs }

    /// Hashes the form's identity.
    nonisolated public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}

extension SignUpForm {
    /// Forms are the same when they are the same form: a navigation value stands for the one
    /// ``KooberAppModel`` showed.
    nonisolated public static func == (lhs: SignUpForm, rhs: SignUpForm) -> Bool { lhs === rhs }

    /// Hashes the form's identity.
    nonisolated public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
