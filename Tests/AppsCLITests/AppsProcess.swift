import AppsCore
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

    /// Runs `apps arguments` to completion, feeding `stdin`. The blocking reads and the wait run on
    /// threads of their own: blocking the cooperative pool, or Dispatch's global queues (which share
    /// its threads on Linux), would starve a FixtureServer in this process for about a second.
    static func run(
        _ arguments: [String], stdin: String = "", environment: [String: String] = [:]
    ) async throws -> Output {
        await finish(try start(arguments, environment: environment), stdin: stdin)
    }

    /// Runs a `/bin/sh` script in which `"$APPS"` is the executable, for redirections a test
    /// cannot make with pipes (`> /dev/full`, `>&-`).
    static func shell(_ script: String, stdin: String = "", environment: [String: String] = [:]) async throws -> Output
    {
        var environment = environment
        environment["APPS"] = executable.path
        return await finish(
            try start(["-c", script], environment: environment, executable: URL(fileURLWithPath: "/bin/sh")),
            stdin: stdin)
    }

    /// Runs another program (a helper script) to completion.
    static func runProgram(_ path: String, arguments: [String]) async throws -> Output {
        await finish(try start(arguments, executable: URL(fileURLWithPath: path)), stdin: "")
    }

    private static func finish(_ process: Process, stdin: String) async -> Output {
        return await withCheckedContinuation { continuation in
            Thread {
                let input = (process.standardInput as! Pipe).fileHandleForWriting
                input.write(Data(stdin.utf8))
                try? input.close()
                let errData = Locked(Data())
                let group = DispatchGroup()
                group.enter()
                Thread {
                    let data = (process.standardError as! Pipe).fileHandleForReading.readDataToEndOfFile()
                    errData.withLock { $0 = data }
                    group.leave()
                }.start()
                let outData = (process.standardOutput as! Pipe).fileHandleForReading.readDataToEndOfFile()
                group.wait()
                process.waitUntilExit()
                continuation.resume(
                    returning: Output(
                        status: process.terminationStatus,
                        stdout: String(decoding: outData, as: UTF8.self),
                        stderr: String(decoding: errData.withLock { $0 }, as: UTF8.self)))
            }.start()
        }
    }

    /// Reads the process's stdout line by line on a thread of its own (never blocking the
    /// cooperative pool) until `isEnough` says so or the output ends; returns the lines read.
    static func readLines(of process: Process, until isEnough: @escaping @Sendable ([String]) -> Bool) async -> [String]
    {
        await withCheckedContinuation { continuation in
            Thread {
                let stdout = (process.standardOutput as! Pipe).fileHandleForReading
                var buffer = Data()
                var lines: [String] = []
                while !isEnough(lines) {
                    let chunk = stdout.availableData  // what has arrived; empty at the end
                    if chunk.isEmpty { break }
                    buffer.append(chunk)
                    while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                        lines.append(String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self))
                        buffer = Data(buffer[buffer.index(after: newline)...])
                    }
                }
                continuation.resume(returning: lines)
            }.start()
        }
    }

    /// Waits for the process to end on a thread of its own.
    static func waitForExit(_ process: Process) async {
        await withCheckedContinuation { continuation in
            Thread {
                process.waitUntilExit()
                continuation.resume()
            }.start()
        }
    }

    /// Starts `apps arguments` with pipes on all three streams. Unless `environment` says otherwise,
    /// state and cache go to folders of this run's own, so runs never share files; they are removed
    /// when the process ends.
    static func start(
        _ arguments: [String], environment: [String: String] = [:], executable: URL = executable
    ) throws -> Process {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("apps-run-\(UUID().uuidString)")
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        merged["NO_COLOR"] = "1"
        merged["APPS_STATE_DIR"] = scratch.appendingPathComponent("state").path
        merged["APPS_CACHE_DIR"] = scratch.appendingPathComponent("cache").path
        merged.merge(environment) { $1 }
        process.environment = merged
        process.standardInput = Pipe()
        process.standardOutput = Pipe()
        process.standardError = Pipe()
        process.terminationHandler = { _ in try? FileManager.default.removeItem(at: scratch) }
        try process.run()
        return process
    }
}
