import Foundation
import Observation

/// The results screen: every draw, newest first, with when they were cached if the backend
/// could not be reached and the records that were left out.
///
/// ```swift
/// let results = ResultsViewModel(service: RemoteLottoService(baseURL: backendURL))
/// await results.load()
/// if case .loaded(let fetched) = results.state { show(fetched.value) }
/// ```
@MainActor
@Observable
public final class ResultsViewModel {
    /// Loaded: the draws newest first; `cachedAt` is set when they came from the offline cache.
    public private(set) var state: LoadState<Fetched<[Draw]>, LottoError> = .idle
    private let service: any DrawsService

    /// Creates a ``ResultsViewModel``.
    ///
    /// - Parameter service: where the draws come from: ``RemoteLottoService``, or a fake in previews and tests.
    public init(service: any DrawsService) {
        self.service = service
    }

    /// Loads the draws: ``state`` goes `.loading`, then `.loaded` or `.failed`. Call it again to retry.
    public func load() async {
        state = .loading
        do {
            var fetched = try await service.loadDraws()
            fetched.value.sort(by: Draw.newestFirst)
            state = .loaded(fetched)
        } catch {
            state = .failed(LottoError(error))
        }
    }
}
