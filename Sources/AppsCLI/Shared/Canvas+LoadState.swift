import AppsCore
import TerminalUI

extension Canvas {
    /// A screen's value (the one loaded last, also while it reloads); until there is one, what it
    /// is waiting for, or why it failed in red, at `row`.
    mutating func loaded<Value, Failure: Error>(
        _ state: LoadState<Value, Failure>, loading: String, row: Int, column: Int = 2
    ) -> Value? {
        if let value = state.value { return value }
        if let error = state.failure {
            put(error.localizedDescription.terminalSafe, row: row, column: column, style: CellStyle(foreground: .red))
        } else {
            put(loading, row: row, column: column)
        }
        return nil
    }
}
