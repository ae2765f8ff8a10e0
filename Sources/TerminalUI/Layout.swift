/// A rectangle of cells: where a widget draws. Splitting one gives the rectangles of a layout, so
/// a screen is described by what sits where, not by row numbers.
///
/// ```swift
/// let rows = canvas.bounds.split(.vertical, [.fixed(1), .fill, .fixed(1)])
/// canvas.titleBar("Lotto", in: rows[0])
/// canvas.footer([KeyHint("q", "quit")], in: rows[2])
/// ```
public struct Rect: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The row after the last one.
    public var maxY: Int { y + height }
    /// The column after the last one.
    public var maxX: Int { x + width }

    /// The rectangle with `horizontal` columns taken off each side and `vertical` rows off the top
    /// and bottom.
    public func inset(horizontal: Int = 0, vertical: Int = 0) -> Rect {
        Rect(x: x + horizontal, y: y + vertical, width: width - 2 * horizontal, height: height - 2 * vertical)
    }

    /// How a part of a split is sized.
    public enum Extent: Hashable, Sendable {
        /// Exactly this many rows or columns, or what is left when less is.
        case fixed(Int)
        /// An equal share of what the fixed parts leave.
        case fill
    }

    /// Which way a split goes: `.vertical` stacks rows, `.horizontal` puts columns side by side.
    public enum Axis: Sendable {
        case vertical, horizontal
    }

    /// The rectangle cut into parts along `axis`, in order, with `spacing` between them. Fixed
    /// parts are served first; fills share the rest, the first ones taking any remainder.
    public func split(_ axis: Axis, _ extents: [Extent], spacing: Int = 0) -> [Rect] {
        let total = axis == .vertical ? height : width
        let gaps = max(0, extents.count - 1) * spacing
        let fixed = extents.reduce(0) { sum, extent in if case .fixed(let size) = extent { sum + size } else { sum } }
        let fills = extents.filter { $0 == .fill }.count
        let free = max(0, total - gaps - fixed)
        let share = fills > 0 ? free / fills : 0
        var remainder = fills > 0 ? free % fills : 0
        var offset = 0
        var available = total
        return extents.map { extent in
            var size: Int
            switch extent {
            case .fixed(let wanted): size = max(0, wanted)
            case .fill:
                size = share + (remainder > 0 ? 1 : 0)
                remainder = max(0, remainder - 1)
            }
            size = min(size, max(0, available))
            defer {
                offset += size + spacing
                available -= size + spacing
            }
            switch axis {
            case .vertical: return Rect(x: x, y: y + offset, width: width, height: size)
            case .horizontal: return Rect(x: x + offset, y: y, width: size, height: height)
            }
        }
    }
}
