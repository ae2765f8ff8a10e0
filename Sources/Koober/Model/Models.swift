/// The signed-in user's profile.
public struct UserProfile: Hashable, Sendable, Codable {
    /// What the app calls the user: `Johnny`.
    public let displayName: String
    /// The user's full name.
    public let fullName: String
    /// The email the user signs in with.
    public let email: String
    /// The user's phone number, as entered.
    public let phone: String

    /// A profile as the backend returns it; for previews and test doubles.
    public init(displayName: String, fullName: String, email: String, phone: String) {
        self.displayName = displayName
        self.fullName = fullName
        self.email = email
        self.phone = phone
    }
}

/// The backend's proof of sign-in, sent as a Bearer token.
public struct RemoteUserSession: Hashable, Sendable, Codable {
    /// The opaque token the backend issued; requests send it as `Authorization: Bearer <token>`.
    public let token: String

    /// Creates a ``RemoteUserSession``.
    ///
    /// - Parameter token: the token from a sign-in or a sign-up.
    public init(token: String) {
        self.token = token
    }
}

/// A signed-in user: the profile and the remote session.
public struct UserSession: Hashable, Sendable, Codable {
    /// Who is signed in.
    public let profile: UserProfile
    /// The token that proves it.
    public let remoteSession: RemoteUserSession

    /// A session as sign-in returns it, or for previews and test doubles:
    /// ```swift
    /// let session = UserSession(
    ///     profile: UserProfile(displayName: "Johnny", fullName: "Johnny Appleseed", email: "johnny@gmail.com", phone: "510-736-8754"),
    ///     remoteSession: RemoteUserSession(token: "kb1.preview"))
    /// ```
    public init(profile: UserProfile, remoteSession: RemoteUserSession) {
        self.profile = profile
        self.remoteSession = remoteSession
    }
}

/// What a new user signs up with.
public struct NewAccount: Hashable, Sendable {
    /// The user's full name.
    public var fullName: String
    /// What the app should call the user.
    public var nickname: String
    /// The email to sign in with later.
    public var email: String
    /// A phone number, with at least one digit.
    public var phone: String
    /// The password, at least ``SignUpRules/minimumPasswordLength`` characters.
    public var password: String

    /// The form's values as entered; ``SignUpRules`` checks them before they are sent.
    public init(fullName: String, nickname: String, email: String, phone: String, password: String) {
        self.fullName = fullName
        self.nickname = nickname
        self.email = email
        self.phone = phone
        self.password = password
    }
}

/// A place to be picked up at or dropped off at.
public struct Location: Hashable, Sendable, Identifiable, Codable {
    /// The backend's id for the place: `opera-house`.
    public let id: String
    /// The place's name as people know it: `Opera House`.
    public let name: String
    /// Degrees north of the equator (negative south).
    public let latitude: Double
    /// Degrees east of Greenwich (negative west).
    public let longitude: Double

    /// Creates a ``Location``.
    ///
    /// - Parameters:
    ///   - id: the backend's id for the place, such as `opera-house`.
    ///   - name: the name to show.
    ///   - latitude: degrees north.
    ///   - longitude: degrees east.
    public init(id: String, name: String, latitude: Double, longitude: Double) {
        self.id = id
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// A kind of ride: its name, how many seats, and the base fare.
public struct RideOption: Hashable, Sendable, Identifiable, Codable {
    /// The backend's id for the option: `wallabee`.
    public let id: String
    /// The option's name: `Wallabee`.
    public let name: String
    /// How many passengers fit.
    public let seats: Int
    /// The fare before distance, in pence.
    public let baseFarePence: Int

    /// The base fare in pounds, as a ride list shows it: `£5`, `£12.50`. The same on every
    /// machine; ``formattedBaseFare(locale:)`` writes it as the user reads amounts.
    public var formattedBaseFare: String {
        MoneyFormat.format(baseFarePence, currency: "GBP", dropsZeroMinorUnits: true)
    }

    /// The base fare in `locale`'s symbols and separators: `option.formattedBaseFare(locale: .current)`.
    public func formattedBaseFare(locale: Locale) -> String {
        MoneyFormat.format(baseFarePence, currency: "GBP", dropsZeroMinorUnits: true, locale: locale)
    }

    /// Creates a ``RideOption``.
    ///
    /// - Parameters:
    ///   - id: the backend's id for the option, such as `wallabee`.
    ///   - name: the name to show.
    ///   - seats: how many passengers fit.
    ///   - baseFarePence: the base fare in pence.
    public init(id: String, name: String, seats: Int, baseFarePence: Int) {
        self.id = id
        self.name = name
        self.seats = seats
        self.baseFarePence = baseFarePence
    }
}

/// A ride to ask for: from where, to where, in what.
public struct RideRequest: Hashable, Sendable, Codable {
    /// Where the ride starts.
    public let pickup: Location
    /// Where it ends; never the pickup.
    public let dropoff: Location
    /// The kind of ride.
    public let option: RideOption
    /// The booking this request is: sent as `Idempotency-Key`, so the same booking sent again
    /// (after a cancel, a timeout or a lost answer that the backend had booked) books no second
    /// ride. ``NewRideViewModel`` keeps one key until the ride is confirmed or the user picks
    /// another drop-off or option.
    public let idempotencyKey: String

    /// Creates a ``RideRequest``.
    ///
    /// - Parameters:
    ///   - pickup: where the ride starts.
    ///   - dropoff: where it ends.
    ///   - option: the kind of ride.
    ///   - idempotencyKey: the booking it is; a new one by default.
    public init(pickup: Location, dropoff: Location, option: RideOption, idempotencyKey: String = UUID().uuidString) {
        self.pickup = pickup
        self.dropoff = dropoff
        self.option = option
        self.idempotencyKey = idempotencyKey
    }

    private enum CodingKeys: String, CodingKey {
        case pickup, dropoff, option, idempotencyKey
    }

    /// Requests are equal when they ask for the same ride (pickup, drop-off, option), whatever
    /// booking key they are sent with.
    public static func == (lhs: RideRequest, rhs: RideRequest) -> Bool {
        (lhs.pickup, lhs.dropoff, lhs.option) == (rhs.pickup, rhs.dropoff, rhs.option)
    }

    /// Hashes the ride asked for, as `==` compares it.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(pickup)
        hasher.combine(dropoff)
        hasher.combine(option)
    }

    /// Reads a request kept before it had a key: it gets a new one.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        pickup = try container.decode(Location.self, forKey: .pickup)
        dropoff = try container.decode(Location.self, forKey: .dropoff)
        option = try container.decode(RideOption.self, forKey: .option)
        idempotencyKey = try container.decodeIfPresent(String.self, forKey: .idempotencyKey) ?? UUID().uuidString
    }
}

/// A requested ride, as the backend confirms it.
public struct Ride: Hashable, Sendable, Identifiable, Codable {
    /// The backend's id for the ride: `ride-3f2a9c1d`.
    public let id: String
    /// The backend's status for the ride: `requested`.
    public let status: String
    /// Minutes until the car arrives at the pickup.
    public let etaMinutes: Int
    /// What was asked for.
    public let request: RideRequest

    /// A ride as the backend confirms it; for previews and test doubles.
    public init(id: String, status: String, etaMinutes: Int, request: RideRequest) {
        self.id = id
        self.status = status
        self.etaMinutes = etaMinutes
        self.request = request
    }
}
