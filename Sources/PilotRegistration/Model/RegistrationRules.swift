import Foundation

/// The fields of the registration form, ordered as the form shows them (name first, license
/// last), so `errors.keys.min()` is the first field with a problem.
public enum RegistrationField: String, Sendable, CaseIterable, Hashable, Comparable {
    /// The pilot's name.
    case name
    /// The password.
    case password
    /// The password typed again.
    case verification
    /// The license type.
    case license

    /// The field's name as the form shows it: `Name`, `Password`, `Password again`, `License`.
    public var title: String { text("Field." + rawValue) }

    /// Whether `lhs` comes before `rhs` in the form.
    public static func < (lhs: RegistrationField, rhs: RegistrationField) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}

/// What a user typed into the form.
public struct RegistrationInput: Equatable, Sendable {
    /// The pilot's name.
    public var name: String
    /// The password, never stored.
    public var password: String
    /// The password typed again.
    public var verification: String
    /// The chosen license's type, matched without regard to case.
    public var licenseType: String

    /// The form's values; empty by default, as a new form starts.
    public init(name: String = "", password: String = "", verification: String = "", licenseType: String = "") {
        self.name = name
        self.password = password
        self.verification = verification
        self.licenseType = licenseType
    }
}

/// What is wrong with one field of the registration form. Each has a default description in
/// English (``errorDescription``); an app that localises or styles its own switches over the cases.
///
/// ```swift
/// if case .passwordTooShort(let minimum) = form.errors[.password] { meter.show(minimum) }
/// ```
public enum RegistrationProblem: Error, Hashable, Sendable {
    /// The name is empty or only spaces.
    case nameBlank
    /// No password was typed.
    case passwordEmpty
    /// The password contains the name, in any case.
    case passwordContainsName
    /// The password is shorter than `minimum` characters.
    case passwordTooShort(minimum: Int)
    /// The password lacks an uppercase letter, a lowercase letter or a digit.
    case passwordTooSimple
    /// The verification differs from the password.
    case verificationMismatch
    /// The license type is none of `available` (empty when no licenses are loaded).
    case unknownLicense(available: [String])
}

extension RegistrationProblem: LocalizedError {
    /// The message the form shows under the field.
    public var errorDescription: String? {
        switch self {
        case .nameBlank: text("RegistrationProblem.nameBlank")
        case .passwordEmpty: text("RegistrationProblem.passwordEmpty")
        case .passwordContainsName: text("RegistrationProblem.passwordContainsName")
        case .passwordTooShort(let minimum): text("RegistrationProblem.passwordTooShort", String(minimum))
        case .passwordTooSimple: text("RegistrationProblem.passwordTooSimple")
        case .verificationMismatch: text("RegistrationProblem.verificationMismatch")
        case .unknownLicense(let types):
            types.isEmpty
                ? text("RegistrationProblem.noLicenses")
                : text("RegistrationProblem.unknownLicense", types.joined(separator: ", "))
        }
    }
}

/// The rules of the form, each with its own ``RegistrationProblem``. For the password the first
/// failing rule wins.
public enum RegistrationRules {
    /// The shortest password accepted: 12 characters.
    public static let minimumPasswordLength = 12

    /// ``RegistrationProblem/nameBlank`` for a blank name, otherwise `nil`.
    public static func nameProblem(_ name: String) -> RegistrationProblem? {
        name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? .nameBlank : nil
    }

    /// The first rule the password breaks, in this order: empty, contains the name, too short,
    /// too simple; `nil` when it breaks none.
    ///
    /// ```swift
    /// RegistrationRules.passwordProblem("Amelia1234567", name: "amelia")  // .passwordContainsName
    /// ```
    public static func passwordProblem(_ password: String, name: String) -> RegistrationProblem? {
        if password.isEmpty { return .passwordEmpty }
        let trimmedName = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if !trimmedName.isEmpty, password.range(of: trimmedName, options: .caseInsensitive) != nil {
            return .passwordContainsName
        }
        if password.count < minimumPasswordLength { return .passwordTooShort(minimum: minimumPasswordLength) }
        let hasUpper = password.contains { $0.isUppercase }
        let hasLower = password.contains { $0.isLowercase }
        let hasDigit = password.contains { $0.isNumber }
        if !(hasUpper && hasLower && hasDigit) { return .passwordTooSimple }
        return nil
    }

    /// ``RegistrationProblem/verificationMismatch`` unless `verification` equals `password`.
    public static func verificationProblem(_ verification: String, password: String) -> RegistrationProblem? {
        verification == password ? nil : .verificationMismatch
    }

    /// ``RegistrationProblem/unknownLicense(available:)`` unless one of `licenses` has the type
    /// `type`, in any case.
    public static func licenseProblem(_ type: String, licenses: [License]) -> RegistrationProblem? {
        license(named: type, in: licenses) != nil ? nil : .unknownLicense(available: licenses.map(\.type))
    }

    /// The license whose type is `type`, ignoring case (`cpl` is `CPL`).
    public static func license(named type: String, in licenses: [License]) -> License? {
        licenses.first { $0.type.caseInsensitiveCompare(type) == .orderedSame }
    }

    /// Every failing field with its problem; empty when the form can be submitted.
    public static func problems(for input: RegistrationInput, licenses: [License]) -> [RegistrationField:
        RegistrationProblem]
    {
        var problems: [RegistrationField: RegistrationProblem] = [:]
        problems[.name] = nameProblem(input.name)
        problems[.password] = passwordProblem(input.password, name: input.name)
        problems[.verification] = verificationProblem(input.verification, password: input.password)
        problems[.license] = licenseProblem(input.licenseType, licenses: licenses)
        return problems
    }
}
