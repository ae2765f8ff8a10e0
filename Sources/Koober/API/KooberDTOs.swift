/// Wire formats of the Koober backend (Docs/Backends.md); KooberMapper turns them into models.
struct SignedInDTO: Decodable {
    struct UserDTO: Decodable {
        var displayName: String
        var fullName: String
        var email: String
        var phone: String
    }

    var token: String
    var user: UserDTO
}

struct LocationsDTO: Decodable {
    struct LocationDTO: Decodable {
        var id: String
        var name: String
        var latitude: Double
        var longitude: Double
    }

    var locations: [LocationDTO]
}

struct RideOptionsDTO: Decodable {
    struct OptionDTO: Decodable {
        var id: String
        var name: String
        var seats: Int
        var baseFarePence: Int
    }

    var rideOptions: [OptionDTO]
}

struct RideRequestDTO: Encodable {
    var pickupLocationId: String
    var dropoffLocationId: String
    var rideOptionId: String
}

struct RideDTO: Decodable {
    var id: String
    var status: String
    var etaMinutes: Int
}
