/// Turns a frame into what the terminal needs to show it: only the cells that changed since the
/// previous frame are written, each run with its style; the first frame (or one of another size)
/// clears the screen first.
public struct FrameWriter: Sendable {
    /// Whether styles may use colours; `NO_COLOR` turns them off and keeps bold, underline and
    /// inverse.
    public var colors: Bool

    public init(colors: Bool) {
        self.colors = colors
    }

    public func output(from previous: Canvas?, to frame: Canvas) -> String {
        var out = ""
        let full = previous == nil || previous?.width != frame.width || previous?.height != frame.height
        if full { out += "\u{1B}[0m\u{1B}[2J" }
        var current: CellStyle?
        for row in 0..<frame.height {
            var column = 0
            while column < frame.width {
                guard full || previous?[row, column] != frame[row, column] else {
                    column += 1
                    continue
                }
                out += "\u{1B}[\(row + 1);\(column + 1)H"
                while column < frame.width, full || previous?[row, column] != frame[row, column] {
                    let cell = frame[row, column]
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
        if colors {
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
        case .rgb(let red, let green, let blue): return "\(base + 8);2;\(red);\(green);\(blue)"
        }
    }
}
