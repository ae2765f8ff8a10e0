/// A pilot license: its type and the aircraft it allows.
///
/// The type is an open set: the backend may add license types the app does not know yet, and
/// they are shown as they come, not rejected.
public struct License: Hashable, Sendable, Codable, Identifiable {
    /// The license's type: `PPL`, `ATPL`, `MPL`, or one the backend added since.
    public let type: String
    /// The aircraft the license allows, such as `C172`.
    public let aircraft: [String]

    /// Creates a ``License``.
    ///
    /// - Parameters:
    ///   - type: the license's type.
    ///   - aircraft: the aircraft it allows.
    public init(type: String, aircraft: [String]) {
        self.type = type
        self.aircraft = aircraft
    }

    /// The license in a list: its type, which the backend sends once (`ForEach(licenses) { … }`).
    public var id: String { type }

    /// The types this app was written for.
    public static let knownTypes: Set<String> = ["PPL", "ATPL", "MPL"]

    /// Whether ``type`` is one of ``knownTypes``.
    public var isKnownType: Bool { Self.knownTypes.contains(type) }
}

/// A registered pilot: what is stored on the device. Never the password.
public struct Pilot: Hashable, Sendable, Codable {
    /// The pilot's name as entered.
    public let name: String
    /// The license the pilot registered with.
    public let license: License

    /// Creates a ``Pilot``.
    ///
    /// - Parameters:
    ///   - name: the pilot's name.
    ///   - license: the chosen license.
    public init(name: String, license: License) {
        self.name = name
        self.license = license
    }
}
