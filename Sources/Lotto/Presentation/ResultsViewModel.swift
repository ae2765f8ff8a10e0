import Foundation
import Observation

/// The results screen: every draw, newest first.
@MainActor
@Observable
public final class ResultsViewModel {
    public enum State: Equatable, Sendable {
        case idle
        case loading
        /// `cachedAt` is set when the draws came from the cache because the backend could not be reached.
        case loaded(draws: [Draw], cachedAt: Date?)
        case failed(message: String)
    }

    public private(set) var state: State = .idle
    /// Draws the backend sent that break a rule, left out of the list; name them in a notice.
    public private(set) var rejected: [LottoDataError] = []
    private let service: any DrawsService

    public init(service: any DrawsService) {
        self.service = service
    }

    public func load() async {
        state = .loading
        rejected = []
        do {
            let fetched = try await service.loadDraws()
            rejected = fetched.rejected
            state = .loaded(draws: fetched.value.sorted(by: Draw.newestFirst), cachedAt: fetched.cachedAt)
        } catch {
            state = .failed(message: LottoMessages.describe(error))
        }
    }
}

enum LottoMessages {
    static func describe(_ error: any Error) -> String {
        if let data = error as? LottoDataError { return "The draws cannot be shown: \(data)" }
        return error.localizedDescription
    }
}
