import Foundation

/// The path of a request target, percent-decoded as stubs match it: `/caf%C3%A9?q=1` is `/café`.
package func decodedPath(of target: String) -> String {
    RequestURL(target).path
}

/// The path and query of a request target such as `/koober/locations?query=op%20era`.
package struct RequestURL {
    package var path: String
    package var segments: [String]
    /// Each query parameter's first value, decoded.
    package var query: [String: String]
    /// Each query parameter's values in the order sent, decoded: `?a=1&a=2` is `a: [1, 2]`.
    package var queryValues: [String: [String]]

    package init(_ target: String) {
        var components = URLComponents(string: target)
        // A `+` in a query is a space (HTML form encoding, which many clients send); a plus sign
        // itself arrives as `%2B`.
        if let encodedQuery = components?.percentEncodedQuery, encodedQuery.contains("+") {
            components?.percentEncodedQuery = encodedQuery.replacingOccurrences(of: "+", with: "%20")
        }
        // Each segment is decoded once, after splitting: `a%2Fb` is the one segment `a/b`, and
        // `%2531` is `%31`, never `1`.
        let encodedPath = components?.percentEncodedPath ?? target
        segments = encodedPath.split(separator: "/").map {
            $0.contains("%") ? $0.removingPercentEncoding ?? String($0) : String($0)
        }
        path = components?.path ?? target
        var values: [String: [String]] = [:]
        for item in components?.queryItems ?? [] { values[item.name, default: []].append(item.value ?? "") }
        queryValues = values
        query = values.compactMapValues(\.first)
    }
}
