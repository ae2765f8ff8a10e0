import Fixtures
import Foundation
import HTTPTypes
import Testing

@Suite("Koober fixture")
struct KooberFixtureTests {
    let backend: FixtureBackend

    init() throws {
        backend = try FixtureBackend()
    }

    func send(_ method: HTTPRequest.Method, _ path: String, json: String? = nil, token: String? = nil) -> (
        Int, [String: Any]
    ) {
        var request = HTTPRequest(method: method, scheme: "http", authority: "fixtures.test", path: path)
        if let token { request.headerFields[.authorization] = "Bearer \(token)" }
        let (response, body) = backend.handle(request, body: json.map { Data($0.utf8) })
        return (response.status.code, (try? JSONSerialization.jsonObject(with: body) as? [String: Any]) ?? [:])
    }

    func signIn() -> String {
        send(.post, "/koober/signin", json: #"{"email":"johnny@gmail.com","password":"password"}"#).1["token"]
            as? String ?? ""
    }

    @Test func theFixtureAccountSignsIn() {
        let (status, body) = send(.post, "/koober/signin", json: #"{"email":"johnny@gmail.com","password":"password"}"#)
        #expect(status == 200)
        #expect((body["user"] as? [String: String])?["fullName"] == "Johnny Appleseed")
        #expect((body["token"] as? String)?.isEmpty == false)
    }

    @Test(arguments: [
        #"{"email":"johnny@gmail.com","password":"wrong"}"#, #"{"email":"nobody@x.com","password":"password"}"#,
    ])
    func wrongCredentialsAreUnauthorized(_ json: String) {
        let (status, body) = send(.post, "/koober/signin", json: json)
        #expect(status == 401)
        #expect(body["message"] as? String == "The email or password is incorrect.")
    }

    @Test func signUpCreatesAnAccountThatCanSignIn() {
        let json =
            #"{"fullName":"Ann Lee","nickname":"Ann","email":"ann@x.com","phone":"555 0100","password":"longenough"}"#
        let (status, body) = send(.post, "/koober/signup", json: json)
        #expect(status == 201)
        #expect((body["user"] as? [String: String])?["displayName"] == "Ann")
        #expect(send(.post, "/koober/signin", json: #"{"email":"ann@x.com","password":"longenough"}"#).0 == 200)
        #expect(send(.post, "/koober/signup", json: json).0 == 409)
    }

    @Test func signUpWithAnExistingEmailIsAConflict() {
        let json = #"{"fullName":"J","nickname":"J","email":"johnny@gmail.com","phone":"1","password":"longenough"}"#
        #expect(send(.post, "/koober/signup", json: json).0 == 409)
    }

    @Test func signUpWithAMissingOrMalformedFieldIs422() {
        let (status, body) = send(
            .post, "/koober/signup",
            json: #"{"fullName":"A","nickname":"A","email":"nope","phone":"1","password":"longenough"}"#)
        #expect(status == 422)
        #expect(body["message"] as? String == "email is not valid.")
        #expect(send(.post, "/koober/signup", json: #"{"fullName":"A"}"#).0 == 422)
    }

    @Test func locationsFilterByACaseInsensitiveSubstring() {
        let all = send(.get, "/koober/locations").1["locations"] as? [[String: Any]] ?? []
        let names = Set(all.compactMap { $0["name"] as? String })
        #expect(names.isSuperset(of: ["Opera House", "Apple Store", "100 George Street", "MOMA"]))
        let found = send(.get, "/koober/locations?query=oPeRa").1["locations"] as? [[String: Any]] ?? []
        #expect(found.compactMap { $0["id"] as? String } == ["opera-house"])
    }

    /// Form encoding, which many HTTP clients use for queries: `+` is a space, `%2B` a plus sign.
    @Test(arguments: [
        ("george+STREET", ["100-george-street"]), ("george%20street", ["100-george-street"]), ("george%2Bstreet", []),
    ])
    func aPlusInTheQueryIsASpace(_ query: String, _ ids: [String]) {
        let found = send(.get, "/koober/locations?query=\(query)").1["locations"] as? [[String: Any]] ?? []
        #expect(found.compactMap { $0["id"] as? String } == ids)
    }

    @Test func rideOptionsIncludeTheThreeKangaroos() {
        let options = send(.get, "/koober/ride-options").1["rideOptions"] as? [[String: Any]] ?? []
        #expect(Set(options.compactMap { $0["name"] as? String }).isSuperset(of: ["Wallabee", "Wallaroo", "Kangaroo"]))
    }

    @Test func aRideNeedsAValidBearerToken() {
        let json = #"{"pickupLocationId":"opera-house","dropoffLocationId":"moma","rideOptionId":"wallaroo"}"#
        #expect(send(.post, "/koober/rides", json: json).0 == 401)
        #expect(send(.post, "/koober/rides", json: json, token: "kb1.forged.0000").0 == 401)
        let (status, body) = send(.post, "/koober/rides", json: json, token: signIn())
        #expect(status == 201)
        #expect(body["status"] as? String == "requested")
        #expect(body["etaMinutes"] is Int)
    }

    @Test func aTokenFromAnotherBackendInstanceIsHonoured() throws {
        let token = signIn()
        let other = try FixtureBackend()
        var request = HTTPRequest(method: .post, scheme: "http", authority: "x", path: "/koober/rides")
        request.headerFields[.authorization] = "Bearer \(token)"
        let body = #"{"pickupLocationId":"opera-house","dropoffLocationId":"moma","rideOptionId":"wallaroo"}"#
        #expect(other.handle(request, body: Data(body.utf8)).0.status == .created)
    }

    @Test func anUnknownLocationOrOptionIs422() {
        let token = signIn()
        #expect(
            send(
                .post, "/koober/rides",
                json: #"{"pickupLocationId":"nowhere","dropoffLocationId":"moma","rideOptionId":"wallaroo"}"#,
                token: token
            ).0
                == 422)
        #expect(
            send(
                .post, "/koober/rides",
                json: #"{"pickupLocationId":"opera-house","dropoffLocationId":"moma","rideOptionId":"emu"}"#,
                token: token
            ).0
                == 422)
    }
}
