import Foundation
import Testing

/// Runs the built `apps` executable as a user would, with no terminal and a private state.
struct AppsProcess {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var executable: URL {
        Bundle.main.bundleURL.appendingPathComponent("apps")
    }

    /// Runs `apps arguments` to completion, feeding `stdin`.
    static func run(
        _ arguments: [String], stdin: String = "", environment: [String: String] = [:]
    ) async throws -> Output {
        let process = try start(arguments, environment: environment)
        let input = process.standardInput as! Pipe
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        let stdout = (process.standardOutput as! Pipe).fileHandleForReading
        let stderr = (process.standardError as! Pipe).fileHandleForReading
        async let out = stdout.readToEnd()
        async let err = stderr.readToEnd()
        let (outData, errData) = try await (out, err)
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus,
            stdout: String(decoding: outData ?? Data(), as: UTF8.self),
            stderr: String(decoding: errData ?? Data(), as: UTF8.self))
    }

    /// Starts `apps arguments` with pipes on all three streams.
    static func start(_ arguments: [String], environment: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        merged["NO_COLOR"] = "1"
        merged.merge(environment) { $1 }
        process.environment = merged
        process.standardInput = Pipe()
        process.standardOutput = Pipe()
        process.standardError = Pipe()
        try process.run()
        return process
    }
}
