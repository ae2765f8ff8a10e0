import Observation

/// The drop-off picker: a case-insensitive search over the backend's locations.
@MainActor
@Observable
public final class DropoffPickerViewModel {
    public private(set) var query = ""
    public private(set) var results: [Location] = []
    /// Why the last search failed; `nil` after one that worked.
    public private(set) var error: NetworkError?

    private let locations: any LocationsService
    private let excluded: Location

    init(locations: any LocationsService, excluding pickup: Location) {
        self.locations = locations
        self.excluded = pickup
    }

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
