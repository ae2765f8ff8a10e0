import Foundation
import HTTPTypes

/// The stub mappings of one backend (or one sandbox), WireMock's way: the best match answers
/// (lowest `priority` first, the newest of equal priority), a stub with a scenario matches only in
/// its state and may move it, and `reset()` goes back to the folder's mappings (``initial``).
///
/// Pure: a request in, the stub that answers out. The server applies its delay and fault.
package final class StubStore: Sendable {
    /// The most stubs one world (the server's, or a sandbox's) keeps; more are refused.
    package static let maximumCount = 10_000
    /// The most bytes of memory one world's stubs keep by default (``StubMapping/size``).
    package static let defaultByteCapacity = 128 << 20
    /// This store's bound: ``maximumCount`` but in tests.
    private let capacity: Int
    /// The most bytes of stubs this world keeps.
    package let byteCapacity: Int
    /// What every world of the server holds together; `nil` for a store on its own.
    package let ledger: ByteLedger?

    private struct State {
        /// In the order they are tried.
        var mappings: [StubMapping] = []
        /// Each mapping's order of arrival, for "the newest of equal priority".
        var arrivals: [String: Int] = [:]
        var nextArrival = 0
        /// The bytes each stub added (not one the server started with) holds in the ledger.
        var charged: [String: Int] = [:]
        /// Scenarios not in `Started`.
        var scenarioStates: [String: String] = [:]
        /// For each exact path as sent (`urlPath`, or `url` without its query), the places of its stubs;
        /// and the places of the stubs without one (patterns, no URL). Made again after a change.
        var byPath: [String: [Int]] = [:]
        var anyPath: [Int] = []
        /// Whether a stub has a pattern that can be slow: a regular expression or JSON.
        var hasCostlyMatchers = false

        mutating func reindex() {
            byPath = [:]
            anyPath = []
            hasCostlyMatchers = mappings.contains { $0.request.isCostly }
            for (index, mapping) in mappings.enumerated() {
                if let path = mapping.request.exactPath {
                    byPath[path, default: []].append(index)
                } else {
                    anyPath.append(index)
                }
            }
        }

        /// The places of the stubs that may match `path`, in the order they are tried.
        func candidates(for path: String) -> [Int] {
            let exact = byPath[path] ?? []
            guard !anyPath.isEmpty else { return exact }
            guard !exact.isEmpty else { return anyPath }
            return (exact + anyPath).sorted()
        }
    }

    private let state = Locked(State())
    private let globalSettings = Locked(StubSettings())

    /// WireMock's global settings (`/__admin/settings`), which a reset leaves as they are.
    package var settings: StubSettings {
        get { globalSettings.withLock { $0 } }
        set { globalSettings.withLock { $0 = newValue } }
    }
    /// The mappings of the folder (`--root-dir`) as last read, which a reset brings back.
    package var initial: [StubMapping] {
        get { folderMappings.withLock { $0 } }
        set { folderMappings.withLock { $0 = newValue } }
    }
    private let folderMappings: Locked<[StubMapping]>
    /// Where `bodyFileName` is read from.
    package let files: URL?

    package init(
        initial: [StubMapping] = [], files: URL? = nil, capacity: Int = StubStore.maximumCount,
        byteCapacity: Int = StubStore.defaultByteCapacity, ledger: ByteLedger? = nil
    ) {
        self.folderMappings = Locked(initial)
        self.files = files
        self.capacity = capacity
        self.byteCapacity = byteCapacity
        self.ledger = ledger
        reset()
    }

    /// Whether a stub has a pattern that can be slow (a regular expression, JSON): matching then
    /// runs off Swift's cooperative pool.
    package var hasCostlyMatchers: Bool {
        state.withLock { $0.hasCostlyMatchers }
    }

    /// Every mapping, newest first as WireMock lists them.
    package var mappings: [StubMapping] {
        state.withLock { state in
            state.mappings.sorted { state.arrivals[$0.id, default: 0] > state.arrivals[$1.id, default: 0] }
        }
    }

    package func mapping(id: String) -> StubMapping? {
        state.withLock { $0.mappings.first { $0.id == id } }
    }

    /// Adds `mapping`, replacing one with the same id.
    package func add(_ mapping: StubMapping) throws(StubError) {
        try add([mapping])
    }

    /// Adds every mapping or none. Refused (`507`) when the world would keep more than its stubs'
    /// count or bytes allow, or the server more than its ledger.
    package func add(_ mappings: [StubMapping]) throws(StubError) {
        let bytes = mappings.reduce(0) { $0 + $1.size }
        // Reserved before this store's lock: reclaiming may empty another world's store.
        if let ledger, !ledger.reserve(bytes) { throw Self.overLedger(ledger) }
        let (refused, freed): (StubError?, Int) = state.withLock { state in
            let replaced = Set(mappings.map(\.id))
            let kept = state.mappings.filter { !replaced.contains($0.id) }
            guard kept.count + mappings.count <= capacity else {
                return (
                    StubError(
                        status: 507, message: "A world (the server, or a sandbox) keeps at most \(capacity) stubs."),
                    bytes
                )
            }
            let freed = replaced.reduce(0) { $0 + (state.charged[$1] ?? 0) }
            let held = state.charged.values.reduce(0, +) - freed
            guard held + bytes <= byteCapacity else {
                return (
                    StubError(
                        status: 507,
                        message:
                            "A world (the server, or a sandbox) keeps at most \(byteCount(byteCapacity)) of stubs."
                    ),
                    bytes
                )
            }
            state.mappings = kept
            for id in replaced { state.charged[id] = nil }
            for mapping in mappings {
                Self.insert(mapping, into: &state)
                state.charged[mapping.id] = mapping.size
            }
            state.reindex()
            return (nil, freed)
        }
        ledger?.release(freed)
        if let refused { throw refused }
    }

    private static func overLedger(_ ledger: ByteLedger) -> StubError {
        StubError(
            status: 507,
            message: "The server's stubs would take more than \(byteCount(ledger.limit)), its budget for stubs: "
                + "remove stubs or sandboxes first.")
    }

    /// Replaces the mapping `id` (keeping its place among equals); `false` when there is none.
    package func replace(id: String, with mapping: StubMapping) throws(StubError) -> Bool {
        if let ledger, !ledger.reserve(mapping.size) { throw Self.overLedger(ledger) }
        let (replaced, freed) = state.withLock { state in
            guard let index = state.mappings.firstIndex(where: { $0.id == id }) else { return (false, mapping.size) }
            let arrival = state.arrivals[id]
            state.mappings.remove(at: index)
            state.arrivals[id] = nil
            let freed = state.charged[id] ?? 0
            state.charged[id] = nil
            Self.insert(mapping, into: &state, arrival: arrival)
            state.charged[mapping.id] = mapping.size
            state.reindex()
            return (true, freed)
        }
        ledger?.release(freed)
        return replaced
    }

    /// Removes the mapping `id`; `false` when there is none.
    package func remove(id: String) -> Bool {
        let (removed, freed) = state.withLock { state in
            guard let index = state.mappings.firstIndex(where: { $0.id == id }) else { return (false, 0) }
            state.mappings.remove(at: index)
            state.arrivals[id] = nil
            let freed = state.charged[id] ?? 0
            state.charged[id] = nil
            state.reindex()
            return (true, freed)
        }
        ledger?.release(freed)
        return removed
    }

    /// Removes every mapping, the initial ones too (WireMock's `DELETE /__admin/mappings`).
    package func removeAll() {
        let freed = state.withLock { state in
            defer { state = State(scenarioStates: state.scenarioStates) }
            return state.charged.values.reduce(0, +)
        }
        ledger?.release(freed)
    }

    /// Back to the folder's mappings (``initial``), every scenario in `Started`.
    package func reset() {
        let freed = state.withLock { state in
            let freed = state.charged.values.reduce(0, +)
            state = State()
            for mapping in initial { Self.insert(mapping, into: &state) }
            state.reindex()
            return freed
        }
        ledger?.release(freed)
    }

    private static func insert(_ mapping: StubMapping, into state: inout State, arrival: Int? = nil) {
        let order = arrival ?? state.nextArrival
        if arrival == nil { state.nextArrival += 1 }
        state.arrivals[mapping.id] = order
        // After every mapping tried before it (a lower priority number, or the same and newer);
        // the mappings are in that order, so the place is found by halving.
        var (low, high) = (0, state.mappings.count)
        while low < high {
            let middle = (low + high) / 2
            let other = state.mappings[middle]
            let triedBefore =
                other.priority < mapping.priority
                || (other.priority == mapping.priority && state.arrivals[other.id, default: 0] > order)
            if triedBefore { low = middle + 1 } else { high = middle }
        }
        let index = low
        state.mappings.insert(mapping, at: index)
    }

    // MARK: Matching

    /// What matching a request found.
    package enum Match {
        /// The stub that answers, its scenario moved on.
        case stub(StubMapping)
        /// No stub matches.
        case none
        /// Matching ran out of its budget before it was done: the request is answered as if no
        /// stub matched, and the journal says why.
        case budgetSpent(Duration)

        /// The stub that answers, if one does.
        package var stub: StubMapping? {
            if case .stub(let mapping) = self { mapping } else { nil }
        }
    }

    /// The stub that answers `request` with `body`, its scenario moved on.
    package func match(_ request: HTTPRequest, body: Data, budget: MatchBudget = MatchBudget()) -> Match {
        match(ParsedRequest(request, body: body, budget: budget))
    }

    /// The stub that answers `context`, its scenario moved on. The candidates are taken under the
    /// lock and compared outside it, so a slow pattern holds no other request; a scenario move is
    /// checked again when it is made, and matching starts over if another request moved it first.
    package func match(_ context: ParsedRequest) -> Match {
        let budget = context.budget
        budget.resume()
        while true {
            // Only the stubs of the request's path and those without one.
            let (candidates, scenarioStates) = state.withLock { state in
                (state.candidates(for: context.rawPath).map { state.mappings[$0] }, state.scenarioStates)
            }
            var chosen: StubMapping?
            for mapping in candidates {
                if budget.isSpent { return .budgetSpent(budget.allowance) }
                if let scenario = mapping.scenarioName, let required = mapping.requiredScenarioState,
                    (scenarioStates[scenario] ?? StubMapping.startedState) != required
                {
                    continue
                }
                if mapping.request.evaluate(context).isMatch {
                    context.pathParameters = mapping.request.pathParameters(of: context)
                    chosen = mapping
                    break
                }
            }
            if budget.isSpent { return .budgetSpent(budget.allowance) }
            guard let chosen else { return .none }
            let taken = state.withLock { state in
                if let scenario = chosen.scenarioName {
                    let now = state.scenarioStates[scenario] ?? StubMapping.startedState
                    if let required = chosen.requiredScenarioState, now != required { return false }
                    if let next = chosen.newScenarioState { state.scenarioStates[scenario] = next }
                }
                return true
            }
            if taken { return .stub(chosen) }
        }
    }

    /// For a request nothing served: the stubs closest to it, nearest first, each with what
    /// differs. Patterns draw on the context's budget; the stubs not compared when it is spent are
    /// left out.
    package func nearMisses(_ context: ParsedRequest, limit: Int = 3) -> [NearMiss] {
        nearMissEvaluations(context, limit: limit).map {
            NearMiss(name: $0.0.id, difference: $0.1.description, distance: $0.1.distance)
        }
    }

    /// The stubs closest to `context`, nearest first, each with its evaluation.
    package func nearMissEvaluations(_ context: ParsedRequest, limit: Int = 3) -> [(StubMapping, Evaluation)] {
        let candidates = state.withLock { $0.mappings }
        context.budget.resume()
        var misses: [(StubMapping, Evaluation)] = []
        for mapping in candidates where !context.budget.isSpent {
            let evaluation = mapping.request.evaluate(context, thorough: true)
            if !evaluation.isMatch { misses.append((mapping, evaluation)) }
        }
        return Array(misses.sorted { $0.1.distance < $1.1.distance }.prefix(limit))
    }

    // MARK: Scenarios

    /// Each stub scenario: its state and the states its mappings name.
    package var scenarios: [(name: String, state: String, possibleStates: [String])] {
        state.withLock { state in
            var possible: [String: [String]] = [:]
            for mapping in state.mappings {
                guard let name = mapping.scenarioName else { continue }
                for value in [StubMapping.startedState, mapping.requiredScenarioState, mapping.newScenarioState]
                    .compactMap({ $0 }) where !(possible[name]?.contains(value) ?? false)
                {
                    possible[name, default: []].append(value)
                }
            }
            return possible.keys.sorted().map { name in
                (name, state.scenarioStates[name] ?? StubMapping.startedState, possible[name] ?? [])
            }
        }
    }

    /// What setting a stub scenario's state came to.
    package enum StateChange: Equatable {
        case done
        /// No stub has the scenario.
        case unknownScenario
        /// None of its stubs names the state; these are the ones they name.
        case unknownState(possible: [String])
    }

    /// Puts the stub scenario `name` in `value`, one of the states its stubs name (`Started` among
    /// them), as WireMock does.
    package func setState(_ value: String, of name: String) -> StateChange {
        guard let scenario = scenarios.first(where: { $0.name == name }) else { return .unknownScenario }
        guard scenario.possibleStates.contains(value) else { return .unknownState(possible: scenario.possibleStates) }
        state.withLock { $0.scenarioStates[name] = value }
        return .done
    }

    /// Every stub scenario back in `Started`.
    package func resetScenarios() {
        state.withLock { $0.scenarioStates = [:] }
    }
}
