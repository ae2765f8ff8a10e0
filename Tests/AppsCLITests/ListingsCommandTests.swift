import AppsCore
import FixtureServer
import FixtureTestSupport
import Foundation
import Listings
import TestSupport
import Testing

@testable import AppsCLI

@Suite("apps listings")
struct ListingsCommandTests {
    func badges(user: String) async throws -> [String?] {
        let output = try await AppsProcess.run(["listings", "products", "--user", user, "--format", "json"])
        let body = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        return (body?["products"] as? [[String: Any]] ?? []).map { $0["badge"] as? String }
    }

    @Test func usersOneAndFiveSeeDifferentBadges() async throws {
        let first = try await badges(user: "1")
        let fifth = try await badges(user: "5")
        #expect(first.count == 8)
        #expect(first != fifth)
        #expect(first.contains("loyalty"))
        #expect(fifth.contains("clearance"))
    }

    @Test func anUnknownUserStillListsProductsWithoutBadgesAndANotice() async throws {
        let output = try await AppsProcess.run(["listings", "products", "--user", "42", "--format", "json"])
        #expect(output.status == 0)
        #expect(output.stdout.contains(#""badge":null"#))
        #expect(!output.stdout.contains(#""badge":""#))
        #expect(output.stderr.contains(#"There is no user "42"."#))
    }

    @Test func aProductHasItsInformation() async throws {
        let output = try await AppsProcess.run(["listings", "product", "1", "--user", "1", "--format", "json"])
        #expect(output.stdout.contains(#""information":[{"title":"Details","text":"#))
        #expect(output.stdout.contains(#""badge":"loyalty""#))
        #expect(output.stdout.contains(#""originalMinor":1400"#))
    }

    @Test func anUnknownProductIsNotFound() async throws {
        let output = try await AppsProcess.run(["listings", "product", "99", "--format", "json"])
        #expect(output.status == 1)
        #expect(output.stdout.contains(#""kind":"notFound""#))
    }

    @Test func wrongCredentialsFromTheEnvironmentAreUnauthorized() async throws {
        let output = try await AppsProcess.run(
            ["listings", "products", "--format", "json"], environment: ["LISTINGS_PASSWORD": "guess"])
        #expect(output.status == 1)
        #expect(output.stdout.contains(#""kind":"unauthorized""#))
    }

    @Test func imagesWritesEveryProductImageAndTheShownBadgesIcons() async throws {
        try await withTemporaryDirectory { folder in
            let output = try await AppsProcess.run(
                ["listings", "images", "--output", folder.path, "--user", "1", "--format", "json"])
            #expect(output.stdout == #"{"downloaded":10,"failed":[]}"# + "\n")
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            #expect(names.count == 10)
            #expect(names.contains("loyalty_icon.jpg") && names.contains("sale_icon.jpg"))
            #expect(!names.contains("clearance_icon.jpg"))
            let shirt = try Data(contentsOf: folder.appendingPathComponent("shirt-blue.jpg"))
            #expect(shirt.prefix(2) == Data([0xFF, 0xD8]))
        }
    }

    @Test func imagesDownloadOverALiveBackend() async throws {
        try await withFixtureServer { server in
            try await withTemporaryDirectory { folder in
                let output = try await AppsProcess.run([
                    "listings", "images", "--output", folder.path, "--base-url", server.baseURL.absoluteString,
                    "--format",
                    "json",
                ])
                #expect(output.status == 0)
                #expect(output.stdout.contains(#""failed":[]"#))
            }
        }
    }
}

@Suite("apps listings images failures")
struct ImageFailureTests {
    @Test func anImageThatCannotBeSavedFailsTheRunWith73AndIsNamed() async throws {
        try await withTemporaryDirectory { root in
            let folder = root.appendingPathComponent("images")
            // A folder where the file should go: the save fails even for root.
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent("shirt-blue.jpg"), withIntermediateDirectories: true)
            let output = try await AppsProcess.run(["listings", "images", "--output", folder.path, "--format", "json"])
            #expect(output.status == 73)
            let report = try #require(
                try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
            let failed = try #require(report["failed"] as? [[String: Any]])
            #expect(failed.map { $0["key"] as? String } == ["shirt-blue"])
            #expect(failed.first?["stage"] as? String == "save")
        }
    }

    @Test func imagesThatCannotBeDownloadedFailTheRunWith69() async throws {
        var configuration = FixtureServer.Configuration()
        configuration.answer = { request in
            guard request.path?.hasPrefix("/listings/image/") == true else { return nil }
            return (HTTPResponse(status: .notFound), Data(#"{"message":"gone"}"#.utf8))
        }
        try await withFixtureServer(configuration) { server in
            try await withTemporaryDirectory { root in
                let output = try await AppsProcess.run(
                    ["listings", "images", "--output", root.path, "--base-url", server.baseURL.absoluteString])
                #expect(output.status == 69)
                #expect(output.stdout.contains("Downloaded 0 of"))
            }
        }
    }

    @Test func anOutputThatIsAFileIsAnIOErrorNamingIt() async throws {
        try await withTemporaryDirectory { root in
            let file = root.appendingPathComponent("taken")
            try Data("x".utf8).write(to: file)
            let output = try await AppsProcess.run(["listings", "images", "--output", file.path])
            #expect(output.status == 73)
            #expect(output.stderr.contains(file.path))
        }
    }
}

@Suite("Paths on the wire")
struct PathEncodingTests {
    @Test func aProductIDIsSentEncodedOnceAndNamedInTheAnswer() async throws {
        let paths = Locked<[String]>([])
        var configuration = FixtureServer.Configuration()
        configuration.onRequest = { request in paths.withLock { $0.append(request.path ?? "") } }
        try await withFixtureServer(configuration) { server in
            let output = try await AppsProcess.run(
                ["listings", "product", "a b/c", "--base-url", server.baseURL.absoluteString, "--format", "json"])
            #expect(output.status == 1)
            #expect(
                output.stdout.contains(#"There is no product \"a b\/c\"."#)
                    || output.stdout.contains(#"There is no product \"a b/c\"."#))
            #expect(paths.withLock { $0 }.contains("/listings/api/product/a%20b%2Fc"))
        }
    }
}

@Suite("Safe file names")
struct SafeFileNameTests {
    @Test func aHostileImageKeyIsReportedAndNothingIsWrittenOutsideTheFolder() async throws {
        try await withTemporaryDirectory { root in
            let folder = root.appendingPathComponent("images")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let loader = ImageLoader(fetch: { _ in Data("not an image".utf8) })
            let hostile = ["../escaped", "/tmp/absolute", "a/../../b", ".hidden"]
            let report = await DownloadImages(loader: loader, concurrency: 2)(hostile + ["fine-key"]) { key, data in
                try ListingsCommand.Images.save(data, key: key, in: folder)
            }
            #expect(report.saved == ["fine-key"])
            #expect(Set(report.failed.map(\.key)) == Set(hostile))
            #expect(
                report.failed.allSatisfy {
                    $0.message == "The image key is not a safe file name; it was not downloaded."
                })
            #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["images"])
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["fine-key.jpg"])
        }
    }

    @Test(arguments: ["shirt-blue", "loyalty_icon", "a.b"])
    func plainNamesAreSafe(_ name: String) {
        #expect(SafeFileName.isSafe(name))
    }

    @Test(arguments: [
        "../etc/passwd", "a/b", "..", ".hidden", "", "naïve", "a b", "a\\b", String(repeating: "a", count: 101),
    ])
    func namesThatCouldEscapeAreNot(_ name: String) {
        #expect(!SafeFileName.isSafe(name))
    }
}
