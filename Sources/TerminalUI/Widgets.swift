/// A key and what it does, as the footer and the help overlay show it.
public struct KeyHint: Hashable, Sendable {
    public var keys: String
    public var action: String
    /// Which hints the footer keeps when it is too narrow for all of them.
    public var priority: Priority

    /// Which hints the footer shows first.
    public enum Priority: Int, Comparable, Sendable {
        /// Only in the help overlay: keys worth knowing, not worth the footer's room.
        case helpOnly
        /// In the footer while it has room; left out, from the last one, before any `high` one.
        case normal
        /// In the footer unless nothing else is left to drop.
        case high

        public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// - Parameters:
    ///   - keys: how the key is written: `"↑↓"`, `"Enter"`, `"r"`.
    ///   - action: what it does, in a few words: `"open"`, `"retry"`.
    ///   - priority: whether the footer shows it, and what goes first when there is no room.
    public init(_ keys: String, _ action: String, priority: Priority = .normal) {
        self.keys = keys
        self.action = action
        self.priority = priority
    }

    /// The keys every screen has, last in every footer: they are never the ones left out.
    public static let always = [KeyHint("?", "help"), KeyHint("q", "quit")]
    /// The same keys while a text field has the focus, where `?` and `q` are typed.
    public static let alwaysWhileEditing = [KeyHint("F1", "help"), KeyHint("Ctrl-C", "quit")]
}

/// The pieces every screen is made of: a title bar with tabs, a footer of key hints, a list with
/// a selection, a wrapped paragraph, a box, a moving activity indicator and a help overlay.
extension Canvas {
    /// A screen's frame: the title bar on row 0, the footer on the last row; returns the content
    /// area between them, under a blank row and with a margin of two columns.
    ///
    /// ```swift
    /// let area = canvas.scaffold("Lotto", tabs: ["Results", "Tickets"], selected: 0, hints: keyHints)
    /// canvas.put("No draws yet.", row: area.y, column: area.x)
    /// ```
    @discardableResult
    public mutating func scaffold(
        _ title: String, tabs: [String] = [], selected: Int? = nil, titleStyle: CellStyle = CellStyle(inverse: true),
        hints: [KeyHint], editingText: Bool = false
    ) -> Rect {
        titleBar(title, tabs: tabs, selected: selected, style: titleStyle)
        footer(hints, editingText: editingText)
        return content
    }

    /// The area below the title bar and above the footer, with a margin of two columns.
    public var content: Rect {
        Rect(x: 2, y: 2, width: width - 4, height: height - 3)
    }

    /// Row 0: the app's name and its tabs, the selected one marked `[ ]` (and bold), in `style`
    /// (inverse unless said).
    public mutating func titleBar(
        _ title: String, tabs: [String] = [], selected: Int? = nil, style: CellStyle = CellStyle(inverse: true)
    ) {
        fill(row: 0, style: style)
        var bold = style
        bold.bold = true
        var column = put(" \(title) ", row: 0, style: bold)
        for (index, tab) in tabs.enumerated() {
            let isSelected = index == selected
            column = put(
                isSelected ? " [\(tab)] " : "  \(tab)  ", row: 0, column: column + 1, style: isSelected ? bold : style)
        }
    }

    /// The last row: the screen's key hints, then ``KeyHint/always`` (or, while a text field has
    /// the focus, ``KeyHint/alwaysWhileEditing``: only keys that work there). Hints only for the
    /// help overlay are left out; when the row is too narrow, the lowest in priority go next, the
    /// last first. Help and quit stay.
    public mutating func footer(_ hints: [KeyHint], editingText: Bool = false) {
        var shown = hints.filter { $0.priority > .helpOnly }
        let always = editingText ? KeyHint.alwaysWhileEditing : KeyHint.always
        func line(_ hints: [KeyHint]) -> String {
            " " + (hints + always).map { "\($0.keys) \($0.action)" }.joined(separator: " · ")
        }
        while line(shown).terminalColumns > width, let lowest = shown.map(\.priority).min(),
            let last = shown.lastIndex(where: { $0.priority == lowest })
        {
            shown.remove(at: last)
        }
        put(line(shown), row: height - 1, style: CellStyle(dim: true))
    }

    /// The items in `area`, one per row, scrolled as `state` says, the selection inverse and marked
    /// `›` (so it reads without colour too). The frame keeps the rows it showed under `id`
    /// (``rows(ofList:)``), for paging.
    public mutating func list(_ items: [String], in area: Rect, state: ListState, id: String = "list") {
        noteList(id, rows: area.height)
        let window = state.window(count: items.count, visible: area.height)
        for (offset, index) in (window.offset..<min(items.count, window.offset + area.height)).enumerated() {
            let row = area.y + offset
            let isSelected = index == window.selection
            put(
                (isSelected ? "› " : "  ") + items[index], row: row, column: area.x, maxWidth: area.width,
                style: CellStyle(inverse: isSelected))
            if isSelected { fill(row: row, from: area.x, through: area.maxX - 1, style: CellStyle(inverse: true)) }
        }
    }

    /// Rows as a table under a bold header: each column as wide as it says (the last one takes
    /// what is left when its width is `nil`), two columns apart, a cell cut with `…` when it is
    /// too long; the rows are a ``list(_:in:state:id:)`` under the header.
    ///
    /// ```swift
    /// canvas.table(
    ///     [TableColumn("Date", width: 16), TableColumn("Prize", width: 12, alignment: .trailing), TableColumn("Draw")],
    ///     rows: draws.map { [$0.date, $0.prize, $0.id] }, in: area, state: list, id: "draws")
    /// ```
    public mutating func table(
        _ columns: [TableColumn], rows: [[String]], in area: Rect, state: ListState, id: String = "list"
    ) {
        let parts = area.split(.vertical, [.fixed(1), .fill])
        put(
            "  " + TableColumn.line(columns.map(\.title), columns), row: parts[0].y, column: area.x,
            maxWidth: area.width, style: CellStyle(bold: true))
        list(rows.map { TableColumn.line($0, columns) }, in: parts[1], state: state, id: id)
    }

    /// Keeps in the frame that a list under `id` showed `rows` rows, for a list drawn by hand.
    public mutating func noteList(_ id: String, rows: Int) {
        listRows[id] = rows
    }

    /// The rows the list under `id` showed on this frame, if one was drawn: what a view learns
    /// in ``TerminalView/didDraw(_:)`` for paging.
    public func rows(ofList id: String) -> Int? {
        listRows[id]
    }

    /// Gives part of a row a style (a selection bar, a title bar): from `column` to `last`, or to
    /// the right edge.
    public mutating func fill(row: Int, from column: Int = 0, through last: Int? = nil, style: CellStyle) {
        guard (0..<height).contains(row) else { return }
        let end = min(width - 1, last ?? width - 1)
        guard max(0, column) <= end else { return }
        for column in max(0, column)...end { self[row, column].style = style }
    }

    /// `text` wrapped to the area's width, from its top; returns the rows it took. Rows that do not
    /// fit are left out, the last one shown ending in `…`.
    @discardableResult
    public mutating func paragraph(_ text: String, in area: Rect, style: CellStyle = .plain) -> Int {
        let lines = text.wrapped(toColumns: area.width)
        for (index, line) in lines.prefix(area.height).enumerated() {
            let cut = index == area.height - 1 && lines.count > area.height
            put(cut ? line + " …" : line, row: area.y + index, column: area.x, maxWidth: area.width, style: style)
        }
        return min(lines.count, area.height)
    }

    /// A box drawn on the area's edge, with a title in its top border; returns the inside.
    @discardableResult
    public mutating func box(_ area: Rect, title: String = "", style: CellStyle = .plain) -> Rect {
        guard area.width >= 2, area.height >= 2 else { return Rect(x: area.x, y: area.y, width: 0, height: 0) }
        let inner = area.width - 2
        for row in area.y..<area.maxY {
            put(String(repeating: " ", count: area.width), row: row, column: area.x)
        }
        put("┌" + String(repeating: "─", count: inner) + "┐", row: area.y, column: area.x, style: style)
        if !title.isEmpty { put(" \(title) ", row: area.y, column: area.x + 2, maxWidth: inner - 2, style: style) }
        for row in area.y + 1..<area.maxY - 1 {
            put("│", row: row, column: area.x, style: style)
            put("│", row: row, column: area.maxX - 1, style: style)
        }
        put("└" + String(repeating: "─", count: inner) + "┘", row: area.maxY - 1, column: area.x, style: style)
        return area.inset(horizontal: 1, vertical: 1)
    }

    /// A moving indicator, the label and the time since this activity was first drawn:
    /// `⠹ Signing in… 1.4 s`. `id` names the activity, so its clock runs from its first frame; while
    /// one shows, the session draws again every tenth of a second.
    @discardableResult
    public mutating func activity(_ label: String, id: String, row: Int, column: Int = 0) -> Int {
        let started = activityStarts[id] ?? now
        activityStarts[id] = started
        drawnActivities.insert(id)
        animates = true
        let elapsed = now - started
        let frame = Spinner.frame(at: elapsed)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let time =
            seconds >= 1 ? " " + String(Int(seconds * 10) / 10) + "." + String(Int(seconds * 10) % 10) + " s" : ""
        return put("\(frame) \(label)\(time)", row: row, column: column, style: CellStyle(foreground: .cyan))
    }

    /// Content that may be taller than `area` (a form whose every field shows a message in a small
    /// window), drawn inside it and scrolled so that the focused rows are in view. `draw` draws on
    /// a canvas of its own, as wide as `area`, from its top row, and returns the rows of the
    /// focused control; the rows that fit are copied into `area`, so nothing lands on the header or
    /// the footer. `↑` and `↓` in the area's right column say there is more above or below.
    ///
    /// ```swift
    /// canvas.scrollable(in: body) { content in
    ///     let row = 2 * focus
    ///     content.put("[ Sign up ]", row: row)
    ///     return row..<row + 1
    /// }
    /// ```
    public mutating func scrollable(in area: Rect, _ draw: (inout Canvas) -> Range<Int>) {
        guard area.width > 0, area.height > 0 else { return }
        var content = Canvas(width: area.width, height: Self.scrollableHeight)
        content.now = now
        content.activityStarts = activityStarts
        let focus = draw(&content)
        activityStarts.merge(content.activityStarts) { _, inner in inner }
        drawnActivities.formUnion(content.drawnActivities)
        animates = animates || content.animates

        let blank = Canvas(width: content.width, height: content.height)
        let used =
            (0..<content.height).last { row in
                !content.rowIsBitwiseEqual(row, in: blank)
                    && (0..<content.width).contains { content[row, $0] != Cell() }
            } ?? 0
        let bottom = max(focus.upperBound, used + 1)
        // The least scrolling that shows the whole focus (its top first when it is taller than the area).
        let offset = max(0, min(focus.lowerBound, focus.upperBound - area.height))
        for row in 0..<min(area.height, bottom - offset) {
            for column in 0..<area.width { self[area.y + row, area.x + column] = content[offset + row, column] }
        }
        let more = CellStyle(dim: true)
        if offset > 0 { put("↑", row: area.y, column: area.maxX - 1, style: more) }
        if offset + area.height < bottom { put("↓", row: area.maxY - 1, column: area.maxX - 1, style: more) }
    }

    /// The most rows a scrollable area's content may have.
    static let scrollableHeight = 120

    /// The keys of the screen in a box over the middle of it; Esc or `?` closes it.
    public mutating func helpOverlay(title: String, _ hints: [KeyHint]) {
        let keysWidth = hints.map(\.keys.terminalColumns).max() ?? 0
        let lines = hints.map {
            $0.keys + String(repeating: " ", count: keysWidth - $0.keys.terminalColumns) + "  " + $0.action
        }
        let footer = "Esc or ? closes this"
        let contentWidth = max(footer.terminalColumns, lines.map(\.terminalColumns).max() ?? 0)
        let boxWidth = min(width, contentWidth + 4)
        let boxHeight = min(height, lines.count + 4)
        let area = Rect(x: (width - boxWidth) / 2, y: (height - boxHeight) / 2, width: boxWidth, height: boxHeight)
        let inside = box(area, title: title, style: CellStyle(bold: true)).inset(horizontal: 1)
        for (index, line) in lines.prefix(max(0, inside.height - 1)).enumerated() {
            put(line, row: inside.y + index, column: inside.x, maxWidth: inside.width)
        }
        put(footer, row: inside.maxY - 1, column: inside.x, maxWidth: inside.width, style: CellStyle(dim: true))
    }
}

/// The frames of the activity indicator: a braille dot going round, ten a second.
public enum Spinner {
    public static let frames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// The frame to show `elapsed` after the activity began.
    public static func frame(at elapsed: Duration) -> Character {
        let tenths = elapsed.components.seconds * 10 + elapsed.components.attoseconds / 100_000_000_000_000_000
        return frames[Int(tenths % Int64(frames.count))]
    }
}

/// A list's selection and how far it is scrolled. Keys move the selection the way every list tool
/// does: ↑↓ and `j`/`k` by one, PgUp/PgDn by a page, Home/End and `g`/`G` to the ends; the list
/// scrolls only when the selection would leave the window, as in htop.
public struct ListState: Hashable, Sendable {
    public var selection: Int
    /// The first item shown.
    public var offset: Int
    /// The rows the list showed when last drawn, for paging; a view learns it in
    /// ``TerminalView/didDraw(_:)`` from ``Canvas/rows(ofList:)``.
    public var visibleRows = 10

    public init(selection: Int = 0, offset: Int = 0, visibleRows: Int = 10) {
        self.selection = selection
        self.offset = offset
        self.visibleRows = visibleRows
    }

    /// Moves the selection for a list key; `false` for any other key.
    public mutating func handle(_ key: Key, count: Int, visible: Int) -> Bool {
        guard let target = key.listMove(from: selection, last: count - 1, visible: visible) else { return false }
        selection = target
        let window = window(count: count, visible: visible)
        (selection, offset) = (window.selection ?? 0, window.offset)
        return true
    }

    /// Moves the selection for a list key, a page being ``visibleRows``; `false` for any other key.
    public mutating func handle(_ key: Key, count: Int) -> Bool {
        handle(key, count: count, visible: visibleRows)
    }

    /// The selected item among `count`, `nil` when there are none.
    public func selection(count: Int) -> Int? {
        window(count: count, visible: visibleRows).selection
    }

    /// The selection within the items, and an offset that shows it and does not scroll past the end.
    public func window(count: Int, visible: Int) -> (selection: Int?, offset: Int) {
        guard count > 0 else { return (nil, 0) }
        let selection = min(max(0, self.selection), count - 1)
        guard visible > 0 else { return (selection, selection) }
        var offset = min(max(0, self.offset), max(0, count - visible))
        if selection < offset { offset = selection }
        if selection >= offset + visible { offset = selection - visible + 1 }
        return (selection, offset)
    }
}

/// How far a page of text is scrolled: ↑↓ `j`/`k`, PgUp/PgDn, Home/End, `g`/`G`, never past the
/// top or beyond the last page, however the window is resized.
public struct ScrollState: Hashable, Sendable {
    /// The first line shown, before clamping to the text.
    public var offset: Int
    /// The rows the text showed when last drawn, for paging (see ``ListState/visibleRows``).
    public var visibleRows = 10

    public init(offset: Int = 0) {
        self.offset = offset
    }

    /// Scrolls for a list key; `false` for any other key.
    public mutating func handle(_ key: Key, count: Int, visible: Int) -> Bool {
        guard let target = key.listMove(from: offset, last: count, visible: visible) else { return false }
        offset = ScrollState(offset: target).clamped(count: count, visible: visible)
        return true
    }

    /// Scrolls for a list key, a page being ``visibleRows``; `false` for any other key.
    public mutating func handle(_ key: Key, count: Int) -> Bool {
        handle(key, count: count, visible: visibleRows)
    }

    /// The first line to show for `count` lines in `visible` rows.
    public func clamped(count: Int, visible: Int) -> Int {
        min(max(0, offset), max(0, count - visible))
    }
}

extension Key {
    /// Where a list key moves a position between 0 and `last`, before clamping: by one, by a page
    /// of `visible` rows (less one, so a row stays in view), or to an end; `nil` for other keys.
    func listMove(from position: Int, last: Int, visible: Int) -> Int? {
        let page = max(1, visible - 1)
        switch self {
        case .up, .character("k"): return position - 1
        case .down, .character("j"): return position + 1
        case .pageUp: return position - page
        case .pageDown: return position + page
        case .home, .character("g"): return 0
        case .end, .character("G"): return last
        default: return nil
        }
    }
}

extension ListState {
    /// The keys that move a list's selection by one.
    public static let stepKeys: [Key] = [.up, .down, .character("j"), .character("k")]
    /// The keys that move it by a page or to an end.
    public static let pageKeys: [Key] = [.pageUp, .pageDown, .home, .end, .character("g"), .character("G")]
}

/// A column of a ``Canvas/table(_:rows:in:state:id:)``.
public struct TableColumn: Hashable, Sendable {
    /// Where a cell's text sits in its column.
    public enum Alignment: Hashable, Sendable {
        case leading, trailing
    }

    public var title: String
    /// The column's width; `nil` for the last column, which takes what is left.
    public var width: Int?
    public var alignment: Alignment

    public init(_ title: String, width: Int? = nil, alignment: Alignment = .leading) {
        self.title = title
        self.width = width
        self.alignment = alignment
    }

    /// The cells of one row laid out in the columns, two columns apart.
    static func line(_ cells: [String], _ columns: [TableColumn]) -> String {
        zip(cells, columns).map { cell, column in
            guard let width = column.width else { return cell }
            let text = cell.truncated(toColumns: width)
            let padding = String(repeating: " ", count: max(0, width - text.terminalColumns))
            return column.alignment == .leading ? text + padding : padding + text
        }.joined(separator: "  ")
    }
}
