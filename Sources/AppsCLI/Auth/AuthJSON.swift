import AuthMVP

/// The JSON shapes of `apps auth login` (Docs/CLI.md): one line per rendered state, then the success screen.
@MainActor
enum AuthJSON {
    static func state(_ state: LoginViewState) -> JSONValue {
        .object([
            (
                "email",
                .object([("text", .string(state.email.text)), ("border", .string(state.email.border.rawValue))])
            ),
            ("password", .object([("border", .string(state.password.border.rawValue))])),
            ("button", .object([("title", .string(state.button.title)), ("enabled", .bool(state.button.isEnabled))])),
            ("activity", .bool(state.isActivityVisible)),
            ("error", .string(state.error)),
        ])
    }

    static func success(_ success: SuccessPresenter) -> JSONValue {
        .object([("screen", .string("success")), ("label", .string(success.label))])
    }
}
