/// `[#####     ] 5/10` on stderr, redrawn in place; nothing when not on a terminal.
struct ProgressBar: Sendable {
    let total: Int
    let enabled: Bool
    let console: Console

    init(total: Int, enabled: Bool, console: Console) {
        self.total = total
        self.enabled = enabled
        self.console = console
        show(done: 0)
    }

    func show(done: Int) {
        guard enabled, total > 0 else { return }
        let width = 30
        let filled = width * min(done, total) / total
        console.status(
            "\r[\(String(repeating: "#", count: filled))\(String(repeating: " ", count: width - filled))] \(done)/\(total)"
        )
    }

    func finish() {
        if enabled { console.status("\n") }
    }
}
