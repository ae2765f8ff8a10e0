extension Sequence where Element: Identifiable {
    /// The elements in order, each id once (the first with it kept): what a list shows, since
    /// SwiftUI's `ForEach` and a diffable data source need every id once (a snapshot with one twice
    /// raises). A backend that sends a record twice is not a reason for a screen to fail.
    ///
    /// ```swift
    /// let shown = try await service.licenses().firstOfEachID()
    /// ```
    package func firstOfEachID() -> [Element] {
        var seen = Set<Element.ID>()
        return filter { seen.insert($0.id).inserted }
    }
}
