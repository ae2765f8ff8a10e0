import AppsCore
import TerminalUI

extension Canvas {
    /// A screen's loaded value; until there is one, what it is waiting for, or why it failed in
    /// red, at `row`.
    mutating func loaded<Value, Failure: Error>(
        _ state: LoadState<Value, Failure>, loading: String, row: Int, column: Int = 2
    ) -> Value? {
        switch state {
        case .idle, .loading:
            put(loading, row: row, column: column)
            return nil
        case .failed(let error):
            put(error.localizedDescription.terminalSafe, row: row, column: column, style: CellStyle(foreground: .red))
            return nil
        case .loaded(let value):
            return value
        }
    }
}
