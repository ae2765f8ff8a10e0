import FixtureServer
import Fixtures
import Foundation
import Logging
import NIOTransport
import ServiceLifecycle

/// A FixtureServer running for one test, on `127.0.0.1` and a port the system chose.
public struct RunningFixtureServer: Sendable {
    public let port: Int
    public let baseURL: URL
    private let group: ServiceGroup
    private let stopped: @Sendable () async -> Void

    init(port: Int, group: ServiceGroup, stopped: @escaping @Sendable () async -> Void) {
        self.port = port
        self.baseURL = URL(string: "http://127.0.0.1:\(port)")!
        self.group = group
        self.stopped = stopped
    }

    /// Stops the server and returns once it no longer answers, connections kept alive included
    /// (it is stopped at the end of ``withFixtureServer(_:backend:_:)`` anyway).
    public func stop() async {
        await group.triggerGracefulShutdown()
        await stopped()
    }
}

public struct FixtureServerDidNotStart: Error {}

/// Starts a live FixtureServer for the length of `body` and stops it afterwards, also when `body` throws.
public func withFixtureServer<T: Sendable>(
    _ configuration: FixtureServer.Configuration = FixtureServer.Configuration(),
    backend: FixtureBackend.Configuration = FixtureBackend.Configuration(testRoutes: true),
    isolation: isolated (any Actor)? = #isolation,
    _ body: (RunningFixtureServer) async throws -> T
) async throws -> T {
    var configuration = configuration
    configuration.host = "127.0.0.1"
    configuration.port = 0
    if configuration.send == nil {
        let client = NIOHTTPClient(timeout: .seconds(10))
        configuration.send = { request, body in try await client.send(request, body: body) }
    }
    let logger = Logger(label: "FixtureServer", factory: { _ in SwiftLogNoOpLogHandler() })
    let server = FixtureServer(
        configuration: configuration, backend: try FixtureBackend(configuration: backend), logger: logger)
    let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
    let (finished, finishedContinuation) = AsyncStream.makeStream(of: Never.self)
    let app = server.makeApplication { port in portContinuation.yield(port) }
    let group = ServiceGroup(services: [app], logger: logger)
    return try await withThrowingTaskGroup(of: Void.self) { tasks in
        tasks.addTask {
            defer {
                portContinuation.finish()
                finishedContinuation.finish()
            }
            try await group.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            try await tasks.waitForAll()
            throw FixtureServerDidNotStart()
        }
        let running = RunningFixtureServer(port: port, group: group) {
            for await _ in finished {}
        }
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
