/// One text field of a form, bound to the model that holds its text: the model stays the truth,
/// the form keeps only the cursor.
///
/// ```swift
/// FormField(id: "email", label: "Email", text: form.email, problem: form.problems[.email]?.localizedDescription) {
///     form.email = $0
/// }
/// ```
@MainActor
public struct FormField {
    /// What tells the field from the others of its form (its cursor is kept under it).
    public var id: String
    /// The field's name, worked out when it is drawn (a localised string is a lookup).
    public var label: String { makeLabel() }
    private let makeLabel: () -> String
    public var text: String
    /// Shows `•` for each character.
    public var isSecure: Bool
    /// What is wrong with the text, shown under the field in red with a `✗` beside its label;
    /// worked out when the field is drawn, not for every key (validating a pasted 20 KB name once
    /// a key made the paste quadratic, and looking up three localised labels a key took 0.4 s).
    public var problem: String? { findProblem() }
    private let findProblem: () -> String?
    /// Writes edited text back to the model.
    public var set: (String) -> Void

    public init(
        id: String, label: @autoclosure @escaping () -> String, text: String, isSecure: Bool = false,
        problem: @autoclosure @escaping () -> String? = nil, set: @escaping (String) -> Void
    ) {
        self.id = id
        self.makeLabel = label
        self.text = text
        self.isSecure = isSecure
        self.findProblem = problem
        self.set = set
    }
}

/// Where the focus is in a form and each text field's cursor: the focus ring every form screen
/// has. The stops are the fields first, in order, then whatever else the form has (a choice, its
/// button); Tab, ↓ and ⇧Tab, ↑ move round them, and an editing key goes to the focused field.
///
/// ```swift
/// if form.handle(key, fields: fields, stops: fields.count + 1) { return .handled }
/// if key == .enter, form.focus == fields.count { submit() }
/// ```
public struct FormState: Equatable, Sendable {
    /// The focused stop: a field's index, or one past the fields for the stops after them.
    public var focus: Int
    /// Each field's editor and the text it held, so that a key costs no rebuilding of the text to
    /// compare (a 20 KB paste is 20,000 keys).
    private var editors: [String: Editor] = [:]

    private struct Editor: Equatable, Sendable {
        var input: TextInput
        var text: String
    }

    /// The most characters a field takes: enough for any real name, address or password.
    public static let limit = 256

    public init(focus: Int = 0) {
        self.focus = focus
    }

    /// The editor of a field: its cursor, over the model's text. A model that changed its text
    /// itself (a reset after logout) gets a fresh editor with the cursor at the end.
    public func editor(_ field: FormField) -> TextInput {
        if let editor = editors[field.id], editor.text == field.text { return editor.input }
        return TextInput(field.text, limit: Self.limit)
    }

    /// Applies a key: an editing key to the focused field (its text set through the field's
    /// binding), Tab ↓ ⇧Tab ↑ to the focus, and Enter in a field followed by another to that
    /// field (the one grammar of every form: Enter moves on, and submits from the last field or
    /// a button). `false` for any other key, which is the screen's: Enter in the last field, on a
    /// button or on a choice.
    @MainActor
    public mutating func handle(_ key: Key, fields: [FormField], stops: Int) -> Bool {
        handle(key, stops: stops) { fields.indices.contains($0) ? fields[$0] : nil }
    }

    /// ``handle(_:fields:stops:)`` for a form that makes only the focused field (`field(focus)`,
    /// `nil` past the fields): a paste is thousands of keys, each one binding.
    @MainActor
    public mutating func handle(_ key: Key, stops: Int, field: (Int) -> FormField?) -> Bool {
        if let field = field(focus) {
            var input = editor(field)
            let count = input.characters.count
            if input.handle(key) {
                // A key that changed nothing (a letter into a full field, a cursor move) keeps the
                // text as it is. Every edit adds or removes characters, so the count says which,
                // where comparing a pasted 20 KB text at every key would not be cheap.
                let changed = input.characters.count != count
                let edited = changed ? input.text : field.text
                editors[field.id] = Editor(input: input, text: edited)
                if changed { field.set(edited) }
                return true
            }
        }
        switch key {
        case .tab, .down: move(by: 1, stops: stops)
        case .backTab, .up: move(by: -1, stops: stops)
        case .enter where field(focus) != nil && field(focus + 1) != nil: move(by: 1, stops: stops)
        default: return false
        }
        return true
    }

    /// Moves the focus `step` stops on, round the ends.
    public mutating func move(by step: Int, stops: Int) {
        guard stops > 0 else { return }
        focus = ((focus + step) % stops + stops) % stops
    }
}

/// What a field's mark says beside its label, so validity reads without colour too.
public enum FieldMark: Sendable {
    case valid, invalid

    var symbol: String { self == .valid ? " ✓" : " ✗" }
    var color: TerminalColor { self == .valid ? .green : .red }
}

extension Canvas {
    /// A form field on one row of `area`: the label and its mark in `labelWidth` columns, then the
    /// text between brackets (`secure` shows `•`s); its message in red on the rows below, wrapped.
    /// Returns the rows used.
    @discardableResult
    public mutating func field(
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
        let lines = ("✗ " + String(Self.printable(message))).wrapped(toColumns: area.width - labelWidth).prefix(2)
        for (index, line) in lines.enumerated() {
            put(line, row: row + 1 + index, column: area.x + labelWidth, style: CellStyle(foreground: .red))
        }
        return 1 + lines.count
    }

    /// A form's field, focused as `state` says, with its problem marked: ``field(_:editor:focused:secure:mark:message:labelWidth:at:in:)``
    /// for a bound ``FormField``. Returns the rows used.
    @MainActor
    @discardableResult
    public mutating func field(
        _ field: FormField, index: Int, of state: FormState, labelWidth: Int = 16, at row: Int, in area: Rect
    ) -> Int {
        let problem = field.problem
        return self.field(
            field.label, editor: state.editor(field), focused: state.focus == index, secure: field.isSecure,
            mark: problem.map { _ in .invalid }, message: problem, labelWidth: labelWidth, at: row, in: area)
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

extension FormState {
    /// A form's row of its screen's key table for moving between its stops, done by `perform`
    /// (the screen's call of ``handle(_:fields:stops:)``); first in the table, as the footer shows
    /// it first. Enter is the screen's, since what it does on the last stop is.
    @MainActor
    public static func movingBinding(perform: @escaping @MainActor (Key) -> KeyOutcome) -> KeyBinding {
        KeyBinding([.tab, .down, .backTab, .up], "next / previous", perform: perform)
    }

    /// A form's rows for editing a field, for the help: typing itself needs none.
    @MainActor
    public static func editingBindings(perform: @escaping @MainActor (Key) -> KeyOutcome) -> [KeyBinding] {
        [
            KeyBinding([.left, .right, .home, .end], "move in a field", priority: .helpOnly, perform: perform),
            KeyBinding([.alt("b"), .alt("f")], "a word back / on", priority: .helpOnly, perform: perform),
            KeyBinding(
                [.control("u"), .control("k")], "delete to the start / end", priority: .helpOnly, perform: perform),
            KeyBinding(
                [.control("w"), .alt("\u{7F}")], "delete the word before", priority: .helpOnly, perform: perform),
            KeyBinding([.alt("d")], "delete the word after", priority: .helpOnly, perform: perform),
        ]
    }
}
