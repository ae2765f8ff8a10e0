import Fixtures
import Foundation
import HTTPTypes
import Testing

@Suite("Scenarios and reset")
struct ScenarioTests {
    let backend: FixtureBackend

    init() throws {
        backend = try FixtureBackend()
    }

    func send(_ method: HTTPRequest.Method, _ path: String, json: String? = nil) -> (Int, [String: Any]) {
        let (response, body) = backend.send(method, path, json: json)
        return (response.status.code, (try? JSONSerialization.jsonObject(with: body) as? [String: Any]) ?? [:])
    }

    static let signUp =
        #"{"fullName":"Ann Lee","nickname":"Ann","email":"ann@x.com","phone":"555 0100","password":"longenough"}"#

    @Test func everyScenarioStartsInItsFirstState() {
        for scenario in FixtureBackend.scenarios {
            #expect(backend.state(of: scenario.name) == scenario.possibleStates.first)
        }
        #expect(backend.state(of: "nope") == nil)
    }

    @Test func emailTakenTurnsEverySignUpAway() throws {
        try backend.setState("email-taken", of: "koober-signup")
        #expect(send(.post, "/koober/signup", json: Self.signUp).0 == 409)
        try backend.setState("open", of: "koober-signup")
        #expect(send(.post, "/koober/signup", json: Self.signUp).0 == 201)
    }

    @Test func noOffersKeepsTheUserAndTheBadgeRules() throws {
        try backend.setState("none", of: "listings-offers")
        let (status, body) = send(.get, "/listings/api/user/1/offers")
        #expect(status == 200)
        #expect((body["offers"] as? [Any])?.isEmpty == true)
        #expect(body["available_badges"] as? String == "loyalty:SLOTTED,BONUS||sale:PRIORITY_ACCESS,REDUCED")
        #expect(send(.get, "/listings/api/user/9/offers").0 == 404)
    }

    @Test func theDrawListCanBeEmptyOrCarryABrokenRecord() throws {
        let normal = (send(.get, "/lotto/draws").1["draws"] as? [[String: Any]])?.count ?? 0
        try backend.setState("empty", of: "lotto-draws")
        #expect((send(.get, "/lotto/draws").1["draws"] as? [Any])?.isEmpty == true)
        try backend.setState("broken-record", of: "lotto-draws")
        let draws = send(.get, "/lotto/draws").1["draws"] as? [[String: Any]] ?? []
        #expect(draws.count == normal + 1)
        #expect(draws.last?["number2"] as? String == "81")
    }

    @Test func anUnknownScenarioOrStateIsNamedWithTheChoices() {
        #expect(throws: ScenarioError.unknownScenario("weather")) { try backend.setState("rain", of: "weather") }
        do {
            try backend.setState("rain", of: "lotto-draws")
            Issue.record("no error")
        } catch {
            #expect(
                error.localizedDescription
                    == "The scenario \"lotto-draws\" has no state \"rain\"; it has normal, empty, broken-record.")
        }
    }

    @Test func resetForgetsSignUpsAndScenarios() throws {
        #expect(send(.post, "/koober/signup", json: Self.signUp).0 == 201)
        try backend.setState("empty", of: "lotto-draws")
        backend.reset()
        #expect(backend.state(of: "lotto-draws") == "normal")
        #expect(send(.post, "/koober/signin", json: #"{"email":"ann@x.com","password":"longenough"}"#).0 == 401)
        #expect(send(.post, "/koober/signup", json: Self.signUp).0 == 201)
        #expect(
            send(.post, "/koober/signin", json: #"{"email":"johnny@gmail.com","password":"password"}"#).0 == 200)
    }
}
