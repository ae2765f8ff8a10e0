import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A ``ValueStore`` in one JSON file.
///
/// A save writes a new temporary file beside the target (mode 0600), flushes it to disk and renames
/// it over the target, so a reader (or a crash) sees the complete old or the complete new value,
/// never a mix. Missing parent folders are created with mode 0700. A file larger than
/// `maximumBytes` is refused before it is read, so a damaged or hostile file cannot exhaust memory,
/// and anything but a regular file (a FIFO, a device) is refused without blocking.
///
/// On Apple platforms each file it writes gets data protection (``Protection``, complete until the
/// first unlock by default) and, when asked, is excluded from backups; a save is flushed with
/// `F_FULLFSYNC`, which reaches the disk where `fsync` may stop at the drive's cache. A read the
/// device refuses before its first unlock is ``PersistenceError/unavailableUntilUnlock(file:)``.
/// Linux has none of these: the file is 0600 and flushed with `fsync`.
public struct FileValueStore<Value: Codable & Sendable>: ValueStore {
    /// When a file can be read, by the device's lock state (Apple's data protection classes).
    public enum Protection: Sendable {
        /// Only while the device is unlocked.
        case complete
        /// After the device's first unlock since it started: background launches can read it.
        case completeUntilFirstUserAuthentication
        /// Always (no data protection).
        case none
    }

    /// The file the value lives in.
    public let fileURL: URL
    /// The largest file ``load()`` reads.
    public let maximumBytes: Int
    /// The data protection each written file gets on Apple platforms.
    public let protection: Protection
    /// Whether each written file is excluded from iCloud and computer backups (Apple platforms).
    public let isExcludedFromBackup: Bool

    /// The default cap on a stored file: far above a session or a pilot.
    public static var defaultMaximumBytes: Int { 1 << 20 }

    /// Creates a ``FileValueStore``.
    ///
    /// ```swift
    /// let store = FileValueStore<Settings>(
    ///     fileURL: support.appending(path: "settings.json"))  // in Application Support
    /// try store.save(Settings(theme: "dark"))
    /// ```
    /// - Parameters:
    ///   - fileURL: the file the value lives in; its folder is created on the first save.
    ///   - maximumBytes: the largest file ``load()`` reads.
    ///   - protection: the data protection of each written file on Apple platforms.
    ///   - isExcludedFromBackup: whether each written file is left out of backups (Apple platforms).
    public init(
        fileURL: URL, maximumBytes: Int = defaultMaximumBytes,
        protection: Protection = .completeUntilFirstUserAuthentication, isExcludedFromBackup: Bool = false
    ) {
        self.fileURL = fileURL
        self.maximumBytes = maximumBytes
        self.protection = protection
        self.isExcludedFromBackup = isExcludedFromBackup
    }

    private var path: String { fileURL.path }

    /// Reads the file; see ``ValueStore/load()``.
    public func load() throws -> Value? {
        // Non-blocking, so that opening a FIFO put in the file's place returns at once; it is then
        // refused as not a regular file. Reading a regular file is unaffected.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw Self.openFailure(errno: errno, file: path)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw PersistenceError.readFailed(file: path, reason: POSIXFailure.current("fstat").description)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw PersistenceError.readFailed(file: path, reason: "not a regular file")
        }
        guard Int(info.st_size) <= maximumBytes else {
            throw PersistenceError.tooLarge(file: path, limitBytes: maximumBytes)
        }
        return try StoredValue.decode(Value.self, from: try read(descriptor, size: Int(info.st_size)), file: path)
    }

    /// Writes the value atomically; see ``ValueStore/save(_:)``.
    public func save(_ value: Value) throws {
        try publish(value) { temporaryPath in
            guard rename(temporaryPath, path) == 0 else { throw POSIXFailure.current("rename") }
        }
    }

    /// Publishes the new file with `link(2)`, which fails when the target exists: of two creates
    /// racing, in one process or many, exactly one wins.
    public func create(_ value: Value) throws {
        var exists = false
        try publish(value) { temporaryPath in
            guard link(temporaryPath, path) == 0 else {
                exists = errno == EEXIST
                throw POSIXFailure.current("link")
            }
            unlink(temporaryPath)
        } failed: {
            if exists { throw PersistenceError.alreadyExists(file: path) }
        }
    }

    /// Writes `value` to a temporary file beside the target and hands it to `move`; the temporary
    /// file never outlives a failure.
    private func publish(
        _ value: Value, move: (String) throws -> Void, failed: () throws -> Void = {}
    ) throws {
        let data = try StoredValue.encode(value, file: path)
        try createParentDirectory()
        let temporaryPath = fileURL.deletingLastPathComponent()
            .appendingPathComponent(".\(fileURL.lastPathComponent).\(UUID().uuidString).tmp").path
        do {
            try Self.writeDurably(data, to: temporaryPath)
            try applyPlatformAttributes(to: temporaryPath)
            try move(temporaryPath)
        } catch {
            unlink(temporaryPath)
            try failed()
            throw PersistenceError.writeFailed(file: path, reason: "\(error)")
        }
    }

    /// Why a file could not be opened for reading. `EPERM` is what data protection answers for a
    /// protected file before the device's first unlock (a permission problem is `EACCES`).
    static func openFailure(errno code: Int32, file: String) -> PersistenceError {
        code == EPERM
            ? .unavailableUntilUnlock(file: file)
            : .readFailed(file: file, reason: POSIXFailure(call: "open", code: code).description)
    }

    /// Reads `size` bytes, and fails if the file grew past the cap while it was read.
    private func read(_ descriptor: Int32, size: Int) throws -> Data {
        var data = Data(count: size + 1)
        var total = 0
        try data.withUnsafeMutableBytes { buffer in
            while total < buffer.count {
                let count = systemRead(descriptor, buffer.baseAddress! + total, buffer.count - total)
                if count < 0 {
                    if errno == EINTR { continue }
                    throw PersistenceError.readFailed(file: path, reason: POSIXFailure.current("read").description)
                }
                if count == 0 { break }
                total += count
            }
        }
        guard total <= maximumBytes else { throw PersistenceError.tooLarge(file: path, limitBytes: maximumBytes) }
        return data.prefix(total)
    }

    public func delete() throws {
        guard unlink(path) == 0 || errno == ENOENT else {
            throw PersistenceError.deleteFailed(file: path, reason: POSIXFailure.current("unlink").description)
        }
    }

    private func createParentDirectory() throws {
        let directory = fileURL.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw PersistenceError.writeFailed(
                file: path, reason: "cannot create \(directory.path): \(error.localizedDescription)")
        }
    }

    private static func writeDurably(_ data: Data, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw POSIXFailure.current("open") }
        defer { close(descriptor) }
        try data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw POSIXFailure.current("write")
                }
                offset += written
            }
        }
        try flush(descriptor)
    }

    /// `F_FULLFSYNC` on Apple platforms, where `fsync` may leave the data in the drive's cache;
    /// `fsync` where that is all there is (or `F_FULLFSYNC` is refused, as some file systems do).
    private static func flush(_ descriptor: Int32) throws {
        #if canImport(Darwin)
            if fcntl(descriptor, F_FULLFSYNC) == 0 { return }
        #endif
        guard fsync(descriptor) == 0 else { throw POSIXFailure.current("fsync") }
    }

    /// Data protection and backup exclusion, before the file takes the target's name.
    private func applyPlatformAttributes(to path: String) throws {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
            let type: FileProtectionType =
                switch protection {
                case .complete: .complete
                case .completeUntilFirstUserAuthentication: .completeUntilFirstUserAuthentication
                case .none: .none
                }
            try FileManager.default.setAttributes([.protectionKey: type], ofItemAtPath: path)
        #endif
        #if canImport(Darwin)
            if isExcludedFromBackup {
                var url = URL(fileURLWithPath: path)
                var values = URLResourceValues()
                values.isExcludedFromBackup = true
                try url.setResourceValues(values)
            }
        #endif
    }
}

#if canImport(Glibc)
    private let systemRead = Glibc.read
#elseif canImport(Musl)
    private let systemRead = Musl.read
#elseif canImport(Darwin)
    private let systemRead = Darwin.read
#endif

struct POSIXFailure: Error, CustomStringConvertible {
    var call: String
    var code: Int32

    static func current(_ call: String) -> POSIXFailure { POSIXFailure(call: call, code: errno) }

    var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
}
