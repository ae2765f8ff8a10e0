import Foundation
import HTTPTypes

/// WireMock's recording (`/__admin/recordings/start`, `/stop`, `/status`, `/snapshot`): while it
/// records, the requests no stub answers go to the target, and each exchange is kept; stopping
/// turns them into stub mappings in WireMock's JSON, which the world then serves (and a folder can
/// hold). One world's: each sandbox records on its own.
///
/// Secrets are never kept: no request field is (the mappings match on method, URL and body), no
/// answer's `Set-Cookie` or authentication field is, and an exchange whose request or answer
/// carries a password, a secret or a token (a sign-in, a sign-up) is not recorded at all.
package final class StubRecorder: Sendable {
    package enum Status: String, Sendable, Codable {
        case neverStarted = "NeverStarted"
        case recording = "Recording"
        case stopped = "Stopped"
    }

    struct Exchange: Sendable {
        let method: String
        let url: String
        let requestBody: Data
        let status: Int
        let headers: [(String, String)]
        let body: Data
    }

    /// The most exchanges one recording keeps, and the most bytes of bodies.
    static let maximumExchanges = 1_000
    static let maximumBytes = 16 << 20

    private struct State {
        var status = Status.neverStarted
        var target: String?
        /// WireMock's `repeatsAsScenarios` (its default): a request made again with another answer
        /// becomes a scenario that gives the answers in turn.
        var repeatsAsScenarios = true
        var exchanges: [Exchange] = []
        var bytes = 0
    }

    private let state = Locked(State())
    /// What the server's stubs and recordings hold together (`--stub-budget-mb`); `nil` for a
    /// recorder on its own.
    private let ledger: ByteLedger?

    package init(ledger: ByteLedger? = nil) {
        self.ledger = ledger
    }

    deinit {
        ledger?.release(state.withLock { $0.bytes })
    }

    package var status: Status { state.withLock { $0.status } }

    /// Where requests no stub answers go while recording; `nil` when not recording.
    package var target: String? { state.withLock { $0.status == .recording ? $0.target : nil } }

    /// Starts recording, from WireMock's `{"targetBaseUrl": "http://…"}`; its other options
    /// (filters, header capture, body extraction) are refused rather than ignored.
    package func start(_ body: Data) throws(StubError) {
        guard let json = JSONValue.parse(body) else { throw StubError(status: 400, message: "The body is not JSON.") }
        let fields = try Fields(json, path: "", reading: Reading(text: body))
        try fields.allow(["targetBaseUrl", "persist", "repeatsAsScenarios"])
        _ = try fields.bool("persist")
        let repeatsAsScenarios =
            fields.object["repeatsAsScenarios"] == nil ? true : try fields.bool("repeatsAsScenarios")
        guard let target = try fields.string("targetBaseUrl"), Webhook.target(target) != nil else {
            throw .field("targetBaseUrl", "an http:// or https:// address to record from")
        }
        let freed = state.withLock { state -> Int? in
            guard state.status != .recording else { return nil }
            let freed = state.bytes
            state = State(status: .recording, target: target, repeatsAsScenarios: repeatsAsScenarios)
            return freed
        }
        guard let freed else { throw StubError(status: 409, message: "A recording is already running; stop it first.") }
        ledger?.release(freed)
    }

    /// Keeps one exchange, unless it carries a secret, the recording is full, or the server's
    /// stubs and recordings would hold more than their budget.
    package func keep(_ request: ParsedRequest, status: Int, headers: HTTPFields, body: Data) {
        guard let exchange = Self.exchange(request, status: status, headers: headers, body: body) else { return }
        let size = exchange.requestBody.count + exchange.body.count
        // Outside the lock: reserving may let another world go to make room.
        guard ledger?.reserve(size) != false else { return }
        let kept = state.withLock { state in
            guard state.status == .recording, state.exchanges.count < Self.maximumExchanges,
                state.bytes + size <= Self.maximumBytes
            else { return false }
            state.exchanges.append(exchange)
            state.bytes += size
            return true
        }
        if !kept { ledger?.release(size) }
    }

    /// What is kept of an exchange; `nil` when it carries a secret: in a JSON body (the request's
    /// or the answer's), a query parameter, a form field or a multipart part named like one.
    static func exchange(_ request: ParsedRequest, status: Int, headers: HTTPFields, body: Data) -> Exchange? {
        guard !carriesSecret(request.bodyJSON), !carriesSecret(JSONValue.parse(body)),
            !request.query.keys.contains(where: isSecret), !sendsSecretFields(request)
        else { return nil }
        let kept = headers.filter { !unrecordedFields.contains($0.name) }.map { ($0.name.canonicalName, $0.value) }
        return Exchange(
            method: request.method, url: request.url, requestBody: request.body, status: status, headers: kept,
            body: body)
    }

    /// Stops recording: the mappings of what it kept.
    package func stop() throws(StubError) -> [JSONValue] {
        let recorded = state.withLock { state -> ([Exchange], Bool, Int)? in
            guard state.status == .recording else { return nil }
            let recorded = (state.exchanges, state.repeatsAsScenarios, state.bytes)
            // The exchanges become the mappings returned (the world's stubs, counted there).
            state = State(status: .stopped, repeatsAsScenarios: state.repeatsAsScenarios)
            return recorded
        }
        guard let (exchanges, scenarios, bytes) = recorded else {
            throw StubError(status: 409, message: "No recording is running: start one first.")
        }
        ledger?.release(bytes)
        return Self.mappings(exchanges, repeatsAsScenarios: scenarios)
    }

    /// The mappings of what the recording kept so far, recording on.
    package func snapshot() -> [JSONValue] {
        let (exchanges, scenarios) = state.withLock { ($0.exchanges, $0.repeatsAsScenarios) }
        return Self.mappings(exchanges, repeatsAsScenarios: scenarios)
    }

    /// A stub mapping per exchange, as WireMock's recorder writes one. A request made again (the
    /// same method, URL and body) is, with `repeatsAsScenarios`, a scenario of its answers in turn
    /// (`scenario-1-lotto_draws`, from `Started` to `scenario-1-lotto_draws-2` …, the last answer
    /// staying); without, kept once with its first answer.
    static func mappings(_ exchanges: [Exchange], repeatsAsScenarios: Bool = false) -> [JSONValue] {
        var order: [String] = []
        var groups: [String: [Exchange]] = [:]
        for exchange in exchanges {
            let key = "\(exchange.method) \(exchange.url) \(exchange.requestBody.base64EncodedString())"
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(exchange)
        }
        var mappings: [JSONValue] = []
        var scenarioCount = 0
        for key in order {
            let group = groups[key] ?? []
            guard repeatsAsScenarios, group.count > 1, let first = group.first else {
                if let first = group.first { mappings.append(mapping(first, index: mappings.count + 1)) }
                continue
            }
            scenarioCount += 1
            guard case .object(let members) = mapping(first, index: 0), case .string(let name)? = members["name"]
            else { continue }
            let scenario = "scenario-\(scenarioCount)-\(name)"
            for (offset, exchange) in group.enumerated() {
                guard case .object(var stub) = mapping(exchange, index: mappings.count + 1) else { continue }
                stub["scenarioName"] = .string(scenario)
                stub["requiredScenarioState"] = .string(offset == 0 ? "Started" : "\(scenario)-\(offset + 1)")
                if offset + 1 < group.count { stub["newScenarioState"] = .string("\(scenario)-\(offset + 2)") }
                mappings.append(.object(stub))
            }
        }
        return mappings
    }

    static func mapping(_ exchange: Exchange, index: Int) -> JSONValue {
        var request: [String: JSONValue] = ["method": .string(exchange.method), "url": .string(exchange.url)]
        if !exchange.requestBody.isEmpty {
            request["bodyPatterns"] = .array([bodyPattern(exchange.requestBody)])
        }
        var response: [String: JSONValue] = ["status": .number(Double(exchange.status))]
        if !exchange.body.isEmpty {
            if let text = String(data: exchange.body, encoding: .utf8) {
                response["body"] = .string(text)
            } else {
                response["base64Body"] = .string(exchange.body.base64EncodedString())
            }
        }
        if !exchange.headers.isEmpty {
            var headers: [String: JSONValue] = [:]
            for (name, value) in exchange.headers { headers[name] = .string(value) }
            response["headers"] = .object(headers)
        }
        let path = RequestURL(exchange.url).path
        let name = path.split(separator: "/").joined(separator: "_").filter {
            $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-"
        }
        return .object([
            "id": .string(UUID().uuidString.lowercased()), "name": .string(name.isEmpty ? "root" : name),
            "request": .object(request), "response": .object(response), "persistent": .bool(true),
            "insertionIndex": .number(Double(index)),
        ])
    }

    /// `equalToJson` for JSON (arrays in any order, extra members allowed, as WireMock records),
    /// `equalTo` for other text, `binaryEqualTo` for bytes.
    private static func bodyPattern(_ body: Data) -> JSONValue {
        if JSONValue.parse(body) != nil, let text = String(data: body, encoding: .utf8) {
            return .object([
                "equalToJson": .string(text), "ignoreArrayOrder": .bool(true), "ignoreExtraElements": .bool(true),
            ])
        }
        if let text = String(data: body, encoding: .utf8) { return .object(["equalTo": .string(text)]) }
        return .object(["binaryEqualTo": .string(body.base64EncodedString())])
    }

    /// Answer fields never written: cookies, authentication, and those of one connection.
    private static let unrecordedFields: Set<HTTPField.Name> = [
        .setCookie, .authorization, .wwwAuthenticate, .proxyAuthenticate, .contentLength, .transferEncoding,
        .connection, .date, HTTPField.Name("Keep-Alive")!,
    ]

    /// Whether a field's name says it holds a secret: a password, a secret or a token.
    static func isSecret(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return ["password", "secret", "token"].contains { lowered.contains($0) }
    }

    /// Whether the request's body is a form or a multipart body with a field named like a secret.
    static func sendsSecretFields(_ request: ParsedRequest) -> Bool {
        if let parts = request.multipartParts {
            return parts.contains { part in
                (part.headers["content-disposition"] ?? []).contains { disposition in
                    disposition.split(separator: ";").contains { parameter in
                        let pair = parameter.split(separator: "=", maxSplits: 1)
                        return pair.count == 2 && pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "name"
                            && isSecret(String(pair[1]).trimmingCharacters(in: CharacterSet(charactersIn: "\" ")))
                    }
                }
            }
        }
        let type = request.header(.contentType).first?.lowercased() ?? ""
        // A body sent as a form, or with no type at all (as a form often is), read as form fields.
        return (type.isEmpty || type.hasPrefix("application/x-www-form-urlencoded"))
            && request.formFields.keys.contains(where: isSecret)
    }

    /// Whether `json` has a member that holds a secret, at any depth: a password, a secret, a token.
    static func carriesSecret(_ json: JSONValue?) -> Bool {
        switch json {
        case .object(let members)?:
            return members.contains { name, value in isSecret(name) || carriesSecret(value) }
        case .array(let items)?: return items.contains { carriesSecret($0) }
        default: return false
        }
    }
}

/// Writes what a real backend answered as a WireMock folder (`apps serve --proxy URL --record DIR
/// --record-as wiremock`): each exchange a stub mapping in `DIR/mappings/`, which WireMock, or
/// `apps serve --root-dir DIR`, then serves. A request made again is written once; secrets never
/// are (see ``StubRecorder``).
///
/// ```swift
/// let recorder = StubFolderRecorder(directory: URL(fileURLWithPath: "recorded"))
/// let file = try recorder.record(request, body: Data(), answer: response, answerBody: data)
/// // "mappings/lotto_draws-….json"
/// ```
public final class StubFolderRecorder: Sendable {
    public let directory: URL
    private let written = Locked((keys: Set<String>(), count: 0))

    public init(directory: URL) {
        self.directory = directory
    }

    /// Writes the exchange as a stub mapping. - Returns: the file written, relative to
    /// ``directory``; `nil` for a repeat or an exchange that carries a secret.
    @discardableResult
    public func record(_ request: HTTPRequest, body: Data, answer: HTTPResponse, answerBody: Data) throws -> String? {
        let parsed = ParsedRequest(request, body: body)
        guard
            let exchange = StubRecorder.exchange(
                parsed, status: answer.status.code, headers: answer.headerFields, body: answerBody)
        else { return nil }
        let key = "\(exchange.method) \(exchange.url) \(exchange.requestBody.base64EncodedString())"
        let index: Int? = written.withLock { written in
            guard written.keys.insert(key).inserted else { return nil }
            written.count += 1
            return written.count
        }
        guard let index else { return nil }
        let mapping = StubRecorder.mapping(exchange, index: index)
        guard case .object(let members) = mapping, case .string(let id)? = members["id"],
            case .string(let name)? = members["name"]
        else { return nil }
        let file = "mappings/\(name)-\(id).json"
        let url = directory.appendingPathComponent(file)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try mapping.data.write(to: url, options: .atomic)
        return file
    }
}
