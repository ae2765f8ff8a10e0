import Foundation
import Testing

@testable import Persistence

/// The platform-neutral part of what FileValueStore does on Apple platforms.
@Suite("File store, platform logic")
struct FileStorePlatformTests {
    /// Data protection refuses a read before first unlock with EPERM: an app can wait for the
    /// unlock, and its user is never shown a container path.
    @Test func aReadRefusedBeforeFirstUnlockIsTypedAndNamesNoPath() {
        let error = FileValueStore<String>.openFailure(errno: EPERM, file: "/var/mobile/Containers/x/session.json")
        #expect(error == .unavailableUntilUnlock(file: "/var/mobile/Containers/x/session.json"))
        #expect(!error.localizedDescription.contains("/var/mobile"))
    }

    @Test func otherOpenFailuresStayReadFailures() {
        guard case .readFailed = FileValueStore<String>.openFailure(errno: EACCES, file: "f") else {
            Issue.record("EACCES is a permission problem, not the lock")
            return
        }
    }

    @Test func theDefaultsAreReadableAfterFirstUnlockAndBackedUp() throws {
        let store = FileValueStore<String>(fileURL: URL(fileURLWithPath: "/tmp/x.json"))
        #expect(store.protection == .completeUntilFirstUserAuthentication)
        #expect(!store.isExcludedFromBackup)
        try withTemporaryFolder { folder in
            let excluded = FileValueStore<String>(
                fileURL: folder.appendingPathComponent("a.json"), protection: .complete, isExcludedFromBackup: true)
            try excluded.save("kept")
            #expect(try excluded.load() == "kept", "the attributes never stop a save on Linux")
        }
    }

    private func withTemporaryFolder(_ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("platform-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }
}
