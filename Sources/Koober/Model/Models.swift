/// The signed-in user's profile.
public struct UserProfile: Hashable, Sendable, Codable {
    public let displayName: String
    public let fullName: String
    public let email: String
    public let phone: String

    public init(displayName: String, fullName: String, email: String, phone: String) {
        self.displayName = displayName
        self.fullName = fullName
        self.email = email
        self.phone = phone
    }
}

/// The backend's proof of sign-in, sent as a Bearer token.
public struct RemoteUserSession: Hashable, Sendable, Codable {
    public let token: String

    public init(token: String) {
        self.token = token
    }
}

/// A signed-in user: the profile and the remote session.
public struct UserSession: Hashable, Sendable, Codable {
    public let profile: UserProfile
    public let remoteSession: RemoteUserSession

    public init(profile: UserProfile, remoteSession: RemoteUserSession) {
        self.profile = profile
        self.remoteSession = remoteSession
    }
}

/// What a new user signs up with.
public struct NewAccount: Hashable, Sendable {
    public var fullName: String
    public var nickname: String
    public var email: String
    public var phone: String
    public var password: String

    public init(fullName: String, nickname: String, email: String, phone: String, password: String) {
        self.fullName = fullName
        self.nickname = nickname
        self.email = email
        self.phone = phone
        self.password = password
    }
}

public struct Location: Hashable, Sendable, Identifiable, Codable {
    public let id: String
    public let name: String
    public let latitude: Double
    public let longitude: Double

    public init(id: String, name: String, latitude: Double, longitude: Double) {
        self.id = id
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
    }
}

public struct RideOption: Hashable, Sendable, Identifiable, Codable {
    public let id: String
    public let name: String
    public let seats: Int
    public let baseFarePence: Int

    public init(id: String, name: String, seats: Int, baseFarePence: Int) {
        self.id = id
        self.name = name
        self.seats = seats
        self.baseFarePence = baseFarePence
    }
}

/// A ride to ask for: from where, to where, in what.
public struct RideRequest: Hashable, Sendable, Codable {
    public let pickup: Location
    public let dropoff: Location
    public let option: RideOption

    public init(pickup: Location, dropoff: Location, option: RideOption) {
        self.pickup = pickup
        self.dropoff = dropoff
        self.option = option
    }
}

/// A requested ride, as the backend confirms it.
public struct Ride: Hashable, Sendable, Identifiable, Codable {
    public let id: String
    public let status: String
    public let etaMinutes: Int
    public let request: RideRequest

    public init(id: String, status: String, etaMinutes: Int, request: RideRequest) {
        self.id = id
        self.status = status
        self.etaMinutes = etaMinutes
        self.request = request
    }
}
