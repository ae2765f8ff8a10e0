import ArgumentParser
import Foundation

/// The options every leaf command takes (Docs/CLI.md, "Shared options").
struct GlobalOptions: ParsableArguments {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(
        name: .customLong("base-url"),
        help: "Talk to a live backend at this URL (default: the embedded fixture backend).")
    var baseURL: String?

    @Option(help: "Output format: text or json.")
    var format: Format = .text

    @Option(
        name: .customLong("state-dir"), help: "Where sessions and the registered pilot are kept.",
        completion: .directory)
    var stateDirectory: String?

    @Option(name: .customLong("cache-dir"), help: "Where HTTP responses are cached.", completion: .directory)
    var cacheDirectory: String?

    @Option(parsing: .unconditional, help: "Seconds to wait for each request (1 to 3600).")
    var timeout: Int = 10

    @Flag(help: "Print one line per HTTP exchange on stderr.")
    var verbose = false

    @Flag(name: .customLong("no-color"), help: "Never colour the output.")
    var noColor = false

    func validate() throws {
        for (name, value) in [("--state-dir", stateDirectory), ("--cache-dir", cacheDirectory)]
        where value?.isEmpty == true {
            throw ValidationError("\(name) must name a folder; leave it out for the default.")
        }
        guard (1...3600).contains(timeout) else {
            throw ValidationError("--timeout must be a whole number of seconds from 1 to 3600.")
        }
        if let baseURL {
            guard let url = URL(string: baseURL), ["http", "https"].contains(url.scheme?.lowercased()),
                url.host?.isEmpty == false
            else {
                throw ValidationError("--base-url must be an http or https URL, such as http://127.0.0.1:8080.")
            }
            if let port = url.port, !(1...65535).contains(port) {
                throw ValidationError("--base-url has port \(port); a port is from 1 to 65535.")
            }
            guard url.user == nil, url.password == nil else {
                throw ValidationError(
                    "--base-url must not carry a user name or password: each backend takes credentials at its own sign-in."
                )
            }
        }
    }
}
