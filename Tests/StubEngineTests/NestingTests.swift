import Foundation
import HTTPTypes
import TestSupport
import Testing

@testable import StubEngine

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

    @Test func aJSONPathNestedOrChainedPastItsLimitIsRefused() async throws {
        let nested =
            "$.a[?(" + String(repeating: "(", count: Self.deep) + "@.b" + String(repeating: ")", count: Self.deep)
            + ")]"
        let negated = "$.a[?(" + String(repeating: "!", count: Self.deep) + "@.b)]"
        let chained = "$.a[?(" + Array(repeating: "@.b", count: Self.deep).joined(separator: " || ") + ")]"
        let filters = "$" + String(repeating: ".a[?(@.b", count: 300) + String(repeating: ")]", count: 300)
        let reasons = try await onADedicatedThread {
            [nested, negated, chained, filters].map { path in
                refusal { () throws(StubError.Reason) in _ = try JSONPath(path) }
            }
        }
        for reason in reasons {
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
        // Refused after reading 65 brackets: read whole at every depth, 130,000 took 12 s.
        let calls =
            "{{size " + String(repeating: "(upper ", count: Self.deep) + "'a'"
            + String(repeating: ")", count: Self.deep)
            + "}}"
        #expect(
            refusal { () throws(StubError.Reason) in _ = try ResponseTemplate(blocks) }?.contains(
                "nested deeper than 64") == true)
        #expect(
            refusal { () throws(StubError.Reason) in _ = try ResponseTemplate(calls) }?.contains(
                "nested deeper than 64") == true)
        #expect(
            refusal { () throws(StubError.Reason) in _ = try ResponseTemplate("{{size (upper 'a'}}") }
                == "a ( is not closed")
        let sixtyFour = String(repeating: "{{#if true}}", count: 64) + "x" + String(repeating: "{{/if}}", count: 64)
        #expect(refusal { () throws(StubError.Reason) in _ = try ResponseTemplate(sixtyFour) } == nil)
    }
}

/// Work a template or a path can ask for without end is cut off: a catastrophic pattern in
/// `regexExtract`, a deep scan of deep scans, the `xPath` helper over a large body. (The time
/// limit only catches work that never ends: a million template steps take 1.5 s in the debug
/// build and about forty under ThreadSanitizer on two busy cores.)
@Suite("Template and path work with no end", .timeLimit(.minutes(5)))
struct BoundedWorkTests {
    func request(body: String) -> ParsedRequest {
        ParsedRequest(
            HTTPRequest(method: .post, scheme: "http", authority: "127.0.0.1", path: "/w"), body: Data(body.utf8))
    }

    @Test func aCatastrophicRegexExtractFindsNothingInsteadOfStalling() throws {
        let body = String(repeating: "a", count: 64) + "!"
        let rendered = try ResponseTemplate("[{{regexExtract request.body '(a+)+b'}}]").render(request(body: body))
        #expect(rendered == "[[ERROR: Nothing matched (a+)+b]]")
        #expect(try ResponseTemplate("{{regexExtract request.body 'a+!'}}").render(request(body: body)) == body)
        let named = try ResponseTemplate("[{{regexExtract request.body '(a+)+b' 'p'}}{{p}}]").render(
            request(body: body))
        #expect(named == "[[ERROR: Nothing matched (a+)+b]]")
    }

    /// The caps counted output: an `#each` in an `#each` that writes nothing ran for minutes on a
    /// thread of the cooperative pool. Work is counted in steps now.
    @Test func nestedEachesThatWriteNothingStopAtTheirStepBound() async throws {
        let template = try ResponseTemplate(
            "{{#each (range 1 100000)}}{{#each (range 1 100000)}}{{/each}}{{/each}}x")
        let empty = request(body: "")
        await #expect(throws: StubError.Reason.self) { try await onADedicatedThread { try template.render(empty) } }
        let small = try ResponseTemplate("{{#each (range 1 300)}}{{#each (range 1 300)}}{{/each}}{{/each}}x")
        #expect(try small.render(request(body: "")) == "x", "ninety thousand turns are still an answer")
    }

    /// A join of a list by another list's text asked for 60 GB and stopped the server; a replace
    /// can grow its text as much. Both are measured before they are made.
    @Test func helpersThatWouldMakeMoreThanAnAnswerMaySayNoBeforeMakingIt() throws {
        #expect(throws: StubError.Reason.self) {
            try ResponseTemplate("{{join (range 1 100000) (range 1 100000)}}").render(request(body: ""))
        }
        let body = String(repeating: "a", count: 100_000)
        #expect(throws: StubError.Reason.self) {
            try ResponseTemplate("{{replace request.body 'a' (join (range 1 100) '')}}").render(request(body: body))
        }
        #expect(try ResponseTemplate("{{join (range 1 3) '-'}}").render(request(body: "")) == "1-2-3")
    }

    /// Twenty templated headers of 15 MiB each took 800 MB: an answer's headers share one limit.
    @Test func anAnswersTemplatedHeadersShareOneLimit() async throws {
        let header = "{{#each (range 1 100000)}}" + String(repeating: "x", count: 100) + "{{/each}}"
        let stub = try StubMapping.parse(
            Data(
                #"{"request": {}, "response": {"headers": {"X-A": "\#(header)", "X-B": "\#(header)"}, "transformers": ["response-template"]}}"#
                    .utf8))
        let empty = request(body: "")
        let (head, body) = try await onADedicatedThread { stub.response.answer(to: empty) }
        #expect(head.status.code == 500)
        #expect(String(decoding: body, as: UTF8.self).contains("would be longer than"))
    }

    /// Cut short by its budget, a jsonPath answered "0" under load and "7000" when idle: it is a
    /// 500 saying so now, never another answer.
    @Test func aJSONPathCutShortByTheBudgetIsAnErrorNotAnotherAnswer() throws {
        let items = "[" + (0..<7_000).map { #"{"a": \#($0)}"# }.joined(separator: ",") + "]"
        let spent = ParsedRequest(
            HTTPRequest(method: .post, scheme: "http", authority: "127.0.0.1", path: "/w"), body: Data(items.utf8),
            budget: MatchBudget(.nanoseconds(1)))
        #expect(throws: StubError.Reason.self) {
            try ResponseTemplate("{{size (jsonPath request.body '$..a')}}").render(spent)
        }
        // Well within the budget, in the slowest (ThreadSanitizer) build too, it is the answer.
        let few = "[" + (0..<50).map { #"{"a": \#($0)}"# }.joined(separator: ",") + "]"
        #expect(try ResponseTemplate("{{size (jsonPath request.body '$..a')}}").render(request(body: few)) == "50")
    }

    /// Cut short after its first matches, a named regexExtract wrote "Nothing matched": it is a 500
    /// saying so now, never another answer. Cut short before any, it finds nothing, as the
    /// unnamed form does.
    @Test func aRegexExtractCutShortAfterItsFirstMatchesIsAnError() throws {
        let spent = ParsedRequest(
            HTTPRequest(method: .post, scheme: "http", authority: "127.0.0.1", path: "/w"),
            body: Data(String(repeating: "a ", count: 10_000).utf8), budget: MatchBudget(.nanoseconds(1)))
        #expect(throws: StubError.Reason.self) {
            try ResponseTemplate("{{regexExtract request.body '(a)' 'p'}}{{size p}}").render(spent)
        }
        #expect(
            try ResponseTemplate("{{regexExtract request.body '(a)' 'p'}}{{size p}}").render(request(body: "a a a"))
                == "3")
    }

    /// A predicate that reads the whole document's text for each node copies the square of it;
    /// one that counts from the root for each node visits the square of the nodes. Cut short by
    /// the visits or the budget (whichever comes first on the machine), the answer is an error,
    /// never a count that differs from the idle one.
    @Test(arguments: [
        "count(//e[contains(string(/r), \"zzz\")])", "count(//e[count(//e) > 0])",
    ])
    func anXPathCutShortIsAnErrorNotAnotherAnswer(_ path: String) async throws {
        let xml = "<r>" + String(repeating: "<e>some text of the element</e>", count: 2_000) + "</r>"
        let template = try ResponseTemplate("{{xPath request.body '\(path)'}}")
        let sent = request(body: xml)
        await #expect(throws: StubError.Reason.self) { try await onADedicatedThread { try template.render(sent) } }
        // What the idle machine answers: with a budget no build runs out of (reading the body
        // alone took most of the 100 ms under ThreadSanitizer).
        let unhurried = ParsedRequest(
            HTTPRequest(method: .post, scheme: "http", authority: "127.0.0.1", path: "/w"), body: Data(xml.utf8),
            budget: MatchBudget(.seconds(60)))
        #expect(try ResponseTemplate("{{xPath request.body 'count(//e)'}}").render(unhurried) == "2000")
    }

    /// Each `..*` multiplies the nodes reached by the body's depth: over arrays 200 deep, four of
    /// them reach billions.
    @Test func deepScansOfDeepScansStopAtTheirBound() async throws {
        let body = String(repeating: "[1,", count: 200) + "2" + String(repeating: "]", count: 200)
        let document = try #require(JSONValue.parse(Data(body.utf8)))
        let scan = try JSONPath("$..*..*..*..*")
        #expect(try await onADedicatedThread { try scan.evaluate(document) }.isEmpty)
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
