/// Something a user picks by id or by name: a place, a ride option.
public protocol Pickable: Identifiable where ID == String {
    /// The name to show and to match what a user typed.
    var name: String { get }
}

extension Location: Pickable {}
extension RideOption: Pickable {}

/// Finding what a user named, by id or by name.
extension Collection where Element: Pickable {
    /// The element whose id, or else whose name, is `text`, ignoring case.
    ///
    /// ```swift
    /// let moma = locations.first(matching: "moma")   // by id, or by the name "MoMA"
    /// ```
    public func first(matching text: String) -> Element? {
        first { $0.id.caseInsensitiveCompare(text) == .orderedSame }
            ?? first { $0.name.caseInsensitiveCompare(text) == .orderedSame }
    }
}
