import Foundation

/// Where state and cache live, by CLI.md's order: the option, `$APPS_…_DIR`, the XDG variable,
/// the XDG default under the home folder.
enum Paths {
    static func stateDirectory(option: String?, environment: [String: String]) -> URL {
        directory(
            option: option, appsVariable: "APPS_STATE_DIR", xdgVariable: "XDG_STATE_HOME",
            xdgDefault: ".local/state", environment: environment)
    }

    static func cacheDirectory(option: String?, environment: [String: String]) -> URL {
        directory(
            option: option, appsVariable: "APPS_CACHE_DIR", xdgVariable: "XDG_CACHE_HOME",
            xdgDefault: ".cache", environment: environment)
    }

    private static func directory(
        option: String?, appsVariable: String, xdgVariable: String, xdgDefault: String, environment: [String: String]
    ) -> URL {
        if let option, !option.isEmpty { return URL(fileURLWithPath: option, isDirectory: true) }
        if let value = environment[appsVariable], !value.isEmpty {
            return URL(fileURLWithPath: value, isDirectory: true)
        }
        if let value = environment[xdgVariable], !value.isEmpty {
            return URL(fileURLWithPath: value, isDirectory: true).appendingPathComponent("apps", isDirectory: true)
        }
        let home =
            environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(xdgDefault, isDirectory: true).appendingPathComponent(
            "apps", isDirectory: true)
    }
}
