import Foundation
import HTTPTypes
import StubEngine

/// What neither WireMock nor Prism does: a stub for an operation of `Docs/openapi.yaml` is held to
/// it. Its status must be one the operation documents, and a JSON body must fit that status's
/// schema; otherwise the stub is refused (`422`) naming the operation and the field, so a test
/// cannot pass against an answer the real server can never send. `"metadata": {"contract": "off"}`
/// lets a deliberately broken answer in; a stub with a fault is broken by design and not checked,
/// nor is an empty body. A stub with no method answers every method of its path, so it is held to
/// every operation of the path. A response template, and a stub whose URL is a pattern, is held to
/// it as it answers, for each request (``FixtureBackend/answer(_:to:)``).
extension FixtureBackend {
    /// Refuses a stub this backend cannot take: one that breaks the contract, or one whose
    /// scenario is named like one of the backend's own (its state could not be told from theirs).
    package func admit(_ mapping: StubMapping) throws(StubError) {
        if let name = mapping.scenarioName, ownScenarios.contains(where: { $0.name == name }) {
            throw .field(
                "scenarioName", "\(name) is a scenario of the backend's own: give the stub's scenario another name")
        }
        if configuration.embeddedBackends { try contract.check(mapping) }
    }

    /// Whether the stub's answer to `request` is held to the contract as it answers: a templated
    /// stub's, once rendered, and any answer of a stub whose URL is a pattern, to the operation
    /// of the path it answered (its status could not be checked when it was added). The server
    /// then makes the answer in full with ``answer(_:to:)`` rather than streaming a body file.
    package func checksAnswer(_ stub: StubMapping, to request: ParsedRequest) -> Bool {
        guard configuration.embeddedBackends, !stub.contractOff, stub.response.fault == nil, stub.response.proxy == nil
        else { return false }
        if stub.request.exactPath != nil { return stub.response.isTemplated }  // checked whole when added
        return !contract.operations(method: .exactly(request.method), path: request.path).isEmpty
    }

    /// A stub's answer to `request`; one held to the contract as it answers
    /// (``checksAnswer(_:to:)``) that breaks it is a `500` naming the operation and the field (a
    /// test cannot pass on an answer the real server never sends, whether it was written,
    /// rendered or matched by a pattern).
    package func answer(_ stub: StubMapping, to request: ParsedRequest) -> (HTTPResponse, Data) {
        let (head, data) = stub.response.answer(to: request)
        // A status of the server's own (a template that cannot be rendered) is no stub's answer.
        guard head.status.code == stub.response.status, checksAnswer(stub, to: request) else { return (head, data) }
        let problem =
            if let path = stub.request.exactPath {
                contract.problem(answering: stub.request.method, path, status: head.status.code, data)
            } else {
                contract.problem(answering: .exactly(request.method), request.path, status: head.status.code, data)
            }
        guard let problem else { return (head, data) }
        return Reply.message(
            .internalServerError, "The stub's answer breaks the contract: \(problem)\(Contract.offHint).")
    }
}

extension Contract {
    func check(_ mapping: StubMapping) throws(StubError) {
        guard !mapping.contractOff, mapping.response.fault == nil, let path = mapping.request.exactPath else { return }
        for operation in operations(method: mapping.request.method, path: path) {
            try check(mapping, against: operation)
        }
    }

    private func check(_ mapping: StubMapping, against operation: Operation) throws(StubError) {
        let name = "\(operation.method) \(operation.path)"
        let status = mapping.response.status
        guard let documented = operation.responses.first(where: { $0.status == status }) else {
            let codes = operation.responses.map { String($0.status) }.joined(separator: ", ")
            throw .field("response.status", "\(name) does not document \(status); it documents \(codes)\(Self.offHint)")
        }
        let data: Data?
        switch mapping.response.body {
        case .bytes(let bytes): data = bytes
        case .file(let url, _):
            // Checked as a template would be rendered: never read whole past the same size.
            let limit = StubResponse.maximumTemplatedFile
            let read = StubResponse.contents(of: url, upTo: limit)
            if read?.isWhole == false {
                throw .field(
                    "response.bodyFileName",
                    "\(url.lastPathComponent) is larger than the \(limit >> 20) MiB a body over \(name) can be checked at\(Self.offHint)"
                )
            }
            data = read?.data
        // What a template answers is known only when it is rendered for a request: it is
        // checked then (``FixtureBackend/answer(_:to:)``).
        case .template, .templatedFile: data = nil
        }
        guard let data, let problem = problem(data, documented, name: name) else { return }
        throw .field(problem.field, "\(problem.text)\(Self.offHint)")
    }

    /// What in `data`, the body answered with `documented`'s status, breaks its schema: the
    /// field, and the problem in words; `nil` when nothing does.
    private func problem(_ data: Data, _ documented: Response, name: String) -> (field: String, text: String)? {
        guard let schema = documented.schema, !data.isEmpty else { return nil }
        guard let body = JSONValue.parse(data) else {
            return ("response.body", "\(name) answers \(documented.status) with JSON, and this body is not JSON")
        }
        return SchemaCheck.problem(body, schema, at: "").map { ("response", "\(name) \(documented.status): \($0)") }
    }

    /// What breaks the contract in an answer of `status` with `data` to `method` on `path`: a
    /// status an operation of it does not document, or a body that does not fit the status's
    /// schema. `nil` when nothing does.
    package func problem(answering method: MethodPattern?, _ path: String, status: Int, _ data: Data) -> String? {
        for operation in operations(method: method, path: path) {
            if let problem = problem(status, data, operation) { return problem }
        }
        return nil
    }

    /// What in an answer of `status` with `data` breaks `operation`: a status it does not
    /// document, or a body that does not fit the status's schema.
    private func problem(_ status: Int, _ data: Data, _ operation: Operation) -> String? {
        let name = "\(operation.method) \(operation.path)"
        guard let documented = operation.responses.first(where: { $0.status == status }) else {
            let codes = operation.responses.map { String($0.status) }.joined(separator: ", ")
            return "\(name) does not document \(status); it documents \(codes)"
        }
        return problem(data, documented, name: name)?.text
    }

    /// How to let a deliberately broken answer in, said with every refusal.
    static let offHint = " (\"metadata\": {\"contract\": \"off\"} lets it in)"

    /// The operations whose path template (`/listings/api/product/{id}`) fits `path`: those whose
    /// method `method` takes, or every one of the path when `method` is `nil` (a stub of any method).
    func operations(method: MethodPattern?, path: String) -> [Operation] {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        return operations.filter { operation in
            let template = operation.path.split(separator: "/", omittingEmptySubsequences: true)
            return (method?.matches(operation.method) ?? true) && template.count == segments.count
                && zip(template, segments).allSatisfy { $0.hasPrefix("{") || $0 == $1 }
        }
    }
}

/// The JSON Schema keywords `Docs/openapi.yaml` uses, checked: `type`, `required`, `properties`,
/// `additionalProperties`, `items`, `enum`, `const`, `pattern`, `minimum`, `maximum`,
/// `minLength`, `maxLength`, `minItems`, `maxItems`, `allOf`, `anyOf`, `oneOf`.
enum SchemaCheck {
    /// The first thing in `value` that breaks `schema`, with its place: `draws[0].drawDate is
    /// missing`; `nil` when it fits.
    static func problem(_ value: JSONValue, _ schema: JSONValue, at path: String) -> String? {
        guard case .object(let rules) = schema else { return nil }
        let place = path.isEmpty ? "the body" : path
        if let type = rules["type"], !fits(value, type) {
            return "\(place) is \(describe(value)), not \(type.text)"
        }
        if case .array(let allowed)? = rules["enum"], !allowed.contains(value) {
            return "\(place) is \(value.text), not one of \(allowed.map(\.text).joined(separator: ", "))"
        }
        if let constant = rules["const"], constant != value { return "\(place) is not \(constant.text)" }
        for keyword in ["allOf", "anyOf", "oneOf"] {
            guard case .array(let schemas)? = rules[keyword] else { continue }
            let problems = schemas.map { problem(value, $0, at: path) }
            let fitting = problems.filter { $0 == nil }.count
            switch keyword {
            case "allOf": if let first = problems.compactMap({ $0 }).first { return first }
            case "anyOf": if fitting == 0 { return problems.compactMap { $0 }.first }
            default: if fitting != 1 { return "\(place) fits \(fitting) of the schemas of oneOf, not one" }
            }
        }
        switch value {
        case .object(let members):
            if case .array(let required)? = rules["required"] {
                for case .string(let name) in required where members[name] == nil {
                    return "\(child(path, name)) is missing"
                }
            }
            let properties: [String: JSONValue] = if case .object(let map)? = rules["properties"] { map } else { [:] }
            for name in members.keys.sorted() {
                let member = members[name] ?? .null
                if let rule = properties[name] {
                    if let problem = problem(member, rule, at: child(path, name)) { return problem }
                } else if let extra = rules["additionalProperties"] {
                    if extra == .bool(false) { return "\(child(path, name)) is not a member the schema has" }
                    if let problem = problem(member, extra, at: child(path, name)) { return problem }
                }
            }
        case .array(let elements):
            if let count = bound(rules["minItems"]), elements.count < count {
                return "\(place) has \(elements.count) elements, fewer than \(count)"
            }
            if let count = bound(rules["maxItems"]), elements.count > count {
                return "\(place) has \(elements.count) elements, more than \(count)"
            }
            if let items = rules["items"] {
                for (index, element) in elements.enumerated() {
                    if let problem = problem(element, items, at: "\(path)[\(index)]") { return problem }
                }
            }
        case .string(let text):
            if let count = bound(rules["minLength"]), text.count < count { return "\(place) is shorter than \(count)" }
            if let count = bound(rules["maxLength"]), text.count > count { return "\(place) is longer than \(count)" }
            if case .string(let pattern)? = rules["pattern"],
                let expression = try? NSRegularExpression(pattern: pattern),
                expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil
            {
                return "\(place) does not match \(pattern)"
            }
        case .number(let number):
            if case .number(let minimum)? = rules["minimum"], number < minimum { return "\(place) is below \(minimum)" }
            if case .number(let maximum)? = rules["maximum"], number > maximum { return "\(place) is above \(maximum)" }
        default: break
        }
        return nil
    }

    private static func child(_ path: String, _ name: String) -> String {
        path.isEmpty ? name : "\(path).\(name)"
    }

    private static func bound(_ value: JSONValue?) -> Int? {
        if case .number(let number)? = value { return Int(number) }
        return nil
    }

    private static func fits(_ value: JSONValue, _ type: JSONValue) -> Bool {
        switch type {
        case .array(let types): return types.contains { fits(value, $0) }
        case .string(let name):
            switch (name, value) {
            case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("null", .null),
                ("number", .number):
                return true
            case ("integer", .number(let number)): return number.rounded() == number
            default: return false
            }
        default: return true
        }
    }

    private static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
