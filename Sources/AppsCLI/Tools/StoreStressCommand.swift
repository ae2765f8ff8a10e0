import ArgumentParser
import Foundation
import Persistence

/// Saves ever newer values to one file as fast as it can, printing each generation once saved:
/// the crash-safety test kills it (SIGKILL) mid-write and checks the file. Not for users.
struct StoreStressCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store-stress", abstract: "Save values to a file in a loop (for crash tests).",
        shouldDisplay: false)

    /// A value whose parts must agree: a torn write could not pass ``isComplete``.
    struct Value: Codable, Equatable, Sendable {
        var generation: Int
        var payload: [Int]

        init(generation: Int) {
            self.generation = generation
            payload = Array(repeating: generation, count: 1_000 + generation % 1_000)
        }

        var isComplete: Bool { self == Value(generation: generation) }
    }

    @Option(help: "The file to save to.") var file: String
    @Option(help: "How many saves (0: until killed; at most 1000000).") var count = 0

    func validate() throws {
        guard (0...1_000_000).contains(count) else { throw ValidationError("--count must be between 0 and 1000000.") }
    }

    func run() throws {
        let store = FileValueStore<Value>(fileURL: URL(fileURLWithPath: file))
        var generation = 1
        while count == 0 || generation <= count {
            try store.save(Value(generation: generation))
            try StandardStreams().write("\(generation)\n", to: .standardOutput)
            generation += 1
        }
    }
}
