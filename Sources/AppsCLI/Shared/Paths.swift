import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where state and cache live: the option, `$APPS_…_DIR`, the XDG variable, the XDG default under
/// the home folder. Relative XDG variables are ignored, as the XDG specification says, and a home
/// folder comes from `HOME` only when it is an absolute path, else from the user database: state
/// never lands in the current folder by accident.
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
        if let value = environment[xdgVariable], value.hasPrefix("/") {
            return URL(fileURLWithPath: value, isDirectory: true).appendingPathComponent("apps", isDirectory: true)
        }
        return home(environment).appendingPathComponent(xdgDefault, isDirectory: true).appendingPathComponent(
            "apps", isDirectory: true)
    }

    /// `HOME` when it is an absolute path, else the user's home folder from the user database.
    static func home(_ environment: [String: String]) -> URL {
        if let value = environment["HOME"], value.hasPrefix("/") {
            return URL(fileURLWithPath: value, isDirectory: true)
        }
        if let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir {
            let path = String(cString: directory)
            if path.hasPrefix("/") { return URL(fileURLWithPath: path, isDirectory: true) }
        }
        return URL(fileURLWithPath: "/", isDirectory: true)
    }

    /// What a private folder keeps, for the messages of ``checkPrivate(_:keeping:)``.
    enum Contents: String {
        case state = "The state folder"
        case cache = "The cache folder"

        /// What another user could do with the folder.
        var risk: String {
            switch self {
            case .state: "so the sessions in it are not private"
            case .cache: "so another user could plant answers in it"
            }
        }
    }

    /// Refuses a folder that is not a folder, that others could write to, or that another user
    /// owns: the sessions kept in a state folder would not be private, and the answers in a cache
    /// folder could be planted. A link is followed and its target checked. A folder that does not
    /// exist yet is created 0700 when first used.
    static func checkPrivate(_ directory: URL, keeping contents: Contents) throws {
        var info = stat()
        guard stat(directory.path, &info) == 0 else { return }
        let name = "\(contents.rawValue) \(directory.path)"
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw Failure(kind: .io, message: "\(name) is not a folder.")
        }
        let mode = info.st_mode & 0o7777
        guard mode & 0o022 == 0 else {
            throw Failure(
                kind: .io,
                message: "\(name) can be written by other users (mode \(String(mode, radix: 8))), \(contents.risk). "
                    + "Fix it with: chmod 700 \(directory.path)")
        }
        guard info.st_uid == geteuid() else {
            throw Failure(
                kind: .io,
                message: "\(name) belongs to another user (uid \(info.st_uid)), \(contents.risk). "
                    + "Use a folder of your own.")
        }
    }
}
