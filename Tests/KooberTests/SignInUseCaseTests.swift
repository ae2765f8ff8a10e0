import Koober
import Networking
import Testing

@Suite("Sign-in use case")
struct SignInUseCaseTests {
    func makeSUT(
        remote: UserAuthRemoteAPISpy = UserAuthRemoteAPISpy(), store: (any UserSessionStore)? = nil
    ) throws -> (KooberSignInUseCase, UserAuthRemoteAPISpy, any UserSessionStore) {
        let store = try store ?? memorySessionStore()
        return (KooberSignInUseCase(remoteAPI: remote, store: store), remote, store)
    }

    @Test func successSignsInAndStoresTheSession() async throws {
        let (sut, remote, store) = try makeSUT()
        let session = try await sut.signIn(email: "johnny@gmail.com", password: "password")
        #expect(session == johnny)
        #expect(remote.messages == [.signIn(email: "johnny@gmail.com", password: "password")])
        #expect(try store.load() == johnny)
    }

    @Test func unauthorizedIsItsOwnErrorAndStoresNothing() async throws {
        let (sut, _, store) = try makeSUT(remote: UserAuthRemoteAPISpy(signIn: .failure(.unauthorized)))
        await #expect(throws: SignInUseCaseError.signIn(.unauthorized)) {
            try await sut.signIn(email: "johnny@gmail.com", password: "wrong")
        }
        #expect(try store.load() == nil)
    }

    @Test func anUnknownErrorIsReportedWithItsCause() async throws {
        let cause = NetworkError.cannotConnect(host: "koober.test")
        let (sut, _, _) = try makeSUT(remote: UserAuthRemoteAPISpy(signIn: .failure(.unknown(cause: cause))))
        let error = await #expect(throws: SignInUseCaseError.self) {
            try await sut.signIn(email: "johnny@gmail.com", password: "password")
        }
        #expect(error == .signIn(.unknown(cause: cause)))
        #expect(error?.localizedDescription == cause.localizedDescription)
    }

    @Test func signedInButStoringTheSessionFailsIsItsOwnError() async throws {
        let (sut, _, _) = try makeSUT(store: FailingSessionStore())
        await #expect(throws: SignInUseCaseError.storingSessionFailed(message: "The disk is read-only.")) {
            try await sut.signIn(email: "johnny@gmail.com", password: "password")
        }
    }

    @Test func theStoreReportsNoSessionWhenSignedOut() throws {
        #expect(try memorySessionStore().load() == nil)
    }

    @Test func theStoreReportsTheSessionWhenAlreadySignedIn() throws {
        #expect(try memorySessionStore(johnny).load() == johnny)
    }
}

@Suite("Sign-up use case")
struct SignUpUseCaseTests {
    let valid = NewAccount(
        fullName: "Ann Lee", nickname: "Ann", email: "ann@example.com", phone: "555-0100", password: "longenough")

    @Test(
        arguments: [
            (\NewAccount.fullName, " ", SignUpField.fullName),
            (\NewAccount.nickname, "", .nickname),
            (\NewAccount.email, "ann.example.com", .email),
            (\NewAccount.phone, "call me", .phone),
            (\NewAccount.phone, "", .phone),
            (\NewAccount.password, "short", .password),
        ] as [(WritableKeyPath<NewAccount, String> & Sendable, String, SignUpField)])
    func anInvalidFieldFailsBeforeAnyRequest(
        _ field: WritableKeyPath<NewAccount, String> & Sendable, _ value: String, _ expected: SignUpField
    ) async throws {
        var account = valid
        account[keyPath: field] = value
        let remote = UserAuthRemoteAPISpy()
        let sut = KooberSignUpUseCase(remoteAPI: remote, store: try memorySessionStore())
        let error = await #expect(throws: SignUpUseCaseError.self) { try await sut.signUp(account) }
        guard case .signUp(.invalidFields(let problems)) = error else {
            Issue.record("\(String(describing: error))"); return
        }
        #expect(Array(problems.keys) == [expected])
        #expect(remote.messages.isEmpty)
    }

    @Test func aValidAccountIsSentAndItsSessionStored() async throws {
        let remote = UserAuthRemoteAPISpy()
        let store = try memorySessionStore()
        let session = try await KooberSignUpUseCase(remoteAPI: remote, store: store).signUp(valid)
        #expect(remote.messages == [.signUp(valid)])
        #expect(try store.load() == session)
    }

    @Test func aConflictIsReported() async throws {
        let sut = KooberSignUpUseCase(
            remoteAPI: UserAuthRemoteAPISpy(signUp: .failure(.conflict)), store: try memorySessionStore())
        await #expect(throws: SignUpUseCaseError.signUp(.conflict)) { try await sut.signUp(valid) }
    }
}
