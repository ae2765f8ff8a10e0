import AppsCore
import Logging

/// A swift-log handler that keeps every message, for asserting what a log does (and does not) say.
public final class LogCapture: Sendable {
    private let lines = Locked<[String]>([])

    /// A capture with no messages yet.
    public init() {}

    /// Every message logged through ``logger(label:)``, in order.
    public var messages: [String] { lines.withLock { $0 } }

    /// A logger at `trace` whose every message the capture keeps.
    /// ```swift
    /// let capture = LogCapture()
    /// let client = LoggingHTTPClient(base, logger: capture.logger())
    /// _ = try await client.send(request)
    /// #expect(!capture.messages.joined().contains("secret"))
    /// ```
    public func logger(label: String = "test") -> Logger {
        var logger = Logger(label: label) { _ in Handler(capture: self) }
        logger.logLevel = .trace
        return logger
    }

    struct Handler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let extra = (metadata.merging(event.metadata ?? [:]) { $1 }).map { "\($0)=\($1)" }.sorted()
            let line = ([event.message.description] + extra).joined(separator: " ")
            capture.lines.withLock { $0.append(line) }
        }
    }
}
