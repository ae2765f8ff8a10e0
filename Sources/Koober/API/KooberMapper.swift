// Wire DTOs to domain values.

extension SignedInDTO {
    var session: UserSession {
        UserSession(
            profile: UserProfile(
                displayName: user.displayName, fullName: user.fullName, email: user.email, phone: user.phone),
            remoteSession: RemoteUserSession(token: token))
    }
}

extension LocationsDTO.LocationDTO {
    var location: Location { Location(id: id, name: name, latitude: latitude, longitude: longitude) }
}

extension RideOptionsDTO.OptionDTO {
    var rideOption: RideOption { RideOption(id: id, name: name, seats: seats, baseFarePence: baseFarePence) }
}
