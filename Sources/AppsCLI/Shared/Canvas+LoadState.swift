import AppsCore
import TerminalUI

extension Canvas {
    /// A screen's value (the one loaded last, also while it reloads); until there is one, a moving
    /// indicator with the time so far, or why it failed in red and that `r` tries again, wrapped in
    /// `area`.
    mutating func loaded<Value, Failure: Error>(_ state: LoadState<Value, Failure>, loading: String, in area: Rect)
        -> Value?
    {
        if let value = state.value { return value }
        if let error = state.failure {
            let used = paragraph(error.localizedDescription.terminalSafe, in: area, style: CellStyle(foreground: .red))
            put("Press r to try again.", row: area.y + used + 1, column: area.x, maxWidth: area.width)
        } else {
            activity(loading, id: loading, row: area.y, column: area.x)
        }
        return nil
    }

    /// The area below the title bar and above the footer, with a margin of two columns.
    var content: Rect {
        Rect(x: 2, y: 2, width: width - 4, height: height - 3)
    }
}
