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
/// never a mix. Missing parent folders are created with mode 0700.
public struct FileValueStore<Value: Codable & Sendable>: ValueStore {
    public let fileURL: URL

    public init(fileURL: URL) {
        self.fileURL = fileURL
    }

    private var path: String { fileURL.path }

    public func load() throws -> Value? {
        let data: Data
        do {
            data = try Data(contentsOf: fileURL)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return nil
        } catch {
            if !FileManager.default.fileExists(atPath: path) { return nil }
            throw PersistenceError.readFailed(file: path, reason: error.localizedDescription)
        }
        return try StoredValue.decode(Value.self, from: data, file: path)
    }

    public func save(_ value: Value) throws {
        let data = try StoredValue.encode(value, file: path)
        try createParentDirectory()
        let temporaryPath = fileURL.deletingLastPathComponent()
            .appendingPathComponent(".\(fileURL.lastPathComponent).\(UUID().uuidString).tmp").path
        do {
            try Self.writeDurably(data, to: temporaryPath)
            guard rename(temporaryPath, path) == 0 else { throw POSIXFailure.current("rename") }
        } catch {
            unlink(temporaryPath)
            throw PersistenceError.writeFailed(file: path, reason: "\(error)")
        }
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
        guard fsync(descriptor) == 0 else { throw POSIXFailure.current("fsync") }
    }
}

struct POSIXFailure: Error, CustomStringConvertible {
    var call: String
    var code: Int32

    static func current(_ call: String) -> POSIXFailure { POSIXFailure(call: call, code: errno) }

    var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
}
