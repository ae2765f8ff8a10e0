import AppsCore
import Foundation
import Koober
import Networking
import Persistence

let johnny = UserSession(
    profile: UserProfile(
        displayName: "Johnny", fullName: "Johnny Appleseed", email: "johnny@gmail.com", phone: "510-736-8754"),
    remoteSession: RemoteUserSession(token: "token-123"))

let operaHouse = Location(id: "opera-house", name: "Opera House", latitude: -33.8568, longitude: 151.2153)
let moma = Location(id: "moma", name: "MOMA", latitude: 40.7614, longitude: -73.9776)
let appleStore = Location(id: "apple-store", name: "Apple Store", latitude: -33.8688, longitude: 151.2070)
let wallabee = RideOption(id: "wallabee", name: "Wallabee", seats: 4, baseFarePence: 500)
let wallaroo = RideOption(id: "wallaroo", name: "Wallaroo", seats: 6, baseFarePence: 800)

/// A remote API that records its calls as `Equatable` messages and answers from a script.
final class UserAuthRemoteAPISpy: UserAuthRemoteAPI {
    enum Message: Equatable {
        case signIn(email: String, password: String)
        case signUp(NewAccount)
    }

    private let recorded = Locked<[Message]>([])
    private let signInResult: Result<UserSession, SignInError>
    private let signUpResult: Result<UserSession, SignUpError>

    init(
        signIn: Result<UserSession, SignInError> = .success(johnny),
        signUp: Result<UserSession, SignUpError> = .success(johnny)
    ) {
        self.signInResult = signIn
        self.signUpResult = signUp
    }

    var messages: [Message] { recorded.withLock { $0 } }

    func signIn(email: String, password: String) async throws(SignInError) -> UserSession {
        recorded.withLock { $0.append(.signIn(email: email, password: password)) }
        return try signInResult.get()
    }

    func signUp(_ account: NewAccount) async throws(SignUpError) -> UserSession {
        recorded.withLock { $0.append(.signUp(account)) }
        return try signUpResult.get()
    }
}

/// A session store whose saves fail.
struct FailingSessionStore: UserSessionStore {
    struct ReadOnly: Error, LocalizedError {
        var errorDescription: String? { "The disk is read-only." }
    }

    func load() throws -> UserSession? { nil }
    func save(_: UserSession) throws { throw ReadOnly() }
    func create(_: UserSession) throws { throw ReadOnly() }
    func delete() throws {}
}

func memorySessionStore(_ session: UserSession? = nil) throws -> InMemoryValueStore<UserSession> {
    try InMemoryValueStore<UserSession>(session)
}

/// Locations from memory; a search for `slowQuery` is answered only once the test says so.
final class SlowSearchFake: LocationsService {
    let slowQuery: String
    private let started: (stream: AsyncStream<Void>, continuation: AsyncStream<Void>.Continuation)
    private let answer: (stream: AsyncStream<Void>, continuation: AsyncStream<Void>.Continuation)

    init(slowQuery: String) {
        self.slowQuery = slowQuery
        started = AsyncStream.makeStream()
        answer = AsyncStream.makeStream()
    }

    func searchLocations(_ query: String) async throws -> [Location] {
        if query == slowQuery {
            started.continuation.yield()
            for await _ in answer.stream { break }
        }
        return try await RideServicesFake().searchLocations(query)
    }

    func rideOptions() async throws -> [RideOption] { [] }

    /// Returns once the slow search is waiting.
    func slowSearchStarted() async {
        for await _ in started.stream { return }
    }

    func answerSlowSearch() {
        answer.continuation.finish()
    }
}

/// Locations and rides from memory; records the tokens rides were requested with.
final class RideServicesFake: LocationsService, RideService {
    let all = [operaHouse, moma, appleStore]
    private let tokens = Locked<[String]>([])
    private let queries = Locked<[String]>([])
    private let rideResult: Result<String, RideError>

    init(ride: Result<String, RideError> = .success("ride-1")) {
        self.rideResult = ride
    }

    var requestedWithTokens: [String] { tokens.withLock { $0 } }
    /// Every search sent, in order.
    var searched: [String] { queries.withLock { $0 } }

    func searchLocations(_ query: String) async throws -> [Location] {
        queries.withLock { $0.append(query) }
        return query.isEmpty ? all : all.filter { $0.name.range(of: query, options: .caseInsensitive) != nil }
    }

    func rideOptions() async throws -> [RideOption] { [wallabee, wallaroo] }

    func requestRide(_ request: RideRequest, session: RemoteUserSession) async throws(RideError) -> Ride {
        tokens.withLock { $0.append(session.token) }
        return Ride(id: try rideResult.get(), status: "requested", etaMinutes: 4, request: request)
    }
}
