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
