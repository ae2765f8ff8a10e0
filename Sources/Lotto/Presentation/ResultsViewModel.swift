import Foundation
import Observation

/// The results screen: every draw, newest first, with when they were cached if the backend
/// could not be reached and the records that were left out.
///
/// ```swift
/// let results = ResultsViewModel(service: RemoteLottoService(baseURL: backendURL))
/// await results.load()
/// if let fetched = results.state.value { show(fetched.value) }
/// ```
@MainActor
@Observable
public final class ResultsViewModel {
    /// Loaded: the draws newest first; `cachedAt` is set when they came from the offline cache.
    public private(set) var state: LoadState<Fetched<[Draw]>, LottoError> = .idle
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
}
