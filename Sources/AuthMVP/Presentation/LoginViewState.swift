/// Everything the login screen shows, as one value.
public struct LoginViewState: Equatable, Sendable {
    /// A text field's border colour: its validity once edited.
    public enum Border: String, Sendable {
        /// The field has never been edited.
        case black
        /// Edited and not valid.
        case red
        /// Edited and valid.
        case blue
    }

    /// A text field as shown.
    public struct Field: Equatable, Sendable {
        /// What the field holds.
        public var text: String
        /// Its border colour.
        public var border: Border

        /// Creates a ``Field``.
        ///
        /// - Parameters:
        ///   - text: what the field holds.
        ///   - border: its border colour.
        public init(text: String, border: Border) {
            self.text = text
            self.border = border
        }
    }

    /// The one button as shown: Login, Cancel or Try again.
    public struct Button: Equatable, Sendable {
        /// `Login`, `Cancel` or `Try again`.
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
    }

    /// The email field.
    public var email: Field
    /// The password field.
    public var password: Field
    /// The button.
    public var button: Button
    /// Whether the activity indicator spins: while a request is in flight.
    public var isActivityVisible: Bool
    /// Empty when there is nothing to say.
    public var error: String

    /// A state as the presenter renders it; for previews and test doubles.
    public init(email: Field, password: Field, button: Button, isActivityVisible: Bool, error: String) {
        self.email = email
        self.password = password
        self.button = button
        self.isActivityVisible = isActivityVisible
        self.error = error
    }

    /// The screen before anything was typed: black borders, a disabled Login button.
    public static let initial = LoginViewState(
        email: Field(text: "", border: .black), password: Field(text: "", border: .black),
        button: Button(title: "Login", isEnabled: false), isActivityVisible: false, error: "")
}

/// The login screen's text fields, for code that treats them alike (focus, accessibility).
public enum LoginField: String, CaseIterable, Sendable {
    /// The email field.
    case email
    /// The password field.
    case password

    /// The field's name as the screen shows it: `Email`, `Password`.
    public var title: String {
        switch self {
        case .email: "Email"
        case .password: "Password"
        }
    }

    /// What the field needs, as a red border means it: `needs an @, like ann@example.com`.
    public var requirement: String {
        switch self {
        case .email: "needs an @, like ann@example.com"
        case .password: "cannot be empty"
        }
    }
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
    /// while the border is red, the requirement:
    ///
    /// ```swift
    /// TextField(LoginField.email.title, text: $email)
    ///     .accessibilityHint(state.email.border == .red ? LoginField.email.requirement : "")
    /// ```
    public func accessibilityDescription(of field: LoginField) -> String {
        let shown = self[field]
        return accessibleField(
            title: field.title, secure: field == .password, value: shown.text,
            problem: shown.border == .red ? field.requirement : nil)
    }

    /// The button in words: `Login, button, dimmed` while it cannot be tapped, `Cancel, button`
    /// while the request is in flight.
    public var buttonAccessibilityDescription: String {
        accessibleButton(title: button.title, isEnabled: button.isEnabled)
    }
}
