import Observation

/// The product listing: every product with the badge the user's offers earn.
///
/// ```swift
/// let listing = ListingViewModel(service: service, userID: "5")
/// await listing.load()
/// if let loaded = listing.state.value { show(loaded.products) }
/// ```
///
/// ``userID`` is settable: a user switcher sets it and the screen's `.task(id: listing.userID)`
/// loads that user's badges, keeping the products on screen while it does.
@MainActor
@Observable
public final class ListingViewModel {
    /// The listing: `.idle` until ``load()``, then `.loading`, then `.loaded` or `.failed`.
    public private(set) var state: LoadState<Listing, ListingsError> = .idle
    /// The user whose offers decide the badges; set it to switch user, then ``load()``. `nil` (no
    /// one signed in) lists the products with no badge and asks for no offers. A
    /// ``ListingsCoordinator`` made with this list switches its details screens with it.
    public var userID: String? {
        didSet {
            // Each coordinator on this list moves its details screens; a gone one drops out.
            if userID != oldValue { userFollowers.removeAll { !$0(userID) } }
        }
    }
    /// The coordinators' steps when ``userID`` changes, one per coordinator made with this list
    /// (SwiftUI may make several): each returns `false` once its coordinator is gone.
    @ObservationIgnored var userFollowers: [@MainActor (String?) -> Bool] = []
    /// The user whose badges the listing shown may carry: the last load's, so a load for another
    /// (running, cancelled or failed) shows no badge of the user before.
    @ObservationIgnored private var loadedUserID: String?
    private let loadListing: LoadListing
    @ObservationIgnored private let loads = Loads()

    /// Creates a ``ListingViewModel``.
    ///
    /// - Parameters:
    ///   - service: where the products and offers come from.
    ///   - userID: the user whose offers decide the badges; `nil` for none.
    public init(service: any ListingsService, userID: String?) {
        self.loadListing = LoadListing(service: service)
        self.userID = userID
    }

    /// Loads the products and the user's offers together; offers that fail to load leave the products
    /// without badges (``Listing/offersFailure`` says why) rather than failing the listing.
    /// ``state`` keeps the listing loaded before while reloading and after a failed reload (its
    /// badges only when they are this user's); a cancelled load puts back the state it replaced
    /// (see `LoadState`).
    public func load() async {
        let user = userID
        // The products stay on screen while another user's load runs, but not the badges: they
        // were the user before's.
        if user != loadedUserID, let shown = state.value { state = .loaded(shown.withoutBadges) }
        loadedUserID = user
        let wrote = await loads.run(\.state, on: self, failure: ListingsError.init) { [loadListing] in
            try await loadListing(userID: user)
        }
        // A load for the user before that ended after the user changed (a refresh that outlived a
        // cancelled switch) and set the state: its products stay, its badges go. One whose answer
        // was not kept (a newer load's was) changes nothing.
        guard user != userID, wrote else { return }
        loadedUserID = userID
        switch state {
        case .loaded(let shown): state = .loaded(shown.withoutBadges)
        case .loading(let shown?): state = .loading(previous: shown.withoutBadges)
        case .failed(let error, let shown?): state = .failed(error, previous: shown.withoutBadges)
        case .idle, .loading(nil), .failed(_, nil): break
        }
    }
}
