import Logging

/// `--verbose` lines as a person reads them: the message and its metadata, on stderr, without
/// swift-log's timestamp, level and source (`info apps.http: [Networking]`).
struct PlainLogHandler: LogHandler {
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let fields = metadata.merging(event.metadata ?? [:]) { $1 }.map { "\($0)=\($1)" }.sorted()
        let line = ([event.message.description] + fields).joined(separator: " ")
        try? StandardStreams().write(line.terminalSafe + "\n", to: .standardError)
    }
}
