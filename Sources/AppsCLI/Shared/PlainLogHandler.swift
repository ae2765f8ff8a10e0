import AppsCore
import Foundation
import Logging

/// Where `--verbose` lines go: standard error, or a file while a full-screen app owns the terminal
/// (a log line written there would scroll the screen away).
final class LogDestination: Sendable {
    private let file = Locked<FileHandle?>(nil)

    init() {}

    /// From now on, lines are appended to `url` (made private to the user, its folder made 0700
    /// when it does not exist) until ``toStandardError()``.
    func toFile(_ url: URL) throws {
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw Failure(
                kind: .io, message: "The log file \(url.path) cannot be written: \(String(cString: strerror(errno))).")
        }
        file.withLock { $0 = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true) }
    }

    func toStandardError() {
        file.withLock { $0 = nil }
    }

    func write(_ line: String) {
        let written = file.withLock { handle -> Bool in
            guard let handle else { return false }
            try? handle.write(contentsOf: Data(line.utf8))
            return true
        }
        if !written { try? StandardStreams().write(line, to: .standardError) }
    }
}

/// `--verbose` lines as a person reads them: the message and its metadata, without swift-log's
/// timestamp, level and source (`info apps.http: [Networking]`).
struct PlainLogHandler: LogHandler {
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info
    var destination = LogDestination()

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let fields = metadata.merging(event.metadata ?? [:]) { $1 }.map { "\($0)=\($1)" }.sorted()
        let line = ([event.message.description] + fields).joined(separator: " ")
        destination.write(line.terminalSafe + "\n")
    }
}
