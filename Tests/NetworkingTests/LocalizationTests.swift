import Networking
import Testing

/// Every user-facing string of Networking has an English value in its Localizable.strings.
@Suite("Networking's strings")
struct NetworkingLocalizationTests {
    @Test(arguments: [
        NetworkError.cannotConnect(host: "h"), .offline, .timedOut(seconds: 3), .cancelled, .connectionLost,
        .insecureConnection(host: "h"),
        .unexpectedStatus(418, message: "m"), .unexpectedStatus(101, message: nil),
        .unexpectedStatus(302, message: nil),
        .unexpectedStatus(304, message: nil), .unexpectedStatus(0, message: nil), .unexpectedStatus(150, message: nil),
        .unexpectedStatus(250, message: nil), .unexpectedStatus(399, message: nil),
        .unexpectedStatus(599, message: nil),
        .unexpectedStatus(404, message: nil), .undecodable(path: "", reason: "r"),
        .undecodable(path: "a[1]", reason: "r"),
        .bodyTooLarge(limitBytes: 4096), .invalidRequest("r"), .badRedirect(location: "l", reason: "r"),
        .transport("r"),
    ])
    func everyErrorHasAValue(_ error: NetworkError) {
        let text = error.localizedDescription
        #expect(!text.contains("NetworkError.") && !text.contains("HTTPStatus.") && !text.contains("%"), "\(text)")
        #expect(!text.isEmpty)
    }

    /// A library's words are for an app's user: no command-line options.
    @Test func noErrorNamesACommandLineOption() {
        #expect(
            NetworkError.timedOut(seconds: 3).localizedDescription == "The server did not answer within 3 s. Try again."
        )
    }
}
