import Foundation
import HTTPTypes
import StubEngine

/// Koober's backend: accounts, stateless signed tokens (so a token issued by one embedded backend
/// is honoured by the next process's), locations, ride options and ride requests.
extension FixtureBackend {
    static let kooberRoutes: [Route] = [
        Route(.post, "/koober/signin") { backend, call in backend.kooberSignIn(call) },
        Route(.post, "/koober/signup") { backend, call in backend.kooberSignUp(call) },
        Route(.get, "/koober/locations") { backend, call in backend.kooberLocations(call) },
        Route(.get, "/koober/ride-options") { backend, _ in Reply.json(.ok, backend.data.kooberRideOptions) },
        Route(.post, "/koober/rides") { backend, call in backend.kooberRequestRide(call) },
    ]

    struct KooberAccount: Codable, Sendable {
        var displayName: String
        var fullName: String
        var email: String
        var phone: String
        var password: String
    }

    static let kooberFixtureAccount = KooberAccount(
        displayName: "Johnny", fullName: "Johnny Appleseed", email: "johnny@gmail.com", phone: "510-736-8754",
        password: "password")

    private struct SignInBody: Decodable {
        var email: String
        var password: String
    }

    private struct SignedIn: Encodable {
        struct User: Encodable {
            var displayName, fullName, email, phone: String
        }
        var token: String
        var user: User
    }

    private func kooberSignedIn(_ status: HTTPResponse.Status, _ account: KooberAccount) -> (HTTPResponse, Data) {
        let user = SignedIn.User(
            displayName: account.displayName, fullName: account.fullName, email: account.email, phone: account.phone)
        return Reply.json(status, Reply.encode(SignedIn(token: KooberToken.issue(for: account.email), user: user)))
    }

    private func kooberSignIn(_ call: Call) -> (HTTPResponse, Data) {
        guard let body = try? JSONDecoder().decode(SignInBody.self, from: call.body) else {
            return Reply.message(.unprocessableContent, "Send a JSON body with \"email\" and \"password\".")
        }
        let account = kooberAccounts.withLock { $0[body.email.lowercased()] }
        guard let account, account.password == body.password else {
            return Reply.message(.unauthorized, "The email or password is incorrect.")
        }
        return kooberSignedIn(.ok, account)
    }

    private func kooberSignUp(_ call: Call) -> (HTTPResponse, Data) {
        struct SignUpBody: Decodable {
            var fullName: String?
            var nickname: String?
            var email: String?
            var phone: String?
            var password: String?
        }
        guard let body = try? JSONDecoder().decode(SignUpBody.self, from: call.body) else {
            return Reply.message(.unprocessableContent, "Send a JSON body with the new account's fields.")
        }
        // The rules of Docs/openapi.yaml, in Unicode scalars as JSON Schema counts them.
        let notBlank: (String) -> Bool = { $0.unicodeScalars.contains { $0 != " " && $0 != "\t" } }
        let fields: [(String, String?, (String) -> Bool)] = [
            ("fullName", body.fullName, notBlank),
            ("nickname", body.nickname, notBlank),
            ("email", body.email, { $0.unicodeScalars.contains("@") }),
            ("phone", body.phone, { $0.unicodeScalars.contains { ("0"..."9").contains($0) } }),
            ("password", body.password, { $0.unicodeScalars.count >= 8 }),
        ]
        for (name, value, isValid) in fields where !(value.map(isValid) ?? false) {
            return Reply.message(.unprocessableContent, value == nil ? "\(name) is missing." : "\(name) is not valid.")
        }
        let account = KooberAccount(
            displayName: body.nickname ?? "", fullName: body.fullName ?? "", email: body.email ?? "",
            phone: body.phone ?? "", password: body.password ?? "")
        let taken = state(of: "koober-signup") == "email-taken"
        let created =
            !taken
            && kooberAccounts.withLock { accounts in
                guard accounts[account.email.lowercased()] == nil else { return false }
                accounts[account.email.lowercased()] = account
                return true
            }
        guard created else { return Reply.message(.conflict, "An account with this email already exists.") }
        return kooberSignedIn(.created, account)
    }

    struct LocationsFile: Codable {
        struct Location: Codable {
            var id: String
            var name: String
            var latitude: Double
            var longitude: Double
        }
        var locations: [Location]
    }

    private func kooberLocations(_ call: Call) -> (HTTPResponse, Data) {
        guard let query = call.url.query["query"]?.trimmingCharacters(in: .whitespaces), !query.isEmpty else {
            return Reply.json(.ok, data.kooberLocations)
        }
        guard var file = try? JSONDecoder().decode(LocationsFile.self, from: data.kooberLocations) else {
            return Reply.message(.internalServerError, "The locations fixture is damaged.")
        }
        file.locations = file.locations.filter { $0.name.range(of: query, options: .caseInsensitive) != nil }
        return Reply.json(.ok, Reply.encode(file))
    }

    private func kooberRequestRide(_ call: Call) -> (HTTPResponse, Data) {
        struct RideBody: Decodable {
            var pickupLocationId: String
            var dropoffLocationId: String
            var rideOptionId: String
        }
        guard let authorization = call.request.headerFields[.authorization], authorization.hasPrefix("Bearer "),
            let email = KooberToken.email(in: String(authorization.dropFirst("Bearer ".count)))
        else {
            return Reply.message(.unauthorized, "Sign in again: the session token is missing, expired or not valid.")
        }
        guard let body = try? JSONDecoder().decode(RideBody.self, from: call.body) else {
            return Reply.message(
                .unprocessableContent, "Send pickupLocationId, dropoffLocationId and rideOptionId.")
        }
        let locations = (try? JSONDecoder().decode(LocationsFile.self, from: data.kooberLocations))?.locations ?? []
        let options =
            (try? JSONDecoder().decode(FixtureFiles.RideOptionsFile.self, from: data.kooberRideOptions))?.rideOptions
            ?? []
        for id in [body.pickupLocationId, body.dropoffLocationId] where !locations.contains(where: { $0.id == id }) {
            return Reply.message(.unprocessableContent, "There is no location \"\(id)\".")
        }
        guard options.contains(where: { $0.id == body.rideOptionId }) else {
            return Reply.message(.unprocessableContent, "There is no ride option \"\(body.rideOptionId)\".")
        }
        guard body.pickupLocationId != body.dropoffLocationId else {
            return Reply.message(.unprocessableContent, "The pickup and the drop-off must differ.")
        }
        // The same key from the same user is the same booking: its ride again, nothing more booked.
        let given = call.request.headerFields[KooberRides.idempotencyKey]
        if let given, given.count > KooberRides.maximumKeyLength {
            return Reply.message(
                .unprocessableContent, "An Idempotency-Key is at most \(KooberRides.maximumKeyLength) characters.")
        }
        let key = given.map { "\(email)\n\($0)" }
        let asked = [body.pickupLocationId, body.dropoffLocationId, body.rideOptionId]
        if let key, let booked = kooberRides.withLock({ $0.booking(for: key) }) {
            guard booked.request == asked else {
                return Reply.message(
                    .conflict,
                    "This Idempotency-Key already booked another ride request: send that request again for its ride.")
            }
            return Reply.json(.created, Reply.encode(booked.ride))
        }
        let (number, eta) = random.withLock {
            (UInt32.random(in: .min ... .max, using: &$0), Int.random(in: 2...9, using: &$0))
        }
        let ride = KooberRides.Ride(id: "ride-\(String(number, radix: 16))", status: "requested", etaMinutes: eta)
        if let key { kooberRides.withLock { $0.keep(.init(ride: ride, request: asked), for: key) } }
        return Reply.json(.created, Reply.encode(ride))
    }
}

/// `kb1.<email, base64url>.<signature>`: verifiable without server state.
enum KooberToken {
    private static let secret = "koober-fixture-secret"

    static func issue(for email: String) -> String {
        let encoded = Data(email.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        return "kb1.\(encoded).\(signature(encoded))"
    }

    static func email(in token: String) -> String? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, parts[0] == "kb1", parts[2] == signature(parts[1]) else { return nil }
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64).map { String(decoding: $0, as: UTF8.self) }
    }

    private static func signature(_ payload: String) -> String {
        String(ETag.of(Data((secret + payload).utf8)).filter { $0 != "\"" })
    }
}

/// The rides booked with an `Idempotency-Key`, the most recent ones only, each with the request
/// that booked it: the same key with another request is refused (`409`).
struct KooberRides: Sendable {
    static let idempotencyKey = HTTPField.Name("Idempotency-Key")!
    /// How many keys are remembered; the oldest is forgotten first.
    static let capacity = 1_024
    /// The longest key taken, as Docs/openapi.yaml says.
    static let maximumKeyLength = 255

    struct Ride: Codable, Sendable {
        var id: String
        var status: String
        var etaMinutes: Int
    }

    /// A ride booked, and the request that booked it: pickup, drop-off and option ids.
    struct Booking: Sendable {
        var ride: Ride
        var request: [String]
    }

    private var bookings: [String: Booking] = [:]
    private var order: [String] = []

    func booking(for key: String) -> Booking? { bookings[key] }

    mutating func keep(_ booking: Booking, for key: String) {
        if bookings.updateValue(booking, forKey: key) == nil { order.append(key) }
        if order.count > Self.capacity { bookings[order.removeFirst()] = nil }
    }
}
