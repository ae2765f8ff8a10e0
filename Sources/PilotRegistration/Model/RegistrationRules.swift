import Foundation

/// The fields of the registration form.
public enum RegistrationField: String, Sendable, CaseIterable, Hashable {
    /// The pilot's name.
    case name
    /// The password.
    case password
    /// The password typed again.
    case verification
    /// The license type.
    case license
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

/// The rules of the form, each with its own message. For the password the first failing rule wins.
public enum RegistrationRules {
    /// The shortest password accepted: 12 characters.
    public static let minimumPasswordLength = 12

    /// The message of each rule, as the form shows it under its field.
    public enum Message {
        /// The name is empty or only spaces.
        public static let nameBlank = "Enter your name."
        /// No password was typed.
        public static let passwordEmpty = "Enter a password."
        /// The password contains the name, in any case.
        public static let passwordContainsName = "The password must not contain your name."
        /// The password is shorter than ``RegistrationRules/minimumPasswordLength``.
        public static let passwordTooShort = "Use at least \(minimumPasswordLength) characters."
        /// The password lacks an uppercase letter, a lowercase letter or a digit.
        public static let passwordTooSimple = "Use an uppercase letter, a lowercase letter and a digit."
        /// The verification differs from the password.
        public static let verificationMismatch = "The passwords do not match."
        /// The license type is none of `types`: "Choose one of: PPL, ATPL, MPL."
        public static func unknownLicense(_ types: [String]) -> String {
            types.isEmpty ? "No licenses are available." : "Choose one of: \(types.joined(separator: ", "))."
        }
    }

    /// ``Message/nameBlank`` for a blank name, otherwise `nil`.
    public static func nameError(_ name: String) -> String? {
        name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? Message.nameBlank : nil
    }

    /// The first rule the password breaks, in this order: empty, contains the name, too short,
    /// too simple; `nil` when it breaks none.
    ///
    /// ```swift
    /// RegistrationRules.passwordError("Amelia1234567", name: "amelia")  // Message.passwordContainsName
    /// ```
    public static func passwordError(_ password: String, name: String) -> String? {
        if password.isEmpty { return Message.passwordEmpty }
        let trimmedName = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if !trimmedName.isEmpty, password.range(of: trimmedName, options: .caseInsensitive) != nil {
            return Message.passwordContainsName
        }
        if password.count < minimumPasswordLength { return Message.passwordTooShort }
        let hasUpper = password.contains { $0.isUppercase }
        let hasLower = password.contains { $0.isLowercase }
        let hasDigit = password.contains { $0.isNumber }
        if !(hasUpper && hasLower && hasDigit) { return Message.passwordTooSimple }
        return nil
    }

    /// ``Message/verificationMismatch`` unless `verification` equals `password`.
    public static func verificationError(_ verification: String, password: String) -> String? {
        verification == password ? nil : Message.verificationMismatch
    }

    /// ``Message/unknownLicense(_:)`` unless one of `licenses` has the type `type`, in any case.
    public static func licenseError(_ type: String, licenses: [License]) -> String? {
        license(named: type, in: licenses) != nil ? nil : Message.unknownLicense(licenses.map(\.type))
    }

    /// The license whose type is `type`, ignoring case (`cpl` is `CPL`).
    public static func license(named type: String, in licenses: [License]) -> License? {
        licenses.first { $0.type.caseInsensitiveCompare(type) == .orderedSame }
    }

    /// Every failing field with its message; empty when the form can be submitted.
    public static func errors(for input: RegistrationInput, licenses: [License]) -> [RegistrationField: String] {
        var errors: [RegistrationField: String] = [:]
        errors[.name] = nameError(input.name)
        errors[.password] = passwordError(input.password, name: input.name)
        errors[.verification] = verificationError(input.verification, password: input.password)
        errors[.license] = licenseError(input.licenseType, licenses: licenses)
        return errors
    }
}
