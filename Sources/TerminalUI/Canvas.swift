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

/// One character cell of the screen.
public struct Cell: Hashable, Sendable {
    public var character: Character
    public var style: CellStyle

    public init(_ character: Character = " ", style: CellStyle = .plain) {
        self.character = character
        self.style = style
    }
}

/// The screen as a grid of cells: what a view draws into, and what the frame writer compares with
/// the previous frame. Text is cleaned of control characters as it is put, so nothing a backend
/// sends can move the cursor or change the terminal.
public struct Canvas: Equatable, Sendable {
    public let width: Int
    public let height: Int
    private var cells: [Cell]

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.cells = Array(repeating: Cell(), count: self.width * self.height)
    }

    public subscript(row: Int, column: Int) -> Cell {
        get { cells[row * width + column] }
        set { cells[row * width + column] = newValue }
    }

    /// Writes `text` from `column` on `row`, cut at the right edge; returns the column after it.
    @discardableResult
    public mutating func put(_ text: String, row: Int, column: Int = 0, style: CellStyle = .plain) -> Int {
        guard (0..<height).contains(row) else { return column }
        var column = column
        for character in Self.printable(text) {
            guard column < width else { break }
            if column >= 0 { self[row, column] = Cell(character, style: style) }
            column += 1
        }
        return column
    }

    /// Gives a row a style from `column` to the right edge (a selection bar, a title bar).
    public mutating func fill(row: Int, from column: Int = 0, style: CellStyle) {
        guard (0..<height).contains(row) else { return }
        for column in max(0, column)..<width { self[row, column].style = style }
    }

    /// The text of a row with trailing spaces removed: what a test reads.
    public func text(row: Int) -> String {
        var line = String((0..<width).map { self[row, $0].character })
        while line.last == " " { line.removeLast() }
        return line
    }

    /// Every row's text, one per line.
    public var text: String { (0..<height).map(text(row:)).joined(separator: "\n") }

    /// Control characters (C0, DEL, C1) and bidirectional overrides become `?`; a tab becomes a
    /// space. One `Character` per cell: wide characters are not measured (Docs/CLI.md).
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
