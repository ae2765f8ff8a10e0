import Foundation
import Observation

/// The results screen: every draw, newest first, with when they were cached if the backend
/// could not be reached and the records that were left out; and the draws opened over it, as a
/// navigation path of draw ids.
///
/// ```swift
/// let results = ResultsViewModel(service: RemoteLottoService(baseURL: backendURL))
/// await results.load()
/// show(results.draws)
/// results.showDraw("draw-3")
/// results.detail(for: "draw-3").showPrevious()  // results.path == ["draw-2"]
/// ```
@MainActor
@Observable
public final class ResultsViewModel {
    /// Loaded: the draws newest first; `isOffline` and `cachedAt` say when they came from the
    /// offline cache.
    public private(set) var state: LoadState<Fetched<[Draw]>, LottoError> = .idle
    /// The draws loaded, newest first: what a list shows (`state.value?.value`), kept while a
    /// refresh runs or fails; empty before the first load.
    ///
    /// ```swift
    /// List(results.draws) { draw in DrawRow(draw) }
    /// ```
    public var draws: [Draw] { state.value?.value ?? [] }
    /// The draws opened over the list, by id; empty shows the list. Settable, so
    /// `NavigationStack(path: $results.path)` binds it and a back swipe pops it.
    public var path: [Draw.ID] = []
    private let service: any DrawsService
    @ObservationIgnored private let loads = Loads()

    /// Creates a ``ResultsViewModel``.
    ///
    /// - Parameter service: where the draws come from: ``RemoteLottoService``, or a fake in previews and tests.
    public init(service: any DrawsService) {
        self.service = service
    }

    /// Loads the draws: ``state`` goes `.loading`, then `.loaded` or `.failed`, keeping the draws
    /// loaded before (see `LoadState`). Call it again to retry or refresh; a cancelled load puts
    /// back the state it replaced.
    public func load() async {
        await loads.run(\.state, on: self, failure: LottoError.init) { [service] in
            var fetched = try await service.loadDraws()
            fetched.value.sort(by: Draw.newestFirst)
            return fetched
        }
    }

    /// Opens a draw's detail over the list; nothing when it is on top already (a double tap).
    public func showDraw(_ id: Draw.ID) {
        if path.last != id { path.append(id) }
    }

    /// Tells the model the user went back to the screen `depth` steps above the list (`0` is the
    /// list): ``path`` keeps its first `depth` draws. A UIKit app calls it from its navigation
    /// controller's delegate, so the system back button is heard; a depth at or past the path
    /// changes nothing.
    ///
    /// ```swift
    /// func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
    ///     results.didGoBack(toDepth: navigationController.viewControllers.count - 1)
    /// }
    /// ```
    public func didGoBack(toDepth depth: Int) {
        let depth = max(depth, 0)
        if depth < path.count { path.removeLast(path.count - depth) }
    }

    /// The detail of a draw on ``path``, over the draws this model has loaded, read as they change:
    /// its previous and next replace the draw's id on ``path``, so the path always says what is on
    /// screen. Before the draws are loaded (a restored path), or for an id the backend does not
    /// have, the detail's ``DrawDetailViewModel/failure`` says why it shows no draw; once they
    /// load, the same detail shows its draw.
    public func detail(for id: Draw.ID) -> DrawDetailViewModel {
        DrawDetailViewModel(results: self, drawID: id) { [weak self] from, to in
            guard let self, let from, let index = path.lastIndex(of: from) else { return }
            path[index] = to
        }
    }
}
