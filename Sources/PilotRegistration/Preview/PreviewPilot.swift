extension Pilot {
    /// A registered pilot for previews and tests: Amelia, with the sample PPL.
    ///
    /// ```swift
    /// #Preview {
    ///     ConfirmationScreen(model: ConfirmationViewModel(store: InMemoryValueStore.seeded(with: .sample), pilot: .sample))
    /// }
    /// ```
    public static let sample = Pilot(name: "Amelia", license: PreviewLicensesService.sampleLicenses[0])
}

extension InMemoryValueStore where Value == Pilot {
    /// A store that holds `pilot` already, as after a registration: a flow launched on it goes
    /// straight to confirmation. It cannot fail, so a preview needs no `try`.
    ///
    /// ```swift
    /// let flow = PilotRegistrationFlow(licenses: PreviewLicensesService(), store: InMemoryValueStore.seeded(with: .sample))
    /// ```
    public static func seeded(with pilot: Pilot) -> InMemoryValueStore<Pilot> {
        let store = InMemoryValueStore<Pilot>()
        // A pilot is two strings and a list of strings: encoding it cannot fail.
        try? store.create(pilot)
        return store
    }
}
