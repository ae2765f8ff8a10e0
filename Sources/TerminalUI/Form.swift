import TerminalUI

/// The text fields of a form screen: each field's editor (its cursor) kept beside the view model's
/// text, which stays the truth. A model that changes its text itself (a reset after logout) gets a
/// fresh editor with the cursor at the end.
struct FieldEditors<Field: Hashable> {
    /// Each field's editor and the text it held, so that a key costs no rebuilding of the text
    /// to compare (a 20 KB paste is 20,000 keys).
    private var editors: [Field: (input: TextInput, text: String)] = [:]
    /// The most characters a field takes: enough for any real name, address or password.
    static var limit: Int { 256 }

    init() {}

    /// The editor for a field showing `text`.
    func editor(_ field: Field, text: String) -> TextInput {
        if let editor = editors[field], editor.text == text { return editor.input }
        return TextInput(text, limit: Self.limit)
    }

    /// Applies an editing key to a field; the new text when the key edited it.
    mutating func edit(_ field: Field, text: String, key: Key) -> String? {
        let before = editor(field, text: text)
        var editor = before
        guard editor.handle(key) else { return nil }
        // A key that changed nothing (a letter into a full field) keeps the text as it is.
        let edited = editor == before ? text : editor.text
        editors[field] = (editor, edited)
        return edited
    }
}

/// What a field's mark says beside its label, so validity reads without colour too.
enum FieldMark {
    case valid, invalid

    var symbol: String { self == .valid ? " ✓" : " ✗" }
    var color: TerminalColor { self == .valid ? .green : .red }
}

extension Canvas {
    /// A form field on one row of `area`: the label and its mark in `labelWidth` columns, then the
    /// text between brackets (`secure` shows `•`s); its message in red on the rows below, wrapped.
    /// Returns the rows used.
    @discardableResult
    mutating func field(
        _ label: String, editor: TextInput, focused: Bool, secure: Bool = false, mark: FieldMark? = nil,
        message: String? = nil, labelWidth: Int = 16, at row: Int, in area: Rect
    ) -> Int {
        let after = put(label, row: row, column: area.x, maxWidth: labelWidth - 2, style: CellStyle(bold: focused))
        if let mark { put(mark.symbol, row: row, column: after, style: CellStyle(foreground: mark.color, bold: true)) }
        let boxWidth = min(area.width - labelWidth, 42)
        let border = CellStyle(foreground: mark?.color, bold: focused)
        put("[", row: row, column: area.x + labelWidth, style: border)
        editor.draw(
            in: &self, row: row, column: area.x + labelWidth + 2, width: boxWidth - 4, focused: focused,
            secure: secure, style: CellStyle(underline: true))
        put("]", row: row, column: area.x + labelWidth + boxWidth - 1, style: border)
        guard let message else { return 1 }
        let lines = ("✗ " + message.terminalSafe).wrapped(toColumns: area.width - labelWidth).prefix(2)
        for (index, line) in lines.enumerated() {
            put(line, row: row + 1 + index, column: area.x + labelWidth, style: CellStyle(foreground: .red))
        }
        return 1 + lines.count
    }

    /// A question over the middle of the screen, answered with `y` or `n`.
    mutating func confirmation(_ question: String) {
        let lines = question.wrapped(toColumns: min(50, width - 4))
        let boxWidth = min(width, (lines.map(\.terminalColumns).max() ?? 0) + 4)
        let area = Rect(
            x: (width - boxWidth) / 2, y: max(0, (height - lines.count - 4) / 2), width: boxWidth,
            height: lines.count + 4)
        let inside = box(area, title: "Sure?", style: CellStyle(bold: true)).inset(horizontal: 1)
        for (index, line) in lines.enumerated() { put(line, row: inside.y + index, column: inside.x) }
        put("y yes · n no", row: inside.maxY - 1, column: inside.x, style: CellStyle(dim: true))
    }
}
