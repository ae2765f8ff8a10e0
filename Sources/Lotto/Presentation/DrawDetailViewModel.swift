import Observation

/// One draw with the way to the previous (older) and next (newer) draw, made from values: an
/// unknown id is a state the screen shows (``failure``), not an error thrown at a view's init.
///
/// ``drawID`` is the value a navigation path holds. A detail made by
/// ``ResultsViewModel/detail(for:)`` writes every move into ``ResultsViewModel/path``, so the
/// `NavigationStack` never goes stale:
///
/// ```swift
/// NavigationStack(path: $results.path) {
///     ResultsList(results: results)
///         .navigationDestination(for: Draw.ID.self) { id in
///             DrawDetailView(detail: results.detail(for: id))
///         }
/// }
/// ```
@MainActor
@Observable
public final class DrawDetailViewModel {
    /// The draw on screen; `nil` shows the latest. ``showPrevious()`` and ``showNext()`` set it.
    public var drawID: Draw.ID? {
        didSet { if drawID != oldValue, let drawID { moved?(oldValue, drawID) } }
    }
    /// Newest first, as the results list shows them: read each time, so a detail made by
    /// ``ResultsViewModel/detail(for:)`` before the draws arrived (a restored path, a deep link)
    /// or before a refresh shows the draws the list has now.
    private var draws: [Draw] { results?.draws ?? fixedDraws }
    /// The list whose draws it shows, when ``ResultsViewModel/detail(for:)`` made it.
    @ObservationIgnored private weak var results: ResultsViewModel?
    /// The draws it was given, newest first, when made from values.
    @ObservationIgnored private let fixedDraws: [Draw]
    @ObservationIgnored private let moved: ((Draw.ID?, Draw.ID) -> Void)?

    /// Creates a ``DrawDetailViewModel``.
    ///
    /// ```swift
    /// let detail = DrawDetailViewModel(draws: results.draws, drawID: "draw-3")
    /// detail.showPrevious()  // draw-2, the one before it in time
    /// ```
    ///
    /// - Parameters:
    ///   - draws: the published draws, in any order.
    ///   - drawID: the draw to show first; the latest when `nil`.
    public init(draws: [Draw], drawID: Draw.ID? = nil) {
        self.fixedDraws = draws.sorted(by: Draw.newestFirst)
        self.drawID = drawID
        self.moved = nil
    }

    /// A detail over the draws `results` has each time, which writes its moves with `moved`.
    init(results: ResultsViewModel, drawID: Draw.ID?, moved: @escaping (_ from: Draw.ID?, _ to: Draw.ID) -> Void) {
        self.results = results
        self.fixedDraws = []
        self.drawID = drawID
        self.moved = moved
    }

    /// Whether the draws it shows are still to come: a detail made by
    /// ``ResultsViewModel/detail(for:)`` before the list loaded (a restored path, a deep link)
    /// waits for it, and says so here rather than with a ``failure``.
    ///
    /// ```swift
    /// if detail.isWaitingForDraws { ProgressView() } else if let draw = detail.draw { DrawView(draw) }
    /// ```
    public var isWaitingForDraws: Bool {
        guard let results, results.draws.isEmpty else { return false }
        return results.state == .idle || results.state.isLoading
    }

    /// Loads the list's draws when this detail waits for them and no load is under way: the
    /// `.task` of a detail reached first (a deep link). Nothing for a detail made from values, or
    /// once the draws are there.
    public func load() async {
        guard let results, results.draws.isEmpty, !results.state.isLoading else { return }
        await results.load()
    }

    /// The draw on screen, or why there is none.
    public var shown: Result<Draw, LottoError> {
        if let results, results.draws.isEmpty, let error = results.state.failure { return .failure(error) }
        return Result { () throws(LottoError) in try Draw.find(drawID, in: draws) }
    }

    /// The draw on screen; `nil` when ``failure`` says why not, or while ``isWaitingForDraws``.
    public var draw: Draw? { try? shown.get() }

    /// Why no draw is on screen: ``LottoError/drawNotFound(_:)`` for an unknown id,
    /// ``LottoError/noDraws`` when nothing is published, or the list's own failure (offline, say)
    /// when its draws could not be loaded; `nil` while ``isWaitingForDraws``.
    public var failure: LottoError? {
        guard !isWaitingForDraws, case .failure(let error) = shown else { return nil }
        return error
    }

    /// The draw before this one in time.
    public var previous: Draw? { neighbour(1) }
    /// The draw after this one in time.
    public var next: Draw? { neighbour(-1) }

    /// Moves to the older draw (the original's swipe); does nothing at the oldest.
    public func showPrevious() {
        if let previous { drawID = previous.id }
    }

    /// Moves to the newer draw; does nothing at the latest.
    public func showNext() {
        if let next { drawID = next.id }
    }

    /// The draw `offset` places from the one on screen in the newest-first list.
    private func neighbour(_ offset: Int) -> Draw? {
        guard let draw, let index = draws.firstIndex(of: draw) else { return nil }
        let other = index + offset
        return draws.indices.contains(other) ? draws[other] : nil
    }
}
