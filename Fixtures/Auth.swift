import Foundation
import HTTPTypes
import StubEngine

extension FixtureBackend {
    static let authRoutes: [Route] = [
        Route(.post, "/auth/authenticate") { backend, call in backend.authenticate(call) }
    ]

    /// The original API answered 200, 401 or 500 at random; here the choice comes from the seeded
    /// generator, or is forced by the configuration.
    private func authenticate(_ call: Call) -> (HTTPResponse, Data) {
        struct Credentials: Decodable {
            var email: String
            var password: String
        }
        guard (try? JSONDecoder().decode(Credentials.self, from: call.body)) != nil else {
            return Reply.message(.badRequest, "Send a JSON body with \"email\" and \"password\".")
        }
        let outcome: AuthOutcome =
            switch configuration.authOutcome {
            case .random: random.withLock { [.success, .unauthorized, .error].randomElement(using: &$0) ?? .error }
            case let forced: forced
            }
        switch outcome {
        case .success:
            let token = random.withLock { UUID.version4(using: &$0) }
            return Reply.json(.ok, Reply.encode(["token": token.uuidString.lowercased(), "message": "Welcome back!"]))
        case .unauthorized:
            return Reply.message(.unauthorized, "The email or password is incorrect.")
        case .error, .random:
            return (HTTPResponse(status: .internalServerError), Data())
        }
    }
}

extension UUID {
    /// A random (version 4) UUID from `generator`, so a seeded backend hands out the same tokens.
    static func version4(using generator: inout some RandomNumberGenerator) -> UUID {
        var bytes = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}
