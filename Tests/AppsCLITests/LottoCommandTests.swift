import FixtureServer
import FixtureTestSupport
import Foundation
import HTTPTypes
import TestSupport
import Testing

/// `apps lotto` as a user runs it: the built executable, JSON parsed as a script would.
@Suite("apps lotto")
struct LottoCommandTests {
    func json(_ arguments: [String]) async throws -> (Int32, [String: Any]) {
        let output = try await AppsProcess.run(arguments + ["--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        return (output.status, try #require(object, "stdout: \(output.stdout) stderr: \(output.stderr)"))
    }

    @Test func resultsListEveryDrawNewestFirstFromTheNetwork() async throws {
        let (status, results) = try await json(["lotto", "results"])
        #expect(status == 0)
        #expect(results["source"] as? String == "network")
        #expect(results["cachedAt"] is NSNull)
        let draws = try #require(results["draws"] as? [[String: Any]])
        let dates = draws.compactMap { $0["date"] as? String }
        #expect(dates.count == 14)
        #expect(dates == dates.sorted().reversed())
        let first = try #require(draws.first { $0["id"] as? String == "draw-1" })
        #expect(first["numbers"] as? [Int] == [2, 16, 23, 44, 47, 52])
        #expect(first["bonusBall"] as? Int == 14)
        #expect((first["topPrize"] as? [String: Any])?["amountMinor"] as? Int == 4_000_000_000)
        #expect((first["topPrize"] as? [String: Any])?["currency"] as? String == "GBP")
    }

    @Test func resultsAsTextShowDatesAndPrizes() async throws {
        let output = try await AppsProcess.run(["lotto", "results"])
        #expect(output.status == 0)
        #expect(output.stdout.contains("  Mon 15 May 2023   2 16 23 44 47 52     14  £40,000,000  draw-1\n"))
        #expect(!output.stdout.contains("\u{1B}["))
    }

    @Test func aDrawNamesItsNeighboursAndNullAtTheEnds() async throws {
        let (_, middle) = try await json(["lotto", "draw", "draw-1"])
        #expect(middle["previousId"] as? String == "draw-8")
        #expect(middle["nextId"] as? String == "draw-9")
        let (_, oldest) = try await json(["lotto", "draw", "draw-2"])
        #expect(oldest["previousId"] is NSNull)
        let (_, newest) = try await json(["lotto", "draw", "draw-14"])
        #expect(newest["nextId"] is NSNull)
    }

    @Test func anUnknownDrawIsNotFoundWithExitCode1() async throws {
        let (status, body) = try await json(["lotto", "draw", "draw-404"])
        #expect(status == 1)
        let error = try #require(body["error"] as? [String: Any])
        #expect(error["kind"] as? String == "notFound")
    }

    @Test func ticketsAreCheckedOrUpcoming() async throws {
        let (status, body) = try await json(["lotto", "tickets"])
        #expect(status == 0)
        let checked = try #require(body["checked"] as? [[String: Any]])
        let upcoming = try #require(body["upcoming"] as? [[String: Any]])
        #expect(upcoming.map { $0["drawId"] as? String } == ["draw-15", "draw-16"])
        let first = try #require(checked.first { $0["ticketId"] as? String == "ticket-1" })
        #expect(first["matchedCount"] as? Int == 3)
        #expect(first["bonusMatched"] as? Bool == true)
        #expect((first["bonusBall"] as? [String: Any])?["state"] as? String == "matched")
        #expect((first["prize"] as? [String: Any])?["tier"] as? String == "match3")
        #expect((first["prize"] as? [String: Any])?["amountMinor"] as? Int == 3_000)
        let states = (first["numbers"] as? [[String: Any]])?.compactMap { $0["state"] as? String }
        #expect(states == ["matched", "unmatched", "matched", "unmatched", "matched", "unmatched"])
        let luckyDip = try #require(checked.first { ($0["prize"] as? [String: Any])?["tier"] as? String == "match2" })
        #expect((luckyDip["prize"] as? [String: Any])?["amountMinor"] is NSNull)
    }

    @Test func checkUsesTheLatestDrawOrTheOneAsked() async throws {
        let (_, latest) = try await json(["lotto", "check", "7", "11", "12", "14", "43", "57"])
        #expect(latest["drawId"] as? String == "draw-14")
        #expect(latest["ticketId"] is NSNull)
        #expect((latest["prize"] as? [String: Any])?["tier"] as? String == "jackpot")

        let (_, asked) = try await json([
            "lotto", "check", "2", "16", "23", "44", "47", "1", "--bonus", "14", "--draw", "draw-1",
        ])
        #expect((asked["prize"] as? [String: Any])?["tier"] as? String == "match5bonus")
        #expect((asked["prize"] as? [String: Any])?["amountMinor"] as? Int == 100_000_000)
    }

    @Test(arguments: [
        ["1", "2", "3", "4", "5"], ["1", "2", "3", "4", "5", "60"], ["1", "2", "3", "4", "5", "5"],
        ["1", "2", "3", "4", "5", "6", "--bonus", "6"], ["1", "2", "3", "4", "5", "6", "7"],
    ])
    func anInvalidLineIsAUsageError(_ numbers: [String]) async throws {
        let output = try await AppsProcess.run(["lotto", "check"] + numbers)
        #expect(output.status == 64)
        #expect(output.stdout.isEmpty)
    }

    @Test func quickPicksRepeatForASeed() async throws {
        let (status, first) = try await json(["lotto", "quickpick", "--count", "5", "--seed", "42"])
        let (_, second) = try await json(["lotto", "quickpick", "--count", "5", "--seed", "42"])
        #expect(status == 0)
        #expect(first["drawId"] as? String == "draw-14")
        let lines = try #require(first["lines"] as? [[String: Any]])
        #expect(lines.count == 5)
        #expect(
            (second["lines"] as? [[String: Any]])?.map { $0["numbers"] as? [[String: Int]] ?? [] }.description
                == lines.map { $0["numbers"] as? [[String: Int]] ?? [] }.description)
    }

    @Test func ticketsShowTheValidOnesAndNameAnInvalidOne() async throws {
        var configuration = FixtureServer.Configuration()
        configuration.answer = { request in
            guard request.path == "/lotto/tickets" else { return nil }
            // The original exercise's live data has a ticket like this one.
            let body = #"""
                {"tickets": [
                  {"id": "ticket-1", "drawId": "draw-1", "number1": "2", "number2": "7", "number3": "23",
                   "number4": "31", "number5": "44", "number6": "58", "bonusBall": "14"},
                  {"id": "ticket-2", "drawId": "draw-3", "number1": "31", "number2": "56", "number3": "55",
                   "number4": "81", "number5": "11", "number6": "20", "bonusBall": "5"}
                ]}
                """#
            return (HTTPResponse(status: .ok, headerFields: [.contentType: "application/json"]), Data(body.utf8))
        }
        try await withFixtureServer(configuration) { server in
            let base = ["lotto", "tickets", "--base-url", server.baseURL.absoluteString]
            let text = try await AppsProcess.run(base)
            #expect(text.status == 0)
            #expect(text.stdout.contains("ticket-1"))
            #expect(!text.stdout.contains("ticket-2"))
            #expect(text.stderr.contains(#"skipped ticket-2: number4 "81" is not between 1 and 59"#))

            let json = try await AppsProcess.run(base + ["--format", "json"])
            #expect(json.status == 0)
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            let rejected = try #require(object["rejected"] as? [[String: Any]])
            #expect(rejected.count == 1)
            #expect(rejected.first?["record"] as? String == "ticket-2")
            #expect(rejected.first?["field"] as? String == "number4")
            #expect(rejected.first?["problem"] as? String == #""81" is not between 1 and 59"#)
        }
    }

    @Test func everyCommandWorksAgainstALiveBackend() async throws {
        try await withFixtureServer { server in
            let base = ["--base-url", server.baseURL.absoluteString]
            for command in [
                ["lotto", "results"], ["lotto", "draw", "draw-1"], ["lotto", "tickets"],
                ["lotto", "check", "1", "2", "3", "4", "5", "6"], ["lotto", "quickpick", "--seed", "1"],
            ] {
                let output = try await AppsProcess.run(command + base + ["--format", "json"])
                #expect(output.status == 0, "\(command): \(output.stderr)")
                #expect(output.stdout.hasPrefix("{"))
            }
        }
    }

    @Test func anUnreachableBackendIsUnavailableWithExitCode69() async throws {
        try await withRefusingPort { port in
            let output = try await AppsProcess.run([
                "lotto", "results", "--base-url", "http://127.0.0.1:\(port)", "--format", "json",
            ])
            #expect(output.status == 69)
            #expect(output.stdout.contains(#""kind":"unavailable""#))
        }
    }
}

@Suite("apps lotto offline")
struct LottoOfflineTests {
    @Test func resultsComeFromTheCacheWhenTheBackendIsGone() async throws {
        try await withTemporaryDirectory { cache in
            let environment = ["APPS_CACHE_DIR": cache.path]
            let (url, port) = try await withFixtureServer { server in
                let online = try await AppsProcess.run(
                    ["lotto", "results", "--base-url", server.baseURL.absoluteString, "--format", "json"],
                    environment: environment)
                #expect(online.stdout.hasPrefix(#"{"source":"network","cachedAt":null,"#))
                return (server.baseURL.absoluteString, server.port)
            }
            // The server's port is held, refusing, so that no other test's server can answer there.
            try await withRefusingPort(port) { _ in
                let offline = try await AppsProcess.run(
                    ["lotto", "results", "--base-url", url, "--format", "json"], environment: environment)
                #expect(offline.status == 0)
                #expect(offline.stdout.hasPrefix(#"{"source":"cache","cachedAt":""#))
                #expect(offline.stderr.hasPrefix("offline: showing results cached at "))

                let empty = try await AppsProcess.run(["lotto", "results", "--base-url", url, "--format", "json"])
                #expect(empty.status == 69)
            }
        }
    }

    @Test(
        arguments: [
            ["lotto", "tickets"], ["lotto", "draw", "draw-1"], ["lotto", "check", "1", "2", "3", "4", "5", "6"],
            ["listings", "products"],
        ])
    func everyCommandSaysWhenItShowsCachedData(_ command: [String]) async throws {
        try await withTemporaryDirectory { cache in
            let environment = ["APPS_CACHE_DIR": cache.path]
            let (url, port) = try await withFixtureServer { server in
                let online = try await AppsProcess.run(
                    command + ["--base-url", server.baseURL.absoluteString], environment: environment)
                #expect(online.status == 0, "\(online.stderr)")
                #expect(!online.stderr.contains("offline"))
                return (server.baseURL.absoluteString, server.port)
            }
            try await withRefusingPort(port) { _ in
                let offline = try await AppsProcess.run(command + ["--base-url", url], environment: environment)
                #expect(offline.status == 0, "\(offline.stderr)")
                #expect(offline.stderr.contains("offline: showing results cached at "))
            }
        }
    }

    @Test func verboseLogsEachExchangeOnStderrWithoutSecrets() async throws {
        try await withFixtureServer { server in
            let output = try await AppsProcess.run(
                [
                    "koober", "signin", "--email", "johnny@gmail.com", "--base-url", server.baseURL.absoluteString,
                    "--verbose",
                ],
                stdin: "password\n")
            #expect(output.status == 0)
            #expect(output.stderr.contains("POST \(server.baseURL.absoluteString)/koober/signin -> 200 in "))
            #expect(!output.stderr.contains("password") && !output.stdout.contains("kb1."))
            #expect(!output.stderr.contains("kb1."))
        }
    }
}

@Suite("apps lotto check-file")
struct CheckFileCommandTests {
    @Test func totalsAFileFromStdinAsJSON() async throws {
        let output = try await AppsProcess.run(
            ["lotto", "check-file", "-", "--draw", "draw-1", "--format", "json"],
            stdin: "2,16,23,44,47,52,14\n2,16,23,9,8,7,1\n")
        #expect(output.status == 0)
        #expect(
            output.stdout.hasPrefix(
                #"{"drawId":"draw-1","lines":2,"invalid":0,"tiers":{"jackpot":{"count":1,"amountMinor":4000000000},"#))
        #expect(output.stdout.contains(#""match3":{"count":1,"amountMinor":3000}"#))
        #expect(output.stdout.contains(#""match2":{"count":0,"amountMinor":null}"#))
    }

    @Test func aMalformedLineExits65WithItsNumber() async throws {
        let output = try await AppsProcess.run(["lotto", "check-file", "-"], stdin: "1,2,3,4,5,6\n1,2,3\n")
        #expect(output.status == 65)
        #expect(output.stderr.contains("line 2: has 3 numbers"))
    }

    @Test func readsAGeneratedFile() async throws {
        try await withTemporaryDirectory { folder in
            let generated = try await AppsProcess.run(["lotto", "generate-lines", "--count", "2000", "--seed", "4"])
            let file = folder.appendingPathComponent("lines.csv")
            try Data(generated.stdout.utf8).write(to: file)
            let output = try await AppsProcess.run(["lotto", "check-file", file.path, "--format", "json"])
            #expect(output.stdout.contains(#""lines":2000,"invalid":0"#))
        }
    }
}
