import Persistence
import Testing

/// Every user-facing string of Persistence has an English value, and none names a path.
@Suite("Persistence's strings")
struct PersistenceLocalizationTests {
    @Test(arguments: [
        PersistenceError.corrupt(file: "/secret/path.json", reason: "r"),
        .readFailed(file: "/secret/path.json", reason: "r"),
        .writeFailed(file: "/secret/path.json", reason: "r"), .deleteFailed(file: "/secret/path.json", reason: "r"),
        .alreadyExists(file: "/secret/path.json"), .tooLarge(file: "/secret/path.json", limitBytes: 1024),
        .unavailableUntilUnlock(file: "/secret/path.json"),
    ])
    func everyErrorHasAValueAndNoPath(_ error: PersistenceError) {
        let text = error.localizedDescription
        #expect(!text.contains("PersistenceError.") && !text.contains("%") && !text.isEmpty, "\(text)")
        #expect(!text.contains("/secret"), "an app shows no paths: \(text)")
        #expect(!text.contains("Delete the file"))
    }
}
