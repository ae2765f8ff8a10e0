import Fixtures
import Foundation
import HTTPTypes

/// A seeded mutation fuzzer: thousands of damaged variants of valid inputs, the same for the same
/// seed, so anything it finds can be replayed (and kept as a regression case).
public struct Mutator {
    private var random: WyRand

    public init(seed: UInt64) {
        random = WyRand(seed: seed)
    }

    /// Bytes that matter to JSON and to our formats.
    static let interesting: [UInt8] = Array("{}[]\":,0123456789-+.eE \\/ntfu\n\r|".utf8) + [0, 0xFF, 0xC3, 0x80]

    /// `count` mutants of `seeds`, each made by one to four random edits of one seed.
    public mutating func mutants(of seeds: [Data], count: Int) -> [Data] {
        (0..<count).map { _ in
            var bytes = Array(seeds[Int.random(in: 0..<seeds.count, using: &random)])
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                mutate(&bytes)
            }
            return Data(bytes)
        }
    }

    private mutating func mutate(_ bytes: inout [UInt8]) {
        guard !bytes.isEmpty else {
            bytes = [Self.interesting.randomElement(using: &random) ?? 0]
            return
        }
        let index = Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<8, using: &random) {
        case 0: bytes[index] ^= 1 << UInt8.random(in: 0..<8, using: &random)
        case 1: bytes[index] = Self.interesting.randomElement(using: &random) ?? 0
        case 2: bytes.remove(at: index)
        case 3: bytes.insert(Self.interesting.randomElement(using: &random) ?? 0, at: index)
        case 4: bytes.removeSubrange(index..<min(bytes.count, index + Int.random(in: 1...64, using: &random)))
        case 5:
            let end = min(bytes.count, index + Int.random(in: 1...64, using: &random))
            bytes.insert(contentsOf: bytes[index..<end], at: end)
        case 6: bytes = Array(bytes.prefix(index))
        default:
            // A digit run becomes a huge or negative number.
            let replacement = Array(
                ["99999999999999999999", "-1", "0", "1e400", "59", "60"].randomElement(using: &random)!.utf8)
            bytes.replaceSubrange(index..<min(bytes.count, index + 1), with: replacement)
        }
    }
}

/// Valid inputs to start from: the fixture backend's own answers.
public enum FuzzSeeds {
    public static func body(
        _ path: String, method: HTTPRequest.Method = .get, json: String? = nil, authorization: String? = nil
    ) throws -> Data {
        var request = HTTPRequest(method: method, scheme: "http", authority: "fixtures.test", path: path)
        request.headerFields[.authorization] = authorization
        return try FixtureBackend(configuration: .init(authOutcome: .success)).handle(
            request, body: json.map { Data($0.utf8) }
        ).1
    }

    public static let listingsAuthorization = "Basic YWRtaW46cGFzc3dvcmQ="
}
