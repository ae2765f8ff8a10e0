import ArgumentParser
import Foundation
import Koober
import Persistence

struct KooberCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "koober", abstract: "Ride hailing: sign in, pick a drop-off, request a ride.",
        discussion: HelpText.koober,
        subcommands: [
            SignIn.self, WhoAmI.self, SignOut.self, Locations.self, RideCommand.self, ContrastCommand.self, UI.self,
        ])
}

extension AppEnvironment {
    /// The only place the session token is kept: a 0600 file in the state folder, one per backend
    /// origin, so a token is never sent to a backend that did not issue it.
    func kooberSessionStore() throws -> OriginBoundStore<UserSession> {
        OriginBoundStore(name: "koober-session", origin: origin, in: try stateDirectory())
    }

    var rideService: RemoteRideService { RemoteRideService(api: api) }

    /// The app model, launched: signed in with the stored session, or onboarding.
    @MainActor func kooberApp() throws -> KooberAppModel {
        let store = try kooberSessionStore()
        let auth = RemoteUserAuthService(api: api)
        let app = KooberAppModel(
            signIn: KooberSignInUseCase(remoteAPI: auth, store: store),
            signUp: KooberSignUpUseCase(remoteAPI: auth, store: store), store: store)
        app.launch()
        return app
    }
}

extension KooberAppModel {
    /// The signed-in session, or why there is none.
    func requireSession(at origin: String) throws -> UserSession {
        if let error { throw error }
        guard case .signedIn(let session) = screen else {
            throw Failure(
                kind: .notSignedIn, message: "Not signed in to \(origin). Use 'apps koober signin --email E'.")
        }
        return session
    }
}

extension KooberCommand {
    struct SignIn: LeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "signin", abstract: "Sign in and keep the session; the password comes from a prompt or stdin.",
            discussion: HelpText.signin)

        /// The options of this command, listed before the shared ones in `--help`.
        struct Own: ParsableArguments {
            @Option(help: "The account's email.") var email: String
        }

        @OptionGroup(title: "Command options") var own: Own
        @OptionGroup(title: "Shared options") var options: GlobalOptions
        var email: String { own.email }

        func run(in environment: AppEnvironment, console: Console) async throws {
            let password = try environment.readSecret("Password", console)
            let app = try environment.kooberApp()
            app.goToSignIn()
            await app.signIn(email: email, password: password)
            let session = try app.requireSession(at: environment.origin)
            do {
                try console.result(json: .object([("user", KooberJSON.user(session.profile))])) {
                    KooberText.signedIn(session.profile)
                }
            } catch {
                // A sign-in the user was never told about is not kept.
                app.signOut()
                throw error
            }
        }
    }

    struct WhoAmI: LeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "whoami", abstract: "The signed-in user.", discussion: HelpText.kooberWhoami)

        @OptionGroup(title: "Shared options") var options: GlobalOptions

        func run(in environment: AppEnvironment, console: Console) async throws {
            let session = try environment.kooberApp().requireSession(at: environment.origin)
            try console.result(json: .object([("user", KooberJSON.user(session.profile))])) {
                KooberText.user(session.profile)
            }
        }
    }

    struct SignOut: LeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "signout", abstract: "Forget the session.", discussion: HelpText.signout)

        @OptionGroup(title: "Shared options") var options: GlobalOptions

        func run(in environment: AppEnvironment, console: Console) async throws {
            let app = try environment.kooberApp()
            app.signOut()
            if let error = app.error { throw error }
            try console.result(json: .object([("signedOut", .bool(true))])) { "Signed out." }
        }
    }

    struct Locations: LeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "locations", abstract: "Places to be picked up at or dropped off.",
            discussion: HelpText.locations)

        /// The options of this command, listed before the shared ones in `--help`.
        struct Own: ParsableArguments {
            @Option(help: "Only places whose name contains this (any case).") var query: String?
        }

        @OptionGroup(title: "Command options") var own: Own
        @OptionGroup(title: "Shared options") var options: GlobalOptions
        var query: String? { own.query }

        func run(in environment: AppEnvironment, console: Console) async throws {
            let locations = try await environment.rideService.searchLocations(query ?? "")
            try console.result(json: .object([("locations", .array(locations.map(KooberJSON.location)))])) {
                KooberText.locations(locations)
            }
        }
    }

    struct RideCommand: LeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "ride", abstract: "Request a ride; places and options by id or name.",
            discussion: HelpText.ride)

        /// The options of this command, listed before the shared ones in `--help`.
        struct Own: ParsableArguments {
            @Option(help: "Where to be picked up.", completion: CompletionValues.places) var pickup: String
            @Option(help: "Where to go.", completion: CompletionValues.places) var dropoff: String
            @Option(help: "The ride option (default: the first offered).") var option: String?
        }

        @OptionGroup(title: "Command options") var own: Own
        @OptionGroup(title: "Shared options") var options: GlobalOptions
        var pickup: String { own.pickup }
        var dropoff: String { own.dropoff }
        var option: String? { own.option }

        func run(in environment: AppEnvironment, console: Console) async throws {
            let app = try environment.kooberApp()
            let session = try app.requireSession(at: environment.origin)
            let rides = environment.rideService
            let places = try await rides.searchLocations("")
            let pickup = try Self.pick(self.pickup, from: places, what: "place")

            let model = NewRideViewModel(
                locations: rides, rides: rides, pickup: pickup, session: session,
                onSessionExpired: { app.signOut() })
            await model.loadRideOptions()
            if let error = model.rideOptionsState.failure { throw error }
            if let option {
                model.chooseOption(try Self.pick(option, from: model.rideOptions, what: "ride option"))
            }
            model.pickDropoff()
            guard let picker = model.dropoffPicker else { return }
            await picker.search("")
            if let error = picker.error { throw error }
            // The picker offers every place but the pickup.
            model.selectDropoff(try Self.pick(dropoff, from: picker.results, what: "drop-off"))
            await model.requestRide()
            switch model.state {
            case .waitingForPickup(let ride):
                try console.result(json: .object([("ride", KooberJSON.ride(ride))])) { KooberText.ride(ride) }
            case .failed(let error):
                throw error
            case .choosing, .requesting:
                throw Failure(kind: .validation, message: "Choose a drop-off and a ride option.")
            }
        }

        /// The choice the user named, or a not-found failure listing the choices.
        static func pick<T: Pickable>(_ text: String, from choices: [T], what: String) throws -> T {
            guard let choice = choices.first(matching: text) else {
                throw Failure(
                    kind: .notFound,
                    message:
                        "There is no \(what) \"\(text)\". Choose from: \(choices.map(\.name).joined(separator: ", ")).")
            }
            return choice
        }
    }

    struct ContrastCommand: LeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "contrast", abstract: "WCAG 2.x contrast of a text colour on a background.",
            discussion: HelpText.contrast)

        @OptionGroup(title: "Shared options") var options: GlobalOptions
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
            try console.result(json: KooberJSON.contrast(contrast)) { KooberText.contrast(contrast) }
        }
    }
}

/// The one place a Koober error becomes a kind and an exit code.
extension KooberError: ReportableError {
    var failure: Failure {
        switch self {
        case .signIn(.signIn(.unauthorized)): Failure(kind: .unauthorized, message: localizedDescription)
        case .signIn(.signIn(.unknown(let cause?))), .signUp(.signUp(.unknown(let cause?))): Failure(cause)
        case .signUp(.signUp(.invalidFields)), .signUp(.signUp(.rejected)):
            Failure(kind: .validation, message: localizedDescription)
        case .signUp(.signUp(.conflict)): Failure(kind: .conflict, message: localizedDescription)
        // Signed in or up, but the session could not be written (a full disk, say): 74.
        case .signIn(.storingSessionFailed), .signUp(.storingSessionFailed):
            Failure(kind: .io, message: localizedDescription)
        case .signIn, .signUp: Failure(kind: .badData, message: localizedDescription)
        case .storage(let error): Failure(error)
        }
    }
}

extension RideError: ReportableError {
    var failure: Failure {
        switch self {
        case .sessionExpired: Failure(kind: .unauthorized, message: localizedDescription + " You are signed out.")
        case .rejected, .bookedEarlier: Failure(kind: .validation, message: localizedDescription)
        case .unavailable(let cause): Failure(cause)
        }
    }
}

extension KooberCommand {
    struct UI: LeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "ui", abstract: "The ride-hailing app, full screen: sign in or up, then request a ride.",
            discussion: HelpText.kooberUI)
        /// The options of this command, listed before the shared ones in `--help`.
        struct Own: ParsableArguments {
            @Option(help: "Where to be picked up (default: the first place).", completion: CompletionValues.places)
            var pickup = "opera-house"
        }

        @OptionGroup(title: "Command options") var own: Own
        @OptionGroup(title: "Screen options") var screen: ScreenOptions
        @OptionGroup(title: "Shared options") var options: GlobalOptions

        func run(in environment: AppEnvironment, console: Console) async throws {
            // Checked as `koober ride` checks it, before the screen is taken: an unknown place was
            // silently replaced by the first one.
            let places = try await environment.rideService.searchLocations("")
            let pickup = try RideCommand.pick(own.pickup, from: places, what: "place")
            let root = KooberUI(app: try environment.kooberApp(), rides: environment.rideService, pickup: pickup.id)
            try await InteractiveScreen.run(
                root, command: "koober ui", screen: screen, environment: environment,
                console: console)
        }
    }
}
