import ArgumentParser
import Fixtures
import Foundation
import HTTPTypes

/// Times `apps serve`'s answer to `GET /lotto/draws` in process (the pure part: stub matching and
/// the fixture backend; no socket): with no stubs; with 1,000 stubs of other paths (the fixtures
/// answer) and with those plus one that matches, tried last; and with 1,000 stubs whose path is a
/// pattern, which every request is tried against (the worst case). Not for users.
struct StubBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stubs", abstract: "Time stub matching beside the fixtures.")

    @Option(help: "How many requests each case answers (1…1000000).") var requests = 20_000

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
        var lines = ""
        for (name, stubs) in [
            ("no stubs (the fixtures)", []), ("1,000 stubs of other paths (the fixtures)", others),
            ("1,000 stubs and the matching one, tried last", others + [matching]),
            ("1,000 pattern stubs, none matching (the fixtures)", patterns),
        ] {
            let backend = try FixtureBackend()
            try backend.stubs.add(stubs)
            let clock = ContinuousClock()
            let start = clock.now
            for _ in 0..<requests { _ = backend.respond(request, body: nil) }
            let seconds = (clock.now - start) / .seconds(1)
            lines +=
                "\(name): \(Int(Double(requests) / seconds)) requests/s, \(String(format: "%.1f", seconds * 1e6 / Double(requests))) µs each\n"
        }
        try StandardStreams().write(lines, to: .standardOutput)
    }
}
