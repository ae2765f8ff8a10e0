/// Where a screen's data is: not asked for yet, on its way, here, or failed with a typed error.
///
/// Every view model that loads something publishes one, so a view switches over the same four
/// cases in every domain, and a renderer derives what to do (an exit code, a retry button) from
/// the failure's type instead of parsing a message:
///
/// ```swift
/// switch model.state {
/// case .idle, .loading: ProgressView()
/// case .loaded(let draws): DrawList(draws: draws)
/// case .failed(let error): ContentUnavailableView(error.localizedDescription, systemImage: "wifi.slash")
/// }
/// ```
public enum LoadState<Value, Failure: Error> {
    case idle
    case loading
    case loaded(Value)
    case failed(Failure)

    /// The loaded value, if there is one.
    public var value: Value? {
        if case .loaded(let value) = self { return value }
        return nil
    }

    /// The failure, if the load failed.
    public var failure: Failure? {
        if case .failed(let failure) = self { return failure }
        return nil
    }

    /// Whether a load is under way.
    public var isLoading: Bool {
        if case .loading = self { return true }
        return false
    }
}

extension LoadState: Equatable where Value: Equatable, Failure: Equatable {}
extension LoadState: Sendable where Value: Sendable, Failure: Sendable {}
