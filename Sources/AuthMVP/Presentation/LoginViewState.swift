/// Everything the login screen shows, as one value.
public struct LoginViewState: Equatable, Sendable {
    public enum Border: String, Sendable {
        /// The field has never been edited.
        case black
        case red
        case blue
    }

    public struct Field: Equatable, Sendable {
        public var text: String
        public var border: Border

        public init(text: String, border: Border) {
            self.text = text
            self.border = border
        }
    }

    public struct Button: Equatable, Sendable {
        public var title: String
        public var isEnabled: Bool

        public init(title: String, isEnabled: Bool) {
            self.title = title
            self.isEnabled = isEnabled
        }
    }

    public var email: Field
    public var password: Field
    public var button: Button
    public var isActivityVisible: Bool
    /// Empty when there is nothing to say.
    public var error: String

    public init(email: Field, password: Field, button: Button, isActivityVisible: Bool, error: String) {
        self.email = email
        self.password = password
        self.button = button
        self.isActivityVisible = isActivityVisible
        self.error = error
    }

    public static let initial = LoginViewState(
        email: Field(text: "", border: .black), password: Field(text: "", border: .black),
        button: Button(title: "Login", isEnabled: false), isActivityVisible: false, error: "")
}
