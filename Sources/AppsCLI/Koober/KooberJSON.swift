import Koober

/// The JSON shapes of the Koober commands (Docs/CLI.md).
enum KooberJSON {
    static func user(_ profile: UserProfile) -> JSONValue {
        .object([
            ("displayName", .string(profile.displayName)), ("fullName", .string(profile.fullName)),
            ("email", .string(profile.email)), ("phone", .string(profile.phone)),
        ])
    }

    static func location(_ location: Location) -> JSONValue {
        .object([
            ("id", .string(location.id)), ("name", .string(location.name)),
            ("latitude", .double(location.latitude)), ("longitude", .double(location.longitude)),
        ])
    }

    static func ride(_ ride: Ride) -> JSONValue {
        func named(_ id: String, _ name: String) -> JSONValue {
            .object([("id", .string(id)), ("name", .string(name))])
        }
        return .object([
            ("id", .string(ride.id)), ("status", .string(ride.status)), ("etaMinutes", .int(ride.etaMinutes)),
            ("pickup", named(ride.request.pickup.id, ride.request.pickup.name)),
            ("dropoff", named(ride.request.dropoff.id, ride.request.dropoff.name)),
            ("option", named(ride.request.option.id, ride.request.option.name)),
        ])
    }

    static func contrast(_ contrast: Contrast) -> JSONValue {
        .object(
            [
                ("foreground", .string(contrast.foreground.description)),
                ("background", .string(contrast.background.description)),
                ("ratio", .double(KooberText.roundedRatio(contrast))),
            ] + KooberText.verdicts(contrast).map { ($0.key, .bool($0.passes)) })
    }
}
