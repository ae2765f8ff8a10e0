import Foundation
import HTTPTypes
import StubEngine
import Testing

@testable import Fixtures

/// A backend read from a folder whose `mappings/` holds `files` (name: text); the folder is
/// removed once read.
func backend(mappings files: [String: String]) throws -> FixtureBackend {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("folder-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let mappings = root.appendingPathComponent("mappings")
    try FileManager.default.createDirectory(at: mappings, withIntermediateDirectories: true)
    for (name, text) in files { try Data(text.utf8).write(to: mappings.appendingPathComponent(name)) }
    return try FixtureBackend(configuration: .init(rootDirectory: root))
}

@Suite("Mapping files as WireMock reads them")
struct JacksonFilesTests {
    @Test func commentsAndWhatFollowsTheFirstValueAreLeftOut() throws {
        let text = """
            // the team's stub
            {
              "request": { "url": "/a//b", "method": "GET" }, /* the answer: */
              "response": { "status": 200, "body": "// not a comment" }
            }
            }
            """
        let (kept, leftOut) = JSONValue.jacksonText(Data(text.utf8))
        let value = try #require(JSONValue.parse(Data(kept)))
        guard case .object(let members) = value, case .object(let request)? = members["request"],
            case .object(let response)? = members["response"]
        else {
            Issue.record("\(value)")
            return
        }
        #expect(request["url"] == .string("/a//b"))
        #expect(response["body"] == .string("// not a comment"))
        #expect(leftOut == "comments and 1 bytes after the first value")
        #expect(JSONValue.jacksonText(Data("{} ".utf8)).leftOut == nil)
    }

    @Test func aFolderWithSuchFilesStartsAndSaysWhatItLeftOut() throws {
        let backend = try backend(mappings: [
            "ping.json": "// health\n{\"request\": {\"urlPath\": \"/ping\"}, \"response\": {\"status\": 204}}\n}\n"
        ])
        #expect(backend.stubs.mappings.count == 1)
        #expect(backend.folderWarnings.contains { $0.contains("mappings/ping.json: read as WireMock reads it") })
    }
}

@Suite("Matchers naming two operators in a folder")
struct TwoOperatorFolderTests {
    @Test func theFirstWrittenIsReadAndTheOthersAreNamedInAWarning() throws {
        let stubs = #"""
            {"mappings": [
              {"request": {"method": "POST", "url": "/a"}},
              {"request": {"method": "POST", "url": "/b",
                           "bodyPatterns": [{"matchesJsonPath": "$.a", "contains": "zzz", "equalTo": "q"}]}}
            ]}
            """#
        let backend = try backend(mappings: ["defra.json": stubs])
        #expect(backend.stubs.mappings.count == 2)
        #expect(
            backend.folderWarnings.contains(
                "mappings/defra.json: mappings[1].request.bodyPatterns[0]: equalTo and contains read past, "
                    + "as WireMock reads a matcher by the operator written first (matchesJsonPath)."))
        let request = HTTPRequest(method: .post, scheme: "http", authority: "x", path: "/b")
        #expect(backend.stubs.match(request, body: Data(#"{"a": 1}"#.utf8)).stub != nil)
    }
}

@Suite("Templates WireMock cannot read")
struct UnreadableTemplateFolderTests {
    /// `{"age":{{jsonPath …}}}}` renders here; WireMock 2.35.1 answers 500 (Handlebars reads `}}}}`
    /// as a raw block's end). Found in a public folder: the warning names the field.
    @Test func aTemplateWithFourClosingBracesIsServedAndNamedInAWarning() throws {
        let stub = #"""
            {"request": {"method": "PUT", "urlPath": "/k"},
             "response": {"body": "{\"k\":{\"age\":{{jsonPath request.body '$.age'}}}}",
                          "transformers": ["response-template"]}}
            """#
        let backend = try backend(mappings: ["k.json": stub])
        #expect(backend.stubs.mappings.count == 1)
        #expect(
            backend.folderWarnings.contains(
                "mappings/k.json: response.body: WireMock's Handlebars reads }}}} as the end of a raw block and "
                    + "answers 500; this server reads it as }} and }}; a space between them is read alike by both."))
    }
}

/// `apps serve --no-backends`: a team's folder is the whole server, as WireMock serves it.
@Suite("The folder as the whole server")
struct NoBackendsTests {
    func backend(embedded: Bool, stubs: [String]) throws -> FixtureBackend {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bare-\(UUID().uuidString)")
        let mappings = root.appendingPathComponent("mappings")
        try FileManager.default.createDirectory(at: mappings, withIntermediateDirectories: true)
        for (index, stub) in stubs.enumerated() {
            try Data(stub.utf8).write(to: mappings.appendingPathComponent("\(index).json"))
        }
        var configuration = FixtureBackend.Configuration(rootDirectory: root)
        configuration.embeddedBackends = embedded
        defer { try? FileManager.default.removeItem(at: root) }
        return try FixtureBackend(configuration: configuration)
    }

    /// A team's own stub on a path an embedded backend documents, which its contract refused.
    static let health = #"{"request": {"method": "GET", "urlPath": "/lotto/draws"}, "response": {"status": 418}}"#

    @Test func aTeamsStubOnAnEmbeddedPathLoadsAndNothingElseAnswers() throws {
        #expect(throws: StubFolder.LoadError.self) { try backend(embedded: true, stubs: [Self.health]) }
        let bare = try backend(embedded: false, stubs: [Self.health])
        #expect(bare.stubs.mappings.count == 1)
        #expect(bare.ownScenarios.isEmpty)
        let lotto = HTTPRequest(method: .get, scheme: "http", authority: "x", path: "/lotto/tickets")
        #expect(!bare.hasRoute(for: lotto))
        #expect(bare.handle(lotto, body: nil).0.status == .notFound)
    }
}
