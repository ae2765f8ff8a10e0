import Foundation
import Networking
import Testing

@testable import AppsCLI

@Suite("State and cache folders")
struct PathsTests {
    @Test func theOptionWinsOverEverything() {
        let url = Paths.stateDirectory(option: "/tmp/s", environment: ["APPS_STATE_DIR": "/a", "XDG_STATE_HOME": "/x"])
        #expect(url.path == "/tmp/s")
    }

    @Test func thenTheAppsVariable() {
        #expect(
            Paths.cacheDirectory(option: nil, environment: ["APPS_CACHE_DIR": "/a", "XDG_CACHE_HOME": "/x"]).path
                == "/a")
    }

    @Test func thenTheXDGVariableWithAnAppsFolder() {
        #expect(Paths.stateDirectory(option: nil, environment: ["XDG_STATE_HOME": "/x"]).path == "/x/apps")
    }

    @Test func aRelativeXDGVariableIsIgnoredAsTheSpecificationSays() {
        #expect(
            Paths.stateDirectory(option: nil, environment: ["XDG_STATE_HOME": "rel/state", "HOME": "/home/ann"]).path
                == "/home/ann/.local/state/apps")
    }

    @Test(arguments: ["", "relative/home"])
    func aHomeThatIsNotAnAbsolutePathComesFromTheUserDatabase(_ home: String) {
        let path = Paths.stateDirectory(option: nil, environment: ["HOME": home]).path
        #expect(path.hasPrefix("/"))
        #expect(!path.hasPrefix(FileManager.default.currentDirectoryPath + "/.local"))
        #expect(path.hasSuffix("/.local/state/apps"))
    }

    @Test func elseTheXDGDefaultUnderHome() {
        #expect(
            Paths.stateDirectory(option: nil, environment: ["HOME": "/home/ann"]).path == "/home/ann/.local/state/apps")
        #expect(Paths.cacheDirectory(option: nil, environment: ["HOME": "/home/ann"]).path == "/home/ann/.cache/apps")
    }
}

@Suite("Failure reporting")
struct FailureTests {
    @Test(arguments: [
        (NetworkErrorCase.status(401), "unauthorized", Int32(1)),
        (.status(404), "notFound", 1),
        (.status(409), "conflict", 1),
        (.status(422), "validation", 1),
        (.status(503), "unavailable", 69),
        (.refused, "unavailable", 69),
        (.undecodable, "badData", 65),
    ])
    func networkErrorsMapToKindsAndExitCodes(_ error: NetworkErrorCase, _ kind: String, _ exitCode: Int32) {
        let failure = Failure(error.error)
        #expect(failure.kind.rawValue == kind)
        #expect(failure.exitCode == exitCode)
    }

    @Test func theJSONFormHasKindAndMessage() {
        let failure = Failure(kind: .notFound, message: "No draw \"x\".")
        #expect(failure.json.serialized == #"{"error":{"kind":"notFound","message":"No draw \"x\"."}}"#)
    }
}

enum NetworkErrorCase: Sendable, CustomTestStringConvertible {
    case status(Int), refused, undecodable

    var error: NetworkError {
        switch self {
        case .status(let code): .unexpectedStatus(code, message: nil)
        case .refused: .cannotConnect(host: "127.0.0.1:1")
        case .undecodable: .undecodable(path: "draws[0]", reason: "missing key")
        }
    }

    var testDescription: String { "\(self)" }
}
