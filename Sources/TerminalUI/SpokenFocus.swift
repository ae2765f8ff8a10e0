/// What a screen reader heard of the focused control, kept while the focus stays at one stop: the
/// control is described once, as the focus arrives, and not again at every letter typed into it.
/// A stop is whatever makes the announcement new (the screen, the focused control, a selection).
///
/// ```swift
/// spokenFocus.line(at: "email") { "Email, text field, empty, 1 of 3" }
/// ```
public struct SpokenFocus: Sendable {
    private var stop: String?
    private var line = ""

    public init() {}

    /// The line for `stop`: the one said when the focus arrived there, or `describe()` if the
    /// focus has just arrived.
    public mutating func line(at stop: String, _ describe: () -> String) -> String {
        if stop != self.stop {
            self.stop = stop
            line = describe()
        }
        return line
    }
}
