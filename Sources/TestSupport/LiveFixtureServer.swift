import FixtureServer
import Fixtures
import Foundation
import Logging
import ServiceLifecycle

/// A FixtureServer running for one test, on `127.0.0.1` and a port the system chose.
public struct RunningFixtureServer: Sendable {
    public let port: Int
    public let baseURL: URL
    private let group: ServiceGroup

    init(port: Int, group: ServiceGroup) {
        self.port = port
        self.baseURL = URL(string: "http://127.0.0.1:\(port)")!
        self.group = group
    }

    /// Stops the server now (it is stopped at the end of ``withFixtureServer(_:backend:_:)`` anyway).
    public func stop() async {
        await group.triggerGracefulShutdown()
    }
}

public struct FixtureServerDidNotStart: Error {}

/// Starts a live FixtureServer for the length of `body` and stops it afterwards, also when `body` throws.
public func withFixtureServer<T: Sendable>(
    _ configuration: FixtureServer.Configuration = FixtureServer.Configuration(),
    backend: FixtureBackend.Configuration = FixtureBackend.Configuration(),
    _ body: (RunningFixtureServer) async throws -> T
) async throws -> T {
    var configuration = configuration
    configuration.host = "127.0.0.1"
    configuration.port = 0
    let logger = Logger(label: "FixtureServer", factory: { _ in SwiftLogNoOpLogHandler() })
    let server = FixtureServer(
        configuration: configuration, backend: try FixtureBackend(configuration: backend), logger: logger)
    let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
    let app = server.makeApplication { port in portContinuation.yield(port) }
    let group = ServiceGroup(services: [app], logger: logger)
    return try await withThrowingTaskGroup(of: Void.self) { tasks in
        tasks.addTask {
            defer { portContinuation.finish() }
            try await group.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            try await tasks.waitForAll()
            throw FixtureServerDidNotStart()
        }
        let running = RunningFixtureServer(port: port, group: group)
        do {
            let result = try await body(running)
            await running.stop()
            try await tasks.waitForAll()
            return result
        } catch {
            await running.stop()
            try? await tasks.waitForAll()
            throw error
        }
    }
}
