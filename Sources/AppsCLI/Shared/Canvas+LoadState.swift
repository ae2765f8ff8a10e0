import AppsCore
import Foundation
import TerminalUI

extension Canvas {
    /// A screen's value (the one loaded last, also while it reloads, with a moving `Reloading…`
    /// on the row above the area); until there is one, a moving
    /// indicator with the time so far, or why it failed in red and that `r` tries again, wrapped in
    /// `area`.
    mutating func loaded<Value, Failure: Error>(_ state: LoadState<Value, Failure>, loading: String, in area: Rect)
        -> Value?
    {
        if let value = state.value {
            // A reload (`r`) keeps the list on screen and says it is running, on the row above it.
            if state.isLoading {
                let text = "Reloading…"
                activity(
                    text, id: "reload", row: area.y - 1, column: max(area.x, area.x + area.width - text.count - 12))
            }
            return value
        }
        if let error = state.failure {
            let used = paragraph(error.localizedDescription.terminalSafe, in: area, style: CellStyle(foreground: .red))
            put("Press r to try again.", row: area.y + used + 1, column: area.x, maxWidth: area.width)
        } else {
            activity(loading, id: loading, row: area.y, column: area.x)
        }
        return nil
    }

    /// The offline notice on the rows under the title bar, in the apps' one wording and wrapped
    /// rather than cut, so that its retry hint stays in view in a narrow window; returns what is
    /// left of `area` (the content area, which starts on the row after the notice's first), a row
    /// less when the notice needs two.
    mutating func offlineNotice(_ notice: String, above area: Rect) -> Rect {
        let used = paragraph(
            notice, in: Rect(x: area.x, y: area.y - 1, width: area.width, height: 2),
            style: CellStyle(foreground: .yellow, bold: true))
        let extra = max(0, used - 1)
        return Rect(x: area.x, y: area.y + extra, width: area.width, height: area.height - extra)
    }
}
