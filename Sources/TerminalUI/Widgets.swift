/// The pieces every screen is made of: a title bar with tabs, a status line, a list with a
/// selection, and a footer of key hints.
extension Canvas {
    /// Row 0: the app's name and its tabs, the selected one marked `[ ]` (and bold), all inverse.
    public mutating func titleBar(_ title: String, tabs: [String] = [], selected: Int? = nil) {
        fill(row: 0, style: CellStyle(inverse: true))
        var column = put(" \(title) ", row: 0, style: CellStyle(bold: true, inverse: true))
        for (index, tab) in tabs.enumerated() {
            let isSelected = index == selected
            column = put(
                isSelected ? " [\(tab)] " : "  \(tab)  ", row: 0, column: column + 1,
                style: CellStyle(bold: isSelected, inverse: true))
        }
    }

    /// The last row: key hints, dimmed.
    public mutating func footer(_ hints: String) {
        put(" " + hints, row: height - 1, style: CellStyle(dim: true))
    }

    /// Rows `top` to `top + count - 1`: the items, scrolled so that the selected one shows, with
    /// the selection inverse and marked `›` (so it reads without colour too).
    public mutating func list(_ items: [String], top: Int, count: Int, selected: Int?) {
        guard count > 0 else { return }
        let first = selected.map { max(0, min($0 - count / 2, items.count - count)) } ?? 0
        for (offset, index) in (first..<min(items.count, first + count)).enumerated() {
            let row = top + offset
            let isSelected = index == selected
            put((isSelected ? "› " : "  ") + items[index], row: row, style: CellStyle(inverse: isSelected))
            if isSelected { fill(row: row, from: 0, style: CellStyle(inverse: true)) }
        }
    }
}
