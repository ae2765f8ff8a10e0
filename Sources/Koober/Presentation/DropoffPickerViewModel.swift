import Observation

/// The drop-off picker: a case-insensitive search over the backend's locations, as the user types.
///
/// ``query`` binds to a search field and ``searchAfterPause()`` runs from a task keyed by it, so
/// one request goes per pause in typing; the pause sleeps on an injected clock, so a test needs
/// no real waiting. Each picker is `Identifiable`, for `.sheet(item:)`.
///
/// ```swift
/// struct DropoffPicker: View {
///     @Bindable var picker: DropoffPickerViewModel
///     let select: (Location) -> Void
///
///     var body: some View {
///         List(picker.results) { place in Button(place.name) { select(place) } }
///             .searchable(text: $picker.query)
///             .task(id: picker.query) { await picker.searchAfterPause() }
///             .overlay { if picker.isSearching { ProgressView() } }
///     }
/// }
/// ```
@MainActor
@Observable
public final class DropoffPickerViewModel: Identifiable {
    /// The text to search for, as typed; setting it does not search (``searchAfterPause()`` does).
    public var query = ""
    /// The places that match ``resultsQuery``, never the pickup.
    public private(set) var results: [Location] = []
    /// The query ``results`` answers: `nil` before the first answer. While it differs from
    /// ``query`` the list on screen is the previous one, and a key that picks from it should wait.
    public private(set) var resultsQuery: String?
    /// Whether the latest text typed is still waiting for its answer: show "Searching…", not
    /// "No places match".
    public var isSearching: Bool { resultsQuery != query }
    /// Why the last search failed; `nil` after one that worked.
    public private(set) var error: NetworkError?

    /// How long typing must pause before ``searchAfterPause()`` sends a search.
    public let pause: Duration
    private let locations: any LocationsService
    private let excluded: Location
    private let clock: any Clock<Duration>

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
    ///   - pause: how long typing must pause before a search goes; 250 ms by default.
    ///   - clock: what the pause sleeps on; tests inject one that does not wait (`RecordingClock`).
    public init(
        locations: any LocationsService, excluding pickup: Location, pause: Duration = .milliseconds(250),
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.locations = locations
        self.excluded = pickup
        self.pause = pause
        self.clock = clock
    }

    /// Waits for ``pause``, then searches ``query``: call it from `.task(id: picker.query)`, which
    /// cancels the wait of the text before when another key is typed, so only the text the user
    /// paused on is sent. Cancelled during the wait, it sends nothing and changes nothing.
    ///
    /// ```swift
    /// picker.query = "harb"
    /// await picker.searchAfterPause()  // after 250 ms: results for "harb"
    /// ```
    public func searchAfterPause() async {
        let query = query
        do {
            try await clock.sleep(for: pause)
        } catch {
            return
        }
        // A key typed as the pause ended cancels this task (or will): the text is no longer the
        // one paused on, and it must not be put back.
        guard !Task.isCancelled, query == self.query else { return }
        await fetch(query)
    }

    /// Sets ``query`` and searches it at once: the places whose name contains it, in any case, shown
    /// in ``results``. A failure empties ``results`` and sets ``error``; a search cancelled with its
    /// task changes nothing. When searches overlap, an answer to any but the latest query is
    /// dropped, whenever it arrives. As the user types, ``searchAfterPause()`` is the one to call.
    public func search(_ query: String) async {
        self.query = query
        await fetch(query)
    }

    /// Searches ``query`` again (after a failure: a Try again button): ``isSearching`` and no
    /// ``error`` until the answer comes; cancelled with its task, it puts back what was shown.
    ///
    /// ```swift
    /// if picker.error != nil { Button("Try again") { Task { await picker.retry() } } }
    /// ```
    public func retry() async {
        let (shownQuery, shownError) = (resultsQuery, error)
        (resultsQuery, error) = (nil, nil)
        await fetch(query)
        if resultsQuery == nil { (resultsQuery, error) = (shownQuery, shownError) }
    }

    /// Searches `query`, which ``query`` holds, and shows the answer if ``query`` still does.
    private func fetch(_ query: String) async {
        let found: Result<[Location], NetworkError>
        do {
            found = .success(try await locations.searchLocations(query).filter { $0.id != excluded.id }.firstOfEachID())
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
