import Foundation

/// Runs `body` with a new, empty directory that is removed afterwards.
///
/// ```swift
/// try await withTemporaryDirectory { folder in
///     let store = FileValueStore<StoredSample>(fileURL: folder.appending(path: "sample.json"))
///     try ValueStoreContract.loadsWhatWasSaved(store)
/// }
/// ```
///
/// - Parameters:
///   - isolation: the caller's actor, so `body` runs on it.
///   - body: works in the directory; what it returns is returned.
public func withTemporaryDirectory<T>(
    isolation: isolated (any Actor)? = #isolation, _ body: (URL) async throws -> T
) async rethrows -> T {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("apps-tests-\(UUID().uuidString)", isDirectory: true)
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try await body(directory)
}
