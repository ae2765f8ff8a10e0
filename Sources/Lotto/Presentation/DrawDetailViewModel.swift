import Observation

/// One draw with the way to the previous (older) and next (newer) draw.
@MainActor
@Observable
public final class DrawDetailViewModel {
    /// Newest first, as the results list shows them.
    private let draws: [Draw]
    private var index: Int

    /// Creates a ``DrawDetailViewModel``.
    ///
    /// ```swift
    /// let detail = try DrawDetailViewModel(draws: results.state.value?.value ?? [], drawID: "draw-3")
    /// detail.showPrevious()  // draw-2, the one before it in time
    /// ```
    ///
    /// - Parameters:
    ///   - draws: the published draws, in any order.
    ///   - drawID: the draw to show first; the latest when `nil`.
    /// - Throws: ``LottoError/drawNotFound(_:)`` when no draw has `drawID`, ``LottoError/noDraws``.
    public init(draws: [Draw], drawID: String? = nil) throws(LottoError) {
        self.draws = draws.sorted(by: Draw.newestFirst)
        let shown = try Draw.find(drawID, in: draws)
        self.index = self.draws.firstIndex(of: shown) ?? 0
    }

    /// The draw on screen.
    public var draw: Draw { draws[index] }
    /// The draw before this one in time.
    public var previous: Draw? { index + 1 < draws.count ? draws[index + 1] : nil }
    /// The draw after this one in time.
    public var next: Draw? { index > 0 ? draws[index - 1] : nil }

    /// Moves to the older draw (the original's swipe); does nothing at the oldest.
    public func showPrevious() {
        if previous != nil { index += 1 }
    }

    /// Moves to the newer draw; does nothing at the latest.
    public func showNext() {
        if next != nil { index -= 1 }
    }
}
