import Foundation
import HTTPTypes
import StubEngine

extension FixtureBackend {
    static let lottoRoutes: [Route] = [
        Route(.get, "/lotto/draws") { backend, _ in Reply.json(.ok, backend.lottoDraws) },
        Route(.get, "/lotto/tickets") { backend, _ in Reply.json(.ok, backend.data.lottoTickets) },
    ]

    static let pilotRoutes: [Route] = [
        Route(.get, "/pilot/licenses") { backend, _ in Reply.json(.ok, backend.data.pilotLicenses) }
    ]
}
