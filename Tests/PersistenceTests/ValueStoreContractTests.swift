import Foundation
import Persistence
import TestSupport
import Testing

/// The two implementations the contract runs against.
enum StoreSubject: String, CaseIterable, CustomTestStringConvertible {
    case file, memory

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
