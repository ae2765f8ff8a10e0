import Testing

/// Checks that an object is gone once the test lets go of it: a closure or a task that keeps its
/// owner alive (a retain cycle) makes the expectation fail. It throws only what `make` and `use`
/// throw: with neither throwing, no `try` is written.
///
/// ```swift
/// await expectReleased({ LoginPresenter(view: view, router: router, service: service) }) { presenter in
///     presenter.buttonTapped()
///     await presenter.waitForRequest()
/// }
/// ```
///
/// - Parameters:
///   - isolation: the caller's actor, so `make` and `use` run on it (the main actor for view models).
///   - make: builds the object; nothing else may keep it.
///   - use: drives it as a screen would (load, tap, navigate) before it is let go.
///   - sourceLocation: where a failure is reported; the caller's line by default.
public func expectReleased<Object: AnyObject>(
    isolation: isolated (any Actor)? = #isolation,
    _ make: () throws -> Object,
    after use: (Object) async throws -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
) async rethrows {
    weak var released: Object?
    do {
        let object = try make()
        released = object
        try await use(object)
    }
    #expect(
        released == nil, "\(Object.self) outlived the test: a closure or a task still holds it",
        sourceLocation: sourceLocation)
}

/// Checks that an object is gone once the test lets go of it, used for nothing in between: a
/// closure or a task its initialiser started that keeps it alive makes the expectation fail.
///
/// ```swift
/// await expectReleased({ LoginPresenter(service: service) })
/// ```
///
/// - Parameters:
///   - isolation: the caller's actor, so `make` runs on it (the main actor for view models).
///   - make: builds the object; nothing else may keep it.
///   - sourceLocation: where a failure is reported; the caller's line by default.
public func expectReleased<Object: AnyObject>(
    isolation: isolated (any Actor)? = #isolation,
    _ make: () throws -> Object,
    sourceLocation: SourceLocation = #_sourceLocation
) async rethrows {
    try await expectReleased(isolation: isolation, make, after: { _ in }, sourceLocation: sourceLocation)
}
