/// A pilot license: its type and the aircraft it allows.
///
/// The type is an open set: the backend may add license types the app does not know yet, and
/// they are shown as they come, not rejected.
public struct License: Hashable, Sendable, Codable {
    public let type: String
    public let aircraft: [String]

    public init(type: String, aircraft: [String]) {
        self.type = type
        self.aircraft = aircraft
    }

    /// The types this app was written for.
    public static let knownTypes: Set<String> = ["PPL", "ATPL", "MPL"]

    public var isKnownType: Bool { Self.knownTypes.contains(type) }
}

/// A registered pilot: what is stored on the device. Never the password.
public struct Pilot: Hashable, Sendable, Codable {
    public let name: String
    public let license: License

    public init(name: String, license: License) {
        self.name = name
        self.license = license
    }
}
