/// The colours a terminal can show.
public enum ColorDepth: Comparable, Sendable {
    /// None: `NO_COLOR`, `TERM=dumb` or `--no-color`. Bold, underline and inverse stay.
    case none
    /// The eight standard colours and their bright variants.
    case ansi16
    /// xterm's 256-colour palette.
    case ansi256
    /// 24-bit colour.
    case trueColor

    /// What the environment says the terminal shows: 24-bit when `COLORTERM` is `truecolor` or
    /// `24bit`, 256 colours when `TERM` names a 256-colour terminal, otherwise 16.
    ///
    /// ```swift
    /// ColorDepth(environment: ["TERM": "xterm-256color"])  // .ansi256
    /// ```
    public init(environment: [String: String]) {
        let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
        let term = environment["TERM"]?.lowercased() ?? ""
        if colorTerm == "truecolor" || colorTerm == "24bit" {
            self = .trueColor
        } else if term.contains("256color") || term.contains("direct") {
            self = .ansi256
        } else {
            self = .ansi16
        }
    }
}

/// Turns a frame into what the terminal needs to show it: only the cells that changed since the
/// previous frame are written, each run with its style; the first frame (or one of another size)
/// clears the screen first. A wide character is written once, from its first cell.
public struct FrameWriter: Sendable {
    /// The colours styles may use; an sRGB colour is brought down to the nearest the terminal has.
    public var colors: ColorDepth

    public init(colors: ColorDepth) {
        self.colors = colors
    }

    public func output(from previous: Canvas?, to frame: Canvas) -> String {
        var out = ""
        let old = previous.flatMap { $0.width == frame.width && $0.height == frame.height ? $0 : nil }
        if old == nil { out += "\u{1B}[0m\u{1B}[2J" }
        /// Whether the cell must be written: always on a full frame, otherwise when it changed.
        func changed(_ row: Int, _ column: Int) -> Bool {
            guard let old else { return true }
            return old[row, column] != frame[row, column]
        }
        var current: CellStyle?
        for row in 0..<frame.height {
            // Most rows of most frames are as they were: skip them without comparing cells.
            if let old, old.rowIsBitwiseEqual(row, in: frame) { continue }
            var column = 0
            while column < frame.width {
                guard changed(row, column) else {
                    column += 1
                    continue
                }
                out += "\u{1B}[\(row + 1);\(column + 1)H"
                while column < frame.width, changed(row, column) {
                    let cell = frame[row, column]
                    if cell.isWideTail {
                        column += 1
                        continue
                    }
                    if cell.style != current {
                        out += sgr(cell.style)
                        current = cell.style
                    }
                    out.append(cell.character)
                    column += 1
                }
            }
        }
        if current != nil { out += "\u{1B}[0m" }
        return out
    }

    /// The Select Graphic Rendition sequence for a style, from a reset.
    func sgr(_ style: CellStyle) -> String {
        var codes = ["0"]
        if style.bold { codes.append("1") }
        if style.dim { codes.append("2") }
        if style.underline { codes.append("4") }
        if style.inverse { codes.append("7") }
        if colors != .none {
            if let foreground = style.foreground { codes.append(code(foreground, background: false)) }
            if let background = style.background { codes.append(code(background, background: true)) }
        }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    private func code(_ color: TerminalColor, background: Bool) -> String {
        let base = background ? 40 : 30
        switch color {
        case .black: return String(base)
        case .red: return String(base + 1)
        case .green: return String(base + 2)
        case .yellow: return String(base + 3)
        case .blue: return String(base + 4)
        case .magenta: return String(base + 5)
        case .cyan: return String(base + 6)
        case .white: return String(base + 7)
        case .brightBlack: return String(base + 60)
        case .brightWhite: return String(base + 67)
        case .rgb(let red, let green, let blue):
            switch colors {
            case .trueColor: return "\(base + 8);2;\(red);\(green);\(blue)"
            case .ansi256: return "\(base + 8);5;\(Self.palette256(red, green, blue))"
            case .ansi16, .none: return code(Self.nearest16(red, green, blue), background: background)
            }
        }
    }

    /// The nearest of the 6×6×6 cube and the grey ramp of xterm's 256 colours.
    static func palette256(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Int {
        let levels = [0, 95, 135, 175, 215, 255]
        func level(_ value: UInt8) -> Int {
            levels.indices.min { abs(levels[$0] - Int(value)) < abs(levels[$1] - Int(value)) } ?? 0
        }
        let cube = (level(red), level(green), level(blue))
        let cubeColor = (levels[cube.0], levels[cube.1], levels[cube.2])
        let average = (Int(red) + Int(green) + Int(blue)) / 3
        let greyIndex = min(23, max(0, (average - 8 + 5) / 10))
        let grey = 8 + greyIndex * 10
        let rgb = (Int(red), Int(green), Int(blue))
        return distance(rgb, (grey, grey, grey)) < distance(rgb, cubeColor)
            ? 232 + greyIndex : 16 + 36 * cube.0 + 6 * cube.1 + cube.2
    }

    /// The nearest of the standard colours, by their usual xterm values.
    static func nearest16(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> TerminalColor {
        let palette: [(TerminalColor, (Int, Int, Int))] = [
            (.black, (0, 0, 0)), (.red, (205, 0, 0)), (.green, (0, 205, 0)), (.yellow, (205, 205, 0)),
            (.blue, (0, 0, 238)), (.magenta, (205, 0, 205)), (.cyan, (0, 205, 205)), (.white, (229, 229, 229)),
            (.brightBlack, (127, 127, 127)), (.brightWhite, (255, 255, 255)),
        ]
        let rgb = (Int(red), Int(green), Int(blue))
        return palette.min { distance(rgb, $0.1) < distance(rgb, $1.1) }?.0 ?? .white
    }

    /// The squared distance between two colours in RGB.
    private static func distance(_ lhs: (Int, Int, Int), _ rhs: (Int, Int, Int)) -> Int {
        let difference = (lhs.0 - rhs.0, lhs.1 - rhs.1, lhs.2 - rhs.2)
        return difference.0 * difference.0 + difference.1 * difference.1 + difference.2 * difference.2
    }
}
