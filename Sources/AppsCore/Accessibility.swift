import Foundation

/// A form field as VoiceOver and the command line's screen-reader mode say it: its name, its role,
/// what it holds (never a password's characters) and what is wrong with it, joined by commas:
/// `Password, secure text field, 5 characters, invalid: Use at least 8 characters.`
///
/// `problem` is what is wrong, in words; `nil` when nothing is.
package func accessibleField(title: String, secure: Bool, value: String, problem: String?) -> String {
    let role = accessibilityText(secure ? "Accessibility.secureTextField" : "Accessibility.textField")
    let shown =
        value.isEmpty
        ? accessibilityText("Accessibility.empty")
        : secure ? accessibilityText("Accessibility.characters", String(value.count)) : value
    var parts = [title, role, shown]
    if let problem { parts.append(accessibilityText("Accessibility.invalid", problem)) }
    return parts.joined(separator: ", ")
}

/// A button as a screen reader says it: `Register, button` or, when it cannot be pressed yet,
/// `Register, button, dimmed`.
package func accessibleButton(title: String, isEnabled: Bool = true) -> String {
    ([title, accessibilityText("Accessibility.button")]
        + (isEnabled ? [] : [accessibilityText("Accessibility.dimmed")]))
        .joined(separator: ", ")
}

/// An item of a choice as a screen reader says it: `ATPL, license, selected`.
package func accessibleChoice(title: String, role: String, isSelected: Bool) -> String {
    ([title, role] + (isSelected ? [accessibilityText("Accessibility.selected")] : [])).joined(separator: ", ")
}

private func accessibilityText(_ key: String, _ arguments: String...) -> String {
    localized(key, bundle: .module, table: "AppsCore", arguments: arguments)
}
