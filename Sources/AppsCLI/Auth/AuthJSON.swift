import AuthMVP

/// The JSON shapes of `apps auth login` (Docs/CLI.md): one line per rendered state, then the success screen.
@MainActor
enum AuthJSON {
    static func state(_ state: LoginViewState) -> JSONValue {
        .object([
            (
                "email",
                .object([("text", .string(state.email.text)), ("border", .string(color(state.email.border)))])
            ),
            ("password", .object([("border", .string(color(state.password.border)))])),
            ("button", .object([("title", .string(state.button.title)), ("enabled", .bool(state.button.isEnabled))])),
            ("activity", .bool(state.isActivityVisible)),
            ("error", .string(state.error)),
        ])
    }

    /// A border as the seed's colours name it, which the JSON has always carried: `black` until
    /// edited, then `red` or `blue`.
    static func color(_ border: LoginViewState.Border) -> String {
        switch border {
        case .untouched: "black"
        case .invalid: "red"
        case .valid: "blue"
        }
    }

    static func success(_ success: SuccessPresenter) -> JSONValue {
        .object([("screen", .string("success")), ("label", .string(success.label))])
    }
}
