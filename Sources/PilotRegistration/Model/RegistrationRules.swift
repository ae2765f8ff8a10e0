import Foundation

/// The fields of the registration form.
public enum RegistrationField: String, Sendable, CaseIterable, Hashable {
    case name, password, verification, license
}

/// What a user typed into the form.
public struct RegistrationInput: Equatable, Sendable {
    public var name: String
    public var password: String
    public var verification: String
    public var licenseType: String

    public init(name: String = "", password: String = "", verification: String = "", licenseType: String = "") {
        self.name = name
        self.password = password
        self.verification = verification
        self.licenseType = licenseType
    }
}

/// The rules of the form, each with its own message. For the password the first failing rule wins.
public enum RegistrationRules {
    public static let minimumPasswordLength = 12

    public enum Message {
        public static let nameBlank = "Enter your name."
        public static let passwordEmpty = "Enter a password."
        public static let passwordContainsName = "The password must not contain your name."
        public static let passwordTooShort = "Use at least \(minimumPasswordLength) characters."
        public static let passwordTooSimple = "Use an uppercase letter, a lowercase letter and a digit."
        public static let verificationMismatch = "The passwords do not match."
        public static func unknownLicense(_ types: [String]) -> String {
            types.isEmpty ? "No licenses are available." : "Choose one of: \(types.joined(separator: ", "))."
        }
    }

    public static func nameError(_ name: String) -> String? {
        name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? Message.nameBlank : nil
    }

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

    public static func verificationError(_ verification: String, password: String) -> String? {
        verification == password ? nil : Message.verificationMismatch
    }

    public static func licenseError(_ type: String, licenses: [License]) -> String? {
        license(named: type, in: licenses) != nil ? nil : Message.unknownLicense(licenses.map(\.type))
    }

    /// Every failing field with its message.
    /// The license whose type is `type`, ignoring case (`cpl` is `CPL`).
    public static func license(named type: String, in licenses: [License]) -> License? {
        licenses.first { $0.type.caseInsensitiveCompare(type) == .orderedSame }
    }

    public static func errors(for input: RegistrationInput, licenses: [License]) -> [RegistrationField: String] {
        var errors: [RegistrationField: String] = [:]
        errors[.name] = nameError(input.name)
        errors[.password] = passwordError(input.password, name: input.name)
        errors[.verification] = verificationError(input.verification, password: input.password)
        errors[.license] = licenseError(input.licenseType, licenses: licenses)
        return errors
    }
}
