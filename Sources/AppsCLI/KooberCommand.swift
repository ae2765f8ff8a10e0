import ArgumentParser
import Foundation
import Koober
import Persistence

struct KooberCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "koober", abstract: "Ride hailing: sign in, pick a drop-off, request a ride.",
        subcommands: [SignIn.self, WhoAmI.self, SignOut.self, Locations.self, RideCommand.self, ContrastCommand.self])
}

extension AppEnvironment {
    /// The only place the session token is kept: a 0600 file in the state folder.
    var kooberSessionStore: PersistentUserSessionStore {
        PersistentUserSessionStore(
            store: FileValueStore<UserSession>(fileURL: stateDirectory.appendingPathComponent("koober-session.json")))
    }

    var kooberRideAPI: KooberRideAPI { KooberRideAPI(api: api) }
}

extension KooberCommand {
    struct SignIn: LeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "signin", abstract: "Sign in and keep the session; the password comes from a prompt or stdin.")

        @OptionGroup var options: GlobalOptions
        @Option(help: "The account's email.") var email: String

        func run(in environment: AppEnvironment, console: Console) async throws {
            let password = try Secrets.readLine(prompt: "Password")
            let useCase = KooberSignInUseCase(
                remoteAPI: KooberUserAuthRemoteAPI(api: environment.api), store: environment.kooberSessionStore)
            do throws(SignInUseCaseError) {
                let session = try await useCase.signIn(email: email, password: password)
                console.result(json: .object([("user", KooberJSON.user(session.profile))])) {
                    "Signed in as \(session.profile.fullName) (\(session.profile.email))."
                }
            } catch .signIn(.unauthorized) {
                throw Failure(kind: .unauthorized, message: SignInError.unauthorized.message)
            } catch .signIn(.unknown(let cause?)) {
                throw cause
            } catch {
                throw Failure(kind: .badData, message: error.message)
            }
        }
    }

    struct WhoAmI: LeafCommand {
        static let configuration = CommandConfiguration(commandName: "whoami", abstract: "The signed-in user.")

        @OptionGroup var options: GlobalOptions

        func run(in environment: AppEnvironment, console: Console) async throws {
            let session = try KooberJSON.requireSession(environment)
            console.result(json: .object([("user", KooberJSON.user(session.profile))])) {
                "\(session.profile.fullName) (\(session.profile.displayName)), \(session.profile.email), \(session.profile.phone)"
            }
        }
    }

    struct SignOut: LeafCommand {
        static let configuration = CommandConfiguration(commandName: "signout", abstract: "Forget the session.")

        @OptionGroup var options: GlobalOptions

        func run(in environment: AppEnvironment, console: Console) async throws {
            try environment.kooberSessionStore.delete()
            console.result(json: .object([("signedOut", .bool(true))])) { "Signed out." }
        }
    }

    struct Locations: LeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "locations", abstract: "Places to be picked up at or dropped off.")

        @OptionGroup var options: GlobalOptions
        @Option(help: "Only places whose name contains this (any case).") var query: String?

        func run(in environment: AppEnvironment, console: Console) async throws {
            let locations = try await environment.kooberRideAPI.searchLocations(query ?? "")
            console.result(json: .object([("locations", .array(locations.map(KooberJSON.location)))])) {
                locations.isEmpty
                    ? "No places match."
                    : locations.map { "\($0.name.rightPadded(to: 20)) \($0.id)" }.joined(separator: "\n")
            }
        }
    }

    struct RideCommand: LeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "ride", abstract: "Request a ride; places and options by id or name.")

        @OptionGroup var options: GlobalOptions
        @Option(help: "Where to be picked up.") var pickup: String
        @Option(help: "Where to go.") var dropoff: String
        @Option(help: "The ride option (default: the first offered).") var option: String?

        func run(in environment: AppEnvironment, console: Console) async throws {
            let sessionStore = environment.kooberSessionStore
            let session = try KooberJSON.requireSession(environment)
            let rideAPI = environment.kooberRideAPI
            let places = try await rideAPI.searchLocations("")
            let pickup = try KooberJSON.find(self.pickup, in: places, what: "place")
            let dropoff = try KooberJSON.find(self.dropoff, in: places, what: "place")

            let model = NewRideViewModel(
                locations: rideAPI, rides: rideAPI, pickup: pickup, session: session,
                onSessionExpired: { try? sessionStore.delete() })
            await model.loadRideOptions()
            if case .failed(let error) = model.state { throw KooberJSON.failure(error) }
            if let option {
                model.chooseOption(try KooberJSON.find(option, in: model.rideOptions, what: "ride option"))
            }
            model.pickDropoff()
            model.selectDropoff(dropoff)
            await model.requestRide()
            switch model.state {
            case .waitingForPickup(let ride):
                console.result(json: .object([("ride", KooberJSON.ride(ride))])) {
                    "\(ride.request.option.name) from \(ride.request.pickup.name) to \(ride.request.dropoff.name): "
                        + "\(ride.status), pickup in \(ride.etaMinutes) min (\(ride.id))."
                }
            case .failed(let error):
                throw KooberJSON.failure(error)
            case .choosing, .requesting:
                throw Failure(kind: .validation, message: "Choose a drop-off and a ride option.")
            }
        }
    }

    struct ContrastCommand: LeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "contrast", abstract: "WCAG 2.x contrast of a text colour on a background.")

        @OptionGroup var options: GlobalOptions
        @Argument(help: "The text colour, #RGB or #RRGGBB.") var foreground: String
        @Argument(help: "The background colour, #RGB or #RRGGBB.") var background: String

        func validate() throws {
            for text in [foreground, background] where RGBColor(hex: text) == nil {
                throw ValidationError("\"\(text)\" is not a colour: use #RGB or #RRGGBB.")
            }
        }

        func run(in environment: AppEnvironment, console: Console) async throws {
            guard let foreground = RGBColor(hex: foreground), let background = RGBColor(hex: background) else { return }
            let contrast = Contrast(foreground: foreground, background: background)
            let ratio = (contrast.ratio * 100).rounded() / 100
            let verdicts: [(String, String, Bool)] = [
                ("aa", "AA", contrast.passesAA), ("aaLarge", "AA large", contrast.passesAALarge),
                ("aaa", "AAA", contrast.passesAAA), ("aaaLarge", "AAA large", contrast.passesAAALarge),
            ]
            let json: JSONValue = .object(
                [
                    ("foreground", .string(foreground.description)), ("background", .string(background.description)),
                    ("ratio", .double(ratio)),
                ] + verdicts.map { ($0.0, .bool($0.2)) })
            console.result(json: json) {
                "\(foreground) on \(background): \(String(format: "%.2f", ratio)):1\n"
                    + verdicts.map { "  \($0.1.rightPadded(to: 10)) \($0.2 ? "pass" : "fail")" }.joined(separator: "\n")
            }
        }
    }
}

enum KooberJSON {
    static func requireSession(_ environment: AppEnvironment) throws -> UserSession {
        guard let session = try environment.kooberSessionStore.readUserSession() else {
            throw Failure(kind: .notSignedIn, message: "Not signed in. Use 'apps koober signin --email E'.")
        }
        return session
    }

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

    /// The item whose id or name is `text`, ignoring case.
    static func find<T: Identifiable<String>>(_ text: String, in items: [T], what: String) throws -> T
    where T: Named {
        guard
            let item = items.first(where: { $0.id.caseInsensitiveCompare(text) == .orderedSame })
                ?? items.first(where: { $0.name.caseInsensitiveCompare(text) == .orderedSame })
        else {
            throw Failure(
                kind: .notFound,
                message: "There is no \(what) \"\(text)\". Choose from: \(items.map(\.name).joined(separator: ", ")).")
        }
        return item
    }

    static func failure(_ error: RideError) -> Failure {
        switch error {
        case .sessionExpired: Failure(kind: .unauthorized, message: error.message + " You are signed out.")
        case .rejected(let message): Failure(kind: .validation, message: message)
        case .unavailable(let cause): Failure(cause)
        }
    }
}

protocol Named {
    var name: String { get }
}

extension Location: Named {}
extension RideOption: Named {}
