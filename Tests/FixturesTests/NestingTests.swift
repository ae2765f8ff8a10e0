import Foundation
import HTTPTypes
import Testing

@testable import Fixtures

/// Readers that recurse refuse what would take the server's stack: one stub add with a path or a
/// template nested a hundred thousand deep stopped the server. Each is refused saying why, and
/// what a real stub writes still reads.
@Suite("Nesting past what a stack holds")
struct NestingTests {
    static let deep = 100_000

    func refusal(_ read: () throws(StubError.Reason) -> Void) -> String? {
        do throws(StubError.Reason) {
            try read()
            return nil
        } catch {
            return error.text
        }
    }

    @Test func aJSONPathNestedOrChainedPastItsLimitIsRefused() {
        let nested =
            "$.a[?(" + String(repeating: "(", count: Self.deep) + "@.b" + String(repeating: ")", count: Self.deep)
            + ")]"
        let negated = "$.a[?(" + String(repeating: "!", count: Self.deep) + "@.b)]"
        let chained = "$.a[?(" + Array(repeating: "@.b", count: Self.deep).joined(separator: " || ") + ")]"
        let filters = "$" + String(repeating: ".a[?(@.b", count: 300) + String(repeating: ")]", count: 300)
        for path in [nested, negated, chained, filters] {
            let reason = refusal { () throws(StubError.Reason) in _ = try JSONPath(path) }
            #expect(reason?.contains("more than 256") == true, "\(reason ?? "read")")
        }
        #expect(
            refusal { () throws(StubError.Reason) in _ = try JSONPath("$.items[?(@.n > 3 && (@.k == 'a' || !@.x))]") }
                == nil)
    }

    @Test func anXPathNestedOrChainedPastItsLimitIsRefused() {
        let nested = String(repeating: "(", count: Self.deep) + "1" + String(repeating: ")", count: Self.deep)
        let negated = String(repeating: "-", count: Self.deep) + "1"
        let chained = Array(repeating: "1", count: Self.deep).joined(separator: " or ")
        for path in [nested, negated, chained] {
            let reason = refusal { () throws(StubError.Reason) in _ = try XPath(path) }
            #expect(reason?.contains("more than 256") == true, "\(reason ?? "read")")
        }
        #expect(
            refusal { () throws(StubError.Reason) in
                _ = try XPath("/order/item[@id='1' and (price > 2 or -count(x) = 1)]")
            } == nil)
    }

    @Test func aTemplateNestedPastItsLimitIsRefused() {
        let blocks = String(repeating: "{{#if a}}", count: Self.deep) + String(repeating: "{{/if}}", count: Self.deep)
        let calls =
            "{{" + String(repeating: "(upper ", count: 1_000) + "'a'" + String(repeating: ")", count: 1_000) + "}}"
        #expect(
            refusal { () throws(StubError.Reason) in _ = try ResponseTemplate(blocks) }?.contains(
                "nested deeper than 64") == true)
        #expect(
            refusal { () throws(StubError.Reason) in _ = try ResponseTemplate(calls) }?.contains(
                "nested deeper than 64") == true)
        let sixtyFour = String(repeating: "{{#if true}}", count: 64) + "x" + String(repeating: "{{/if}}", count: 64)
        #expect(refusal { () throws(StubError.Reason) in _ = try ResponseTemplate(sixtyFour) } == nil)
    }
}

/// Work a template or a path can ask for without end is cut off: a catastrophic pattern in
/// `regexExtract`, a deep scan of deep scans, the `xPath` helper over a large body.
@Suite("Template and path work with no end", .timeLimit(.minutes(1)))
struct BoundedWorkTests {
    func request(body: String) -> ParsedRequest {
        ParsedRequest(
            HTTPRequest(method: .post, scheme: "http", authority: "127.0.0.1", path: "/w"), body: Data(body.utf8))
    }

    @Test func aCatastrophicRegexExtractFindsNothingInsteadOfStalling() throws {
        let body = String(repeating: "a", count: 64) + "!"
        let rendered = try ResponseTemplate("[{{regexExtract request.body '(a+)+b'}}]").render(request(body: body))
        #expect(rendered == "[]")
        #expect(try ResponseTemplate("{{regexExtract request.body 'a+!'}}").render(request(body: body)) == body)
    }

    /// Each `..*` multiplies the nodes reached by the body's depth: over arrays 200 deep, four of
    /// them reach billions.
    @Test func deepScansOfDeepScansStopAtTheirBound() throws {
        let body = String(repeating: "[1,", count: 200) + "2" + String(repeating: "]", count: 200)
        let document = try #require(JSONValue.parse(Data(body.utf8)))
        #expect(try JSONPath("$..*..*..*..*").evaluate(document).isEmpty)
        #expect(try JSONPath("$..*").evaluate(document).count == 400)
    }
}

@Suite("Webhooks a stub may send")
struct WebhookBoundTests {
    func mapping(webhooks count: Int) -> String {
        let hook = #"{"name": "webhook", "parameters": {"method": "GET", "url": "http://127.0.0.1:9/hook"}}"#
        return #"{"request": {"urlPath": "/fan"}, "response": {}, "serveEventListeners": ["#
            + Array(repeating: hook, count: count).joined(separator: ",") + "]}"
    }

    @Test func aStubSendsAtMostSixteenWebhooks() throws {
        #expect(try StubMapping.parse(Data(mapping(webhooks: 16).utf8)).webhooks.count == 16)
        do throws(StubError) {
            _ = try StubMapping.parse(Data(mapping(webhooks: 1_000).utf8))
            Issue.record("a stub with 1,000 webhooks was taken")
        } catch {
            #expect(error.message.contains("at most 16 webhooks"), "\(error.message)")
        }
    }
}

/// Mapping files WireMock starts with: Jackson, as WireMock configures it, reads comments and
/// stops after the first value, so a stray `}` at the end is no error.
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
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("jackson-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let mappings = root.appendingPathComponent("mappings")
        try FileManager.default.createDirectory(at: mappings, withIntermediateDirectories: true)
        try Data("// health\n{\"request\": {\"urlPath\": \"/ping\"}, \"response\": {\"status\": 204}}\n}\n".utf8)
            .write(to: mappings.appendingPathComponent("ping.json"))
        let backend = try FixtureBackend(configuration: .init(rootDirectory: root))
        #expect(backend.stubs.mappings.count == 1)
        #expect(backend.folderWarnings.contains { $0.contains("mappings/ping.json: read as WireMock reads it") })
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
