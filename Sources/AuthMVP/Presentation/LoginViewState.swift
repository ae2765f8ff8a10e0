/// Everything the login screen shows, as one value.
public struct LoginViewState: Equatable, Sendable {
    /// What a text field's border means: untouched until edited, then invalid or valid.
    ///
    /// Colour is one rendering of it, not the only one: say the meaning with a symbol or text too,
    /// and pick colours that show in Dark Mode.
    ///
    /// ```swift
    /// func color(_ border: LoginViewState.Border) -> Color {
    ///     switch border { case .untouched: .secondary; case .invalid: .red; case .valid: .green }
    /// }
    /// ```
    public enum Border: String, Sendable, CaseIterable {
        /// The field has never been edited.
        case untouched
        /// Edited and not valid.
        case invalid
        /// Edited and valid.
        case valid
    }

    /// A text field as shown.
    public struct Field: Equatable, Sendable {
        /// What the field holds.
        public var text: String
        /// What its border says.
        public var border: Border

        /// Creates a ``Field``.
        ///
        /// - Parameters:
        ///   - text: what the field holds.
        ///   - border: what its border says.
        public init(text: String, border: Border) {
            self.text = text
            self.border = border
        }
    }

    /// The one button as shown: Login, Cancel or Try again.
    public struct Button: Equatable, Sendable {
        /// `Login`, `Cancel` or `Try again`, from the module's strings.
        public var title: String
        /// Whether it can be tapped.
        public var isEnabled: Bool

        /// Creates a ``Button``.
        ///
        /// - Parameters:
        ///   - title: the button's title.
        ///   - isEnabled: whether it can be tapped.
        public init(title: String, isEnabled: Bool) {
            self.title = title
            self.isEnabled = isEnabled
        }

        /// `Login`, from the module's strings: the title of a Login button that never turns into
        /// Cancel (``LoginPresenter/startLogin()``, with a Cancel button of the screen's own).
        public static var loginTitle: String { text("Button.login") }
        /// `Cancel`, from the module's strings: the title of a screen's own Cancel button.
        public static var cancelTitle: String { text("Button.cancel") }
        /// `Try again`, from the module's strings.
        public static var tryAgainTitle: String { text("Button.tryAgain") }
    }

    /// The email field.
    public var email: Field
    /// The password field.
    public var password: Field
    /// The button.
    public var button: Button
    /// Whether the activity indicator spins: while a request is in flight.
    public var isActivityVisible: Bool
    /// The error label's text; empty when there is nothing to say.
    public var error: String
    /// Why the last login failed, typed, while the screen shows it; `nil` otherwise.
    public var failure: AuthError?

    /// A state as the presenter renders it; for previews and test doubles.
    ///
    /// ```swift
    /// let wrongPassword = LoginViewState(
    ///     email: .init(text: "ann@example.com", border: .valid), password: .init(text: "secret", border: .valid),
    ///     button: .init(title: "Try again", isEnabled: true), isActivityVisible: false,
    ///     error: "Wrong password.", failure: .unauthorized(message: "Wrong password."))
    /// ```
    public init(
        email: Field, password: Field, button: Button, isActivityVisible: Bool, error: String,
        failure: AuthError? = nil
    ) {
        self.email = email
        self.password = password
        self.button = button
        self.isActivityVisible = isActivityVisible
        self.error = error
        self.failure = failure
    }

    /// The screen before anything was typed: untouched fields, a disabled Login button.
    public static let initial = LoginViewState(
        email: Field(text: "", border: .untouched), password: Field(text: "", border: .untouched),
        button: Button(title: Button.loginTitle, isEnabled: false), isActivityVisible: false, error: "")
}

/// The login screen's text fields, for code that treats them alike (focus, accessibility).
public enum LoginField: String, CaseIterable, Sendable {
    /// The email field.
    case email
    /// The password field.
    case password

    /// The field's name as the screen shows it: `Email`, `Password`.
    public var title: String { text("Field." + rawValue) }

    /// What the field needs, as an invalid border means it: `needs an @, like ann@example.com`.
    public var requirement: String { text("Requirement." + rawValue) }
}

extension LoginViewState {
    /// A field of the state by name.
    public subscript(field: LoginField) -> Field {
        switch field {
        case .email: email
        case .password: password
        }
    }

    /// The field in words, for a screen reader that knows no roles (the command line's
    /// `--screen-reader`): `Email, text field, ann, invalid: needs an @, like ann@example.com`.
    /// VoiceOver says the role and the value itself, so a SwiftUI field gives it the title and,
    /// while the field is invalid, the requirement:
    ///
    /// ```swift
    /// TextField(LoginField.email.title, text: $presenter.email)
    ///     .accessibilityHint(presenter.state.email.border == .invalid ? LoginField.email.requirement : "")
    /// ```
    public func accessibilityDescription(of field: LoginField) -> String {
        let shown = self[field]
        return accessibleField(
            title: field.title, secure: field == .password, value: shown.text,
            problem: shown.border == .invalid ? field.requirement : nil)
    }

    /// The button in words: `Login, button, dimmed` while it cannot be tapped, `Cancel, button`
    /// while the request is in flight.
    public var buttonAccessibilityDescription: String {
        accessibleButton(title: button.title, isEnabled: button.isEnabled)
    }
}
