import Foundation

/// A stub or a fixture route close to a request nothing served, and what differs.
package struct NearMiss: Sendable, Equatable {
    /// The stub's id, or the route: `GET /lotto/draws`.
    package var name: String
    /// `the method is GET, not POST; the header X-Test is missing`.
    package var difference: String
    /// How far the request is from the stub, 0 to 1, as WireMock measures a near miss; `nil` for
    /// a route.
    package var distance: Double?

    package init(name: String, difference: String, distance: Double? = nil) {
        self.name = name
        self.difference = difference
        self.distance = distance
    }
}

/// The stubs and fixture routes closest to a request nothing served, nearest first.
package struct NearMisses: Sendable, Equatable {
    package var stubs: [NearMiss]
    package var routes: [NearMiss]

    package init(stubs: [NearMiss], routes: [NearMiss]) {
        self.stubs = stubs
        self.routes = routes
    }

    /// The bytes its words take.
    package var size: Int {
        (stubs + routes).reduce(0) { $0 + $1.name.utf8.count + $1.difference.utf8.count }
    }
}
