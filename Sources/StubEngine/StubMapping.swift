import Foundation
import HTTPTypes

/// Why a stub mapping was refused, with the status the admin API answers: `400` for a body that is
/// not JSON, `404` for an unknown id, `422` for a mapping that names its broken field
/// (`request.bodyPatterns[0].matches: … is not a regular expression`).
package struct StubError: Error, Equatable, Sendable {
    /// What is wrong in one field, in words.
    package struct Reason: Error, Equatable, Sendable, ExpressibleByStringInterpolation {
        package let text: String
        /// Whether what is wrong is only that this server lacks something WireMock or one of its
        /// extensions has (a helper, a transformer).
        package var isUnsupported = false
        package init(stringLiteral text: String) { self.text = text }
        package init(stringInterpolation: DefaultStringInterpolation) {
            text = String(stringInterpolation: stringInterpolation)
        }

        /// Something WireMock or an extension of it has and this server does not.
        package static func unsupported(_ text: String) -> Reason {
            var reason = Reason(stringLiteral: text)
            reason.isUnsupported = true
            return reason
        }
    }

    package var status: Int
    package var message: String
    /// Whether the mapping is refused only because this server lacks a helper or a transformer
    /// it names: a folder's stub that is keeps its request and answers 500 saying so.
    package var isUnsupported = false

    package init(status: Int, message: String) {
        self.status = status
        self.message = message
    }

    package static func field(_ path: String, _ reason: Reason) -> StubError {
        var error = StubError(status: 422, message: "\(path): \(reason.text)")
        error.isUnsupported = reason.isUnsupported
        return error
    }
}

/// Whether `name` is 1 to 64 letters, digits, `.`, `_` or `-`, and not dots alone: what a stub's id
/// and a sandbox's name may be, since each stands in an admin path (every HTTP client removes the
/// path segments `.` and `..`, so a sandbox `..` would be the main world).
package func isPlainName(_ name: String) -> Bool {
    (1...64).contains(name.count) && name.contains { $0 != "." }
        && name.unicodeScalars.allSatisfy {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0))
        }
}

/// A stub mapping in WireMock's JSON: what requests it matches, what it answers, its priority and
/// its scenario (Docs/Backends.md, "Stubs"). Made only by ``parse(_:files:id:)``, which refuses a
/// mapping it could not honour, naming the field.
package struct StubMapping: Sendable {
    package let id: String
    /// 1 is matched first; WireMock's default is 5.
    package let priority: Int
    package let request: RequestPattern
    package let response: StubResponse
    package let scenarioName: String?
    package let requiredScenarioState: String?
    package let newScenarioState: String?
    /// What it sends after it answers.
    package let webhooks: [Webhook]
    /// The mapping as given, with its `id`: what the admin API lists.
    package let json: JSONValue
    /// What it keeps in memory, in bytes, as ``footprint(of:templated:)`` estimates it: what the
    /// stub budgets (`apps serve --stub-budget-mb`) count.
    package let size: Int

    /// The state every stub scenario starts in, as WireMock names it.
    package static let startedState = "Started"

    /// A mapping from its JSON. `id` (or `uuid`) is kept when the mapping has one, else made.
    /// `templating`: every response is a template, as if each asked for `response-template`
    /// (`apps serve --global-response-templating`, WireMock's flag).
    package static func parse(_ data: Data, files: URL? = nil, templating: Bool = false) throws(StubError)
        -> StubMapping
    {
        guard let json = JSONValue.parse(data) else {
            throw StubError(status: 400, message: "The body is not JSON.")
        }
        return try parse(json, files: files, path: "", templating: templating, reading: Reading(text: data))
    }

    /// A mapping from its JSON value, named in errors under `path`; `reading` is of the text it
    /// was read from, when there was one.
    package static func parse(
        _ json: JSONValue, files: URL?, path: String, templating: Bool = false, missingFilesAllowed: Bool = false,
        reading: Reading = Reading()
    ) throws(StubError) -> StubMapping {
        let mapping = try Fields(json, path: path, reading: reading)
        try mapping.allow([
            "id", "uuid", "name", "priority", "request", "response", "scenarioName", "requiredScenarioState",
            "newScenarioState", "metadata", "persistent", "insertionIndex", "serveEventListeners", "postServeActions",
        ])
        // Around an id, white space is no part of it: a team's files had ids ending in a newline,
        // which WireMock takes.
        let given = try mapping.string("id")?.trimmingCharacters(in: .whitespacesAndNewlines)
        let uuid = try mapping.string("uuid")?.trimmingCharacters(in: .whitespacesAndNewlines)
        for (key, value) in [("id", given), ("uuid", uuid)] {
            guard let value else { continue }
            guard isPlainName(value), !["reset", "import", "save", "remove-by-metadata"].contains(value)
            else {
                throw .field(
                    mapping.child(key),
                    "1 to 64 letters, digits, '.', '_' or '-', not dots alone, and not reset, import, save or remove-by-metadata (the admin paths beside it)"
                )
            }
        }
        // Given both, WireMock's id is the uuid.
        let id = uuid ?? given ?? UUID().uuidString.lowercased()
        // WireMock takes 0 (tried before 1) as well.
        let priority = try mapping.int("priority", in: 0...Int(Int32.max)) ?? 5
        // Fields kept as given but not used still have WireMock's types.
        _ = try mapping.string("name")
        _ = try mapping.bool("persistent")
        _ = try mapping.fields("metadata")
        // Written by WireMock's recorder; the order here is the files' and the newest wins.
        _ = try mapping.int("insertionIndex", in: 0...Int(Int32.max))
        // What a stub leaves out WireMock fills in, as its JSON then shows: no request matches
        // every request (any method), and no response answers 200 with no body.
        var stored = mapping.object
        if stored["request"] == nil { stored["request"] = .object(["method": .string("ANY")]) }
        if stored["response"] == nil { stored["response"] = .object(["status": .number(200)]) }
        let request = try mapping.nested(mapping.object["request"] ?? .object([:]), at: mapping.child("request"))
        let response = try mapping.nested(mapping.object["response"] ?? .object([:]), at: mapping.child("response"))
        stored["id"] = .string(id)
        stored["uuid"] = nil
        var scenario: [String: String] = [:]
        for key in ["scenarioName", "requiredScenarioState", "newScenarioState"] {
            guard let value = try mapping.string(key) else { continue }
            // A scenario is named in an admin path: /__admin/scenarios/NAME/state.
            guard !value.isEmpty, !value.contains("/") else {
                throw .field(mapping.child(key), "must be a name without /")
            }
            scenario[key] = value
        }
        let answer = try StubResponse(
            response, files: files, templating: templating, missingFilesAllowed: missingFilesAllowed)
        let pattern = try RequestPattern(request)
        // Listed, and saved, as read: a matcher's operators read past are left out, as WireMock
        // leaves them out, so a saved stub reads back the same whatever order keys are written in.
        var listed = JSONValue.object(stored)
        for (place, _, others) in reading.readPast where path.isEmpty || place.hasPrefix(path + ".") {
            listed = listed.removing(others, at: path.isEmpty ? Substring(place) : place.dropFirst(path.count + 1))
        }
        return StubMapping(
            id: id, priority: priority, request: pattern, response: answer,
            scenarioName: scenario["scenarioName"],
            requiredScenarioState: scenario["requiredScenarioState"],
            newScenarioState: scenario["newScenarioState"], webhooks: try Webhook.all(in: mapping),
            json: listed, size: footprint(of: listed, templated: answer.isTemplated))
    }

    /// What a stub read from `text` keeps, estimated from the text alone before it is parsed:
    /// each byte twice, and each `{`, `[` or `,` (in a string too, so never much less) what a
    /// value keeps (``footprint(of:templated:)``).
    static func footprint(ofText text: ArraySlice<UInt8>) -> Int {
        var values = 1
        for byte in text where byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: ",") {
            values += 1
        }
        return 2 * text.count + 160 * values
    }

    /// What a stub read from `json` keeps in memory, estimated from its JSON by what was measured
    /// (Docs/Performance.md, "What a stub keeps"): each value about 160 bytes beside its text;
    /// each string twice, in the tree and in the matcher or answer made from it; a regular
    /// expression 80 bytes a character more, compiled; an `equalToXml` document 16 more, read
    /// into its tree; in a templated response, a string that is a template 13 bytes a character
    /// more, parsed.
    static func footprint(of json: JSONValue, templated: Bool) -> Int {
        func cost(_ value: JSONValue, key: String?, inResponse: Bool) -> Int {
            switch value {
            case .string(let text):
                let bytes = text.utf8.count
                var total = 160 + 2 * bytes
                if let key, ["matches", "doesNotMatch", "urlPattern", "urlPathPattern"].contains(key) {
                    total += 80 * bytes
                }
                // An XML document read into its tree keeps some 16 times its text.
                if key == "equalToXml" { total += 16 * bytes }
                if templated, inResponse, ResponseTemplate.isTemplate(text) { total += 13 * bytes }
                return total
            case .array(let items):
                return items.reduce(160) { $0 + cost($1, key: key, inResponse: inResponse) }
            case .object(let members):
                return members.reduce(160) { total, member in
                    total + member.key.utf8.count
                        + cost(member.value, key: member.key, inResponse: inResponse || member.key == "response")
                }
            case .null, .bool, .number:
                return 160
            }
        }
        return cost(json, key: nil, inResponse: false)
    }

    /// A folder's stub that names a helper or a transformer this server does not have
    /// (`problem`, a refusal that ``StubError/isUnsupported``): WireMock loads it, and its
    /// extension answers it there; here it matches its requests as written and answers `500`
    /// saying what is missing, and is listed as written.
    static func standIn(
        for json: JSONValue, path: String, problem: String, reading: Reading
    ) throws(StubError) -> StubMapping {
        guard case .object(var members) = json else {
            throw .field(path.isEmpty ? "mapping" : path, "must be a JSON object")
        }
        let written = members
        let message = "This stub cannot be answered by this server: \(problem)."
        // A `body`, not a `jsonBody`: the reading holds the stub's own `jsonBody` as written.
        members["response"] = .object([
            "status": .number(500), "headers": .object(["Content-Type": .string("application/json")]),
            "body": .string(String(decoding: JSONValue.object(["message": .string(message)]).data, as: UTF8.self)),
        ])
        let parsed = try parse(.object(members), files: nil, path: path, reading: reading)
        var listed = written
        listed["id"] = .string(parsed.id)
        listed["uuid"] = nil
        return StubMapping(
            id: parsed.id, priority: parsed.priority, request: parsed.request, response: parsed.response,
            scenarioName: parsed.scenarioName, requiredScenarioState: parsed.requiredScenarioState,
            newScenarioState: parsed.newScenarioState, webhooks: parsed.webhooks, json: .object(listed),
            size: footprint(of: .object(listed), templated: false))
    }

    /// The mapping as a file of `mappings/` keeps it: its JSON (``json``), with its `jsonBody` as
    /// the stub wrote it, so that a saved stub answers the same bytes when it is read back.
    package var fileText: Data {
        guard let body = response.jsonBodyText, case .object(var members) = json,
            case .object(var answer)? = members.removeValue(forKey: "response")
        else { return json.data }
        answer["jsonBody"] = nil
        return JSONValue.object(members).text(
            withFirst: "response", JSONValue.object(answer).text(withFirst: "jsonBody", body))
    }

    /// The same stub under another id, listed with it.
    package func identified(as id: String) -> StubMapping {
        var listed = json
        if case .object(var members) = json {
            members["id"] = .string(id)
            listed = .object(members)
        }
        return StubMapping(
            id: id, priority: priority, request: request, response: response, scenarioName: scenarioName,
            requiredScenarioState: requiredScenarioState, newScenarioState: newScenarioState, webhooks: webhooks,
            json: listed, size: size)
    }

    /// The mappings of a list, each named by its place (`mappings[2].request…`) and passed through
    /// `check`: WireMock's `{"mappings": [...]}`, in a file or an import.
    package static func parse(
        list: [JSONValue], files: URL?, templating: Bool = false, reading: Reading,
        check: (StubMapping) throws(StubError) -> Void
    ) throws(StubError) -> [StubMapping] {
        var mappings: [StubMapping] = []
        var places: [String: Int] = [:]
        for (index, json) in list.enumerated() {
            let mapping = try parse(
                json, files: files, path: "mappings[\(index)]", templating: templating, reading: reading)
            if let first = places[mapping.id] {
                throw .field(
                    "mappings[\(index)].id", "\(mapping.id) is the id of mappings[\(first)] too: each stub has its own")
            }
            places[mapping.id] = index
            try check(mapping)
            mappings.append(mapping)
        }
        return mappings
    }

    /// Whether the mapping's `metadata` turns the contract check off: `{"contract": "off"}`.
    package var contractOff: Bool {
        guard case .object(let members) = json, case .object(let metadata)? = members["metadata"] else { return false }
        return metadata["contract"] == .string("off")
    }
}

/// The fields of one JSON object of a mapping, read with the path that names them in errors.
struct Fields {
    let object: [String: JSONValue]
    let path: String
    /// What the mapping's text says beside its value, shared by all its objects.
    let reading: Reading

    init(_ json: JSONValue, path: String, reading: Reading) throws(StubError) {
        guard case .object(let object) = json else {
            throw .field(path.isEmpty ? "mapping" : path, "must be a JSON object")
        }
        self.object = object
        self.path = path
        self.reading = reading
    }

    /// An object inside this one, at `path`, read with the same text.
    func nested(_ json: JSONValue, at path: String) throws(StubError) -> Fields {
        try Fields(json, path: path, reading: reading)
    }

    /// The path of the member `key`: `request.method`.
    func child(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// Refuses members other than `names`.
    func allow(_ names: Set<String>) throws(StubError) {
        if let unknown = object.keys.sorted().first(where: { !names.contains($0) }) {
            throw .field(child(unknown), "is not a field this server reads here")
        }
    }

    func string(_ key: String) throws(StubError) -> String? {
        switch object[key] {
        case nil: return nil
        case .string(let value)?: return value
        default: throw .field(child(key), "must be a string")
        }
    }

    /// `true` or `false`, or either written as a string (`"true"`), as Jackson reads WireMock's files.
    func bool(_ key: String) throws(StubError) -> Bool {
        switch object[key] {
        case nil: return false
        case .bool(let value)?: return value
        case .string("true")?: return true
        case .string("false")?: return false
        default: throw .field(child(key), "must be true or false")
        }
    }

    /// A whole number in `range`, or one written as a string (`"200"`), as Jackson reads
    /// WireMock's files.
    func int(_ key: String, in range: ClosedRange<Int>) throws(StubError) -> Int? {
        let number: Double? =
            switch object[key] {
            case nil: nil
            case .number(let value)?: value
            case .string(let text)?: Int(text.trimmingCharacters(in: .whitespaces)).map(Double.init) ?? .nan
            default: .nan
            }
        guard let number else { return nil }
        guard number.rounded() == number, Double(range.lowerBound)...Double(range.upperBound) ~= number else {
            throw .field(child(key), "must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return Int(number)
    }

    func fields(_ key: String) throws(StubError) -> Fields? {
        guard let value = object[key] else { return nil }
        return try nested(value, at: child(key))
    }
}

/// What a mapping's text says that its JSON value cannot, since a dictionary keeps no order:
/// which operator a matcher names first, where it names two (WireMock reads such a matcher by the
/// first and reads past the others), and each `jsonBody` as written. Reading the mapping notes
/// what it read past, for a folder's warnings. One reading serves one parse, on one thread.
package final class Reading {
    private var firstOperators: [String: String] = [:]
    private var jsonBodies: [String: Data] = [:]
    /// Each matcher that names operators besides the one read: its path, the one read, and the
    /// others, which are left out of the mapping as it is listed and saved, as WireMock leaves
    /// them out.
    private(set) var readPast: [(path: String, kept: String, others: [String])] = []
    /// Each template whose text WireMock's Handlebars cannot read, though this server does.
    private var unreadableInWireMock: [String] = []
    /// Each value taken as another, as WireMock takes it: a line for a warning.
    private var takenAsAnother: [String] = []

    /// What was read past, each as a line for a warning: `request.bodyPatterns[0]: contains read
    /// past, …`; then each template WireMock would answer 500 for.
    package var notes: [String] {
        readPast.map { path, kept, others in
            "\(path): \(others.joined(separator: " and ")) read past, as WireMock reads a matcher by "
                + (kept == "absent" ? "\"absent\": true beside any other operator" : "the operator written first")
                + " (\(kept))"
        }
            + unreadableInWireMock.map { path in
                "\(path): WireMock's Handlebars reads }}}} as the end of a raw block and answers 500; "
                    + "this server reads it as }} and }}; a space between them is read alike by both"
            } + takenAsAnother
    }

    /// Notes that the value at `path` was taken as another, and why.
    func taken(at path: String, _ why: String) {
        takenAsAnother.append("\(path): \(why)")
    }

    /// Notes a template's `text` at `path` that WireMock could not read.
    func template(_ text: String, at path: String) {
        if text.contains("}}}}"), !unreadableInWireMock.contains(path) { unreadableInWireMock.append(path) }
    }

    /// A reading of `text`, whose values are named under `path` (`mappings[2]`); of no text, when
    /// the value was not read from one (a recording).
    package init(text: [UInt8]? = nil, at path: String = "") {
        guard let text = text.map(JSONValue.utf8) else { return }
        JSONValue.walk(text, at: path) { step in
            if step.key == "jsonBody" { jsonBodies[step.path()] = JSONValue.compact(text[step.range]) }
            let named = step.keys.filter(StringMatcher.operators.contains)
            if named.count > 1 { firstOperators[step.path()] = named[0] }
        }
    }

    package convenience init(text: Data, at path: String = "") {
        self.init(text: [UInt8](text), at: path)
    }

    /// The operator written first in the matcher at `path`, when it names more than one.
    func firstOperator(at path: String) -> String? { firstOperators[path] }

    /// `value`, the `jsonBody` at `path`, as compact JSON in the order its text wrote it; by name
    /// when there is no text.
    func json(_ value: JSONValue, at path: String) -> Data {
        jsonBodies[path] ?? value.data
    }

    /// Notes that the matcher at `path` is read by `kept` and not by `others`, once: a stub read
    /// again (as a stand-in) reads past the same fields.
    func readPast(_ others: [String], at path: String, keeping kept: String) {
        guard !readPast.contains(where: { $0.path == path }) else { return }
        readPast.append((path, kept, others))
    }
}
