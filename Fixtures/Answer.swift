import Foundation
import HTTPTypes
import StubEngine

/// What the server sends for one request, decided whole before anything is sent (WireMock's
/// Response, with its delays and its Fault, as one value): the head, where the body comes from,
/// how long to wait and how to pace it, the fault that takes its place, the webhooks to send
/// after, and what the journal says. ``FixtureBackend/answer(to:plan:in:)`` makes it; `apps serve`
/// only carries it out, so the order of stub, `Prefer`, injected fault and route is a value a
/// test reads without a socket.
///
/// ```swift
/// let parsed = ParsedRequest(request, body: Data())
/// let answer = backend.answer(to: parsed, plan: backend.plan(parsed), in: Circumstances(latency: .seconds(1)))
/// answer.delay  // one second, and the stub's own delay
/// ```
package struct Answer: Sendable {
    /// Where the body comes from.
    package enum Body: Sendable, Equatable {
        /// Made already.
        case bytes(Data)
        /// A stub's `bodyFileName`, sent as it is read, never whole in memory.
        case file(URL, files: URL)
        /// Another server's answer.
        case upstream(Upstream)
        /// `GET /debug/stream`: `bytes` of `x` in chunks, with a length only when `declared`.
        case stream(bytes: Int?, declared: Bool)
    }

    /// Another server that answers in this one's place.
    package enum Upstream: Sendable, Equatable {
        /// A stub's `proxyBaseUrl`: the request to pass on, and the stub's own fields, which go on
        /// top of the answer's.
        case proxy(HTTPRequest, body: Data, fields: HTTPFields)
        /// The real backend (`apps serve --proxy`).
        case backend(HTTPRequest, body: Data)
        /// The server being recorded (`/__admin/recordings/start`), at this base address.
        case recording(String)
    }

    /// What happens on the connection instead of the answer, or to it: the server's faults
    /// (`Prefer: fault=…`, `--reset-rate`…) and WireMock's, in one vocabulary.
    package enum Fault: Sendable, Equatable {
        /// A TCP reset before any byte (`reset`, `CONNECTION_RESET_BY_PEER`).
        case reset
        /// A close before any byte (`empty`, `EMPTY_RESPONSE`).
        case empty
        /// The head with the whole body's length, half the body, then a close (`truncate`,
        /// `MALFORMED_RESPONSE_CHUNK`).
        case truncate
        /// As `truncate`, with a body of random bytes from the server's seeded generator
        /// (`RANDOM_DATA_THEN_CLOSE`).
        case randomDataThenClose
        /// The whole answer, its body in small pieces spread over the server's dribble duration.
        case dribble

        /// WireMock's fault of that name.
        package init(_ fault: StubResponse.Fault) {
            switch fault {
            case .connectionResetByPeer: self = .reset
            case .emptyResponse: self = .empty
            case .malformedResponseChunk: self = .truncate
            case .randomDataThenClose: self = .randomDataThenClose
            }
        }

        /// Whether nothing of the answer is sent, so that none is made: nothing read, rendered
        /// or proxied.
        package var sendsNothing: Bool { self == .reset || self == .empty }
    }

    /// What the journal keeps beside the request and its status.
    package struct JournalNotes: Sendable, Equatable {
        /// Whether anything served it (a stub, a route, the real backend); the journal lists the
        /// others as unmatched.
        package var matched: Bool
        /// Why no stub matched, when that needs saying (matching ran out of its budget).
        package var note: String?
        /// For a request nothing knows, the stubs and routes closest to it.
        package var nearMisses: NearMisses?
        /// The stub that answered.
        package var stubID: String?
    }

    package var head: HTTPResponse
    package var body: Body
    /// How long to wait before anything is sent: the server's latency, then the stub's delay.
    package var delay: Duration
    /// A stub's `chunkedDribbleDelay`: the body in so many pieces over so long.
    package var pacing: StubResponse.Dribble?
    package var fault: Fault?
    /// A stub's webhooks, sent after the answer (or its fault) and off its path.
    package var webhooks: [Webhook]
    package var journal: JournalNotes

    /// What a request gets when the server shuts down before its answer could be made.
    package static var shuttingDown: Answer {
        var answer = Answer(
            Reply.message(.serviceUnavailable, "The server is shutting down."), delay: .zero,
            journal: JournalNotes(matched: false))
        answer.head.headerFields[.retryAfter] = "1"
        return answer
    }

    /// The body as bytes, when they are made already.
    package var bytes: Data? {
        if case .bytes(let data) = body { data } else { nil }
    }

    fileprivate init(_ answer: (HTTPResponse, Data), delay: Duration, journal: JournalNotes) {
        head = answer.0
        body = .bytes(answer.1)
        self.delay = delay
        pacing = nil
        fault = nil
        webhooks = []
        self.journal = journal
    }
}

/// What only the server knows when it answers a request: its latency, the fault the request
/// asks for and the server's own, whether a real backend takes what no stub does.
package struct Circumstances: Sendable {
    /// Why a request cannot have the fault it asks for.
    package struct UnknownFault: Error, Equatable {
        package var message: String
        package init(message: String) { self.message = message }
    }

    /// The server's own roll for an answer no stub gives (`--failure-rate`, `--reset-rate`…).
    package enum Injected: Sendable, Equatable {
        case none
        /// `503`, `Retry-After: 0`.
        case unavailable
        case fault(Answer.Fault)
    }

    /// Every answer waits it first (`apps serve --latency-ms`).
    package var latency: Duration
    /// The fault the request asks for (`Prefer: fault=NAME`), or why it cannot have it; `nil`
    /// when it asks for none.
    package var askedFault: Result<Answer.Fault, UnknownFault>?
    /// The server's roll, asked only of an answer no stub gives and no `Prefer` decides.
    package var injected: @Sendable () -> Injected
    /// The real backend takes what no stub does (`apps serve --proxy`).
    package var forwarding: Bool
    /// How many times the request came through this server's own proxying or webhooks.
    package var hops: Int
    /// Answers that come before the routes' (a test's own).
    package var answersFirst: (@Sendable (HTTPRequest) -> (HTTPResponse, Data)?)?

    package init(
        latency: Duration = .zero, askedFault: Result<Answer.Fault, UnknownFault>? = nil,
        injected: @escaping @Sendable () -> Injected = { .none }, forwarding: Bool = false, hops: Int = 0,
        answersFirst: (@Sendable (HTTPRequest) -> (HTTPResponse, Data)?)? = nil
    ) {
        self.latency = latency
        self.askedFault = askedFault
        self.injected = injected
        self.forwarding = forwarding
        self.hops = hops
        self.answersFirst = answersFirst
    }
}

extension FixtureBackend {
    /// The most times a request may have come through this server's own proxying or webhooks:
    /// below the 8 connections to one host that the sending client keeps, which a chain of
    /// proxies to the server itself holds at once.
    package static let maximumHops = 5

    /// The whole answer to `parsed`, whose ``plan(_:forwarding:)`` is `plan`, in `circumstances`.
    /// A stub answers with its own delay, fault, file, proxy and webhooks (the server's latency
    /// first); anything else first honours the fault the request asks for (`Prefer: fault=`),
    /// else the server's roll, then goes to the real backend, the server being recorded or
    /// the routes.
    package func answer(to parsed: ParsedRequest, plan: ResponsePlan, in circumstances: Circumstances) -> Answer {
        switch plan {
        case .stub(let mapping):
            return answer(to: parsed, stub: mapping, in: circumstances)
        case .backend(let routed, let note, let nearMisses):
            let notes = Answer.JournalNotes(matched: routed, note: note, nearMisses: nearMisses)
            var answer = Answer((HTTPResponse(status: .ok), Data()), delay: circumstances.latency, journal: notes)
            switch circumstances.askedFault {
            case .failure(let unknown)?:
                return Answer(Reply.message(.badRequest, unknown.message), delay: circumstances.latency, journal: notes)
            case .success(let fault)?:
                answer.fault = fault
            case nil:
                switch circumstances.injected() {
                case .none: break
                case .unavailable:
                    var (head, body) = Reply.message(.serviceUnavailable, "Injected failure: try again.")
                    head.headerFields[.retryAfter] = "0"
                    return Answer((head, body), delay: circumstances.latency, journal: notes)
                case .fault(let fault): answer.fault = fault
                }
            }
            if answer.fault?.sendsNothing == true { return answer }
            if parsed.rawPath == "/debug/stream", configuration.testRoutes {
                answer.body = .stream(
                    bytes: parsed.query["bytes"]?.first.flatMap { Int($0) }, declared: parsed.query["declare"] == ["1"])
                return answer
            }
            // HEAD is GET without the body: the same status and fields, the GET's length included.
            var request = parsed.head
            if request.method == .head { request.method = .get }
            if circumstances.forwarding {
                answer.body = .upstream(.backend(request, body: parsed.body))
            } else if let base = recorder.target {
                // A recording of the server itself would record its own requests for ever.
                guard circumstances.hops < Self.maximumHops else {
                    (answer.head, answer.body) = Self.loop()
                    return answer
                }
                answer.body = .upstream(.recording(base))
            } else {
                let made =
                    circumstances.answersFirst?(request)
                    ?? handle(request, body: parsed.body.isEmpty ? nil : parsed.body)
                (answer.head, answer.body) = (made.0, .bytes(made.1))
            }
            return answer
        }
    }

    /// A stub's answer: its delay after the server's latency, its fault, its file, its proxy or
    /// its body, and its webhooks; named by `Matched-Stub-Id` (and `Matched-Stub-Name`), as
    /// WireMock names the stub in every answer a stub gives.
    private func answer(to parsed: ParsedRequest, stub mapping: StubMapping, in circumstances: Circumstances)
        -> Answer
    {
        var answer = unnamedAnswer(to: parsed, stub: mapping, in: circumstances)
        var names: HTTPFields = [Self.matchedStubID: mapping.id]
        if case .object(let members) = mapping.json, case .string(let name)? = members["name"] {
            names[Self.matchedStubName] = name
        }
        if case .upstream(.proxy(let request, let body, let fields)) = answer.body {
            answer.body = .upstream(.proxy(request, body: body, fields: fields + names))
        } else {
            answer.head.headerFields.append(contentsOf: names)
        }
        return answer
    }

    static let matchedStubID = HTTPField.Name("Matched-Stub-Id")!
    static let matchedStubName = HTTPField.Name("Matched-Stub-Name")!

    private func unnamedAnswer(to parsed: ParsedRequest, stub mapping: StubMapping, in circumstances: Circumstances)
        -> Answer
    {
        let stub = mapping.response
        var answer = Answer(
            (stub.head, Data()), delay: circumstances.latency + stub.sampledDelay(settings: stubs.settings),
            journal: Answer.JournalNotes(matched: true, stubID: mapping.id))
        answer.pacing = stub.dribble
        answer.fault = stub.fault.map(Answer.Fault.init)
        answer.webhooks = mapping.webhooks
        if answer.fault?.sendsNothing == true { return answer }
        if answer.fault == nil, case .file(let file, let files) = stub.body, !stub.isTemplated,
            !checksAnswer(mapping, to: parsed)
        {
            answer.body = .file(file, files: files)
            return answer
        }
        if let proxy = stub.proxy {
            do throws(StubError.Reason) {
                let request = try proxy.request(for: parsed)
                guard circumstances.hops < Self.maximumHops else {
                    (answer.head, answer.body) = Self.loop()
                    return answer
                }
                let fields = HTTPFields(stub.headers.map { HTTPField(name: $0.0, value: $0.1) })
                answer.body = .upstream(.proxy(request, body: parsed.body, fields: fields))
            } catch {
                let made = Reply.message(
                    .internalServerError, "The stub could not proxy the request: \(error.text).")
                (answer.head, answer.body) = (made.0, .bytes(made.1))
            }
            return answer
        }
        var (head, data) = self.answer(mapping, to: parsed)
        if answer.fault == .truncate, data.isEmpty {
            // Without a body there would be nothing to cut: a length is promised, a part sent.
            data = Data("a body cut short by MALFORMED_RESPONSE_CHUNK".utf8)
        }
        (answer.head, answer.body) = (head, .bytes(data))
        return answer
    }

    /// The `508` of a request that came through this server's proxying too many times.
    private static func loop() -> (HTTPResponse, Answer.Body) {
        let made = Reply.message(
            HTTPResponse.Status(code: 508, reasonPhrase: "Loop Detected"),
            "The request came through this server's proxying \(maximumHops) times: a stub proxies to the server itself."
        )
        return (made.0, .bytes(made.1))
    }
}
