import Foundation
import HTTPTypes

/// A named part of the backend a test can put in another state, as WireMock's scenarios do: the
/// sign-up that always finds the email taken, the user with no offers, the draw list that is empty
/// or carries a record no client should show.
///
/// ```swift
/// let backend = try FixtureBackend()
/// try backend.setState("empty", of: "lotto-draws")
/// // GET /lotto/draws now answers {"draws":[]}
/// backend.reset()  // every scenario back to its first state, sign-ups forgotten
/// ```
public struct Scenario: Sendable, Hashable, Codable {
    /// The scenario's name, such as `lotto-draws`.
    public let name: String
    /// Its states; the first is the one it starts in.
    public let possibleStates: [String]
    /// What the states change, in a sentence.
    public let summary: String

    public init(name: String, possibleStates: [String], summary: String) {
        self.name = name
        self.possibleStates = possibleStates
        self.summary = summary
    }
}

/// A scenario or a state the backend does not have.
public enum ScenarioError: Error, LocalizedError, Equatable {
    case unknownScenario(String)
    case unknownState(String, scenario: Scenario)

    public var errorDescription: String? {
        switch self {
        case .unknownScenario(let name):
            let names = FixtureBackend.scenarios.map(\.name).joined(separator: ", ")
            return "There is no scenario \"\(name)\"; there are \(names)."
        case .unknownState(let state, let scenario):
            let states = scenario.possibleStates.joined(separator: ", ")
            return "The scenario \"\(scenario.name)\" has no state \"\(state)\"; it has \(states)."
        }
    }
}

extension FixtureBackend {
    /// Every scenario the backend has.
    /// The scenarios this backend has: its own, unless the embedded backends are off.
    package var ownScenarios: [Scenario] { configuration.embeddedBackends ? Self.scenarios : [] }

    public static let scenarios: [Scenario] = [
        Scenario(
            name: "koober-signup", possibleStates: ["open", "email-taken"],
            summary: "email-taken: every POST /koober/signup answers 409, as if the email had an account."),
        Scenario(
            name: "listings-offers", possibleStates: ["normal", "none"],
            summary: "none: every known user's offers are an empty list (the badge rules stay)."),
        Scenario(
            name: "lotto-draws", possibleStates: ["normal", "empty", "broken-record"],
            summary:
                "empty: GET /lotto/draws lists no draw; broken-record: one more draw, draw-broken, with a ball of 81."
        ),
    ]

    /// The state `scenario` is in, or `nil` when there is no such scenario.
    public func state(of scenario: String) -> String? {
        guard let known = Self.scenarios.first(where: { $0.name == scenario }) else { return nil }
        return scenarioStates.withLock { $0[scenario] } ?? known.possibleStates[0]
    }

    /// Puts `scenario` in `state` until the next change or ``reset()``.
    public func setState(_ state: String, of scenario: String) throws(ScenarioError) {
        guard let known = Self.scenarios.first(where: { $0.name == scenario }) else {
            throw .unknownScenario(scenario)
        }
        guard known.possibleStates.contains(state) else { throw .unknownState(state, scenario: known) }
        scenarioStates.withLock { $0[scenario] = state }
    }

    /// Puts every scenario back in its first state, the stubs' scenarios in `Started`.
    public func resetScenarios() {
        scenarioStates.withLock { $0 = [:] }
        stubs.resetScenarios()
    }

    /// Forgets the accounts signed up since the start, puts every scenario back in its first state
    /// and the stubs back to those of the folder as last read.
    public func reset() {
        kooberAccounts.withLock { $0 = [Self.kooberFixtureAccount.email: Self.kooberFixtureAccount] }
        resetScenarios()
        stubs.reset()
    }

    /// The draws as the `lotto-draws` scenario has them.
    var lottoDraws: Data {
        switch state(of: "lotto-draws") {
        case "empty":
            return Data(#"{"draws":[]}"#.utf8)
        case "broken-record":
            guard var file = try? JSONSerialization.jsonObject(with: data.lottoDraws) as? [String: Any],
                let draws = file["draws"] as? [Any]
            else { return data.lottoDraws }
            let broken: [String: Any] = [
                "id": "draw-broken", "drawDate": "2023-07-12", "number1": "3", "number2": "81", "number3": "17",
                "number4": "22", "number5": "40", "number6": "51", "bonus-ball": "9", "topPrize": 200_000_000,
            ]
            file["draws"] = draws + [broken]
            return (try? JSONSerialization.data(withJSONObject: file, options: [.sortedKeys])) ?? data.lottoDraws
        default:
            return data.lottoDraws
        }
    }
}
