import Benchmark
import Foundation
import Listings
import Lotto
import Networking

// MARK: Data made once, outside the measurements

// Fixed, valid data: a failure here is a bug in the benchmark itself.
// swift-format-ignore: NeverUseForceTry
let draw = try! Draw(
    id: "draw-1", date: DrawDate(iso8601: "2023-05-15")!, numbers: [2, 16, 23, 44, 47, 52].map { LottoNumber($0)! },
    bonusBall: LottoNumber(14)!, topPrize: Money(amountMinor: 4_000_000_000))

let million = 1_000_000

/// One million random lines, as bit sets and as arrays (for the naive baseline).
let lineBits: [UInt64] = {
    var generator = SeededGenerator(seed: 1)
    return QuickPick.lines(count: million, using: &generator).map(\.numbers.bits)
}()

let lineArrays: [[Int]] = lineBits.map { bits in (1...59).filter { bits & (1 << UInt64($0)) != 0 } }

/// 10,000 draws in the backend's wire format.
let drawsJSON: Data = {
    var generator = SeededGenerator(seed: 2)
    let draws = (0..<10_000).map { index -> [String: Any] in
        let numbers = QuickPick.lines(count: 1, using: &generator)[0].sortedNumbers.map(\.value)
        var bonus = Int.random(in: 1...59, using: &generator)
        while numbers.contains(bonus) { bonus = Int.random(in: 1...59, using: &generator) }
        var draw: [String: Any] = [
            "id": "draw-\(index)", "drawDate": "20\(10 + index % 15)-0\(1 + index % 9)-1\(index % 9)",
            "bonus-ball": String(bonus), "topPrize": 4_000_000_000,
        ]
        for (position, number) in numbers.shuffled(using: &generator).enumerated() {
            draw["number\(position + 1)"] = String(number)
        }
        return draw
    }
    // swift-format-ignore: NeverUseForceTry
    return try! JSONSerialization.data(withJSONObject: ["draws": draws])
}()

let products: [Product] = (0..<10_000).map { index in
    Product(
        id: String(index), name: "Product \(index)", imageKey: "p\(index)",
        offerIDs: [String(index % 7), String(index % 11)], price: Price(currency: "GBP", currentMinor: 1000))
}
let offers = (0..<7).map {
    Offer(id: String($0), title: "Offer \($0)", type: ["BONUS", "REDUCED", "SLOTTED", "OTHER"][$0 % 4])
}
let badgeString = "loyalty:SLOTTED,BONUS||sale:PRIORITY_ACCESS,REDUCED||clearance:CLEARANCE"

let request = HTTPRequest(method: .get, scheme: "http", authority: "fixtures.test", path: "/health")

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal, .peakMemoryResident], maxDuration: .seconds(3))

    // MARK: Lotto

    Benchmark("Ticket checking: 1M lines, bit sets", configuration: .init(scalingFactor: .mega)) { benchmark in
        let checker = TicketChecker(draw: draw)
        var jackpots = 0
        benchmark.startMeasurement()
        for bits in lineBits {
            if checker.tier(numbers: bits, bonus: 0) == .jackpot { jackpots += 1 }
        }
        benchmark.stopMeasurement()
        blackHole(jackpots)
    }

    Benchmark("Ticket checking: 1M lines, naive arrays (baseline)", configuration: .init(scalingFactor: .mega)) {
        benchmark in
        let drawNumbers = [2, 16, 23, 44, 47, 52]
        var jackpots = 0
        benchmark.startMeasurement()
        for line in lineArrays {
            var matched = 0
            for number in line where drawNumbers.contains(number) { matched += 1 }
            let bonus = line.contains(14)
            if matched == 6 || (matched == 5 && bonus) { jackpots += 1 }
        }
        benchmark.stopMeasurement()
        blackHole(jackpots)
    }

    Benchmark("Lotto mapping: decode and validate 10,000 draws") { benchmark in
        let service = RemoteLottoService(
            api: APIClient(
                baseURL: URL(string: "http://bench.test")!,
                httpClient: StubHTTPClient { _, _ in (HTTPResponse(status: .ok), drawsJSON) }))
        for _ in benchmark.scaledIterations {
            blackHole(try await service.loadDraws())
        }
    }

    // MARK: Listings

    Benchmark("Listings: parse badges and apply the rule to 10,000 products") { benchmark in
        for _ in benchmark.scaledIterations {
            let badges = BadgeParser.parse(badgeString)
            var shown = 0
            for product in products where BadgeRule.badge(for: product, offers: offers, badges: badges) != nil {
                shown += 1
            }
            blackHole(shown)
        }
    }

    Benchmark("Image loader: memory hit", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let loader = ImageLoader(fetch: { _ in Data(count: 1_000) })
        _ = try await loader.image(for: "hot")
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try await loader.image(for: "hot"))
        }
        benchmark.stopMeasurement()
    }

    Benchmark("Image loader: 1,000 concurrent requests onto 10 downloads") { benchmark in
        for _ in benchmark.scaledIterations {
            let loader = ImageLoader(fetch: { key in
                await Task.yield()
                return Data(count: key.count)
            })
            try await withThrowingTaskGroup(of: Data.self) { group in
                for index in 0..<1_000 {
                    group.addTask { try await loader.image(for: "image-\(index % 10)") }
                }
                for try await data in group { blackHole(data) }
            }
        }
    }

    // MARK: HTTP

    Benchmark("HTTP: one request through StubHTTPClient", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let client = StubHTTPClient { _, _ in
            (
                HTTPResponse(status: .ok, headerFields: [.contentType: "application/json"]),
                Data(#"{"status":"ok"}"#.utf8)
            )
        }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try await client.send(request))
        }
        benchmark.stopMeasurement()
    }

    Benchmark("HTTP: one request through URLSessionHTTPClient to FixtureServer") { benchmark in
        try await withServedFixtures { baseURL in
            let client = URLSessionHTTPClient()
            let live = try APIClient(baseURL: baseURL, httpClient: client).makeRequest(
                for: Endpoint<Data>.bytes("/health"))
            _ = try await client.send(live)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(try await client.send(live))
            }
            benchmark.stopMeasurement()
        }
    }

    Benchmark("HTTP: one bare URLSession request to FixtureServer (baseline)") { benchmark in
        try await withServedFixtures { baseURL in
            let session = URLSession(configuration: .ephemeral)
            let url = baseURL.appendingPathComponent("health")
            _ = try await session.data(from: url)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(try await session.data(from: url))
            }
            benchmark.stopMeasurement()
        }
    }
}

/// Runs `body` against `apps serve --port 0`, the fixture backend over real HTTP, and stops it
/// afterwards. `make bench` builds `apps` and names it in `APPS_BINARY`.
func withServedFixtures(_ body: (URL) async throws -> Void) async throws {
    struct ServerDidNotStart: Error {}
    let server = Process()
    server.executableURL = URL(
        fileURLWithPath: ProcessInfo.processInfo.environment["APPS_BINARY"] ?? "../.build/debug/apps")
    server.arguments = ["serve", "--port", "0"]
    let output = Pipe()
    server.standardOutput = output
    try server.run()
    defer {
        server.terminate()
        server.waitUntilExit()
    }
    // The first line is `Listening on http://127.0.0.1:PORT`.
    var line = Data()
    while let byte = try output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != 0x0A {
        line.append(first)
    }
    guard let text = String(data: line, encoding: .utf8), let address = text.split(separator: " ").last,
        let baseURL = URL(string: String(address))
    else { throw ServerDidNotStart() }
    try await body(baseURL)
}
