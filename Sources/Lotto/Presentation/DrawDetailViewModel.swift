import Observation

/// One draw with the way to the previous (older) and next (newer) draw.
@MainActor
@Observable
public final class DrawDetailViewModel {
    /// Newest first, as the results list shows them.
    private let draws: [Draw]
    private var index: Int

    /// - Throws: ``LottoError/drawNotFound(_:)`` when no draw has `drawID`.
    public init(draws: [Draw], drawID: String) throws(LottoError) {
        self.draws = draws.sorted(by: Draw.newestFirst)
        guard let index = self.draws.firstIndex(where: { $0.id == drawID }) else { throw .drawNotFound(drawID) }
        self.index = index
    }

    public var draw: Draw { draws[index] }
    /// The draw before this one in time.
    public var previous: Draw? { index + 1 < draws.count ? draws[index + 1] : nil }
    /// The draw after this one in time.
    public var next: Draw? { index > 0 ? draws[index - 1] : nil }

    public func showPrevious() {
        if previous != nil { index += 1 }
    }

    public func showNext() {
        if next != nil { index -= 1 }
    }
}
