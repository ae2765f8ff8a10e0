import Foundation
import Koober

/// The Koober screens as text.
enum KooberText {
    static func signedIn(_ profile: UserProfile) -> String {
        "Signed in as \(profile.fullName.terminalSafe) (\(profile.email.terminalSafe))."
    }

    static func user(_ profile: UserProfile) -> String {
        "\(profile.fullName.terminalSafe) (\(profile.displayName.terminalSafe)), \(profile.email.terminalSafe), \(profile.phone.terminalSafe)"
    }

    static func locations(_ locations: [Location]) -> String {
        locations.isEmpty
            ? "No places match."
            : locations.map { "\($0.name.terminalSafe.rightPadded(to: 20)) \($0.id.terminalSafe)" }.joined(
                separator: "\n")
    }

    static func ride(_ ride: Ride) -> String {
        "\(ride.request.option.name) from \(ride.request.pickup.name) to \(ride.request.dropoff.name): "
            + "\(ride.status), pickup in \(ride.etaMinutes) min (\(ride.id))."
    }

    static func contrast(_ contrast: Contrast) -> String {
        "\(contrast.foreground) on \(contrast.background): \(String(format: "%.2f", roundedRatio(contrast))):1\n"
            + verdicts(contrast).map { "  \($0.title.rightPadded(to: 10)) \($0.passes ? "pass" : "fail")" }
            .joined(separator: "\n")
    }

    /// The ratio to two decimals, as both formats show it.
    static func roundedRatio(_ contrast: Contrast) -> Double {
        (contrast.ratio * 100).rounded() / 100
    }

    static func verdicts(_ contrast: Contrast) -> [(key: String, title: String, passes: Bool)] {
        [
            ("aa", "AA", contrast.passesAA), ("aaLarge", "AA large", contrast.passesAALarge),
            ("aaa", "AAA", contrast.passesAAA), ("aaaLarge", "AAA large", contrast.passesAAALarge),
        ]
    }
}
