import Foundation

/// A WireMock root folder (`apps serve --root-dir DIR`): every `.json` file under `DIR/mappings/`,
/// at any depth, each one stub or `{"mappings": [...]}`, and `DIR/__files/`, where `bodyFileName`
/// is read from. A team's WireMock folder runs as it is.
package enum StubFolder {
    /// Why the folder cannot be served: each file and field that cannot, one a line.
    package struct LoadError: Error, LocalizedError, Equatable {
        /// `mappings/users/list.json: mappings[2].request.method: must be a string`, each.
        package let problems: [String]
        /// Whether the folder was refused for keeping more than its memory budget: a server's
        /// user can give it a larger one.
        package let isOverBudget: Bool

        package init(_ problems: [String], isOverBudget: Bool = false) {
            self.problems = problems
            self.isOverBudget = isOverBudget
        }

        /// The one problem, or how many there are and each on a line of its own.
        package var message: String {
            guard problems.count > 1 else { return problems.first ?? "" }
            return "\(problems.count) problems, nothing served:\n" + problems.map { "  " + $0 }.joined(separator: "\n")
        }

        package var errorDescription: String? { message }
    }

    /// The most bytes of mapping files a folder may hold, all together, checked before any is
    /// read: a folder larger than the stubs a world may keep is refused at once, not after it was
    /// parsed into memory many times its size.
    package static let maximumBytes = 64 << 20

    /// A folder's stubs, and what in them will not answer as written.
    package struct Loaded {
        package var mappings: [StubMapping] = []
        /// A `bodyFileName` not in `__files/`, each: kept, as WireMock keeps it, and answered
        /// `500` until the file is there (`mappings/a.json: response.bodyFileName: …`).
        package var warnings: [String] = []

        package init() {}
    }

    /// The mappings of `root`, files in the order of their paths, in the order each file lists
    /// them, each passed through `check` (the backend holds them to its contract); `templating`:
    /// every response is a template. Every file is read, and every problem of every file
    /// reported in one error; nothing is half loaded. A file's stubs are read one at a time and
    /// counted as they are, so a folder whose stubs would keep more than `memoryBudget` bytes
    /// (``StubMapping/size``) is refused when they reach it, before the rest is parsed.
    package static func load(
        _ root: URL, maximumBytes: Int = StubFolder.maximumBytes, memoryBudget: Int = 1 << 30,
        templating: Bool = false, check: (StubMapping) throws(StubError) -> Void = { _ in }
    ) throws(LoadError) -> Loaded {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw LoadError(["\(root.path) is not a folder that can be read."])
        }
        let folder = root.appendingPathComponent("mappings")
        let names = mappingFiles(in: folder)
        let sizes = names.map { name in
            ((try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path))?[.size]
                as? Int) ?? 0
        }
        guard sizes.reduce(0, +) <= maximumBytes else {
            throw LoadError([
                "\(folder.path) holds \(sizes.reduce(0, +) >> 20) MiB of mappings; a server reads at most "
                    + "\(byteCount(maximumBytes))."
            ])
        }
        let files = root.appendingPathComponent("__files")
        var loaded = Loaded()
        var problems: [String] = []
        var places: [String: String] = [:]
        var kept = 0
        // The file and place of each stub, for warnings about stubs that answer the same requests.
        var loadedPlaces: [(file: String, place: String)] = []
        // The stubs that repeat an earlier stub's id: where each is, and the earlier one's place.
        var repeated: [(index: Int, file: String, path: String, first: String)] = []
        for name in names {
            let file = "mappings/\(name)"
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else {
                problems.append("\(file) cannot be read.")
                continue
            }
            // As WireMock's Jackson reads a mapping: comments allowed, what follows the first value
            // (a stray `}`) left out, each said as a warning.
            let (text, leftOut) = JSONValue.jacksonText(data)
            if let leftOut { loaded.warnings.append("\(file): read as WireMock reads it, \(leftOut) left out.") }
            let entries: [(Range<Int>, String)] =
                JSONValue.mappingsElements(in: text).map { $0.enumerated().map { ($1, "mappings[\($0)]") } }
                ?? [(text.indices, "")]
            for (range, path) in entries {
                let place = path.isEmpty ? file : "\(file) \(path)"
                let overBudget = LoadError(
                    problems + [
                        "\(place): the folder's stubs would keep more than \(byteCount(memoryBudget)) of memory, "
                            + "the server's budget for stubs; nothing after it was read."
                    ], isOverBudget: true)
                // What a stub's text will keep, counted before it is parsed: one that cannot fit
                // is not (a 22 MB stub of `{}` took 2.3 GB to parse, whatever the budget).
                guard kept + StubMapping.footprint(ofText: text[range]) <= memoryBudget else { throw overBudget }
                guard let entry = JSONValue.parse(Data(text[range])) else {
                    problems.append(path.isEmpty ? "\(file): not JSON." : "\(file): \(path): not JSON.")
                    continue
                }
                var mapping: StubMapping
                let reading = Reading(text: [UInt8](text[range]), at: path)
                do throws(StubError) {
                    do {
                        mapping = try StubMapping.parse(
                            entry, files: files, path: path, templating: templating, missingFilesAllowed: true,
                            reading: reading)
                        try check(mapping)
                    } catch  where error.isUnsupported {
                        // WireMock loads it: only this server lacks what it names.
                        mapping = try StubMapping.standIn(
                            for: entry, path: path, problem: error.message, reading: reading)
                        loaded.warnings.append("\(file): \(error.message): the stub answers 500 saying so.")
                    }
                } catch {
                    problems.append("\(file): \(error.message)")
                    continue
                }
                kept += mapping.size
                guard kept <= memoryBudget else { throw overBudget }
                guard loaded.mappings.count < StubStore.maximumCount else {
                    throw LoadError(["\(folder.path) holds more than \(StubStore.maximumCount) stubs."])
                }
                if let first = places[mapping.id] {
                    repeated.append((loaded.mappings.count, file, path, first))
                } else {
                    places[mapping.id] = place
                }
                loaded.warnings += reading.notes.map { "\(file): \($0)." }
                if case .file(let url, _) = mapping.response.body, !FileManager.default.fileExists(atPath: url.path) {
                    let field = path.isEmpty ? "response.bodyFileName" : "\(path).response.bodyFileName"
                    let name = url.path.dropFirst(files.path.count + 1)
                    loaded.warnings.append(
                        "\(file): \(field): there is no file \(name) in __files/ (answered 500 until there is)")
                }
                loaded.mappings.append(mapping)
                loadedPlaces.append((file, place))
            }
        }
        guard problems.isEmpty else { throw LoadError(problems) }
        // WireMock keeps both under the one id, each answering its own requests: so does this
        // server, the second under the id and the first number no stub of the folder has (an id
        // names one stub in the admin API), the same on every start.
        var taken = Set(loaded.mappings.map(\.id))
        for (index, file, path, first) in repeated {
            let given = loaded.mappings[index].id
            var number = 2
            while taken.contains("\(given.prefix(56)).\(number)") { number += 1 }
            let id = "\(given.prefix(56)).\(number)"
            taken.insert(id)
            loaded.mappings[index] = loaded.mappings[index].identified(as: id)
            loaded.warnings.append(
                "\(file): \(path.isEmpty ? "id" : "\(path).id"): \(given) is the id of \(first) too; "
                    + "WireMock keeps both under it, this server keeps this one as \(id).")
        }
        loaded.warnings += sameRequests(loaded.mappings, places: loadedPlaces)
        loaded.warnings += overlaps(loaded.mappings, places: loadedPlaces)
        return loaded
    }

    /// How the warnings about stubs that may answer the same requests end.
    private static let orderAdvice =
        "and in WireMock the one its disk lists last: give the one meant a lower priority number"

    /// A warning for each set of stubs with the same request, priority and scenario state in
    /// different files: only the one loaded last ever answers, here the one in the last path.
    /// WireMock loads files in the order the disk lists them, so which answers there depends on
    /// the disk (a team's folder held one recorded request in five sub-folders). At most ten such
    /// warnings, then how many more.
    private static func sameRequests(
        _ mappings: [StubMapping], places: [(file: String, place: String)]
    ) -> [String] {
        struct Key: Hashable {
            let request: JSONValue?
            let priority: Int
            let scenario: String?
            let state: String?
        }
        var groups: [Key: [Int]] = [:]
        var order: [Key] = []
        for (index, mapping) in mappings.enumerated() {
            guard case .object(let members) = mapping.json else { continue }
            let key = Key(
                request: members["request"], priority: mapping.priority, scenario: mapping.scenarioName,
                state: mapping.requiredScenarioState)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(index)
        }
        let shared = order.compactMap { groups[$0] }.filter { Set($0.map { places[$0].file }).count > 1 }
        var warnings = shared.prefix(10).map { indices in
            let named = indices.map { places[$0].place }
            let last = named[named.count - 1]
            // A set of many names its first three and its last.
            let listed = named.count > 5 ? named.prefix(3) + ["\(named.count - 4) more", last] : named
            return "\(listed.joined(separator: ", ")): the same request at the same priority; only the last, "
                + "\(last), answers here, \(orderAdvice)"
        }
        if shared.count > 10 { warnings.append("\(shared.count - 10) more sets of stubs with the same request") }
        return warnings
    }

    /// A warning for each stub whose URL pattern (or no URL: any) takes the URL of stubs in other
    /// files at the same priority and scenario state, where no method, query parameter or header
    /// tells them apart (``RequestPattern/mayShareRequests(with:budget:)``): where both match, the one loaded last
    /// answers, and WireMock loads files in the order the disk lists them (a team's `urlPath` stub
    /// answered in WireMock where another file's `urlPattern` took its request here). At most ten
    /// such warnings; the patterns are tried within 200 ms, and not at all for over 200,000 pairs.
    private static func overlaps(_ mappings: [StubMapping], places: [(file: String, place: String)]) -> [String] {
        let exact = mappings.indices.filter { mappings[$0].request.exactPath != nil }
        let patterns = mappings.indices.filter { mappings[$0].request.exactPath == nil }
        guard !exact.isEmpty, exact.count * patterns.count <= 200_000 else { return [] }
        let budget = MatchBudget(.milliseconds(200))
        var warnings: [String] = []
        var more = 0
        for pattern in patterns {
            let stub = mappings[pattern]
            let taken = exact.filter { index in
                let other = mappings[index]
                return places[index].file != places[pattern].file && other.priority == stub.priority
                    && other.scenarioName == stub.scenarioName
                    && other.requiredScenarioState == stub.requiredScenarioState
                    && stub.request.mayShareRequests(with: other.request, budget: budget)
            }
            guard !taken.isEmpty else { continue }
            guard warnings.count < 10 else {
                more += 1
                continue
            }
            let named = taken.map { places[$0].place }
            let listed = named.count > 3 ? named.prefix(3) + ["\(named.count - 3) more"] : named[...]
            warnings.append(
                "\(places[pattern].place) takes with its URL pattern the URLs of \(listed.joined(separator: ", ")) "
                    + "at the same priority: where both match, the one loaded last answers, here the one in the "
                    + "last path, \(orderAdvice)"
            )
        }
        if more > 0 { warnings.append("\(more) more stubs whose URL pattern takes other stubs' URLs") }
        return warnings
    }

    /// The `.json` files under `folder`, at any depth, as paths from it, in order; hidden files and
    /// folders left out, as WireMock leaves them.
    private static func mappingFiles(in folder: URL) -> [String] {
        guard let walk = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var names: [String] = []
        while let name = walk.nextObject() as? String {
            guard !name.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { continue }
            var isDirectory: ObjCBool = false
            let path = folder.appendingPathComponent(name).path
            if name.hasSuffix(".json"), FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                names.append(name)
            }
        }
        return names.sorted()
    }
}
