import ArgumentParser
import Foundation
import Persistence
import PilotRegistration

struct PilotCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pilot", abstract: "Pilot registration: licenses, register, whoami, logout.",
        subcommands: [Licenses.self, Register.self, WhoAmI.self, Logout.self])
}

extension AppEnvironment {
    var pilotStore: PersistentPilotStore {
        PersistentPilotStore(store: FileValueStore<Pilot>(fileURL: stateDirectory.appendingPathComponent("pilot.json")))
    }

    @MainActor func pilotFlow() -> PilotRegistrationFlow {
        PilotRegistrationFlow(licenses: RemoteLicensesService(api: api), store: pilotStore)
    }
}

extension PilotCommand {
    struct Licenses: LeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "licenses", abstract: "The licenses and the aircraft each allows.")

        @OptionGroup var options: GlobalOptions

        func run(in environment: AppEnvironment, console: Console) async throws {
            let licenses = try await RemoteLicensesService(api: environment.api).loadLicenses()
            console.result(json: .object([("licenses", .array(licenses.map(PilotJSON.license)))])) {
                licenses.map {
                    "\($0.type.padding(toLength: 6, withPad: " ", startingAt: 0)) \($0.aircraft.joined(separator: ", "))"
                }
                .joined(separator: "\n")
            }
        }
    }

    struct Register: LeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "register",
            abstract: "Register a pilot; the password and its verification come from a prompt or two stdin lines.")

        @OptionGroup var options: GlobalOptions
        @Option(help: "The pilot's name.") var name: String
        @Option(help: "The license type, such as PPL.") var license: String

        func run(in environment: AppEnvironment, console: Console) async throws {
            // A damaged stored pilot is reported (exit 65) and never overwritten by a new one.
            _ = try environment.pilotStore.load()
            let flow = environment.pilotFlow()
            await flow.launch()
            switch flow.screen {
            case .confirmation(let pilot):
                throw Failure(kind: .conflict, message: "\(pilot.name) is already registered here; log out first.")
            case .error(let message):
                throw Failure(kind: .unavailable, message: message)
            case .launching, .registration:
                break
            }
            let form = flow.registration
            form.name = name
            form.licenseType = license
            form.password = try Secrets.readLine(prompt: "Password")
            form.verification = try Secrets.readLine(prompt: "Verify password")
            guard let pilot = form.register(), let confirmation = flow.confirmation else {
                if let saveError = form.saveError { throw Failure(kind: .badData, message: saveError) }
                throw PilotJSON.validationFailure(form.errors)
            }
            console.result(json: .object([("pilot", PilotJSON.pilot(pilot))])) { PilotJSON.confirmation(confirmation) }
        }
    }

    struct WhoAmI: LeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "whoami", abstract: "The confirmation screen of the registered pilot.")

        @OptionGroup var options: GlobalOptions

        func run(in environment: AppEnvironment, console: Console) async throws {
            guard let pilot = try environment.pilotStore.load() else {
                throw Failure(kind: .notSignedIn, message: "No pilot is registered here. Use 'apps pilot register'.")
            }
            let confirmation = ConfirmationViewModel(store: environment.pilotStore, pilot: pilot)
            console.result(json: .object([("pilot", PilotJSON.pilot(pilot))])) { PilotJSON.confirmation(confirmation) }
        }
    }

    struct Logout: LeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "logout", abstract: "Delete the registered pilot.")

        @OptionGroup var options: GlobalOptions

        func run(in environment: AppEnvironment, console: Console) async throws {
            try environment.pilotStore.delete()
            console.result(json: .object([("loggedOut", .bool(true))])) { "Logged out." }
        }
    }
}

@MainActor
enum PilotJSON {
    static func license(_ license: License) -> JSONValue {
        .object([("type", .string(license.type)), ("aircraft", .array(license.aircraft.map { .string($0) }))])
    }

    static func pilot(_ pilot: Pilot) -> JSONValue {
        .object([
            ("name", .string(pilot.name)),
            ("license", .string(pilot.license.type)),
            ("aircraft", .array(pilot.license.aircraft.map { .string($0) })),
        ])
    }

    /// The confirmation screen as text.
    static func confirmation(_ model: ConfirmationViewModel) -> String {
        "\(model.welcome)\nLicense   \(model.license)\nAircraft  \(model.aircraft.joined(separator: ", "))"
    }

    static func validationFailure(_ errors: [RegistrationField: String]) -> Failure {
        let fields = RegistrationField.allCases.compactMap { field in errors[field].map { (field.rawValue, $0) } }
        return Failure(
            kind: .validation, message: fields.map { "\($0): \($1)" }.joined(separator: " "), fields: fields)
    }
}
