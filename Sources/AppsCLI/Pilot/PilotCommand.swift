import ArgumentParser
import Foundation
import Persistence
import PilotRegistration

struct PilotCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pilot", abstract: "Pilot registration: licenses, register, whoami, logout.",
        discussion: HelpText.pilot,
        subcommands: [Licenses.self, Register.self, WhoAmI.self, Logout.self, UI.self])
}

extension AppEnvironment {
    func pilotStore() throws -> FileValueStore<Pilot> {
        FileValueStore<Pilot>(fileURL: try stateDirectory().appendingPathComponent("pilot.json"))
    }

    /// The registration flow, launched: confirmation when a pilot is stored, else the form.
    @MainActor func pilotFlow() async throws -> PilotRegistrationFlow {
        let flow = PilotRegistrationFlow(licenses: RemoteLicensesService(api: api), store: try pilotStore())
        await flow.launch()
        return flow
    }
}

extension PilotCommand {
    struct Licenses: LeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "licenses", abstract: "The licenses and the aircraft each allows.",
            discussion: HelpText.licenses)

        @OptionGroup(title: "Shared options") var options: GlobalOptions

        func run(in environment: AppEnvironment, console: Console) async throws {
            let form = RegistrationViewModel(
                licenses: RemoteLicensesService(api: environment.api), store: try environment.pilotStore())
            await form.loadLicenses()
            let licenses = try form.licenses.finished()
            try console.result(json: .object([("licenses", .array(licenses.map(PilotJSON.license)))])) {
                PilotText.licenses(licenses)
            }
        }
    }

    struct Register: LeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "register",
            abstract: "Register a pilot; the password and its verification come from a prompt or two stdin lines.",
            discussion: HelpText.register)

        /// The options of this command, listed before the shared ones in `--help`.
        struct Own: ParsableArguments {
            @Option(help: "The pilot's name.") var name: String
            @Option(help: "The license type, such as PPL.", completion: CompletionValues.licenseTypes) var license:
                String
        }

        @OptionGroup(title: "Command options") var own: Own
        @OptionGroup(title: "Shared options") var options: GlobalOptions
        var name: String { own.name }
        var license: String { own.license }

        func run(in environment: AppEnvironment, console: Console) async throws {
            let flow = try await environment.pilotFlow()
            switch flow.screen {
            case .confirmation(let confirmation): throw PilotRegistrationError.alreadyRegistered(confirmation.pilot)
            case .error(let error): throw error
            case .launching, .registration: break
            }
            let form = flow.registration
            form.name = name
            form.licenseType = license
            form.password = try environment.readSecret("Password", console)
            form.verification = try environment.readSecret("Verify password", console)
            guard let pilot = form.register(), let confirmation = flow.confirmation else {
                if let saveError = form.saveError { throw saveError }
                throw PilotJSON.validationFailure(form.errors)
            }
            do {
                try console.result(json: .object([("pilot", PilotJSON.pilot(pilot))])) {
                    PilotText.confirmation(confirmation)
                }
            } catch {
                // A registration the user was never told about is not kept.
                await confirmation.logout()
                throw error
            }
        }
    }

    struct WhoAmI: LeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "whoami", abstract: "The confirmation screen of the registered pilot.",
            discussion: HelpText.pilotWhoami)

        @OptionGroup(title: "Shared options") var options: GlobalOptions

        func run(in environment: AppEnvironment, console: Console) async throws {
            let flow = try await environment.pilotFlow()
            if case .error(let error) = flow.screen { throw error }
            guard let confirmation = flow.confirmation else {
                throw Failure(kind: .notSignedIn, message: "No pilot is registered here. Use 'apps pilot register'.")
            }
            try console.result(json: .object([("pilot", PilotJSON.pilot(confirmation.pilot))])) {
                PilotText.confirmation(confirmation)
            }
        }
    }

    struct Logout: LeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "logout", abstract: "Delete the registered pilot.", discussion: HelpText.logout)

        @OptionGroup(title: "Shared options") var options: GlobalOptions

        func run(in environment: AppEnvironment, console: Console) async throws {
            // Logging out forgets whatever is stored, a damaged file included.
            if let confirmation = try await environment.pilotFlow().confirmation {
                if !(await confirmation.logout()), let error = confirmation.error { throw error }
            } else {
                try environment.pilotStore().delete()
            }
            try console.result(json: .object([("loggedOut", .bool(true))])) { "Logged out." }
        }
    }
}

/// The one place a PilotRegistration error becomes a kind and an exit code.
extension PilotRegistrationError: ReportableError {
    var failure: Failure {
        switch self {
        case .licensesUnavailable(let cause): Failure(cause, message: localizedDescription)
        case .storage(let cause): Failure(cause)
        case .alreadyRegistered: Failure(kind: .conflict, message: localizedDescription)
        }
    }
}

extension PilotCommand {
    struct UI: LeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "ui", abstract: "The registration app, full screen: the form, its licenses, the confirmation.",
            discussion: HelpText.pilotUI)

        @OptionGroup(title: "Screen options") var screen: ScreenOptions
        @OptionGroup(title: "Shared options") var options: GlobalOptions

        func run(in environment: AppEnvironment, console: Console) async throws {
            let flow = PilotRegistrationFlow(
                licenses: RemoteLicensesService(api: environment.api), store: try environment.pilotStore())
            try await InteractiveScreen.run(
                PilotUI(flow: flow, staleSince: { environment.offline.staleSince }), command: "pilot ui",
                screen: screen, environment: environment,
                console: console)
        }
    }
}
