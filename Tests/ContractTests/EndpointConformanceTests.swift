import AppsCore
import AuthMVP
import Foundation
import HTTPTypes
import Koober
import Listings
import Lotto
import PilotRegistration
import Testing

/// The clients agree with Docs/openapi.yaml: every request a domain's `Remote…` service sends
/// names an operation the document has, and the document's example answer of that operation
/// decodes through the service (its DTOs and mapper) into domain values.
@Suite("The clients against Docs/openapi.yaml")
struct EndpointConformanceTests {
    /// Answers each request with the documented example of the operation it names, and remembers
    /// which operations were asked for; a request the document does not have fails the test.
    final class DocumentedBackend: Sendable {
        let document: OpenAPIDocument
        private let asked = Locked<Set<OpenAPIDocument.Operation>>([])
        let baseURL = URL(string: "http://backend.test")!

        init() throws { document = try OpenAPIDocument() }

        var askedFor: Set<OpenAPIDocument.Operation> { asked.withLock { $0 } }

        var client: StubHTTPClient {
            StubHTTPClient { [document, asked] request, _ in
                let path = String((request.path ?? "").prefix { $0 != "?" })
                let method = request.method.rawValue
                guard let operation = document.operation(method: method, path: path),
                    let answer = document.answer(for: operation)
                else {
                    Issue.record("\(method) \(path) is not in Docs/openapi.yaml")
                    return (HTTPResponse(status: .notFound), Data())
                }
                asked.withLock { _ = $0.insert(operation) }
                let body = answer.example ?? Data([0xFF, 0xD8, 0xFF, 0xD9])  // a JPEG's first and last marker
                let status = HTTPResponse.Status(code: answer.status)
                return (HTTPResponse(status: status, headerFields: [.contentType: answer.contentType]), body)
            }
        }
    }

    @Test func everyServiceCallIsADocumentedOperationWhoseExampleDecodes() async throws {
        let backend = try DocumentedBackend()
        let url = backend.baseURL
        let client = backend.client

        let lotto = RemoteLottoService(baseURL: url, httpClient: client)
        let draws = try await lotto.loadDraws()
        #expect(draws.value.count == 2 && draws.rejected.isEmpty)
        let tickets = try await lotto.loadTickets()
        #expect(tickets.value.count == 2 && tickets.rejected.isEmpty)

        let auth = RemoteUserAuthService(baseURL: url, httpClient: client)
        let session = try await auth.signIn(email: "johnny@gmail.com", password: "password")
        #expect(session.profile.displayName == "Johnny")
        let account = NewAccount(
            fullName: "Ann Example", nickname: "Ann", email: "ann@example.com", phone: "555-0100",
            password: "correct horse")
        #expect(try await auth.signUp(account).profile.email == "ann@example.com")

        let rides = RemoteRideService(baseURL: url, httpClient: client)
        let places = try await rides.searchLocations("o")
        let options = try await rides.rideOptions()
        #expect(places.count == 2 && options.count == 2)
        let request = RideRequest(pickup: places[0], dropoff: places[1], option: options[0])
        let ride = try await rides.requestRide(request, session: session.remoteSession)
        #expect(ride.status == "requested")

        let licenses = try await RemoteLicensesService(baseURL: url, httpClient: client).loadLicenses()
        #expect(licenses.map(\.type) == ["PPL", "ATPL"])

        let listings = RemoteListingsService(
            baseURL: url, credentials: BasicCredentials(username: "admin", password: "password"), httpClient: client)
        #expect(try await listings.products().count == 2)
        #expect(try await listings.productDetails(id: "1").information.count == 2)
        #expect(try await listings.offers(userID: "1").offers.count == 2)
        #expect(try await listings.imageData(key: "shirt-blue").count == 4)

        let login = RemoteAuthenticationService(baseURL: url, httpClient: client)
        #expect(try await login.authenticate(email: "user@example.com", password: "secret").token.isEmpty == false)

        // Every operation of the document but the server's own health check belongs to a client.
        let unused = backend.document.operations.subtracting(backend.askedFor).map(\.description)
        #expect(unused == ["GET /health"])
    }

    @Test func aTemplateMatchesOneWholeSegmentPerParameter() throws {
        let operation = OpenAPIDocument.Operation(method: "GET", template: "/listings/api/user/{id}/offers")
        #expect(operation.matches(method: "GET", path: "/listings/api/user/a%2Fb/offers"))
        #expect(!operation.matches(method: "GET", path: "/listings/api/user/a/b/offers"))
        #expect(!operation.matches(method: "GET", path: "/listings/api/user//offers"))
        #expect(!operation.matches(method: "POST", path: "/listings/api/user/1/offers"))
    }
}
