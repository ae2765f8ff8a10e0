import Fixtures
import Foundation
import HTTPTypes
import Testing

/// `apps serve --data DIR`: a folder laid out like Fixtures/Data replaces the files it has, each
/// checked first, with errors naming the file and the field.
@Suite("A data folder")
final class DataDirectoryTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("fixtures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }

    func write(_ data: Data, to path: String) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    func backend() throws -> FixtureBackend {
        try FixtureBackend(configuration: .init(dataDirectory: folder))
    }

    func get(_ backend: FixtureBackend, _ path: String) -> (HTTPResponse, Data) {
        backend.send(.get, path)
    }

    static let draw = #"""
        {"draws":[{"id":"draw-77","drawDate":"2024-01-06","number1":"1","number2":"2","number3":"3","number4":"4",
        "number5":"5","number6":"6","bonus-ball":"7","topPrize":100}]}
        """#

    @Test func theFilesPresentReplaceTheBuiltInOnesAndTheRestStay() throws {
        try write(Self.draw, to: "lotto/draws.json")
        try write(Data([0xFF, 0xD8, 0xFF, 0xD9]), to: "listings/images/new-hat.jpg")
        let backend = try backend()
        #expect(String(decoding: get(backend, "/lotto/draws").1, as: UTF8.self) == Self.draw)
        #expect(get(backend, "/listings/image/new-hat.jpg").0.status == .ok)
        #expect(get(backend, "/listings/image/shirt-blue.jpg").0.status == .ok)
        #expect(get(backend, "/lotto/tickets").0.status == .ok)
    }

    @Test(arguments: [
        (#"{"draws":[{"id":"draw-1","drawDate":"2024-01-06","number1":1}]}"#, "draws[0].number1 is not a string."),
        (#"{"draws":[{"id":"draw-1"}]}"#, #"draws[0] has no field "drawDate"."#),
        (#"{"draws":["#, "not valid JSON."),
        (#"{"results":[]}"#, #"the file has no field "draws"."#),
    ])
    func aBrokenFileIsRefusedNamingTheFileAndTheField(_ text: String, _ reason: String) throws {
        try write(text, to: "lotto/draws.json")
        #expect(throws: FixtureDataError.invalid(file: "lotto/draws.json", reason: reason)) { try backend() }
    }

    @Test func aFileOutsideTheLayoutIsRefusedWithTheLayout() throws {
        try write("{}", to: "koober/location.json")
        do {
            _ = try backend()
            Issue.record("no error")
        } catch {
            #expect(error.localizedDescription.hasPrefix("koober/location.json: not a fixture file. The files are"))
            #expect(error.localizedDescription.contains("koober/locations.json"))
        }
    }

    @Test func anImageThatIsNotAJPEGIsRefused() throws {
        try write("<html>", to: "listings/images/hat.jpg")
        #expect(throws: FixtureDataError.self) { try backend() }
    }

    @Test func hiddenFilesAreSkipped() throws {
        try write("junk", to: ".DS_Store")
        #expect(get(try backend(), "/lotto/draws").0.status == .ok)
    }

    @Test func aMissingFolderIsUnreadable() {
        let missing = folder.appendingPathComponent("nope")
        #expect(throws: FixtureDataError.unreadable(missing.path)) {
            try FixtureBackend(configuration: .init(dataDirectory: missing))
        }
    }
}
