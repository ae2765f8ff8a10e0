import Foundation
import HTTPTypes

/// Ready-made answers.
package enum Reply {
    package static func json(_ status: HTTPResponse.Status, _ body: Data) -> (HTTPResponse, Data) {
        (HTTPResponse(status: status, headerFields: [.contentType: "application/json"]), body)
    }

    package static func message(_ status: HTTPResponse.Status, _ message: String) -> (HTTPResponse, Data) {
        json(status, encode(["message": message]))
    }

    package static func encode(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain dictionaries and structs of strings and numbers cannot fail.
        return (try? encoder.encode(value)) ?? Data("{}".utf8)
    }
}
