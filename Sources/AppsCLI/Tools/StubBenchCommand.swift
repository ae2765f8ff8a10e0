import ArgumentParser
import Fixtures
import Foundation
import HTTPTypes
import StubEngine

/// Times `apps serve`'s answer to `GET /lotto/draws` in process (the pure part: stub matching and
/// the fixture backend; no socket): with no stubs; with 1,000 stubs of other paths (the fixtures
/// answer) and with those plus one that matches, tried last; and with 1,000 stubs whose path is a
/// pattern, which every request is tried against (the worst case); then one answer as written
/// beside the same answer as a response template, a JSONPath filter on a POST body, and the near
/// misses of a request no stub matches. Not for users.
struct StubBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stubs", abstract: "Time stub matching beside the fixtures.")

    @Option(help: "How many requests each case answers (1…1000000).") var requests = 20_000

    @Option(help: "Only the cases whose name holds this text (to profile one).") var only: String?

    func validate() throws {
        guard (1...1_000_000).contains(requests) else {
            throw ValidationError("--requests must be between 1 and 1000000.")
        }
    }

    func run() throws {
        let request = HTTPRequest(method: .get, scheme: "http", authority: "bench", path: "/lotto/draws")
        let others = try (0..<1_000).map { index in
            try StubMapping.parse(
                Data(
                    #"{"request": {"method": "GET", "urlPath": "/other/\#(index)"}, "response": {"status": 204}}"#.utf8)
            )
        }
        let patterns = try (0..<1_000).map { index in
            try StubMapping.parse(
                Data(#"{"request": {"method": "GET", "urlPathPattern": "/other/\#(index)/.*"}, "response": {}}"#.utf8))
        }
        let matching = try StubMapping.parse(
            Data(
                #"{"priority": 10, "request": {"method": "GET", "urlPath": "/lotto/draws"}, "response": {"jsonBody": {"draws": []}}}"#
                    .utf8))
        // One answer, plain and as a template that reads the request: what templating costs.
        let user = #"{"id": "42", "name": "Ann", "since": "2025-11-26", "tags": ["a", "b"]}"#
        let plain = try StubMapping.parse(
            Data(#"{"request": {"urlPathPattern": "/users/[0-9]+"}, "response": {"jsonBody": \#(user)}}"#.utf8))
        let templated = try StubMapping.parse(
            Data(
                #"{"request": {"urlPathPattern": "/users/[0-9]+"}, "response": {"jsonBody": {"id": "{{request.path.[1]}}", "name": "{{request.query.name}}", "since": "{{now format='yyyy-MM-dd'}}", "tags": ["a", "b"]}, "transformers": ["response-template"]}}"#
                    .utf8))
        let filter = try StubMapping.parse(
            Data(
                #"{"request": {"method": "POST", "urlPath": "/rides", "bodyPatterns": [{"matchesJsonPath": "$.stops[?(@.kind == 'dropoff')]"}]}, "response": {"status": 201}}"#
                    .utf8))
        let users = HTTPRequest(method: .get, scheme: "http", authority: "bench", path: "/users/42?name=Ann")
        let rides = HTTPRequest(method: .post, scheme: "http", authority: "bench", path: "/rides")
        let ride = Data(
            #"{"rider": "ann", "stops": [{"kind": "pickup", "at": "Bondi"}, {"kind": "dropoff", "at": "Manly"}]}"#.utf8)
        var lines = ""
        let cases: [(String, [StubMapping], HTTPRequest, Data?)] = [
            ("no stubs (the fixtures)", [], request, nil),
            ("1,000 stubs of other paths (the fixtures)", others, request, nil),
            ("1,000 stubs and the matching one, tried last", others + [matching], request, nil),
            ("1,000 pattern stubs, none matching (the fixtures)", patterns, request, nil),
            ("a pattern stub, its answer as written", [plain], users, nil),
            ("the same answer as a response template", [templated], users, nil),
            ("a matchesJsonPath filter on a POST body", [filter], rides, ride),
        ]
        for (name, stubs, request, body) in cases where only.map(name.contains) ?? true {
            let backend = try FixtureBackend()
            try backend.stubs.add(stubs)
            let clock = ContinuousClock()
            let start = clock.now
            for _ in 0..<requests { _ = backend.respond(request, body: body) }
            let seconds = (clock.now - start) / .seconds(1)
            lines +=
                "\(name): \(Int(Double(requests) / seconds)) requests/s, \(String(format: "%.1f", seconds * 1e6 / Double(requests))) µs each\n"
        }
        // What a request no stub matches costs besides: its near misses among 1,000 stubs, each
        // compared in full (the journal keeps them; WireMock's 404 page shows them).
        let missName = "near misses of a request no stub matches, among 1,000 stubs"
        if only.map(missName.contains) ?? true {
            let store = StubStore()
            try store.add(others)
            let missed = HTTPRequest(method: .get, scheme: "http", authority: "bench", path: "/others/12?page=2")
            let rounds = max(1, requests / 20)
            let clock = ContinuousClock()
            let start = clock.now
            for _ in 0..<rounds { _ = store.nearMisses(ParsedRequest(missed, body: Data())) }
            let seconds = (clock.now - start) / .seconds(1)
            lines += "\(missName): \(String(format: "%.1f", seconds * 1e6 / Double(rounds))) µs each\n"
        }
        try StandardStreams().write(lines, to: .standardOutput)
    }
}
