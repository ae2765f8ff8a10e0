import Foundation

/// A WireMock root folder (`apps serve --root-dir DIR`): `DIR/mappings/*.json`, each one stub or
/// `{"mappings": [...]}`, and `DIR/__files/`, where `bodyFileName` is read from. A team's WireMock
/// folder runs as it is.
package enum StubFolder {
    /// Why the folder cannot be served: the file and the field, in one line.
    package struct LoadError: Error, LocalizedError, Equatable {
        package let message: String
        package var errorDescription: String? { message }
    }

    /// The most bytes of mapping files a folder may hold, all together, checked before any is
    /// read: a folder larger than the stubs a world may keep is refused at once, not after it was
    /// parsed into memory many times its size.
    package static let maximumBytes = 64 << 20

    /// The mappings of `root`, files in name order, in the order each file lists them, each passed
    /// through `check` (the backend holds them to its contract).
    package static func load(
        _ root: URL, maximumBytes: Int = StubFolder.maximumBytes,
        check: (StubMapping) throws(StubError) -> Void = { _ in }
    ) throws(LoadError) -> [StubMapping] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw LoadError(message: "\(root.path) is not a folder that can be read.")
        }
        let folder = root.appendingPathComponent("mappings")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
        let sizes = names.map { name in
            ((try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path))?[.size]
                as? Int) ?? 0
        }
        guard sizes.reduce(0, +) <= maximumBytes else {
            throw LoadError(
                message: "\(folder.path) holds \(sizes.reduce(0, +) >> 20) MiB of mappings; a server reads at most "
                    + "\(byteCount(maximumBytes)).")
        }
        let files = root.appendingPathComponent("__files")
        var mappings: [StubMapping] = []
        for name in names {
            let file = "mappings/\(name)"
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else {
                throw LoadError(message: "\(file) cannot be read.")
            }
            guard let json = JSONValue.parse(data) else { throw LoadError(message: "\(file): not JSON.") }
            do throws(StubError) {
                if case .object(let members) = json, case .array(let list)? = members["mappings"] {
                    mappings += try StubMapping.parse(list: list, files: files, check: check)
                } else {
                    let mapping = try StubMapping.parse(json, files: files, path: "")
                    try check(mapping)
                    mappings.append(mapping)
                }
            } catch {
                throw LoadError(message: "\(file): \(error.message)")
            }
        }
        guard mappings.count <= StubStore.maximumCount else {
            throw LoadError(message: "\(folder.path) holds more than \(StubStore.maximumCount) stubs.")
        }
        return mappings
    }
}
