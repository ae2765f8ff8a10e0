import Observation

/// The drop-off picker: a case-insensitive search over the backend's locations.
@MainActor
@Observable
public final class DropoffPickerViewModel {
    /// The text of the last search.
    public private(set) var query = ""
    /// The places that match ``query``, never the pickup.
    public private(set) var results: [Location] = []
    /// Why the last search failed; `nil` after one that worked.
    public private(set) var error: NetworkError?

    private let locations: any LocationsService
    private let excluded: Location

    init(locations: any LocationsService, excluding pickup: Location) {
        self.locations = locations
        self.excluded = pickup
    }

    /// Searches the places whose name contains `query`, in any case, and shows them in ``results``.
    /// A failure empties ``results`` and sets ``error``.
    public func search(_ query: String) async {
        self.query = query
        do {
            results = try await locations.searchLocations(query).filter { $0.id != excluded.id }
            self.error = nil
        } catch {
            results = []
            self.error = NetworkError(error)
        }
    }
}
