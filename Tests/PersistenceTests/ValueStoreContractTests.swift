import Foundation
import Persistence
import TestSupport
import Testing

/// The implementations the contract runs against; the keychain store through the fake keychain.
enum StoreSubject: String, CaseIterable, CustomTestStringConvertible {
    case file, memory, keychain

    var testDescription: String { rawValue }

    func withStore(_ body: (any ValueStore<StoredSample>) async throws -> Void) async throws {
        switch self {
        case .file:
            try await withTemporaryDirectory { directory in
                try await body(
                    FileValueStore<StoredSample>(fileURL: directory.appendingPathComponent("state/sample.json")))
            }
        case .memory:
            try await body(InMemoryValueStore<StoredSample>())
        case .keychain:
            try await body(KeychainValueStore<StoredSample>(service: "tests", account: "sample", items: KeychainFake()))
        }
    }
}

@Suite("ValueStore contract")
struct ValueStoreContractTests {
    @Test(arguments: StoreSubject.allCases)
    func startsEmpty(_ subject: StoreSubject) async throws {
        try await subject.withStore { try ValueStoreContract.startsEmpty($0) }
    }

    @Test(arguments: StoreSubject.allCases)
    func loadsWhatWasSaved(_ subject: StoreSubject) async throws {
        try await subject.withStore { try ValueStoreContract.loadsWhatWasSaved($0) }
    }

    @Test(arguments: StoreSubject.allCases)
    func aSaveReplacesTheValue(_ subject: StoreSubject) async throws {
        try await subject.withStore { try ValueStoreContract.aSaveReplacesTheValue($0) }
    }

    @Test(arguments: StoreSubject.allCases)
    func deleteForgetsTheValueAndMayRepeat(_ subject: StoreSubject) async throws {
        try await subject.withStore { try ValueStoreContract.deleteForgetsTheValueAndMayRepeat($0) }
    }

    @Test(arguments: StoreSubject.allCases)
    func aFailedSaveKeepsThePreviousValue(_ subject: StoreSubject) async throws {
        try await subject.withStore { try ValueStoreContract.aFailedSaveKeepsThePreviousValue($0) }
    }

    @Test(arguments: StoreSubject.allCases)
    func createSavesOnlyWhenNothingIsStored(_ subject: StoreSubject) async throws {
        try await subject.withStore { try ValueStoreContract.createSavesOnlyWhenNothingIsStored($0) }
    }

    @Test(arguments: StoreSubject.allCases)
    func concurrentCreatesLetExactlyOneWin(_ subject: StoreSubject) async throws {
        try await subject.withStore { try await ValueStoreContract.concurrentCreatesLetExactlyOneWin($0) }
    }

    @Test(arguments: StoreSubject.allCases)
    func concurrentSavesLeaveOneCompleteValue(_ subject: StoreSubject) async throws {
        try await subject.withStore { try await ValueStoreContract.concurrentSavesLeaveOneCompleteValue($0) }
    }
}

@Suite("FileValueStore")
struct FileValueStoreTests {
    func withSUT(_ body: (FileValueStore<StoredSample>, URL) async throws -> Void) async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("nested/state/sample.json")
            try await body(FileValueStore(fileURL: url), url)
        }
    }

    @Test func theFileIsOwnerOnlyInAnOwnerOnlyFolder() async throws {
        try await withSUT { store, url in
            try store.save(StoredSample(name: "Ann"))
            let file = try FileManager.default.attributesOfItem(atPath: url.path)
            let folder = try FileManager.default.attributesOfItem(atPath: url.deletingLastPathComponent().path)
            #expect((file[.posixPermissions] as? NSNumber)?.intValue == 0o600)
            #expect((folder[.posixPermissions] as? NSNumber)?.intValue == 0o700)
        }
    }

    @Test func aCorruptFileIsATypedErrorNamingTheFile() async throws {
        try await withSUT { store, url in
            try store.save(StoredSample(name: "Ann"))
            try Data("{\"name\": \"An".utf8).write(to: url)
            #expect(throws: PersistenceError.corrupt(file: url.path, reason: "not valid JSON")) { try store.load() }
        }
    }

    @Test func aFileOfTheWrongShapeIsCorrupt() async throws {
        try await withSUT { store, url in
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(#"{"name": "Ann"}"#.utf8).write(to: url)
            #expect(throws: PersistenceError.corrupt(file: url.path, reason: #"missing "numbers""#)) {
                try store.load()
            }
        }
    }

    @Test func noTemporaryFilesAreLeftBehind() async throws {
        try await withSUT { store, url in
            try store.save(StoredSample(name: "one"))
            _ = try? store.save(StoredSample(name: "two", failsToEncode: true))
            try store.save(StoredSample(name: "three"))
            let names = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
            #expect(names == ["sample.json"])
        }
    }

    @Test func aFileLargerThanTheCapIsRefusedBeforeItIsRead() async throws {
        try await withSUT { store, url in
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            // A sparse 2 GiB file: nothing is written, and reading it whole would take gigabytes.
            #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
            let handle = try FileHandle(forWritingTo: url)
            try handle.truncate(atOffset: 2 << 30)
            try handle.close()
            #expect(throws: PersistenceError.tooLarge(file: url.path, limitBytes: store.maximumBytes)) {
                try store.load()
            }
        }
    }

    @Test func aFolderThatIsAFileIsAReadErrorNamingThePath() async throws {
        try await withTemporaryDirectory { directory in
            let notAFolder = directory.appendingPathComponent("state")
            try Data("x".utf8).write(to: notAFolder)
            let store = FileValueStore<StoredSample>(fileURL: notAFolder.appendingPathComponent("sample.json"))
            let error = #expect(throws: PersistenceError.self) { try store.load() }
            guard case .readFailed(let file, let reason) = error else {
                Issue.record("\(String(describing: error))")
                return
            }
            #expect(file == notAFolder.appendingPathComponent("sample.json").path)
            #expect(reason.contains("Not a directory"))
        }
    }

    @Test func aDirectoryInThePlaceOfTheFileIsAReadError() async throws {
        try await withSUT { store, url in
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            #expect(throws: PersistenceError.self) { try store.load() }
        }
    }
}

/// The keychain store's own behaviour, through the fake: the calls it makes and what each answer
/// becomes. The Security calls themselves (SystemKeychain) are compiled on Apple platforms only.
@Suite("Keychain store")
struct KeychainValueStoreTests {
    let keychain = KeychainFake()
    var store: KeychainValueStore<StoredSample> {
        KeychainValueStore(service: "com.example.app", account: "session", items: keychain)
    }

    @Test func aSaveAddsTheItemThenUpdatesIt() throws {
        try store.save(StoredSample(name: "one"))
        try store.save(StoredSample(name: "two"))
        #expect(try store.load() == StoredSample(name: "two"))
        #expect(keychain.data(service: "com.example.app", account: "session") != nil)
        #expect(keychain.data(service: "com.example.app", account: "other") == nil)
    }

    @Test func beforeFirstUnlockAReadIsATypedErrorAnAppCanWaitOut() throws {
        try store.save(StoredSample(name: "kept"))
        keychain.isLocked = true
        #expect(throws: PersistenceError.unavailableUntilUnlock(file: "keychain com.example.app/session")) {
            try store.load()
        }
        #expect(throws: PersistenceError.self) { try store.save(StoredSample(name: "new")) }
        keychain.isLocked = false
        #expect(try store.load() == StoredSample(name: "kept"), "nothing was lost while locked")
    }

    @Test func aCreateOverAnItemIsAlreadyExists() throws {
        try store.create(StoredSample(name: "first"))
        #expect(throws: PersistenceError.alreadyExists(file: "keychain com.example.app/session")) {
            try store.create(StoredSample(name: "second"))
        }
    }

    @Test func damagedItemDataIsCorruptNotACrash() throws {
        try keychain.add(Data("{ not json".utf8), service: "com.example.app", account: "session")
        #expect {
            try store.load()
        } throws: { error in
            if case .corrupt = error as? PersistenceError { true } else { false }
        }
    }

    @Test func deletingNothingIsNotAnError() throws {
        try store.delete()
        try store.save(StoredSample(name: "x"))
        try store.delete()
        #expect(try store.load() == nil)
    }

    @Test func theErrorsNameTheItemNotAPath() {
        #expect(
            !PersistenceError.unavailableUntilUnlock(file: "keychain a/b").localizedDescription.contains("keychain"))
    }
}
