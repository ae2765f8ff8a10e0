/// Where a screen's data is: not asked for yet, on its way, here, or failed with a typed error.
///
/// Every view model that loads something publishes one, so a view switches over the same four
/// cases in every domain, and a renderer derives what to do (an exit code, a retry button) from
/// the failure's type instead of parsing a message.
///
/// A reload keeps what was loaded: while it runs (`.loading(previous:)`) and after it failed
/// (`.failed(_:previous:)`), ``value`` is still the last value, so a pulled-to-refresh list stays on
/// screen with a spinner or an error beside it. A load whose task is cancelled (a SwiftUI `.task`
/// whose view went away) puts back the state it replaced and shows no error.
///
/// ```swift
/// if let draws = model.state.value {
///     DrawList(draws: draws).refreshable { await model.load() }
/// } else if model.state.isLoading {
///     ProgressView()
/// }
/// if let error = model.state.failure {
///     Text(error.localizedDescription).foregroundStyle(.red)
/// }
/// ```
public enum LoadState<Value, Failure: Error> {
    /// Nothing asked for yet.
    case idle
    /// A load is under way; `previous` is what was loaded before it, if anything.
    case loading(previous: Value?)
    /// The load succeeded.
    case loaded(Value)
    /// The last load failed; `previous` is what was loaded before it, if anything, still good to show.
    case failed(Failure, previous: Value?)

    /// The value to show: the loaded one, or the last one loaded while a reload runs or after it failed.
    public var value: Value? {
        switch self {
        case .idle: nil
        case .loading(let previous), .failed(_, let previous): previous
        case .loaded(let value): value
        }
    }

    /// The failure, if the last load failed.
    public var failure: Failure? {
        if case .failed(let failure, _) = self { return failure }
        return nil
    }

    /// Whether a load is under way.
    public var isLoading: Bool {
        if case .loading = self { return true }
        return false
    }

    /// The state a cancelled load puts back: this one, or, when this one is a load that a newer
    /// load replaced, what that load had before it.
    var settled: LoadState {
        guard case .loading(let previous) = self else { return self }
        return previous.map { .loaded($0) } ?? .idle
    }
}

extension LoadState: Equatable where Value: Equatable, Failure: Equatable {}
extension LoadState: Sendable where Value: Sendable, Failure: Sendable {}

/// Runs a view model's loads into one of its ``LoadState`` properties, by the rules ``LoadState``
/// states: the value is kept while reloading and after a failure, a cancelled load restores the
/// state it replaced, and only the latest of overlapping loads (a pull to refresh during a load)
/// sets the state.
///
/// ```swift
/// @ObservationIgnored private let loads = Loads()
///
/// public func load() async {
///     await loads.run(\.state, on: self, failure: LottoError.init) { try await service.loadDraws() }
/// }
/// ```
@MainActor
package final class Loads {
    private var latest = 0
    /// The loads under way, oldest first.
    private var running: [Int] = []

    package init() {}

    /// - Returns: whether this load set the state when it ended (a newer load's answer, or the
    ///   state a cancelled one puts back, leaves it to that one).
    @discardableResult
    package func run<Model: AnyObject, Value, Failure: Error>(
        _ state: ReferenceWritableKeyPath<Model, LoadState<Value, Failure>>, on model: Model,
        failure: (any Error) -> Failure, _ operation: () async throws -> Value
    ) async -> Bool {
        latest += 1
        let load = latest
        running.append(load)
        defer { running.removeAll { $0 == load } }
        let before = model[keyPath: state]
        model[keyPath: state] = .loading(previous: before.value)
        do {
            let value = try await operation()
            guard load == latest else { return false }
            model[keyPath: state] = .loaded(value)
        } catch {
            guard load == latest else { return false }
            if Task.isCancelled, let older = running.last(where: { $0 != load }) {
                // The latest load was cancelled while an older one still runs: that one is the
                // latest again and sets the state when it ends (still loading until then).
                latest = older
                return false
            }
            model[keyPath: state] = Task.isCancelled ? before.settled : .failed(failure(error), previous: before.value)
        }
        return true
    }
}

/// Waits until the calling task is cancelled, then throws `CancellationError`: the answer of a
/// preview service's `stillLoading`, which keeps a screen loading for as long as it shows.
package func neverAnswer() async throws -> Never {
    while true { try await Task.sleep(for: .seconds(3600)) }
}
