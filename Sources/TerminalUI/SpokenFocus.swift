/// What a screen reader heard of the focused control, kept while the focus stays at one stop: the
/// control is described once, as the focus arrives, and not again at every letter typed into it.
/// A stop is whatever makes the announcement new (the screen, the focused control, a selection).
struct SpokenFocus {
    private var stop: String?
    private var line = ""

    /// The line for `stop`: the one said when the focus arrived there, or `describe()` if the
    /// focus has just arrived.
    mutating func line(at stop: String, _ describe: () -> String) -> String {
        if stop != self.stop {
            self.stop = stop
            line = describe()
        }
        return line
    }
}
