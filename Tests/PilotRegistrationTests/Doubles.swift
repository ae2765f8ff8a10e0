import Foundation
import Persistence
import PilotRegistration

struct StubLicensesService: LicensesService {
    var result: Result<[License], any Error>

    func loadLicenses() async throws -> [License] { try result.get() }
}

struct LoadFailure: Error, LocalizedError {
    var errorDescription: String? { "The server is down." }
}

let ppl = License(type: "PPL", aircraft: ["C152", "C172", "D40A"])
let atpl = License(type: "ATPL", aircraft: ["B737", "A380", "B747"])

func memoryStore(_ pilot: Pilot? = nil) throws -> InMemoryValueStore<Pilot> {
    try InMemoryValueStore<Pilot>(pilot)
}

/// A pilot store whose saves fail.
struct FailingPilotStore: PilotStore {
    func load() throws -> Pilot? { nil }
    func save(_: Pilot) throws { throw PersistenceError.writeFailed(file: "pilot.json", reason: "The disk is full.") }
    func create(_ pilot: Pilot) throws { try save(pilot) }
    func delete() throws {}
}
