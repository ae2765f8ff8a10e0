import Fixtures
import Foundation
import HTTPTypes
import Logging
import StubEngine

/// The `/__admin/` routes, in WireMock's spelling so a developer's habits carry over: the request
/// journal, a reset, and the scenarios (Docs/Backends.md, "Admin routes"; Docs/openapi-admin.yaml).
struct Admin: Sendable {
    let backend: FixtureBackend
    let journal: RequestJournal
    /// What one search of the journal, or one listing of near misses, may spend on patterns.
    var matchBudget = MatchBudget.defaultAllowance
    /// Whether this is a sandbox's admin API: the server's folder is shared by every world, so a
    /// sandbox's stubs and recordings are never written into it.
    var isSandbox = false
    /// Where the warnings of a folder read again go, as the server's other warnings do.
    var logger = Logger(label: "FixtureServer", factory: { _ in SwiftLogNoOpLogHandler() })

    /// Where `mappings save` and recordings write: `--root-dir`, for the server's own world only.
    private var saveFolder: URL? { isSandbox ? nil : backend.configuration.rootDirectory }

    static let prefix = "/__admin/"

    struct AdminError: Error {
        var status: HTTPResponse.Status
        var message: String
        /// What failed, as WireMock's `source.pointer` names it, for an error that is not a
        /// stub's field (`since`).
        var pointer: String?
        /// WireMock's `code` and `title` for the error, where a WireMock client reads them (a
        /// scenario's); by default 10 for a field, and the message.
        var wireMock: (code: Int, title: String)?

        init(
            status: HTTPResponse.Status, message: String, pointer: String? = nil,
            wireMock: (code: Int, title: String)? = nil
        ) {
            self.status = status
            self.message = message
            self.pointer = pointer
            self.wireMock = wireMock
        }

        /// A stub refused, with the status it names.
        init(_ refusal: StubError) {
            self.init(status: .init(code: refusal.status), message: refusal.message)
        }

        /// The answer's body: `message`, and the same in WireMock's shape for its clients,
        /// `errors: [{"code": 10, "source": {"pointer": "/request/bodyPatterns/0"}, "title": …}]`
        /// (for a refused field, the code, and a pointer at the object that failed: a matcher's
        /// object, not its operator, as WireMock points).
        var body: Body {
            var item = Body.Item(title: wireMock?.title ?? message, detail: message)
            item.code = wireMock?.code
            if let pointer {
                item.code = 10
                item.source = ["pointer": pointer]
            } else if status.code == 422, let colon = message.range(of: ": "),
                !message[..<colon.lowerBound].contains(" ")
            {
                item.code = 10
                var path = message[..<colon.lowerBound].replacingOccurrences(of: "[", with: ".")
                    .replacingOccurrences(of: "]", with: "").split(separator: ".").map(String.init)
                if path.count > 1, let last = path.last, StringMatcher.operators.contains(last) { path.removeLast() }
                item.source = ["pointer": "/" + path.joined(separator: "/")]
            }
            return Body(message: message, errors: [item])
        }

        struct Body: Encodable {
            struct Item: Encodable {
                var code: Int?
                var source: [String: String]?
                var title: String
                var detail: String
            }

            var message: String
            var errors: [Item]
        }
    }

    /// The admin path of `request`: its segments after `/__admin/`, each decoded (`scenarios`,
    /// `my scenario`, `state`), its query (the first value of each parameter), and its decoded path.
    static func route(of request: HTTPRequest) -> (segments: [String], query: [String: String], path: String) {
        let components = URLComponents(string: request.path ?? "/")
        let path = components?.path ?? "/"
        let query = Dictionary(
            (components?.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
        return (path.dropFirst(Self.prefix.count).split(separator: "/").map(String.init), query, path)
    }

    /// Answers an admin request by ``routes``: the route whose path is the request's (a fixed
    /// segment before a `{…}` one), `405` with `Allow` when that path does not take the method,
    /// `404` listing every route when no route has it.
    func handle(_ request: HTTPRequest, body: Data) -> (HTTPResponse, Data) {
        guard let body = Charset.utf8(body, contentType: request.headerFields[.contentType]) else {
            let charset = Charset.name(in: request.headerFields[.contentType]) ?? ""
            let error = AdminError(
                status: .badRequest, message: "The body is not in \(charset), the charset its Content-Type names.")
            return jsonAnswer(error.status, error.body)
        }
        let (segments, query, path) = Self.route(of: request)
        let matching = Self.routes.compactMap { route in route.parameter(in: segments).map { (route, $0) } }
        let specific = matching.filter { $0.0.fixedSegments == matching.map(\.0.fixedSegments).max() }
        guard let (route, parameter) = specific.first(where: { $0.0.method == request.method }) else {
            guard specific.isEmpty else {
                let names = specific.map(\.0.method.rawValue).joined(separator: ", ")
                var (head, data) = jsonAnswer(
                    .methodNotAllowed,
                    ["message": "\(request.method.rawValue) is not allowed on \(path); use \(names)."])
                head.headerFields[.allow] = names
                return (head, data)
            }
            let error = AdminError(
                status: .notFound,
                message: "No admin route \(request.method.rawValue) \(path). The admin routes: \(Self.routeList).")
            return jsonAnswer(error.status, error.body)
        }
        do throws(AdminError) {
            return try route.answer(self)(AdminRoute.Call(body: body, query: query, parameter: parameter))
        } catch {
            return jsonAnswer(error.status, error.body)
        }
    }

    /// The admin API: every route there is. The `404` of a path there is not lists them, and the
    /// `405` of a method a path does not take names the ones it does, both from here.
    static let routes: [AdminRoute] = [
        AdminRoute(.get, "requests", Admin.requests),
        AdminRoute(.delete, "requests", Admin.clearJournal),
        AdminRoute(.post, "requests/reset", Admin.clearJournal),
        AdminRoute(.post, "requests/find", Admin.findRequests),
        AdminRoute(.post, "requests/count", Admin.countRequests),
        AdminRoute(.post, "requests/remove", Admin.removeRequests),
        AdminRoute(.get, "requests/unmatched", Admin.unmatchedRequests),
        AdminRoute(.get, "requests/unmatched/near-misses", Admin.unmatchedNearMisses),
        AdminRoute(.get, "requests/{ID}", Admin.request),
        AdminRoute(.delete, "requests/{ID}", Admin.forgetRequest),
        AdminRoute(.post, "near-misses/request", Admin.nearMissesOfRequest),
        AdminRoute(.post, "near-misses/request-pattern", Admin.nearMissesOfPattern),
        AdminRoute(.post, "recordings/start", Admin.startRecording),
        AdminRoute(.post, "recordings/stop", Admin.stopRecording),
        AdminRoute(.post, "recordings/snapshot", Admin.snapshotRecording),
        AdminRoute(.get, "recordings/status", Admin.recordingStatus),
        AdminRoute(.get, "mappings", Admin.listMappings),
        AdminRoute(.post, "mappings", Admin.addMapping),
        AdminRoute(.delete, "mappings", Admin.removeMappings),
        AdminRoute(.post, "mappings/reset", Admin.resetMappings),
        AdminRoute(.post, "mappings/import", Admin.importMappings),
        AdminRoute(.post, "mappings/save", Admin.saveMappings),
        AdminRoute(.post, "mappings/remove", Admin.removeMatchingMapping),
        AdminRoute(.post, "mappings/find-by-metadata", Admin.findMappingsByMetadata),
        AdminRoute(.post, "mappings/remove-by-metadata", Admin.removeMappingsByMetadata),
        AdminRoute(.get, "mappings/{ID}", Admin.mapping),
        AdminRoute(.put, "mappings/{ID}", Admin.replaceMapping),
        AdminRoute(.delete, "mappings/{ID}", Admin.removeMapping),
        AdminRoute(.get, "scenarios", Admin.scenarios),
        AdminRoute(.post, "scenarios/reset", Admin.resetScenarios),
        AdminRoute(.put, "scenarios/{NAME}/state", Admin.setScenarioState),
        AdminRoute(.get, "settings", Admin.settings),
        AdminRoute(.post, "settings", Admin.changeSettings),
        AdminRoute(.put, "settings", Admin.changeSettings),
        AdminRoute(.post, "reset", Admin.reset),
    ]

    /// Every admin route, for the `404` of one there is not: each path with its methods.
    static let routeList: String = {
        var methods: [String: [String]] = [:]
        for route in routes { methods[route.path, default: []].append(route.method.rawValue) }
        return methods.sorted { $0.key < $1.key }.map { path, methods in
            methods.joined(separator: " ") + " " + prefix + path
        }.joined(separator: ", ")
    }()

    // MARK: The journal

    private func requests(_ call: AdminRoute.Call) throws(AdminError) -> (HTTPResponse, Data) {
        let query = call.query
        var found = try entries(matching: Self.pattern(query: query))
        // WireMock's `unmatched=true`: the requests nothing served, as journal entries.
        switch query["unmatched"] {
        case nil, "false": break
        case "true": found = found.filter { !$0.wasMatched }
        default: throw AdminError(status: .badRequest, message: "unmatched is true or false.")
        }
        if let stubID = query["matchingStub"] { found = found.filter { $0.stubID == stubID } }
        if let text = query["since"] {
            guard let since = Self.date(text) else {
                throw AdminError(status: .badRequest, message: "\(text) is not a valid ISO8601 date", pointer: "since")
            }
            found = found.filter { $0.loggedDate > since }
        }
        // The total is of what the query found, before the limit (WireMock's meta).
        let total = found.count
        found = Array(found.prefix(try Self.count("limit", in: query) ?? total))
        return jsonAnswer(.ok, RequestList(requests: found.map(serveEvent), meta: .init(total: total)))
    }

    private func clearJournal(_: AdminRoute.Call) -> (HTTPResponse, Data) {
        journal.clear()
        return jsonAnswer(.ok, [String: String]())
    }

    private func findRequests(_ call: AdminRoute.Call) throws(AdminError) -> (HTTPResponse, Data) {
        let found = try entries(matching: call.body).map(RequestJournal.decoded)
        return jsonAnswer(.ok, RequestList(requests: found, meta: .init(total: found.count)))
    }

    private func countRequests(_ call: AdminRoute.Call) throws(AdminError) -> (HTTPResponse, Data) {
        jsonAnswer(.ok, ["count": try entries(matching: call.body).count])
    }

    /// WireMock's: the requests a pattern matches leave the journal, and are answered.
    private func removeRequests(_ call: AdminRoute.Call) throws(AdminError) -> (HTTPResponse, Data) {
        let removed = journal.remove(Set(try entries(matching: call.body).map(\.id)))
        return jsonAnswer(.ok, ["serveEvents": removed.map(RequestJournal.decoded)])
    }

    /// WireMock's shape: the requests themselves, not the journal's entries.
    private func unmatchedRequests(_: AdminRoute.Call) -> (HTTPResponse, Data) {
        let unmatched = journal.keptEntries.filter { !$0.wasMatched }.map(RequestJournal.decoded)
        return jsonAnswer(
            .ok, UnmatchedList(requests: unmatched.map(LoggedRequest.init), meta: .init(total: unmatched.count)))
    }

    /// WireMock's shape: one near miss for each unmatched request and stub close to it (the stub
    /// as it is now, its id alone once it is gone), newest request first and its nearest stub
    /// first, with what differs; then the fixture routes close to it, by `route`.
    private func unmatchedNearMisses(_: AdminRoute.Call) -> (HTTPResponse, Data) {
        let unmatched = journal.keptEntries.filter { !$0.wasMatched }
        let misses = unmatched.flatMap { entry in
            let request = RequestJournal.decoded(entry).request
            let stubs = (entry.nearMisses?.stubs ?? []).map { miss in
                PatternNearMiss(
                    request: request,
                    stubMapping: backend.stubs.mapping(id: miss.name)?.json ?? .object(["id": .string(miss.name)]),
                    matchResult: .init(distance: miss.distance, difference: miss.difference))
            }
            let routes = (entry.nearMisses?.routes ?? []).map { miss in
                PatternNearMiss(request: request, route: miss.name, matchResult: .init(difference: miss.difference))
            }
            return stubs + routes
        }
        return jsonAnswer(.ok, ["nearMisses": misses])
    }

    private func request(_ call: AdminRoute.Call) throws(AdminError) -> (HTTPResponse, Data) {
        guard let id = Int(call.parameter), let entry = journal.keptEntries.first(where: { $0.id == id }) else {
            throw AdminError(status: .notFound, message: "There is no request \(call.parameter) in the journal.")
        }
        return jsonAnswer(.ok, serveEvent(entry))
    }

    /// One request forgotten; one the journal does not have (or no longer has) is no error, nor
    /// is a UUID, the id WireMock gives and a WireMock client may send.
    private func forgetRequest(_ call: AdminRoute.Call) throws(AdminError) -> (HTTPResponse, Data) {
        if let number = Int(call.parameter), number >= 0 {
            _ = journal.remove([number])
        } else if UUID(uuidString: call.parameter) == nil {
            throw AdminError(
                status: .badRequest, message: "A journal entry's id is a whole number, not \(call.parameter).")
        }
        return jsonAnswer(.ok, [String: String]())
    }

    /// The stubs nearest a request given as WireMock logs one: {"url", "method", "headers", "body"}.
    private func nearMissesOfRequest(_ call: AdminRoute.Call) throws(AdminError) -> (HTTPResponse, Data) {
        guard let given = try? JSONDecoder().decode(GivenRequest.self, from: call.body) else {
            throw AdminError(status: .badRequest, message: "The body is a request: {\"url\", \"method\"}.")
        }
        let parsed = given.parsed(budget: MatchBudget(matchBudget))
        let misses = backend.stubs.nearMissEvaluations(parsed).map { mapping, evaluation in
            PatternNearMiss(
                request: nil, stubMapping: mapping.json, requestPattern: nil,
                matchResult: .init(distance: evaluation.distance, difference: evaluation.description))
        }
        return jsonAnswer(.ok, ["nearMisses": misses])
    }

    /// The journal's requests nearest a request pattern.
    private func nearMissesOfPattern(_ call: AdminRoute.Call) throws(AdminError) -> (HTTPResponse, Data) {
        let pattern: RequestPattern
        do throws(StubError) { pattern = try RequestPattern.parse(call.body) } catch {
            throw AdminError(status: .badRequest, message: error.message)
        }
        let budget = MatchBudget(matchBudget)
        let requestPattern = JSONValue.parse(call.body)
        let misses = journal.keptEntries.compactMap { entry -> (RequestJournal.Entry, Evaluation)? in
            let evaluation = pattern.evaluate(ParsedRequest(entry.request, budget: budget), thorough: true)
            return evaluation.isMatch ? nil : (entry, evaluation)
        }.sorted { $0.1.distance < $1.1.distance }.prefix(3).map { entry, evaluation in
            PatternNearMiss(
                request: RequestJournal.decoded(entry).request, stubMapping: nil, requestPattern: requestPattern,
                matchResult: .init(distance: evaluation.distance, difference: evaluation.description))
        }
        return jsonAnswer(.ok, ["nearMisses": Array(misses)])
    }

    // MARK: Recording

    private func startRecording(_ call: AdminRoute.Call) throws(AdminError) -> (HTTPResponse, Data) {
        do throws(StubError) { try backend.recorder.start(call.body) } catch { throw AdminError(error) }
        return jsonAnswer(.ok, [String: String]())
    }

    private func stopRecording(_: AdminRoute.Call) throws(AdminError) -> (HTTPResponse, Data) {
        let mappings: [JSONValue]
        do throws(StubError) { mappings = try backend.recorder.stop() } catch { throw AdminError(error) }
        return jsonAnswer(.ok, ["mappings": try keep(mappings)])
    }

    private func snapshotRecording(_: AdminRoute.Call) throws(AdminError) -> (HTTPResponse, Data) {
        jsonAnswer(.ok, ["mappings": try keep(backend.recorder.snapshot())])
    }

    private func recordingStatus(_: AdminRoute.Call) -> (HTTPResponse, Data) {
        jsonAnswer(.ok, ["status": backend.recorder.status.rawValue])
    }

    // MARK: Stubs

    /// Newest first, as WireMock lists them; `offset` and `limit` page through them.
    private func listMappings(_ call: AdminRoute.Call) throws(AdminError) -> (HTTPResponse, Data) {
        let mappings = backend.stubs.mappings
        let page = mappings.dropFirst(try Self.count("offset", in: call.query) ?? 0)
            .prefix(try Self.count("limit", in: call.query) ?? mappings.count)
        return jsonAnswer(.ok, MappingList(mappings: page.map(\.json), meta: .init(total: mappings.count)))
    }

    private func addMapping(_ call: AdminRoute.Call) throws(AdminError) -> (HTTPResponse, Data) {
        let mapping = try stub(call.body)
        try stubbing { () throws(StubError) in try backend.stubs.add(mapping) }
        return jsonAnswer(.created, mapping.json)
    }

    private func removeMappings(_: AdminRoute.Call) -> (HTTPResponse, Data) {
        backend.stubs.removeAll()
        return jsonAnswer(.ok, [String: String]())
    }

    /// WireMock's `resetToDefaultMappings`: the folder's stubs, read again, and the journal
    /// forgotten.
    private func resetMappings(_: AdminRoute.Call) throws(AdminError) -> (HTTPResponse, Data) {
        try readFolderAgain()
        backend.stubs.reset()
        journal.clear()
        return jsonAnswer(.ok, [String: String]())
    }

    /// The folder's stubs read again for a reset to bring back, as WireMock's resets read them; a
    /// sandbox's reset brings back those its world started with.
    private func readFolderAgain() throws(AdminError) {
        guard !isSandbox else { return }
        do {
            for warning in try backend.readFolderAgain() { logger.warning("mappings read again: \(warning)") }
        } catch {
            var problem = (error as? StubFolder.LoadError)?.problems.joined(separator: "; ") ?? "\(error)"
            if !problem.hasSuffix(".") { problem += "." }
            throw AdminError(
                status: .internalServerError,
                message: "The folder's stubs cannot be read again: \(problem) The stubs are as they were.")
        }
    }

    private func importMappings(_ call: AdminRoute.Call) throws(AdminError) -> (HTTPResponse, Data) {
        let (mappings, options) = try imported(call.body)
        let added = options.ignoringExisting ? mappings.filter { backend.stubs.mapping(id: $0.id) == nil } : mappings
        try stubbing { () throws(StubError) in try backend.stubs.add(added) }
        if options.deletingOthers {
            let named = Set(mappings.map(\.id))
            for mapping in backend.stubs.mappings where !named.contains(mapping.id) {
                _ = backend.stubs.remove(id: mapping.id)
            }
        }
        return jsonAnswer(.ok, [String: String]())
    }

    /// WireMock's persist: the stubs added since the start written into the folder's mappings/,
    /// one file each, named by id, so the next start serves them too.
    private func saveMappings(_: AdminRoute.Call) throws(AdminError) -> (HTTPResponse, Data) {
        guard !isSandbox else {
            throw AdminError(
                status: .conflict,
                message: "A sandbox saves nothing into the server's folder, which every world shares: "
                    + "its stubs last as long as it does. Save from the server's own /__admin/.")
        }
        guard let root = saveFolder else {
            throw AdminError(
                status: .conflict,
                message: "There is no folder to save into: the server was started without a root folder.")
        }
        let initial = Set(backend.stubs.initial.map(\.id))
        try Self.save(backend.stubs.mappings.filter { !initial.contains($0.id) }, into: root, what: "The stubs")
        return jsonAnswer(.ok, [String: String]())
    }

    /// WireMock's: the stub with the given one's id, or else the first whose request is the same.
    private func removeMatchingMapping(_ call: AdminRoute.Call) throws(AdminError) -> (HTTPResponse, Data) {
        guard case .object(let given)? = JSONValue.parse(call.body) else {
            throw AdminError(status: .badRequest, message: "The body is a stub: {\"id\", \"request\"}.")
        }
        guard case .object? = given["request"] else {
            throw AdminError(status: .unprocessableContent, message: "request: must be a JSON object")
        }
        switch given["id"] {
        case nil, .string?: break
        default: throw AdminError(status: .unprocessableContent, message: "id: must be a string")
        }
        let mappings = backend.stubs.mappings
        let byID = given["id"].flatMap { id in mappings.first { .string($0.id) == id } }
        let byRequest = mappings.first { mapping in
            guard case .object(let members) = mapping.json else { return false }
            return members["request"] == given["request"]
        }
        if let removed = byID ?? byRequest { _ = backend.stubs.remove(id: removed.id) }
        return jsonAnswer(.ok, [String: String]())
    }

    /// WireMock's: the stubs whose metadata a value matcher matches, newest first.
    private func findMappingsByMetadata(_ call: AdminRoute.Call) throws(AdminError) -> (HTTPResponse, Data) {
        let found = try mappings(withMetadataMatching: call.body).map(\.json)
        return jsonAnswer(.ok, MappingList(mappings: found, meta: .init(total: found.count)))
    }

    /// WireMock's: the stubs whose metadata a value matcher matches go.
    private func removeMappingsByMetadata(_ call: AdminRoute.Call) throws(AdminError) -> (HTTPResponse, Data) {
        for mapping in try mappings(withMetadataMatching: call.body) { _ = backend.stubs.remove(id: mapping.id) }
        return jsonAnswer(.ok, [String: String]())
    }

    private func mapping(_ call: AdminRoute.Call) throws(AdminError) -> (HTTPResponse, Data) {
        guard let mapping = backend.stubs.mapping(id: call.parameter) else { throw Self.noStub(call.parameter) }
        return jsonAnswer(.ok, mapping.json)
    }

    /// The path names the stub; an id in the body is WireMock's and must agree.
    private func replaceMapping(_ call: AdminRoute.Call) throws(AdminError) -> (HTTPResponse, Data) {
        let id = call.parameter
        // Under the path's id, read from the body as sent (written again, its order would be lost).
        let given = try stub(call.body).identified(as: id)
        var replaced = false
        try stubbing { () throws(StubError) in replaced = try backend.stubs.replace(id: id, with: given) }
        guard replaced else { throw Self.noStub(id) }
        return jsonAnswer(.ok, given.json)
    }

    private func removeMapping(_ call: AdminRoute.Call) throws(AdminError) -> (HTTPResponse, Data) {
        guard backend.stubs.remove(id: call.parameter) else { throw Self.noStub(call.parameter) }
        return jsonAnswer(.ok, [String: String]())
    }

    private static func noStub(_ id: String) -> AdminError {
        AdminError(status: .notFound, message: "There is no stub \(id).")
    }

    // MARK: Scenarios, settings, reset

    private func scenarios(_: AdminRoute.Call) -> (HTTPResponse, Data) {
        let stubScenarios = backend.stubs.scenarios.map { scenario in
            ScenarioState(
                id: scenario.name, name: scenario.name, state: scenario.state, possibleStates: scenario.possibleStates,
                summary: "A scenario of the stubs.")
        }
        return jsonAnswer(.ok, ScenarioList(scenarios: backend.ownScenarios.map(scenarioState) + stubScenarios))
    }

    private func resetScenarios(_: AdminRoute.Call) -> (HTTPResponse, Data) {
        backend.resetScenarios()
        return jsonAnswer(.ok, [String: String]())
    }

    /// Without a body, WireMock puts the scenario back in its first state.
    private func setScenarioState(_ call: AdminRoute.Call) throws(AdminError) -> (HTTPResponse, Data) {
        struct NewState: Decodable { var state: String }
        try setState(call.body.isEmpty ? nil : Self.decode(NewState.self, from: call.body).state, of: call.parameter)
        return jsonAnswer(.ok, [String: String]())
    }

    private func settings(_: AdminRoute.Call) -> (HTTPResponse, Data) {
        jsonAnswer(.ok, ["settings": backend.stubs.settings.json])
    }

    private func changeSettings(_ call: AdminRoute.Call) throws(AdminError) -> (HTTPResponse, Data) {
        do throws(StubError) { backend.stubs.settings = try StubSettings.parse(call.body) } catch {
            throw AdminError(error)
        }
        return jsonAnswer(.ok, [String: String]())
    }

    private func reset(_: AdminRoute.Call) throws(AdminError) -> (HTTPResponse, Data) {
        try readFolderAgain()
        backend.reset()
        journal.clear()
        return jsonAnswer(.ok, [String: String]())
    }

    /// The stubs whose `metadata` the value matcher `body` (`{"matchesJsonPath": …}`) matches.
    private func mappings(withMetadataMatching body: Data) throws(AdminError) -> [StubMapping] {
        let matcher: StringMatcher
        do throws(StubError) { matcher = try StringMatcher.parse(body) } catch {
            throw AdminError(status: .badRequest, message: error.message)
        }
        return backend.stubs.mappings.filter { mapping in
            guard case .object(let members) = mapping.json, let metadata = members["metadata"] else { return false }
            return matcher.matches(metadata.text, json: { metadata })
        }
    }

    /// Recorded mappings added to the world's stubs, and written into `--root-dir`'s `mappings/`
    /// when there is one (WireMock persists a recording), as they will be served.
    private func keep(_ recorded: [JSONValue]) throws(AdminError) -> [JSONValue] {
        var mappings: [StubMapping] = []
        for json in recorded {
            do throws(StubError) {
                mappings.append(try StubMapping.parse(json, files: backend.stubs.files, path: ""))
            } catch {
                throw AdminError(
                    status: .internalServerError, message: "A recorded stub could not be kept: \(error.message)")
            }
        }
        do throws(StubError) { try backend.stubs.add(mappings) } catch { throw AdminError(error) }
        if let root = saveFolder {
            try Self.save(mappings, into: root, what: "The recording")
        }
        return mappings.map(\.json)
    }

    /// Writes `mappings` into `root`'s `mappings/`, one `ID.json` each (WireMock's persist);
    /// `500` naming `what` could not be saved.
    private static func save(_ mappings: [StubMapping], into root: URL, what: String) throws(AdminError) {
        let folder = root.appendingPathComponent("mappings")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for mapping in mappings {
                try mapping.fileText.write(
                    to: folder.appendingPathComponent(fileName(forID: mapping.id)), options: .atomic)
            }
        } catch {
            throw AdminError(
                status: .internalServerError, message: "\(what) could not be saved: \(error.localizedDescription)")
        }
    }

    /// `ID.json` for a stub's id, as a file the folder's loader reads back: a character other than
    /// a letter, a digit, `-` or `_` becomes `_`, so an id cannot name a hidden file (`.x`),
    /// another folder (`../x`) or nothing.
    static func fileName(forID id: String) -> String {
        let safe = String(
            id.unicodeScalars.map { scalar in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                        || "-_".unicodeScalars.contains(scalar))
                    ? Character(scalar) : "_"
            })
        return (safe.isEmpty ? "_" : String(safe.prefix(128))) + ".json"
    }

    /// A stub mapping from an admin body: `400` when it is not JSON, `422` naming the field, or
    /// the operation and the field when it breaks Docs/openapi.yaml.
    func stub(_ body: Data) throws(AdminError) -> StubMapping {
        do {
            let mapping = try StubMapping.parse(
                body, files: backend.stubs.files, templating: backend.configuration.globalResponseTemplating)
            try backend.admit(mapping)
            return mapping
        } catch {
            throw AdminError(error)
        }
    }

    /// WireMock's `importOptions`: `duplicatePolicy` `IGNORE` leaves a stub already there as it
    /// is; `deleteAllNotInImport` removes the stubs the import does not name.
    struct ImportOptions {
        var ignoringExisting = false
        var deletingOthers = false
    }

    /// The mappings of `{"mappings": [...], "importOptions": {…}}`: all of them, or an error naming
    /// the one that is not; and the options.
    func imported(_ body: Data) throws(AdminError) -> ([StubMapping], ImportOptions) {
        guard let json = JSONValue.parse(body) else {
            throw AdminError(status: .badRequest, message: "The body is not JSON.")
        }
        guard case .object(let members) = json, case .array(let list)? = members["mappings"] else {
            throw AdminError(status: .unprocessableContent, message: "mappings: an import is {\"mappings\": [...]}")
        }
        var options = ImportOptions()
        if let unknown = members.keys.sorted().first(where: { $0 != "mappings" && $0 != "importOptions" }) {
            throw AdminError(status: .unprocessableContent, message: "\(unknown): is not a field of an import")
        }
        switch members["importOptions"] {
        case nil: break
        case .object(let given)?:
            for (name, value) in given {
                switch (name, value) {
                case ("duplicatePolicy", .string("OVERWRITE")): options.ignoringExisting = false
                case ("duplicatePolicy", .string("IGNORE")): options.ignoringExisting = true
                case ("deleteAllNotInImport", .bool(let delete)): options.deletingOthers = delete
                case ("duplicatePolicy", _):
                    throw AdminError(
                        status: .unprocessableContent, message: "importOptions.duplicatePolicy: is OVERWRITE or IGNORE")
                case ("deleteAllNotInImport", _):
                    throw AdminError(
                        status: .unprocessableContent, message: "importOptions.deleteAllNotInImport: is true or false")
                default:
                    throw AdminError(
                        status: .unprocessableContent, message: "importOptions.\(name): is not an import option")
                }
            }
        default:
            throw AdminError(status: .unprocessableContent, message: "importOptions: must be a JSON object")
        }
        do {
            let mappings = try StubMapping.parse(
                list: list, files: backend.stubs.files, templating: backend.configuration.globalResponseTemplating,
                reading: Reading(text: body), check: backend.admit)
            return (mappings, options)
        } catch {
            throw AdminError(error)
        }
    }

    private func stubbing(_ change: () throws(StubError) -> Void) throws(AdminError) {
        do {
            try change()
        } catch {
            throw AdminError(error)
        }
    }

    /// The whole number, 0 or more, of the query parameter `name` (one past `Int.max` is as
    /// many as there are); `nil` when it is not given.
    private static func count(_ name: String, in query: [String: String]) throws(AdminError) -> Int? {
        guard let text = query[name] else { return nil }
        let digits = !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber }
        guard let count = Int(text) ?? (digits ? Int.max : nil), count >= 0 else {
            throw AdminError(status: .badRequest, message: "\(name) must be a whole number, 0 or more.", pointer: name)
        }
        return count
    }

    /// An ISO 8601 date and time, with or without fractional seconds (`2024-05-01T10:00:00Z`).
    private static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions.insert(.withFractionalSeconds)
        return formatter.date(from: text)
    }

    /// A journal entry as WireMock's serve event shows it: its JSON body decoded, and the stub
    /// that served it (its JSON now; its id alone once it is gone), or for a request nothing knew
    /// WireMock's stand-in for "no stub", any method answered `404`.
    private func serveEvent(_ entry: RequestJournal.Entry) -> RequestJournal.Entry {
        var event = RequestJournal.decoded(entry)
        if let stubID = entry.stubID {
            event.stubMapping = backend.stubs.mapping(id: stubID)?.json ?? .object(["id": .string(stubID)])
        } else if !entry.wasMatched {
            event.stubMapping = .object([
                "request": .object(["method": .string("ANY")]),
                "response": .object(["status": .number(404), "fromConfiguredStub": .bool(false)]),
            ])
        }
        return event
    }

    /// The request pattern of `GET /__admin/requests`' query (`?method=GET&urlPathPattern=/a/.*`).
    private static func pattern(query: [String: String]) -> Data {
        let names = ["method", "url", "urlPath", "urlPattern", "urlPathPattern"]
        return JSONValue.object(query.filter { names.contains($0.key) }.mapValues(JSONValue.string)).data
    }

    /// The entries a request pattern finds, newest first, as kept: the JSON of a stub's `request`
    /// (`{"method": "POST", "urlPath": "/a", "bodyPatterns": [...]}`), matched as a stub matches
    /// but against what the journal kept (secrets redacted, a long body's first part). Its patterns
    /// are bounded as a stub's are, every entry together within one matching budget; past it the
    /// search stops with a `503` saying so, never a partial list.
    private func entries(matching pattern: Data) throws(AdminError) -> [RequestJournal.Entry] {
        let compiled: RequestPattern
        do throws(StubError) {
            compiled = try RequestPattern.parse(pattern)
        } catch {
            throw AdminError(status: .badRequest, message: error.message)
        }
        let budget = MatchBudget(matchBudget)
        let found = journal.keptEntries.filter { compiled.evaluate(ParsedRequest($0.request, budget: budget)).isMatch }
        guard !budget.isSpent else {
            throw AdminError(
                status: .serviceUnavailable,
                message: "The search ran out of the \(matchBudget) matching budget on the journal: use simpler "
                    + "patterns, or urlPath.")
        }
        return found
    }

    /// Puts a scenario, the backend's or the stubs', in `state` (its first when `nil`): `404` for a
    /// scenario there is not, `422` for a state it does not have, as WireMock answers.
    private func setState(_ state: String?, of scenario: String) throws(AdminError) {
        if let own = backend.ownScenarios.first(where: { $0.name == scenario }) {
            do {
                try backend.setState(state ?? own.possibleStates[0], of: scenario)
            } catch {
                throw AdminError(status: .unprocessableContent, message: error.localizedDescription)
            }
            return
        }
        switch backend.stubs.setState(state ?? StubMapping.startedState, of: scenario) {
        case .done: return
        case .unknownScenario:
            // The scenarios there are, the embedded backends' only when they answer.
            let names = backend.ownScenarios.map(\.name) + backend.stubs.scenarios.map(\.name)
            throw AdminError(
                status: .notFound,
                message: "There is no scenario \"\(scenario)\""
                    + (names.isEmpty ? "." : "; there are \(names.joined(separator: ", "))."),
                wireMock: (404, "Scenario \(scenario) does not exist"))
        case .unknownState(let possible):
            throw AdminError(
                status: .unprocessableContent,
                message: "The scenario \"\(scenario)\" has no state \"\(state ?? "")\"; it has "
                    + "\(possible.joined(separator: ", ")).",
                wireMock: (11, "Scenario \(scenario) does not support state \(state ?? "")"))
        }
    }

    /// How many a list holds, as WireMock says it.
    struct Meta: Encodable { var total: Int }

    struct RequestList: Encodable {
        var requests: [RequestJournal.Entry]
        var meta: Meta
    }

    /// A request given to `near-misses/request`, as WireMock logs one.
    struct GivenRequest: Decodable {
        var url: String
        var method: String?
        var headers: [String: String]?
        var body: String?

        enum CodingKeys: String, CodingKey { case url, method, headers, body }

        /// A field given is of its type: `null` is refused, not read as absent.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            url = try container.decode(String.self, forKey: .url)
            method = container.contains(.method) ? try container.decode(String.self, forKey: .method) : nil
            headers = container.contains(.headers) ? try container.decode([String: String].self, forKey: .headers) : nil
            body = container.contains(.body) ? try container.decode(String.self, forKey: .body) : nil
        }

        /// As the journal's searches read a request.
        func parsed(budget: MatchBudget) -> ParsedRequest {
            ParsedRequest(
                RequestJournal.Entry.Request(
                    method: method ?? "GET", url: url, headers: headers ?? [:], body: body, jsonBody: nil,
                    bodyBytes: body?.utf8.count ?? 0),
                budget: budget)
        }
    }

    /// One near miss as WireMock's near-miss routes list it: the request or the stub it was near,
    /// and how near (`distance`, 0 for a match; and what differs, in words).
    /// A near miss as WireMock writes one: the request, and the stub or the request pattern it
    /// missed (here a fixture route too), with how far and, beside WireMock's, what differs.
    struct PatternNearMiss: Encodable {
        struct MatchResult: Encodable {
            var distance: Double?
            var difference: String
        }
        var request: RequestJournal.Entry.Request?
        var stubMapping: JSONValue?
        var requestPattern: JSONValue?
        var route: String?
        var matchResult: MatchResult
    }

    /// A request as WireMock's `LoggedRequest` lists it: its fields, and when it came.
    struct LoggedRequest: Encodable {
        let entry: RequestJournal.Entry

        enum CodingKeys: String, CodingKey { case loggedDate }

        func encode(to encoder: any Encoder) throws {
            try entry.request.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(entry.loggedDate, forKey: .loggedDate)
        }
    }

    struct UnmatchedList: Encodable {
        var requests: [LoggedRequest]
        var meta: Meta
    }

    struct ScenarioState: Encodable {
        var id: String
        var name: String
        var state: String
        var possibleStates: [String]
        var summary: String
    }

    /// An unmatched request with the stubs and routes closest to it, and what differs.
    struct MappingList: Encodable {
        var mappings: [JSONValue]
        var meta: Meta
    }

    struct ScenarioList: Encodable {
        var scenarios: [ScenarioState]
    }

    private func scenarioState(_ scenario: Scenario) -> ScenarioState {
        ScenarioState(
            id: scenario.name, name: scenario.name,
            state: backend.state(of: scenario.name) ?? scenario.possibleStates[0],
            possibleStates: scenario.possibleStates, summary: scenario.summary)
    }

    private static func decode<T: Decodable>(_ type: T.Type, from body: Data) throws(AdminError) -> T {
        do {
            return try JSONDecoder().decode(type, from: body)
        } catch {
            throw AdminError(status: .badRequest, message: "The body is not the JSON this admin route takes.")
        }
    }

}

/// `value` as a JSON answer (sorted keys, ISO 8601 dates): every answer the server makes itself.
func jsonAnswer(_ status: HTTPResponse.Status, _ value: some Encodable) -> (HTTPResponse, Data) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    let body = (try? encoder.encode(value)) ?? Data("{}".utf8)
    return (HTTPResponse(status: status, headerFields: [.contentType: "application/json"]), body)
}

/// One admin route: a method, a path after `/__admin/` (`mappings/{ID}`: a segment in braces
/// stands for any one, which the answer reads as ``Call/parameter``), and what answers it.
struct AdminRoute: Sendable {
    /// One request to a route.
    struct Call {
        var body: Data
        /// Each query parameter's first value.
        var query: [String: String]
        /// What the path's `{…}` segment stood for, decoded; empty for a path without one.
        var parameter: String
    }

    let method: HTTPRequest.Method
    let path: String
    let answer: @Sendable (Admin) -> (Call) throws(Admin.AdminError) -> (HTTPResponse, Data)
    private let segments: [String]

    init(
        _ method: HTTPRequest.Method, _ path: String,
        _ answer: @escaping @Sendable (Admin) -> (Call) throws(Admin.AdminError) -> (HTTPResponse, Data)
    ) {
        self.method = method
        self.path = path
        self.answer = answer
        segments = path.split(separator: "/").map(String.init)
    }

    /// How many of its segments are fixed: of two routes that both have a path
    /// (`mappings/reset`, `mappings/{ID}`), the one with more answers it.
    var fixedSegments: Int { segments.filter { !$0.hasPrefix("{") }.count }

    /// What `given` (a request's path segments) gives the route's `{…}` segment (empty when it has
    /// none), or `nil` when the path is not this route's.
    func parameter(in given: [String]) -> String? {
        guard given.count == segments.count else { return nil }
        var parameter = ""
        for (expected, actual) in zip(segments, given) {
            if expected.hasPrefix("{") {
                parameter = actual
            } else if expected != actual {
                return nil
            }
        }
        return parameter
    }
}
