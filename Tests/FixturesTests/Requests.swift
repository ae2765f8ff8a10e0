import Fixtures
import Foundation
import HTTPTypes

extension FixtureBackend {
    /// The Listings routes' basic-auth credentials (`admin` / `password`), sent with every request.
    static let listingsAuthorization = "Basic YWRtaW46cGFzc3dvcmQ="

    /// Answers `method path` with `fields`, the Listings credentials and `json` as the body, in
    /// process, as the tests of the backend ask it.
    func send(
        _ method: HTTPRequest.Method, _ path: String, fields: HTTPFields = [:], json: String? = nil
    ) -> (HTTPResponse, Data) {
        var request = HTTPRequest(
            method: method, scheme: "http", authority: "fixtures.test", path: path, headerFields: fields)
        request.headerFields[.authorization] = Self.listingsAuthorization
        return handle(request, body: json.map { Data($0.utf8) })
    }
}
