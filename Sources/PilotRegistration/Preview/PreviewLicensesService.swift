/// Licenses answered in memory, with no network: for SwiftUI previews and an app's tests.
///
/// ```swift
/// #Preview {
///     RegistrationForm(form: RegistrationViewModel(
///         licenses: PreviewLicensesService(), store: InMemoryValueStore<Pilot>()))
/// }
/// ```
public struct PreviewLicensesService: LicensesService {
    /// The licenses ``loadLicenses()`` answers.
    public var licenses: [License]
    /// When set, loading fails with it, to preview an error screen.
    public var failure: NetworkError?

    /// Creates a ``PreviewLicensesService``.
    ///
    /// - Parameters:
    ///   - licenses: the licenses to answer; PPL, ATPL and MPL by default.
    ///   - failure: when set, loading fails with it.
    public init(licenses: [License] = PreviewLicensesService.sampleLicenses, failure: NetworkError? = nil) {
        self.licenses = licenses
        self.failure = failure
    }

    /// A load that never answers, until its task is cancelled: to preview the form while its
    /// licenses load.
    ///
    /// ```swift
    /// #Preview("Loading") {
    ///     RegistrationForm(form: RegistrationViewModel(licenses: PreviewLicensesService.stillLoading, store: InMemoryValueStore<Pilot>()))
    /// }
    /// ```
    public static let stillLoading: PreviewLicensesService = {
        var service = PreviewLicensesService()
        service.answers = false
        return service
    }()

    private var answers = true

    /// The licenses, or ``failure``.
    public func loadLicenses() async throws -> [License] {
        if !answers { try await neverAnswer() }
        if let failure { throw failure }
        return licenses
    }

    /// PPL, ATPL and MPL with their aircraft, as the fixture backend has them.
    public static let sampleLicenses = [
        License(type: "PPL", aircraft: ["C152", "C172", "D40A"]),
        License(type: "ATPL", aircraft: ["B737", "A380", "B747"]),
        License(type: "MPL", aircraft: ["A321", "A300", "B717"]),
    ]
}
