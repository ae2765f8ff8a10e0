import PilotRegistration

/// The JSON shapes of the pilot commands (Docs/CLI.md).
enum PilotJSON {
    static func license(_ license: License) -> JSONValue {
        .object([("type", .string(license.type)), ("aircraft", .array(license.aircraft.map { .string($0) }))])
    }

    static func pilot(_ pilot: Pilot) -> JSONValue {
        .object([
            ("name", .string(pilot.name)),
            ("license", .string(pilot.license.type)),
            ("aircraft", .array(pilot.license.aircraft.map { .string($0) })),
        ])
    }

    static func validationFailure(_ errors: [RegistrationField: RegistrationProblem]) -> Failure {
        let fields = RegistrationField.allCases.compactMap { field in
            errors[field].map { (field.rawValue, $0.localizedDescription) }
        }
        return Failure(
            kind: .validation, message: fields.map { "\($0): \($1)" }.joined(separator: " "), fields: fields)
    }
}
