import Observation

/// The product listing: every product with the badge the user's offers earn.
///
/// ```swift
/// let listing = ListingViewModel(service: service, userID: "5")
/// await listing.load()
/// if case .loaded(let loaded) = listing.state { show(loaded.products) }
/// ```
@MainActor
@Observable
public final class ListingViewModel {
    public private(set) var state: LoadState<Listing, ListingsError> = .idle
    public let userID: String
    private let loadListing: LoadListing

    public init(service: any ListingsService, userID: String) {
        self.loadListing = LoadListing(service: service)
        self.userID = userID
    }

    public func load() async {
        state = .loading
        do {
            state = .loaded(try await loadListing(userID: userID))
        } catch {
            state = .failed(ListingsError(error))
        }
    }
}
