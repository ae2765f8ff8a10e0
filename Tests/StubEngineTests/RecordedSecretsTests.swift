import Foundation
import HTTPTypes
import Testing

@testable import StubEngine

/// A recording keeps no secret: one sent as a form, a query string or a multipart field was
/// written into the team's folder, where only JSON bodies were looked at.
@Suite("What a recording keeps")
struct RecordedSecretsTests {
    func exchange(_ target: String, contentType: String? = nil, body: String = "") -> StubRecorder.Exchange? {
        var fields = HTTPFields()
        if let contentType { fields[.contentType] = contentType }
        let request = ParsedRequest(
            HTTPRequest(method: .post, scheme: "http", authority: "api.test", path: target, headerFields: fields),
            body: Data(body.utf8))
        return StubRecorder.exchange(request, status: 200, headers: [:], body: Data("{}".utf8))
    }

    @Test func aSecretInAFormAQueryOrAMultipartFieldIsNotRecorded() {
        #expect(exchange("/login", contentType: "application/x-www-form-urlencoded", body: "user=a&password=b") == nil)
        #expect(exchange("/login", body: "user=a&pass%77ord=b") == nil, "a form sent without its type")
        #expect(exchange("/items?access_token=abc") == nil)
        #expect(exchange("/items?Client-Secret=abc") == nil)
        let multipart = "--B\r\nContent-Disposition: form-data; name=\"api_token\"\r\n\r\nt0k3n\r\n--B--\r\n"
        #expect(exchange("/upload", contentType: "multipart/form-data; boundary=B", body: multipart) == nil)
        #expect(exchange("/login", contentType: "application/json", body: #"{"user": {"password": "b"}}"#) == nil)
    }

    @Test func anOrdinaryExchangeIsRecorded() {
        #expect(exchange("/items?page=2") != nil)
        #expect(exchange("/search", contentType: "application/x-www-form-urlencoded", body: "q=shirts&page=1") != nil)
        let multipart = "--B\r\nContent-Disposition: form-data; name=\"photo\"\r\n\r\nbytes\r\n--B--\r\n"
        #expect(exchange("/upload", contentType: "multipart/form-data; boundary=B", body: multipart) != nil)
    }
}
