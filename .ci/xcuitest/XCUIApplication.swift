// XCUIApplication's interface as far as the samples use it, for machines without XCTest's UI
// testing (every Linux machine): `.ci/samples` appends it to a UI test sample there, so the sample
// is type-checked as written. The signatures are Xcode's (XCTest UI types are main-actor bound).

@MainActor
open class XCUIElement {
    public var exists: Bool { false }
    public func waitForExistence(timeout: Double) -> Bool { false }
    public func tap() {}
}

@MainActor
open class XCUIElementQuery {
    public subscript(_ identifier: String) -> XCUIElement { XCUIElement() }
}

@MainActor
open class XCUIApplication: XCUIElement {
    public override init() {}
    public var launchEnvironment: [String: String] = [:]
    public var launchArguments: [String] = []
    public func launch() {}
    public var staticTexts: XCUIElementQuery { XCUIElementQuery() }
    public var buttons: XCUIElementQuery { XCUIElementQuery() }
}
