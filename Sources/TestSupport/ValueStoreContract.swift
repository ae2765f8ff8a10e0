import Foundation
import Persistence
import Testing

/// A value for store tests; `failsToEncode` makes encoding throw, to simulate a failed write.
public struct StoredSample: Codable, Equatable, Sendable {
    /// A name, to tell values apart.
    public var name: String
    /// Numbers, to make values of any size.
    public var numbers: [Int]
    /// Whether encoding throws.
    public var failsToEncode: Bool

    /// Creates a ``StoredSample``.
    ///
    /// - Parameters:
    ///   - name: a name, to tell values apart.
    ///   - numbers: numbers, to make values of any size.
    ///   - failsToEncode: whether encoding throws, to simulate a failed write.
    public init(name: String, numbers: [Int] = [], failsToEncode: Bool = false) {
        self.name = name
        self.numbers = numbers
        self.failsToEncode = failsToEncode
    }

    struct EncodingRefused: Error {}

    /// Encodes `name` and `numbers`, or throws when ``failsToEncode`` is set.
    public func encode(to encoder: any Encoder) throws {
        if failsToEncode { throw EncodingRefused() }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(numbers, forKey: .numbers)
    }

    /// Decodes `name` and `numbers`; a decoded sample always encodes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try container.decode(String.self, forKey: .name),
            numbers: try container.decode([Int].self, forKey: .numbers))
    }

    enum CodingKeys: String, CodingKey { case name, numbers }
}

/// The checks every `ValueStore` must pass, written once. Each takes a new, empty store.
public enum ValueStoreContract {
    /// A new store has nothing in it.
    public static func startsEmpty(_ store: some ValueStore<StoredSample>) throws {
        #expect(try store.load() == nil)
    }

    /// What was saved is loaded back.
    public static func loadsWhatWasSaved(_ store: some ValueStore<StoredSample>) throws {
        let value = StoredSample(name: "Ann", numbers: [1, 2, 3])
        try store.save(value)
        #expect(try store.load() == value)
    }

    /// A second save replaces the first.
    public static func aSaveReplacesTheValue(_ store: some ValueStore<StoredSample>) throws {
        try store.save(StoredSample(name: "old"))
        try store.save(StoredSample(name: "new"))
        #expect(try store.load() == StoredSample(name: "new"))
    }

    /// Deleting forgets the value, and deleting again is not an error.
    public static func deleteForgetsTheValueAndMayRepeat(_ store: some ValueStore<StoredSample>) throws {
        try store.save(StoredSample(name: "Ann"))
        try store.delete()
        #expect(try store.load() == nil)
        try store.delete()
    }

    /// A save that fails leaves the previous value in place.
    public static func aFailedSaveKeepsThePreviousValue(_ store: some ValueStore<StoredSample>) throws {
        try store.save(StoredSample(name: "kept"))
        #expect(throws: PersistenceError.self) { try store.save(StoredSample(name: "lost", failsToEncode: true)) }
        #expect(try store.load() == StoredSample(name: "kept"))
    }

    /// Create saves only into an empty store, and works again after a delete.
    public static func createSavesOnlyWhenNothingIsStored(_ store: some ValueStore<StoredSample>) throws {
        try store.create(StoredSample(name: "first"))
        #expect(throws: PersistenceError.self) { try store.create(StoredSample(name: "second")) }
        #expect(try store.load() == StoredSample(name: "first"))
        try store.delete()
        try store.create(StoredSample(name: "again"))
        #expect(try store.load() == StoredSample(name: "again"))
    }

    /// Of twenty creates at once, exactly one wins, and its value is the one stored.
    public static func concurrentCreatesLetExactlyOneWin(_ store: some ValueStore<StoredSample>) async throws {
        let values = (0..<20).map { StoredSample(name: "creator \($0)") }
        let winners = await withTaskGroup(of: StoredSample?.self) { group in
            for value in values {
                group.addTask { (try? store.create(value)) != nil ? value : nil }
            }
            return await group.reduce(into: [StoredSample]()) { if let won = $1 { $0.append(won) } }
        }
        #expect(winners.count == 1)
        #expect(try store.load() == winners.first)
    }

    /// Forty saves at once leave one of the values, complete.
    public static func concurrentSavesLeaveOneCompleteValue(_ store: some ValueStore<StoredSample>) async throws {
        let values = (0..<40).map { StoredSample(name: "writer \($0)", numbers: Array(0..<($0 * 50))) }
        await withTaskGroup(of: Void.self) { group in
            for value in values {
                group.addTask { try? store.save(value) }
            }
        }
        let loaded = try #require(try store.load())
        #expect(values.contains(loaded))
    }
}
