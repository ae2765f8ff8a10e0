/// A key and what it does, as the footer and the help overlay show it.
public struct KeyHint: Hashable, Sendable {
    public var keys: String
    public var action: String

    /// - Parameters:
    ///   - keys: how the key is written: `"↑↓"`, `"Enter"`, `"r"`.
    ///   - action: what it does, in a few words: `"open"`, `"retry"`.
    public init(_ keys: String, _ action: String) {
        self.keys = keys
        self.action = action
    }

    /// The keys every screen has, last in every footer: they are never the ones left out.
    public static let always = [KeyHint("?", "help"), KeyHint("q", "quit")]
    /// The same keys while a text field has the focus, where `?` and `q` are typed.
    public static let alwaysWhileEditing = [KeyHint("F1", "help"), KeyHint("Ctrl-C", "quit")]
}

/// The pieces every screen is made of: a title bar with tabs, a footer of key hints, a list with
/// a selection, a wrapped paragraph, a box, a moving activity indicator and a help overlay.
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

    /// The last row: the screen's key hints, then ``KeyHint/always`` (or, while a text field has
    /// the focus, ``KeyHint/alwaysWhileEditing``: only keys that work there). When the row is too
    /// narrow, the screen's hints are left out from the last one first; help and quit stay.
    public mutating func footer(_ hints: [KeyHint], editingText: Bool = false) {
        var shown = hints
        let always = editingText ? KeyHint.alwaysWhileEditing : KeyHint.always
        func line(_ hints: [KeyHint]) -> String {
            " " + (hints + always).map { "\($0.keys) \($0.action)" }.joined(separator: " · ")
        }
        while !shown.isEmpty, line(shown).terminalColumns > width { shown.removeLast() }
        put(line(shown), row: height - 1, style: CellStyle(dim: true))
    }

    /// The items in `area`, one per row, scrolled as `state` says, the selection inverse and marked
    /// `›` (so it reads without colour too). Returns the rows the list shows, for paging.
    @discardableResult
    public mutating func list(_ items: [String], in area: Rect, state: ListState) -> Int {
        let window = state.window(count: items.count, visible: area.height)
        for (offset, index) in (window.offset..<min(items.count, window.offset + area.height)).enumerated() {
            let row = area.y + offset
            let isSelected = index == window.selection
            put(
                (isSelected ? "› " : "  ") + items[index], row: row, column: area.x, maxWidth: area.width,
                style: CellStyle(inverse: isSelected))
            if isSelected { fill(row: row, from: area.x, through: area.maxX - 1, style: CellStyle(inverse: true)) }
        }
        return area.height
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

    public init(selection: Int = 0, offset: Int = 0) {
        self.selection = selection
        self.offset = offset
    }

    /// Moves the selection for a list key; `false` for any other key.
    public mutating func handle(_ key: Key, count: Int, visible: Int) -> Bool {
        guard let target = key.listMove(from: selection, last: count - 1, visible: visible) else { return false }
        selection = target
        let window = window(count: count, visible: visible)
        (selection, offset) = (window.selection ?? 0, window.offset)
        return true
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

    public init(offset: Int = 0) {
        self.offset = offset
    }

    /// Scrolls for a list key; `false` for any other key.
    public mutating func handle(_ key: Key, count: Int, visible: Int) -> Bool {
        guard let target = key.listMove(from: offset, last: count, visible: visible) else { return false }
        offset = ScrollState(offset: target).clamped(count: count, visible: visible)
        return true
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
