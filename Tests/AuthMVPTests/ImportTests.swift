import AuthMVP
import Testing

/// `import AuthMVP` is all an app writes: keeping the token needs no other import.
@Suite("What import AuthMVP brings")
struct ImportTests {
    @Test func theTokenCanBeKeptInAStoreWithNoOtherImport() throws {
        let store: any ValueStore<Authentication> = InMemoryValueStore<Authentication>()
        try store.save(Authentication(token: "t0k3n", message: "hi"))
        #expect(try store.load()?.token == "t0k3n")
        #expect(PersistenceError.alreadyExists(file: "token") != .tooLarge(file: "token", limitBytes: 1))
    }
}
