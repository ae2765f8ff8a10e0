import Testing

/// Checks that an object is gone once the test lets go of it: a closure or a task that keeps its
/// owner alive (a retain cycle) makes the expectation fail.
///
/// ```swift
/// await expectReleased({ LoginPresenter(view: view, router: router, service: service) }) { presenter in
///     presenter.buttonTapped()
///     await presenter.waitForRequest()
/// }
/// ```
///
/// - Parameters:
///   - make: builds the object; nothing else may keep it.
///   - use: drives it as a screen would (load, tap, navigate) before it is let go.
public func expectReleased<Object: AnyObject>(
    isolation: isolated (any Actor)? = #isolation,
    _ make: () throws -> Object,
    after use: (Object) async throws -> Void = { _ in },
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
