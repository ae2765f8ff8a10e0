import Foundation
import HTTPTypes

/// What a stub answers: a status, fields and a body, after a delay, or a fault instead.
package struct StubResponse: Sendable {
    /// WireMock's faults, carried out with the server's own (Docs/Backends.md, "Faults").
    package enum Fault: String, Sendable, CaseIterable {
        /// The connection is reset (RST) before any byte.
        case connectionResetByPeer = "CONNECTION_RESET_BY_PEER"
        /// The connection is closed before any byte.
        case emptyResponse = "EMPTY_RESPONSE"
        /// The head, then half the body, then the connection closes.
        case malformedResponseChunk = "MALFORMED_RESPONSE_CHUNK"
        /// Bytes that are not HTTP, then the connection closes.
        case randomDataThenClose = "RANDOM_DATA_THEN_CLOSE"
    }

    /// Why a `bodyFileName` cannot be read on a server started without a mapping folder.
    static let noFolder: StubError.Reason =
        "needs a mapping folder with __files/, which this server was started without"

    /// The statuses whose answers never carry a body (RFC 9110): a stub with one and a body is
    /// refused, and the server sends none.
    package static let bodyless: Set<Int> = [204, 304]

    /// The longest `fixedDelayMilliseconds`, as `--latency-ms`.
    package static let maximumDelayMilliseconds = 60_000

    /// WireMock's random delays: `uniform` between `lower` and `upper` milliseconds, `lognormal`
    /// about a `median` with a spread of `sigma` (and at most `maxValue`, WireMock 3).
    package enum DelayDistribution: Sendable, Equatable {
        case uniform(lower: Int, upper: Int)
        case lognormal(median: Double, sigma: Double, maximum: Double?)

        /// One delay, in milliseconds.
        func sample<Generator: RandomNumberGenerator>(using generator: inout Generator) -> Double {
            switch self {
            case .uniform(let lower, let upper): return Double(Int.random(in: lower...upper, using: &generator))
            case .lognormal(let median, let sigma, let maximum):
                // Box and Muller: a standard normal value from two uniform ones.
                let u1 = Double.random(in: Double.leastNonzeroMagnitude..<1, using: &generator)
                let u2 = Double.random(in: 0..<1, using: &generator)
                let normal = (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
                return min(median * exp(sigma * normal), maximum ?? .infinity)
            }
        }

        /// One delay in whole milliseconds, at most ``StubResponse/maximumDelayMilliseconds``: a
        /// lognormal draw can be any size (far out, infinite), so it is cut before it becomes a
        /// whole number.
        func wholeMilliseconds<Generator: RandomNumberGenerator>(using generator: inout Generator) -> Int64 {
            let drawn = sample(using: &generator)
            guard !drawn.isNaN else { return 0 }
            return Int64(min(max(0, drawn), Double(StubResponse.maximumDelayMilliseconds)).rounded())
        }
    }

    /// `chunkedDribbleDelay`: the body in `chunks` pieces, the last one `duration` after the first.
    package struct Dribble: Sendable, Equatable {
        package let chunks: Int
        package let duration: Duration
    }

    package let status: Int
    /// `statusMessage`: the reason phrase sent with the status (HTTP/1.1's; a character a
    /// reason phrase cannot hold is sent as a space).
    package let statusMessage: String?
    package let headers: [(HTTPField.Name, String)]
    package let body: Body
    /// `fixedDelayMilliseconds`.
    package let delay: Duration
    /// Whether the stub gives `fixedDelayMilliseconds` (0 among them): without it, the global
    /// settings' `fixedDelay` applies.
    let givesFixedDelay: Bool
    package let delayDistribution: DelayDistribution?
    package let dribble: Dribble?
    package let fault: Fault?
    /// `proxyBaseUrl`: the answer is another server's.
    package let proxy: Proxy?

    /// A stub that passes its requests on (`proxyBaseUrl`) to another server, whose answer it
    /// gives, with the stub's own `headers` on top.
    package struct Proxy: Sendable {
        let base: Webhook.Text
        /// `additionalProxyRequestHeaders`, set on the request passed on.
        let additionalHeaders: [(HTTPField.Name, String)]
        /// `removeProxyRequestHeaders` (WireMock 3).
        let removedHeaders: [HTTPField.Name]
        /// `proxyUrlPrefixToRemove` (WireMock 3): taken off the path before it is passed on.
        let prefixToRemove: String?

        /// Fields that belong to one connection, not to the request or answer passed on.
        package static let hopByHop: [HTTPField.Name] = [
            .connection, .transferEncoding, .contentLength, HTTPField.Name("Keep-Alive")!, .te, .upgrade,
            .proxyAuthorization,
        ]

        /// The request to pass on for `request`: its method, fields and body, to the base URL
        /// followed by its path and query. - Throws: why it cannot be (a template that fails, a
        /// base that is not an http:// or https:// address).
        package func request(for request: ParsedRequest) throws(StubError.Reason) -> HTTPRequest {
            let address: String
            switch base {
            case .plain(let text): address = text
            case .template(let template): address = try template.render(request)
            }
            guard let (scheme, authority, basePath) = Webhook.target(address) else {
                throw "proxyBaseUrl \(address) is not an http:// or https:// address"
            }
            var target = request.url
            if let prefixToRemove, target.hasPrefix(prefixToRemove) {
                target = String(target.dropFirst(prefixToRemove.count))
            }
            let trimmed = basePath.hasSuffix("/") ? String(basePath.dropLast()) : basePath
            var passed = request.head
            passed.scheme = scheme
            passed.authority = authority
            passed.path = trimmed + (target.hasPrefix("/") ? target : "/" + target)
            for name in Self.hopByHop + removedHeaders { passed.headerFields[name] = nil }
            for (name, value) in additionalHeaders { passed.headerFields[name] = value }
            return passed
        }
    }

    package enum Body: Sendable {
        case bytes(Data)
        /// Read from the mapping folder's `__files/` (the second URL) each time it is served, and
        /// checked to be inside it again then.
        case file(URL, files: URL)
        /// A response template (`body` or `jsonBody` of a stub with `response-template`), rendered
        /// for each request.
        case template(ResponseTemplate)
        /// A `bodyFileName` that is itself a template (`{{request.path.[1]}}.json`): the name is
        /// rendered for each request, then the file read from `__files/`.
        case templatedFile(ResponseTemplate, files: URL)
    }

    /// Whether the stub asked for response templating: its headers, and the contents of its body
    /// file, are rendered for each request too.
    package let isTemplated: Bool
    /// A `jsonBody` as the stub wrote it (compact, its members in order), to be saved so.
    package let jsonBodyText: Data?
    /// Whether a `bodyFileName`'s contents are rendered too: not when the stub's
    /// `transformerParameters` say `disableBodyFileTemplating` (its name still is).
    let templatesBodyFile: Bool
    /// Each header's template, beside ``headers``, when templated and it holds `{{`.
    private let headerTemplates: [ResponseTemplate?]

    /// The largest body file a template is rendered from.
    package static let maximumTemplatedFile = 16 << 20

    /// `missingFilesAllowed`: a `bodyFileName` not in `__files/` is kept (and answered `500`
    /// until it is there), as WireMock keeps one of a folder.
    init(_ fields: Fields, files: URL?, templating: Bool, missingFilesAllowed: Bool = false) throws(StubError) {
        try fields.allow([
            "status", "statusMessage", "headers", "body", "jsonBody", "base64Body", "bodyFileName",
            "fixedDelayMilliseconds", "delayDistribution", "chunkedDribbleDelay", "fault", "transformers",
            "proxyBaseUrl", "additionalProxyRequestHeaders", "removeProxyRequestHeaders", "proxyUrlPrefixToRemove",
            "transformerParameters",
        ])
        status = try fields.int("status", in: 100...599) ?? 200
        if status < 200 {
            throw .field(
                fields.child("status"),
                "\(status) is an interim answer, which never ends a request: a stub answers 200 to 599")
        }
        statusMessage = try fields.string("statusMessage")
        var templated = templating
        switch fields.object["transformers"] {
        case nil: break
        case .array(let names)?:
            for name in names {
                guard case .string(let name) = name else {
                    throw .field(fields.child("transformers"), "must be an array of strings")
                }
                guard name == "response-template" else {
                    throw .field(
                        fields.child("transformers"),
                        .unsupported("\(name) is a WireMock extension this server does not have"))
                }
                templated = true
            }
        default: throw .field(fields.child("transformers"), "must be an array of strings")
        }
        isTemplated = templated
        // WireMock's one parameter for its template transformer; others are for extensions, which
        // are refused above, and are kept as given.
        let parameters = try fields.fields("transformerParameters")
        let bodyFileTemplatingDisabled = try parameters?.bool("disableBodyFileTemplating") ?? false
        templatesBodyFile = templated && !bodyFileTemplatingDisabled
        /// `text` read as a template, or `nil` when it has nothing to render.
        func template(_ text: String, _ path: String) throws(StubError) -> ResponseTemplate? {
            guard templated, ResponseTemplate.isTemplate(text) else { return nil }
            fields.reading.template(text, at: path)
            do throws(StubError.Reason) {
                return try ResponseTemplate(text)
            } catch {
                throw .field(path, error)
            }
        }
        var headers: [(HTTPField.Name, String)] = []
        var headerTemplates: [ResponseTemplate?] = []
        if let given = try fields.fields("headers") {
            for name in given.object.keys.sorted() {
                let path = given.child(name)
                guard let field = HTTPField.Name(name) else { throw .field(path, "is not a header field name") }
                let values: [JSONValue] =
                    switch given.object[name] {
                    case .array(let values)?: values
                    case let value?: [value]
                    case nil: []
                    }
                for value in values {
                    guard case .string(let text) = value,
                        !text.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" })
                    else {
                        throw .field(path, "must be a string (or strings) on one line")
                    }
                    headers.append((field, text))
                    headerTemplates.append(try template(text, path))
                }
            }
        }
        let bodies = ["body", "jsonBody", "base64Body", "bodyFileName"].filter {
            fields.object[$0] != nil && fields.object[$0] != .null
        }
        if bodies.count > 1 { throw .field(fields.path, "give one of \(bodies.joined(separator: ", ")), not several") }
        // `"jsonBody": null` is no body, as WireMock sends it.
        jsonBodyText = fields.object["jsonBody"].flatMap { json in
            json == .null ? nil : fields.reading.json(json, at: fields.child("jsonBody"))
        }
        if let text = try fields.string("body") {
            body = try template(text, fields.child("body")).map(Body.template) ?? .bytes(Data(text.utf8))
        } else if let data = jsonBodyText {
            body =
                try template(String(decoding: data, as: UTF8.self), fields.child("jsonBody")).map(Body.template)
                ?? .bytes(data)
        } else if let encoded = try fields.string("base64Body") {
            guard let data = Data(base64Encoded: encoded) else {
                throw .field(fields.child("base64Body"), "is not base64")
            }
            body = .bytes(data)
        } else if let name = try fields.string("bodyFileName") {
            let path = fields.child("bodyFileName")
            if let nameTemplate = try template(name, path) {
                guard let files else {
                    throw .field(path, Self.noFolder)
                }
                body = .templatedFile(nameTemplate, files: files)
            } else {
                body = try Self.file(name, in: files, path: path, missingAllowed: missingFilesAllowed)
            }
        } else {
            body = .bytes(Data())
        }
        let hasBody = if case .bytes(let data) = body { !data.isEmpty } else { true }
        if Self.bodyless.contains(status), hasBody, let given = bodies.first {
            // On a kept-alive connection the client would read the bytes as the next answer.
            throw .field(fields.child(given), "a \(status) answer has no body: leave out \(given)")
        }
        self.headers = headers
        self.headerTemplates = headerTemplates
        proxy = try Self.proxy(fields, templated: templated, bodies: bodies)
        let milliseconds = try fields.int("fixedDelayMilliseconds", in: 0...Self.maximumDelayMilliseconds)
        delay = .milliseconds(milliseconds ?? 0)
        givesFixedDelay = milliseconds != nil
        delayDistribution = try Self.distribution(fields.fields("delayDistribution"))
        if let given = try fields.fields("chunkedDribbleDelay") {
            try given.allow(["numberOfChunks", "totalDuration"])
            dribble = Dribble(
                chunks: try Self.chunks(given),
                duration: .milliseconds(try given.int("totalDuration", in: 0...Self.maximumDelayMilliseconds) ?? 0))
        } else {
            dribble = nil
        }
        if let name = try fields.string("fault") {
            guard let fault = Fault(rawValue: name) else {
                throw .field(
                    fields.child("fault"),
                    "\(name) is not a fault; use one of \(Fault.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            self.fault = fault
        } else {
            fault = nil
        }
    }

    /// `numberOfChunks`, as WireMock reads it (a Java `int`): fewer than one is one, as WireMock
    /// sends it (logging an error), and noted; more than 10,000 are the 10,000 this server paces
    /// at most (a body is never cut finer than a byte a piece either).
    private static func chunks(_ given: Fields) throws(StubError) -> Int {
        guard let asked = try given.int("numberOfChunks", in: Int(Int32.min)...Int(Int32.max)) else { return 1 }
        if asked < 1 {
            given.reading.taken(
                at: given.child("numberOfChunks"), "\(asked) is taken as 1, as WireMock takes fewer than one piece")
        }
        return min(max(asked, 1), 10_000)
    }

    private static func proxy(_ fields: Fields, templated: Bool, bodies: [String]) throws(StubError) -> Proxy? {
        guard let base = try fields.string("proxyBaseUrl") else {
            let options = ["additionalProxyRequestHeaders", "removeProxyRequestHeaders", "proxyUrlPrefixToRemove"]
            if let given = options.first(where: { fields.object[$0] != nil }) {
                throw .field(fields.child(given), "needs a proxyBaseUrl")
            }
            return nil
        }
        let path = fields.child("proxyBaseUrl")
        if let body = bodies.first {
            throw .field(
                fields.child(body), "a stub that proxies answers with the other server's body: leave out \(body)")
        }
        let text: Webhook.Text = templated ? try Webhook.Text(base, path: path) : .plain(base)
        if case .plain(let address) = text, Webhook.target(address) == nil {
            throw .field(path, "\(address) is not an http:// or https:// address")
        }
        var additional: [(HTTPField.Name, String)] = []
        if let given = try fields.fields("additionalProxyRequestHeaders") {
            for name in given.object.keys.sorted() {
                guard let field = HTTPField.Name(name), let value = try given.string(name),
                    !value.contains(where: { $0 == "\r" || $0 == "\n" })
                else { throw .field(given.child(name), "must be a header field name and a string on one line") }
                additional.append((field, value))
            }
        }
        var removed: [HTTPField.Name] = []
        switch fields.object["removeProxyRequestHeaders"] {
        case nil: break
        case .array(let names)?:
            for name in names {
                guard case .string(let text) = name, let field = HTTPField.Name(text) else {
                    throw .field(fields.child("removeProxyRequestHeaders"), "must be an array of header field names")
                }
                removed.append(field)
            }
        default: throw .field(fields.child("removeProxyRequestHeaders"), "must be an array of header field names")
        }
        return Proxy(
            base: text, additionalHeaders: additional, removedHeaders: removed,
            prefixToRemove: try fields.string("proxyUrlPrefixToRemove"))
    }

    static func distribution(_ fields: Fields?) throws(StubError) -> DelayDistribution? {
        guard let fields else { return nil }
        func number(_ key: String, _ range: ClosedRange<Double>) throws(StubError) -> Double? {
            switch fields.object[key] {
            case nil: return nil
            case .number(let value)? where range.contains(value): return value
            case .string(let text)? where Double(text).map(range.contains) == true: return Double(text)
            default: throw .field(fields.child(key), "must be a number from \(range.lowerBound) to \(range.upperBound)")
            }
        }
        let limit = Double(maximumDelayMilliseconds)
        switch try fields.string("type") {
        case "uniform":
            try fields.allow(["type", "lower", "upper"])
            let lower = try fields.int("lower", in: 0...maximumDelayMilliseconds) ?? 0
            let upper = try fields.int("upper", in: 0...maximumDelayMilliseconds) ?? lower
            guard lower <= upper else { throw .field(fields.child("upper"), "must not be below lower") }
            return .uniform(lower: lower, upper: upper)
        case "lognormal":
            try fields.allow(["type", "median", "sigma", "maxValue"])
            guard let median = try number("median", 0...limit) else {
                throw .field(fields.child("median"), "is missing")
            }
            return .lognormal(
                median: median, sigma: try number("sigma", 0...10) ?? 0, maximum: try number("maxValue", 0...limit))
        case let other:
            throw .field(
                fields.child("type"), "\(other.map { "\($0) is not a distribution; " } ?? "")use uniform or lognormal")
        }
    }

    /// This answer's delay: `fixedDelayMilliseconds` and a draw from `delayDistribution` (the
    /// global `settings`' for each the stub does not give), at most ``maximumDelayMilliseconds``
    /// in all.
    package func sampledDelay(settings: StubSettings = StubSettings()) -> Duration {
        var generator = SystemRandomNumberGenerator()
        return sampledDelay(settings: settings, using: &generator)
    }

    package func sampledDelay<Generator: RandomNumberGenerator>(
        settings: StubSettings = StubSettings(), using generator: inout Generator
    ) -> Duration {
        let fixed = givesFixedDelay ? delay : settings.fixedDelay ?? .zero
        guard let distribution = delayDistribution ?? settings.delayDistribution else { return fixed }
        let drawn = Duration.milliseconds(distribution.wholeMilliseconds(using: &generator))
        return min(fixed + drawn, .milliseconds(Self.maximumDelayMilliseconds))
    }

    /// `name` inside the `__files` folder, which it may not leave, and a regular file: a folder, a
    /// FIFO or a device would fail (or hang) only when served.
    private static func file(_ name: String, in files: URL?, path: String, missingAllowed: Bool) throws(StubError)
        -> Body
    {
        guard let files else { throw .field(path, Self.noFolder) }
        guard !name.hasPrefix("/"), let file = inside(files.appendingPathComponent(name), files) else {
            throw .field(path, "\(name) is outside __files/")
        }
        let type = try? FileManager.default.attributesOfItem(atPath: file.path)[.type] as? FileAttributeType
        if type == nil, missingAllowed { return .file(file, files: files) }
        guard let type else { throw .field(path, "there is no file \(name) in __files/") }
        guard type == .typeRegular else {
            throw .field(path, "\(name) is not a regular file (a folder, a FIFO or a device)")
        }
        guard FileManager.default.isReadableFile(atPath: file.path) else {
            throw .field(path, "\(name) in __files/ cannot be read")
        }
        return .file(file, files: files)
    }

    /// `file` with every link resolved, if it is still inside `files` (a link swapped in after the
    /// stub was added may point anywhere); `nil` when it is not.
    package static func inside(_ file: URL, _ files: URL) -> URL? {
        let base = files.standardizedFileURL.resolvingSymlinksInPath()
        let resolved = file.standardizedFileURL.resolvingSymlinksInPath()
        return resolved.path.hasPrefix(base.path + "/") ? resolved : nil
    }

    /// The answer to `request`, its head and body, a template rendered from it. A `bodyFileName`
    /// that can no longer be read, or that a link now takes out of `__files/`, is a `500` saying
    /// so, as is a template that cannot be rendered.
    package func answer(to request: ParsedRequest) -> (HTTPResponse, Data) {
        do throws(StubError.Reason) {
            var head = head
            if headerTemplates.contains(where: { $0 != nil }) {
                head.headerFields = [:]
                // The answer's headers share one limit: twenty of 15 MiB each took 800 MB.
                var left = TemplateRenderer.maximumOutput
                for ((name, value), template) in zip(headers, headerTemplates) {
                    guard left > 0 else {
                        throw "the headers would be longer than \(byteCount(TemplateRenderer.maximumOutput))"
                    }
                    let rendered = try template?.render(request, limit: left) ?? value
                    left -= rendered.utf8.count
                    // A rendered value is one line, as a given one must be.
                    head.headerFields.append(HTTPField(name: name, value: rendered.filter { $0 != "\r" && $0 != "\n" }))
                }
            }
            switch body {
            case .bytes(let bytes): return (head, bytes)
            case .template(let template): return (head, Data(try template.render(request).utf8))
            case .file(let url, let files):
                return try read(url, files: files, request: request).map { (head, $0) }
                    ?? Self.unreadable(url, in: files)
            case .templatedFile(let name, let files):
                let url = files.appendingPathComponent(try name.render(request))
                return try read(url, files: files, request: request).map { (head, $0) }
                    ?? Self.unreadable(url, in: files)
            }
        } catch {
            return Reply.message(
                .internalServerError, "The stub's response template could not be rendered: \(error.text).")
        }
    }

    /// The file `url` of `files`, rendered as a template when the stub is templated; `nil` when it
    /// cannot be read. Never read whole past ``maximumTemplatedFile``: a file to render that is
    /// larger is a `500` saying so, and one not rendered comes here only to be cut short by a
    /// fault (the server streams it otherwise), so its first bytes are enough.
    private func read(_ url: URL, files: URL, request: ParsedRequest) throws(StubError.Reason) -> Data? {
        guard let file = Self.inside(url, files) else { return nil }
        guard templatesBodyFile else { return Self.contents(of: file, upTo: Self.maximumTemplatedFile)?.data }
        guard let (data, isWhole) = Self.contents(of: file, upTo: Self.maximumTemplatedFile) else { return nil }
        guard isWhole else {
            throw
                "the body file \(url.lastPathComponent) is larger than the \(Self.maximumTemplatedFile >> 20) MiB a template may be"
        }
        let text = String(decoding: data, as: UTF8.self)
        guard ResponseTemplate.isTemplate(text) else { return data }
        return Data(try ResponseTemplate(text).render(request).utf8)
    }

    /// At most the first `limit` bytes of `file`, and whether they are all of it; `nil` when it
    /// cannot be read. Never reads more than `limit + 1` bytes, whatever the file's size.
    package static func contents(of file: URL, upTo limit: Int) -> (data: Data, isWhole: Bool)? {
        guard let handle = try? FileHandle(forReadingFrom: file) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: limit + 1) ?? Data() else { return nil }
        return data.count > limit ? (data.prefix(limit), false) : (data, true)
    }

    /// The answer's head: its status and fields.
    package var head: HTTPResponse {
        var response = HTTPResponse(status: .init(code: status, reasonPhrase: statusMessage ?? ""))
        for (name, value) in headers { response.headerFields.append(HTTPField(name: name, value: value)) }
        return response
    }

    /// The `500` of a body file of `files` that cannot be served, named by its path there
    /// (`__files/records/1/1`), as a templated name made it.
    package static func unreadable(_ file: URL, in files: URL) -> (HTTPResponse, Data) {
        let name =
            file.path.hasPrefix(files.path + "/")
            ? String(file.path.dropFirst(files.path.count + 1)) : file.lastPathComponent
        return Reply.message(.internalServerError, "The stub's body file __files/\(name) cannot be read.")
    }
}
