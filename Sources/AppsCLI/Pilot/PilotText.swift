import Foundation
import PilotRegistration

/// The pilot screens as text.
@MainActor
enum PilotText {
    static func licenses(_ licenses: [License]) -> String {
        licenses.map {
            "\($0.type.terminalSafe.rightPadded(to: 6)) \($0.aircraft.joined(separator: ", ").terminalSafe)"
        }.joined(separator: "\n")
    }

    /// The confirmation screen.
    static func confirmation(_ model: ConfirmationViewModel) -> String {
        "\(model.welcome.terminalSafe)\nLicense   \(model.license.terminalSafe)\nAircraft  \(model.aircraft.joined(separator: ", ").terminalSafe)"
    }
}
