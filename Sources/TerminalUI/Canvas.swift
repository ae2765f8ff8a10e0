#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A colour a terminal can show: one of the eight standard ones (with their bright variants), or
/// an sRGB colour for terminals with 24-bit colour.
public enum TerminalColor: Hashable, Sendable {
    case black, red, green, yellow, blue, magenta, cyan, white
    case brightBlack, brightWhite
    case rgb(UInt8, UInt8, UInt8)
}

/// How a cell is drawn.
public struct CellStyle: Hashable, Sendable {
    public var foreground: TerminalColor?
    public var background: TerminalColor?
    public var bold = false
    public var dim = false
    public var underline = false
    /// Foreground and background swapped: how a selection shows without colours.
    public var inverse = false

    public init(
        foreground: TerminalColor? = nil, background: TerminalColor? = nil, bold: Bool = false, dim: Bool = false,
        underline: Bool = false, inverse: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.underline = underline
        self.inverse = inverse
    }

    public static let plain = CellStyle()
}

/// One character cell of the screen. A wide character (two columns) is kept in the cell where
/// it starts; the cell after it is its tail, which draws nothing of its own.
public struct Cell: Hashable, Sendable {
    public var character: Character
    public var style: CellStyle
    /// The right half of the wide character in the cell before.
    public internal(set) var isWideTail = false

    public init(_ character: Character = " ", style: CellStyle = .plain) {
        self.character = character
        self.style = style
    }

    static func tail(style: CellStyle) -> Cell {
        var cell = Cell(" ", style: style)
        cell.isWideTail = true
        return cell
    }
}

/// The screen as a grid of cells: what a view draws into, and what the frame writer compares with
/// the previous frame. Text is cleaned of control characters as it is put, so nothing a backend
/// sends can move the cursor or change the terminal.
public struct Canvas: Equatable, Sendable {
    public let width: Int
    public let height: Int
    private var cells: [Cell]
    /// The session's time when this frame was drawn, which moving things are drawn from.
    public internal(set) var now: Duration = .zero
    /// Whether something on this frame moves with time (an activity indicator), so the session
    /// draws again shortly.
    public internal(set) var animates = false
    /// When each activity on screen was first drawn, carried from frame to frame by the session.
    var activityStarts: [String: Duration] = [:]
    /// The activities drawn on this frame.
    var drawnActivities: Set<String> = []

    /// Frames are equal when their cells are: what the terminal shows.
    public static func == (lhs: Canvas, rhs: Canvas) -> Bool {
        lhs.width == rhs.width && lhs.height == rhs.height && lhs.cells == rhs.cells
    }

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.cells = Array(repeating: Cell(), count: self.width * self.height)
    }

    public subscript(row: Int, column: Int) -> Cell {
        get { cells[row * width + column] }
        set { cells[row * width + column] = newValue }
    }

    /// Whether `row` holds the same bytes in both frames, which means the same cells: the frame
    /// writer's way past the rows that did not change without comparing cell by cell. Different
    /// bytes may still be equal cells (a long grapheme stored twice), so `false` means "compare".
    func rowIsBitwiseEqual(_ row: Int, in other: Canvas) -> Bool {
        guard width == other.width, row < height, row < other.height else { return false }
        let range = row * width..<(row + 1) * width
        return cells[range].withUnsafeBytes { mine in
            other.cells[range].withUnsafeBytes { theirs in
                guard mine.count == theirs.count, let mine = mine.baseAddress, let theirs = theirs.baseAddress else {
                    return mine.count == theirs.count
                }
                return memcmp(mine, theirs, range.count * MemoryLayout<Cell>.stride) == 0
            }
        }
    }

    /// The whole canvas as a rectangle, for laying out.
    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// Writes `text` from `column` on `row`, each character in as many cells as it is wide; returns
    /// the column after it. Text that does not fit before the right edge, or in `maxWidth` columns,
    /// is cut and ends in `…`.
    @discardableResult
    public mutating func put(
        _ text: String, row: Int, column: Int = 0, maxWidth: Int? = nil, style: CellStyle = .plain
    ) -> Int {
        guard (0..<height).contains(row) else { return column }
        let room = min(width - column, maxWidth ?? .max)
        guard room > 0 else { return column }
        var characters = Self.printable(text)
        if String(characters).terminalColumns > room {
            characters = Array(String(characters).truncated(toColumns: room))
        }
        var column = column
        for character in characters {
            let columns = character.terminalColumns
            guard columns > 0 else { continue }
            if column >= 0 {
                place(Cell(character, style: style), at: row, column)
                if columns == 2 { place(.tail(style: style), at: row, column + 1) }
            }
            column += columns
        }
        return column
    }

    /// Sets one cell, blanking the other half of any wide character it cuts in two.
    private mutating func place(_ cell: Cell, at row: Int, _ column: Int) {
        guard column < width else { return }
        let old = self[row, column]
        if old.isWideTail, column > 0 { self[row, column - 1] = Cell(" ", style: self[row, column - 1].style) }
        if !old.isWideTail, old.character.terminalColumns == 2, column + 1 < width, !cell.isWideTail {
            self[row, column + 1] = Cell(" ", style: old.style)
        }
        self[row, column] = cell
    }

    /// What shows when the window is smaller than the app needs: the size needed and the size now,
    /// wrapped to fit however small the window is.
    mutating func tooSmall(minimum: (width: Int, height: Int)) {
        paragraph(
            "Terminal too small: this app needs \(minimum.width)×\(minimum.height), the window is \(width)×\(height). "
                + "Make it larger, or press q to quit.", in: bounds)
    }

    /// The text of a row with trailing spaces removed: what a test reads.
    public func text(row: Int) -> String {
        var line = String((0..<width).compactMap { self[row, $0].isWideTail ? nil : self[row, $0].character })
        while line.last == " " { line.removeLast() }
        return line
    }

    /// Every row's text, one per line.
    public var text: String { (0..<height).map(text(row:)).joined(separator: "\n") }

    /// Control characters (C0, DEL, C1) and bidirectional overrides become `?`; a tab becomes a
    /// space.
    static func printable(_ text: String) -> [Character] {
        text.map { character in
            if character == "\t" { return " " }
            let unsafe = character.unicodeScalars.contains { scalar in
                scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                    || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
            }
            return unsafe ? "?" : character
        }
    }
}
