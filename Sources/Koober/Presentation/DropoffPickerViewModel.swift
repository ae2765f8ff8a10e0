import Observation

/// The drop-off picker: a case-insensitive search over the backend's locations.
@MainActor
@Observable
public final class DropoffPickerViewModel {
    /// The text of the last search.
    public private(set) var query = ""
    /// The places that match ``resultsQuery``, never the pickup.
    public private(set) var results: [Location] = []
    /// The query ``results`` answers: `nil` before the first answer. While it differs from
    /// ``query`` the list on screen is the previous one, and a key that picks from it should wait.
    public private(set) var resultsQuery: String?
    /// Whether the latest search is still waiting for its answer: show "Searching…", not
    /// "No places match".
    public var isSearching: Bool { resultsQuery != query }
    /// Why the last search failed; `nil` after one that worked.
    public private(set) var error: NetworkError?

    private let locations: any LocationsService
    private let excluded: Location

    /// Creates a ``DropoffPickerViewModel``; ``NewRideViewModel/pickDropoff()`` makes one, and a
    /// preview or a test can make its own.
    ///
    /// ```swift
    /// let picker = DropoffPickerViewModel(locations: PreviewKooberService(), excluding: pickup)
    /// await picker.search("bo")
    /// ```
    /// - Parameters:
    ///   - locations: where the places come from.
    ///   - pickup: the ride's pickup, never offered as its drop-off.
    public init(locations: any LocationsService, excluding pickup: Location) {
        self.locations = locations
        self.excluded = pickup
    }

    /// Searches the places whose name contains `query`, in any case, and shows them in ``results``.
    /// A failure empties ``results`` and sets ``error``; a search cancelled with its task changes
    /// nothing. When searches overlap (a search per key typed), an answer to any but the latest
    /// query is dropped, whenever it arrives.
    ///
    /// Searching as the user types? Wait for a pause first, as SwiftUI's `.task(id:)` makes easy:
    /// the task of the previous text is cancelled with its sleep, so one request goes per pause.
    ///
    /// ```swift
    /// .task(id: text) {
    ///     try? await Task.sleep(for: .milliseconds(250))
    ///     guard !Task.isCancelled else { return }
    ///     await picker.search(text)
    /// }
    /// ```
    public func search(_ query: String) async {
        self.query = query
        let found: Result<[Location], NetworkError>
        do {
            found = .success(try await locations.searchLocations(query).filter { $0.id != excluded.id })
        } catch {
            found = .failure(NetworkError(error))
        }
        guard query == self.query, !Task.isCancelled else { return }
        switch found {
        case .success(let places):
            results = places
            self.error = nil
        case .failure(let error):
            results = []
            self.error = error
        }
        resultsQuery = query
    }
}
