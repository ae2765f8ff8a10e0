import ArgumentParser
import Foundation
import Networking
import Persistence

/// A failure as the CLI reports it: a kind from Docs/CLI.md, a message, an exit code.
struct Failure: Error, Equatable {
    enum Kind: String {
        case unauthorized, validation, notFound, notSignedIn, conflict, unavailable, badData
        /// A local file, folder or stream could not be used.
        case io
    }

    var kind: Kind
    var message: String
    /// Per-field messages, for validation failures.
    var fields: [(String, String)] = []
    /// The underlying cause in a library's words ("Received HTTP/0.9 when not allowed"), shown only
    /// under `--verbose`: the message itself is in ours.
    var cause: String? = nil

    static func == (lhs: Failure, rhs: Failure) -> Bool { lhs.json == rhs.json }

    /// The exit code of an `io` failure: 74 (EX_IOERR) for reading or writing, 73
    /// (EX_CANTCREAT) for a file or folder that cannot be created.
    var ioExitCode: Int32 = 74

    /// The contract's exit codes: 1 the backend or the domain said no, 65 unusable data, 69
    /// unavailable, 73/74 local input and output (sysexits).
    var exitCode: Int32 {
        switch kind {
        case .unauthorized, .validation, .notFound, .notSignedIn, .conflict: 1
        case .badData: 65
        case .unavailable: 69
        case .io: ioExitCode
        }
    }

    var json: JSONValue {
        var error: [(String, JSONValue)] = [("kind", .string(kind.rawValue)), ("message", .string(message))]
        if !fields.isEmpty { error.append(("fields", .object(fields.map { ($0, .string($1)) }))) }
        return .object([("error", .object(error))])
    }
}

/// Errors of a domain that know how the CLI reports them.
protocol ReportableError: Error {
    var failure: Failure { get }
}

extension Failure {
    /// How any error reaching the top of a command is reported.
    init(_ error: any Error) {
        switch error {
        case let failure as Failure: self = failure
        case let reportable as ReportableError: self = reportable.failure
        case let network as NetworkError: self = Failure(network)
        case let persistence as PersistenceError: self = Failure(persistence)
        case let output as OutputError: self = Failure(kind: .io, message: output.localizedDescription)
        default: self = Failure(kind: .badData, message: error.localizedDescription)
        }
    }

    init(_ error: NetworkError) {
        let message = Self.message(error)
        switch error {
        case .unexpectedStatus(401, _), .unexpectedStatus(403, _): self.init(kind: .unauthorized, message: message)
        case .unexpectedStatus(404, _): self.init(kind: .notFound, message: message)
        case .unexpectedStatus(409, _): self.init(kind: .conflict, message: message)
        case .unexpectedStatus(422, _), .unexpectedStatus(400, _): self.init(kind: .validation, message: message)
        case .undecodable, .unexpectedStatus, .bodyTooLarge, .badRedirect:
            self.init(kind: error.isUnavailable ? .unavailable : .badData, message: message)
        case .transport(let reason):
            self.init(
                kind: .unavailable,
                message:
                    "The backend's answer could not be read: it may not speak plain HTTP on that address, or the connection broke.",
                cause: reason)
        case .cannotConnect, .offline, .timedOut, .connectionLost, .cancelled, .invalidRequest, .insecureConnection:
            self.init(kind: .unavailable, message: message)
        }
    }

    /// A network failure's kind told in a domain's words.
    init(_ cause: NetworkError, message: String) {
        self.init(kind: Failure(cause).kind, message: message)
    }

    /// Damaged data is `badData` (65); a state file that cannot be read or written (a full disk,
    /// no permission) is `io`, 74; a value that exists already is a `conflict`.
    init(_ error: PersistenceError) {
        let message = Self.message(error)
        switch error {
        case .corrupt, .tooLarge: self.init(kind: .badData, message: message)
        case .readFailed, .deleteFailed, .writeFailed, .unavailableUntilUnlock: self.init(kind: .io, message: message)
        case .alreadyExists: self.init(kind: .conflict, message: message)
        }
    }
}

extension Failure {
    /// A store's failure with the file it concerns and what to do about it: a command line's
    /// user can go and look (the library's own words name no path).
    static func message(_ error: PersistenceError) -> String {
        switch error {
        case .corrupt(let file, let reason):
            "The saved data in \(file) is damaged and cannot be read (\(reason)). Delete the file to start again."
        case .readFailed(let file, let reason): "Cannot read \(file): \(reason)"
        case .writeFailed(let file, let reason): "Cannot save to \(file): \(reason)"
        case .deleteFailed(let file, let reason): "Cannot delete \(file): \(reason)"
        case .alreadyExists(let file): "\(file) holds a value already."
        case .unavailableUntilUnlock(let file): "Cannot read \(file) until the device is unlocked."
        case .tooLarge(let file, let limit):
            "\(file) is larger than \(limit / 1024) KiB, far more than it should hold. Delete the file to start again."
        }
    }

    /// A network failure as the command line says it: the library's words, with the option or
    /// check that helps at a terminal.
    static func message(_ error: NetworkError) -> String {
        switch error {
        case .cannotConnect(let host):
            "Cannot connect to \(host). Check that the server is running and the address is right."
        case .timedOut(let seconds): "The server did not answer within \(seconds) s. Try again, or raise --timeout."
        default: error.localizedDescription
        }
    }
}

extension LoadState {
    /// The value of a model that has finished loading, or its typed failure, thrown for the
    /// command's error reporting.
    func finished() throws -> Value {
        switch self {
        case .loaded(let value): return value
        case .failed(let failure, _): throw failure
        case .idle, .loading: throw AppsCLI.Failure(kind: .unavailable, message: "The screen did not finish loading.")
        }
    }
}
