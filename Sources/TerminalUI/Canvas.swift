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
///
/// Kept as one 64-bit word (two colours of 25 bits, four flags), so equal styles are equal bytes and
/// a row of cells can be compared with one `memcmp`.
public struct CellStyle: Hashable, Sendable {
    private var bits: UInt64 = 0

    public var foreground: TerminalColor? {
        get { Self.color(bits & Self.colorMask) }
        set { bits = bits & ~Self.colorMask | Self.code(newValue) }
    }
    public var background: TerminalColor? {
        get { Self.color(bits >> Self.colorBits & Self.colorMask) }
        set { bits = bits & ~(Self.colorMask << Self.colorBits) | Self.code(newValue) << Self.colorBits }
    }
    public var bold: Bool {
        get { flag(0) }
        set { setFlag(0, newValue) }
    }
    public var dim: Bool {
        get { flag(1) }
        set { setFlag(1, newValue) }
    }
    public var underline: Bool {
        get { flag(2) }
        set { setFlag(2, newValue) }
    }
    /// Foreground and background swapped: how a selection shows without colours.
    public var inverse: Bool {
        get { flag(3) }
        set { setFlag(3, newValue) }
    }

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

    private static let colorBits: UInt64 = 25
    private static let colorMask: UInt64 = (1 << colorBits) - 1
    private static let rgbFlag: UInt64 = 1 << 24
    private static let named: [TerminalColor] = [
        .black, .red, .green, .yellow, .blue, .magenta, .cyan, .white, .brightBlack, .brightWhite,
    ]
    /// The bit after the flags, free for ``Cell`` to use.
    static let spareBit: UInt64 = 1 << (2 * colorBits + 4)

    /// 0 for none, 1… for the named colours, the RGB bytes under a flag bit.
    private static func code(_ color: TerminalColor?) -> UInt64 {
        switch color {
        case nil: 0
        case .rgb(let red, let green, let blue): rgbFlag | UInt64(red) << 16 | UInt64(green) << 8 | UInt64(blue)
        case let color?: UInt64(named.firstIndex(of: color) ?? 0) + 1
        }
    }

    private static func color(_ code: UInt64) -> TerminalColor? {
        if code & rgbFlag != 0 {
            return .rgb(
                UInt8(truncatingIfNeeded: code >> 16), UInt8(truncatingIfNeeded: code >> 8),
                UInt8(truncatingIfNeeded: code))
        }
        return code == 0 ? nil : named[Int(code) - 1]
    }

    private func flag(_ index: UInt64) -> Bool { bits & (1 << (2 * Self.colorBits + index)) != 0 }

    private mutating func setFlag(_ index: UInt64, _ on: Bool) {
        let bit: UInt64 = 1 << (2 * Self.colorBits + index)
        bits = on ? bits | bit : bits & ~bit
    }

    /// The style with the spare bit set or cleared (``Cell`` keeps its wide-tail mark there).
    func marked(_ on: Bool) -> CellStyle {
        var style = self
        style.bits = on ? bits | Self.spareBit : bits & ~Self.spareBit
        return style
    }

    var isMarked: Bool { bits & Self.spareBit != 0 }
}

/// One character cell of the screen. A wide character (two columns) is kept in the cell where
/// it starts; the cell after it is its tail, which draws nothing of its own.
///
/// A cell is its character and one word of style, with no padding between or after them, so cells
/// drawn alike are alike byte for byte.
public struct Cell: Hashable, Sendable {
    public var character: Character
    /// The style, with the wide-tail mark in its spare bit.
    private var stored: CellStyle

    public var style: CellStyle {
        get { stored.marked(false) }
        set { stored = newValue.marked(stored.isMarked) }
    }

    /// The right half of the wide character in the cell before.
    public internal(set) var isWideTail: Bool {
        get { stored.isMarked }
        set { stored = stored.marked(newValue) }
    }

    public init(_ character: Character = " ", style: CellStyle = .plain) {
        self.character = character
        self.stored = style.marked(false)
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
    /// The rows each list showed on this frame, by the list's id.
    var listRows: [String: Int] = [:]

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
    mutating func tooSmall(minimum: (width: Int, height: Int), quitKey: String = "q") {
        paragraph(
            "Terminal too small: this app needs \(minimum.width)×\(minimum.height), the window is \(width)×\(height). "
                + "Make it larger, or press \(quitKey) to quit.", in: bounds)
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
