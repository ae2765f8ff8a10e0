import Fixtures
import Foundation
import Networking

/// The composition root: the one place that picks concrete implementations for a command.
struct AppEnvironment: Sendable {
    let options: GlobalOptions
    let processEnvironment: [String: String]
    let httpClient: any HTTPClient
    let baseURL: URL

    /// The embedded backend's URL; only its path matters, no socket is opened.
    static let embeddedBaseURL = URL(string: "http://embedded.fixtures")!

    init(options: GlobalOptions, processEnvironment: [String: String] = ProcessInfo.processInfo.environment) throws {
        self.options = options
        self.processEnvironment = processEnvironment
        if let baseURL = options.baseURL.flatMap(URL.init(string:)) {
            self.baseURL = baseURL
            self.httpClient = URLSessionHTTPClient(timeout: .seconds(options.timeout))
        } else {
            // Like the original API, the embedded auth endpoint answers at random: a new seed each run.
            let backend = try FixtureBackend(configuration: .init(seed: .random(in: .min ... .max)))
            self.baseURL = Self.embeddedBaseURL
            self.httpClient = StubHTTPClient { request, body in backend.handle(request, body: body) }
        }
    }

    var api: APIClient { APIClient(baseURL: baseURL, httpClient: httpClient) }

    var stateDirectory: URL { Paths.stateDirectory(option: options.stateDirectory, environment: processEnvironment) }

    var cacheDirectory: URL { Paths.cacheDirectory(option: options.cacheDirectory, environment: processEnvironment) }
}
