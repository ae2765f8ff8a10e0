import Foundation
import HTTPTypes
import TestSupport
import Testing

@testable import StubEngine

/// WireMock's stub mappings, matched by the pure store: a request and a body in, the stub that
/// answers out (Docs/Backends.md, "Stubs").
@Suite("Stub mappings")
struct StubMappingTests {
    func stub(_ json: String, files: URL? = nil) throws -> StubMapping {
        try StubMapping.parse(Data(json.utf8), files: files)
    }

    func request(_ target: String) -> HTTPRequest {
        request(.get, target)
    }

    func request(_ method: HTTPRequest.Method, _ target: String, fields: HTTPFields = [:]) -> HTTPRequest {
        HTTPRequest(method: method, scheme: "http", authority: "fixtures.test", path: target, headerFields: fields)
    }

    /// Whether `mapping` matches `method target` with `body`.
    func matches(
        _ mapping: String, _ method: HTTPRequest.Method = .get, _ target: String, fields: HTTPFields = [:],
        body: String = ""
    ) throws -> Bool {
        let store = StubStore()
        try store.add(stub(mapping))
        return store.match(request(method, target, fields: fields), body: Data(body.utf8)).stub != nil
    }

    func refusal(_ mapping: String, files: URL? = nil) -> StubError? {
        do {
            _ = try stub(mapping, files: files)
            return nil
        } catch {
            return error as? StubError
        }
    }

    // MARK: The request

    @Test func aMethodMatchesItselfAndANYMatchesEvery() throws {
        let get = #"{"request": {"method": "GET", "url": "/a"}, "response": {}}"#
        #expect(try matches(get, .get, "/a"))
        #expect(try !matches(get, .post, "/a"))
        let any = #"{"request": {"method": "ANY", "url": "/a"}, "response": {}}"#
        #expect(try matches(any, .delete, "/a"))
    }

    @Test func urlIsPathAndQueryWhileUrlPathIsThePathAlone() throws {
        #expect(try matches(#"{"request": {"url": "/a?x=1"}, "response": {}}"#, .get, "/a?x=1"))
        #expect(try !matches(#"{"request": {"url": "/a"}, "response": {}}"#, .get, "/a?x=1"))
        #expect(try matches(#"{"request": {"urlPath": "/a"}, "response": {}}"#, .get, "/a?x=1"))
        #expect(try matches(#"{"request": {"urlPattern": "/a\\?x=[0-9]+"}, "response": {}}"#, .get, "/a?x=12"))
        #expect(try matches(#"{"request": {"urlPathPattern": "/lotto/.*"}, "response": {}}"#, .get, "/lotto/draws?l=1"))
        #expect(try !matches(#"{"request": {"urlPathPattern": "/lotto"}, "response": {}}"#, .get, "/lotto/draws"))
    }

    /// WireMock 3's `urlPathTemplate` (not in 2.35.1; its documentation is followed).
    @Test func aPathTemplateMatchesItsSegmentsAndPathParametersMatchTheirParts() throws {
        let mapping = #"""
            {"request": {"urlPathTemplate": "/contacts/{contactId}/files/{name}.json",
             "pathParameters": {"contactId": {"matches": "[0-9]+"}}}, "response": {}}
            """#
        #expect(try matches(mapping, .get, "/contacts/12/files/cv.v2.json?x=1"))
        #expect(try !matches(mapping, .get, "/contacts/ann/files/cv.json"))
        #expect(try !matches(mapping, .get, "/contacts/12/files/cv.txt"))
        #expect(try !matches(mapping, .get, "/contacts/12/files/.json"))
        #expect(try !matches(mapping, .get, "/contacts/12/files/cv.json/more"))
        let template = try PathTemplate("/contacts/{contactId}/files/{name}.json", path: "")
        #expect(template.values(in: "/contacts/12/files/cv.v2.json") == ["contactId": "12", "name": "cv.v2"])
        #expect(
            refusal(#"{"request": {"urlPath": "/a", "pathParameters": {"id": {"equalTo": "1"}}}, "response": {}}"#)?
                .message == "request.pathParameters: needs a urlPathTemplate naming its parameters")
        #expect(
            refusal(
                #"{"request": {"urlPathTemplate": "/a/{id}", "pathParameters": {"ID": {"equalTo": "1"}}}, "response": {}}"#
            )?
            .message == "request.pathParameters.ID: is not a parameter of /a/{id}")
        #expect(
            refusal(#"{"request": {"urlPathTemplate": "/a/{id"}, "response": {}}"#)?.message
                == "request.urlPathTemplate: a { is not closed")
        #expect(
            refusal(#"{"request": {"urlPathTemplate": "/a/{id}{name}"}, "response": {}}"#)?.message
                == "request.urlPathTemplate: {name} follows another parameter with nothing between")
    }

    /// WireMock 2.35.1 matches `port` (a team's folder had one); WireMock 3 `scheme` too.
    @Test func schemeAndPortMatchWhereTheRequestWasSent() throws {
        func matches(_ pattern: String, authority: String) throws -> Bool {
            let store = StubStore()
            try store.add(stub(#"{"request": \#(pattern), "response": {}}"#))
            let sent = HTTPRequest(method: .get, scheme: "http", authority: authority, path: "/x")
            return store.match(sent, body: Data()).stub != nil
        }
        #expect(try matches(#"{"port": 8080}"#, authority: "localhost:8080"))
        #expect(try !matches(#"{"port": 8080}"#, authority: "localhost:8081"))
        #expect(try matches(#"{"port": 80}"#, authority: "localhost"), "the scheme's port when the Host has none")
        #expect(try matches(#"{"port": 9000}"#, authority: "[::1]:9000"))
        #expect(try matches(#"{"scheme": "HTTP", "port": 9000}"#, authority: "[::1]:9000"))
        #expect(try !matches(#"{"scheme": "https"}"#, authority: "localhost"))
        #expect(
            refusal(#"{"request": {"port": 70000}, "response": {}}"#)?.message.hasPrefix("request.port: must be")
                == true)
    }

    /// 20,000 parts were checked against a list of names: 9 s to add one stub.
    @Test func aPathTemplateOfManyPartsIsReadInLinearTime() throws {
        let template = "/a/" + (0..<20_000).map { "{p\($0)}" }.joined(separator: "/")
        let stub = try stub(#"{"request": {"urlPathTemplate": "\#(template)"}, "response": {}}"#)
        #expect(stub.request.exactPath == nil)
        #expect(
            refusal(#"{"request": {"urlPathTemplate": "/{a}/{a}"}, "response": {}}"#)?.message.hasSuffix(
                "{a} is named twice") == true)
    }

    @Test func queryParametersHeadersAndBasicCredentialsEachMatch() throws {
        let mapping = #"""
            {"request": {"urlPath": "/a", "queryParameters": {"q": {"contains": "har"}, "page": {"absent": true}},
             "headers": {"x-user": {"equalTo": "ann", "caseInsensitive": true}},
             "basicAuthCredentials": {"username": "admin", "password": "password"}},
             "response": {}}
            """#
        let fields: HTTPFields = [
            HTTPField.Name("X-User")!: "ANN", .authorization: "Basic YWRtaW46cGFzc3dvcmQ=",
        ]
        #expect(try matches(mapping, .get, "/a?q=harbour", fields: fields))
        #expect(try !matches(mapping, .get, "/a?q=harbour&page=2", fields: fields))
        #expect(try !matches(mapping, .get, "/a?q=harbour", fields: [HTTPField.Name("X-User")!: "ann"]))
        let upper: HTTPFields = [HTTPField.Name("X-User")!: "ann", .authorization: "BASIC YWRtaW46cGFzc3dvcmQ="]
        #expect(try matches(mapping, .get, "/a?q=harbour", fields: upper), "the scheme in any case")
        let otherCase: HTTPFields = [HTTPField.Name("X-User")!: "ann", .authorization: "Basic ywrtaw46cgfzc3dvcmq="]
        #expect(try !matches(mapping, .get, "/a?q=harbour", fields: otherCase), "the credentials as they are")
    }

    @Test func bodyPatternsMustAllMatch() throws {
        func body(_ patterns: String, _ body: String) throws -> Bool {
            try matches(#"{"request": {"bodyPatterns": \#(patterns)}, "response": {}}"#, .post, "/a", body: body)
        }
        #expect(try body(#"[{"equalTo": "hi"}]"#, "hi"))
        #expect(try body(#"[{"contains": "ll"}, {"matches": "h.*o"}]"#, "hello"))
        #expect(try !body(#"[{"contains": "ll"}, {"doesNotMatch": "h.*o"}]"#, "hello"))
        #expect(try body(#"[{"absent": true}]"#, ""))
        #expect(try !body(#"[{"absent": true}]"#, "x"))
    }

    /// As WireMock 2.35.1 reads them (checked against its jar): the operator written first
    /// counts, wherever the matcher is, and the others are read past.
    @Test func aMatcherNamingTwoOperatorsIsReadByTheOneWrittenFirst() throws {
        let jsonPathFirst = #"""
            {"request": {"bodyPatterns": [{"matchesJsonPath": "$.a", "contains": "zzz"}],
                         "headers": {"X": {"contains": "q", "equalTo": "nope"}}}}
            """#
        #expect(try matches(jsonPathFirst, .post, "/", fields: [HTTPField.Name("X")!: "q"], body: #"{"a": 1}"#))
        let containsFirst = #"{"request": {"bodyPatterns": [{"contains": "zzz", "matchesJsonPath": "$.a"}]}}"#
        #expect(try !matches(containsFirst, .post, "/", body: #"{"a": 1}"#))
        #expect(try matches(containsFirst, .post, "/", body: #"{"b": "zzz"}"#))
        let inside = #"""
            {"request": {"bodyPatterns": [{"matchesJsonPath": {"expression": "$.a", "equalTo": "1", "contains": "9"}}]}}
            """#
        #expect(try matches(inside, .post, "/", body: #"{"a": 1}"#))
        // Data that names operators is data: a response's JSON is sent as written, in its order.
        let answer = try stub(#"{"response": {"jsonBody": {"equalTo": 1, "contains": 2}}}"#)
        guard case .bytes(let sent) = answer.response.body else {
            Issue.record("\(answer.response.body)")
            return
        }
        #expect(String(decoding: sent, as: UTF8.self) == #"{"equalTo":1,"contains":2}"#)
    }

    /// A team's gRPC-style folder answered 40 requests with keys reordered and a type WireMock
    /// never sent.
    @Test func aJsonBodyIsSentCompactInTheOrderWrittenWithNoTypeItDidNotName() throws {
        let mapping = try stub(
            #"""
            {"response": {"jsonBody": {"zeta": 1, "alpha": {"y": true, "b": [2, "a \" b", {}]},
                                      "text": "two  spaces\n"}}}
            """#)
        guard case .bytes(let sent) = mapping.response.body else {
            Issue.record("\(mapping.response.body)")
            return
        }
        #expect(
            String(decoding: sent, as: UTF8.self)
                == #"{"zeta":1,"alpha":{"y":true,"b":[2,"a \" b",{}]},"text":"two  spaces\n"}"#)
        #expect(mapping.response.head.headerFields[.contentType] == nil)
        // Without its text (a recording), by name.
        let json = JSONValue.object(["response": .object(["jsonBody": .object(["b": .number(1), "a": .number(2)])])])
        guard case .bytes(let sorted) = try StubMapping.parse(json, files: nil, path: "").response.body else {
            Issue.record("not bytes")
            return
        }
        #expect(String(decoding: sorted, as: UTF8.self) == #"{"a":2,"b":1}"#)
    }

    /// WireMock sends no body for a `jsonBody` that is `null`.
    @Test func aNullJsonBodyIsNoBody() throws {
        let mapping = try stub(#"{"request": {"urlPath": "/n"}, "response": {"jsonBody": null}}"#)
        guard case .bytes(let sent) = mapping.response.body else {
            Issue.record("\(mapping.response.body)")
            return
        }
        #expect(sent.isEmpty)
    }

    /// WireMock reads `"absent": true` beside another operator as absent, wherever it is written.
    @Test func absentBesideAnotherOperatorIsAbsent() throws {
        let mapping = #"{"request": {"headers": {"X-A": {"equalTo": "q", "absent": true}}}}"#
        let header = HTTPField.Name("X-A")!
        #expect(try matches(mapping, .get, "/"))
        #expect(try !matches(mapping, .get, "/", fields: [header: "q"]))
    }

    /// A stub sent with a byte order mark, or in UTF-16, is read in the order written too.
    @Test(arguments: ["bom", "utf16"])
    func aStubInAnyUnicodeEncodingIsReadInTheOrderWritten(_ encoding: String) throws {
        let text =
            #"{"request": {"headers": {"X": {"equalTo": "q", "contains": "zz"}}}, "response": {"jsonBody": {"z": 1, "a": 2}}}"#
        let data =
            encoding == "bom"
            ? Data([0xEF, 0xBB, 0xBF] + Array(text.utf8))
            : Data([0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        let mapping = try StubMapping.parse(data)
        guard case .bytes(let sent) = mapping.response.body else {
            Issue.record("\(mapping.response.body)")
            return
        }
        #expect(String(decoding: sent, as: UTF8.self) == #"{"z":1,"a":2}"#)
        let store = StubStore(initial: [mapping])
        #expect(store.match(request(.get, "/", fields: [HTTPField.Name("X")!: "q"]), body: Data()).stub != nil)
    }

    /// As the 2.35.1 jar sends it: numbers plain and shortest, strings with the escapes JSON needs.
    @Test func aJsonBodysNumbersAndEscapesAreWrittenAsWireMockWritesThem() throws {
        let mapping = try stub(
            #"""
            {"response": {"jsonBody": {"a": 1.0, "b": 12.50, "c": 1e3, "d": -0, "e": 0.1, "f": 1.5e-7,
              "g": 123456789012345678901234567890, "h": "\u00e9\/\u0041", "i": -0.0, "j": 100, "k": 1E+2,
              "l": 2.50e1, "m": [true, null, -12.0], "n": 1e20}}}
            """#)
        guard case .bytes(let sent) = mapping.response.body else {
            Issue.record("\(mapping.response.body)")
            return
        }
        #expect(
            String(decoding: sent, as: UTF8.self)
                == #"{"a":1,"b":12.5,"c":1000,"d":0,"e":0.1,"f":0.00000015,"g":123456789012345678901234567890,"h":"é/A","i":0,"j":100,"k":100,"l":25,"m":[true,null,-12],"n":100000000000000000000}"#
        )
    }

    @Test func theFirstOperatorIsFoundByItsPlaceInTheText() {
        let text = #"""
            {"a": {"contains": "x", "equalTo": "y"}, "b": [{"equalTo": "y"}, {"absent": true, "contains": "x"}],
             "c\u0041": {"matches": ".", "contains": "{\"equalTo\": 1, \"absent\": 2}"}}
            """#
        let reading = Reading(text: Array(text.utf8), at: "mappings[3]")
        #expect(reading.firstOperator(at: "mappings[3].a") == "contains")
        #expect(reading.firstOperator(at: "mappings[3].b[0]") == nil)
        #expect(reading.firstOperator(at: "mappings[3].b[1]") == "absent")
        #expect(reading.firstOperator(at: "mappings[3].cA") == "matches")
        var paths: [String] = []
        JSONValue.walk(Array(#"{"x": [1, {"y": 2}], "z": {}}"#.utf8), at: "") { step in
            paths.append(step.path())
        }
        #expect(paths == ["x[0]", "x[1].y", "x[1]", "x", "z", ""])
    }

    @Test func withoutItsTextTwoOperatorsAreRefusedNamingBoth() {
        let json = JSONValue.object([
            "request": .object(["bodyPatterns": .array([.object(["contains": .string("a"), "equalTo": .string("b")])])])
        ])
        let error = #expect(throws: StubError.self) { try StubMapping.parse(json, files: nil, path: "") }
        #expect(error?.message == "request.bodyPatterns[0]: give one matcher, not equalTo and contains")
    }

    @Test func equalToJsonComparesValuesWithWireMocksTwoOptions() throws {
        func json(_ options: String, _ body: String) throws -> Bool {
            try matches(
                #"{"request": {"bodyPatterns": [{"equalToJson": {"a": [1, 2], "b": "x"}\#(options)}]}, "response": {}}"#,
                .post, "/a", body: body)
        }
        #expect(try json("", #"{"b": "x", "a": [1, 2]}"#))
        #expect(try !json("", #"{"a": [2, 1], "b": "x"}"#))
        #expect(try json(#", "ignoreArrayOrder": true"#, #"{"a": [2, 1], "b": "x"}"#))
        #expect(try !json("", #"{"a": [1, 2], "b": "x", "c": 3}"#))
        #expect(try json(#", "ignoreExtraElements": true"#, #"{"a": [1, 2], "b": "x", "c": 3}"#))
        #expect(try !json("", "not json"))
    }

    @Test func matchesJsonPathSelectsAMemberOrFilters() throws {
        func path(_ expression: String, _ body: String) throws -> Bool {
            try matches(
                #"{"request": {"bodyPatterns": [{"matchesJsonPath": "\#(expression)"}]}, "response": {}}"#, .post,
                "/a", body: body)
        }
        let ride = #"{"ride": {"options": [{"id": "kangaroo", "seats": 4}, {"id": "wallaby", "seats": 2}]}}"#
        #expect(try path("$.ride.options[1].id", ride))
        #expect(try !path("$.ride.options[2]", ride))
        #expect(try path("$.ride.options[?(@.id == 'wallaby')]", ride))
        #expect(try !path("$.ride.options[?(@.id == 'koala')]", ride))
        #expect(try path("$.ride.options[?(@.seats != 4)]", ride))
        // On an object a filter tests the object itself, as in WireMock.
        #expect(try path("$[?(@.event == 'X')]", #"{"event": "X"}"#))
        #expect(try !path("$[?(@.event == 'X')]", #"{"event": "Y"}"#))
    }

    /// Each answer here is WireMock 2.35.1's for the same stub and body (Jayway's JSONPath).
    @Test(arguments: [
        ("$.a", #"{"a": []}"#, false), ("$.a", #"{"a": null}"#, false), ("$.a", #"{"a": 0}"#, true),
        ("$..id", #"{"x": {"y": [{"id": 1}]}}"#, true), ("$..id", #"{"x": {"y": [{"idd": 1}]}}"#, false),
        ("$.items.length()", #"{"items": [1, 2]}"#, true), ("$.items[5:]", #"{"items": [1, 2]}"#, false),
        ("$.items[-1:]", #"{"items": [1, 2]}"#, true), ("$['a','b']", #"{"a": 1}"#, true),
        ("$.items[?(@.price < 10)]", #"{"items": [{"price": 8}]}"#, true),
        ("$.items[?(@.price >= 8.0)]", #"{"items": [{"price": 8}]}"#, true),
        ("$.items[?(@.name =~ /AB.*/i)]", #"{"items": [{"name": "abc"}]}"#, true),
        ("$.items[?(@.name =~ /b.*/)]", #"{"items": [{"name": "abc"}]}"#, false),
        ("$.items[?(@.name nin ['x','abc'])]", #"{"items": [{"name": "abc"}]}"#, false),
        ("$.items[?(@.a == 5 || @.b == 2)]", #"{"items": [{"a": 1, "b": 2}]}"#, true),
        ("$.items[?(@.a == 1 && @.b == 3)]", #"{"items": [{"a": 1, "b": 2}]}"#, false),
        ("$.items[?(@.n <= 2 && (@.m > 1 || @.k))]", #"{"items": [{"n": 1, "k": 0}]}"#, true),
        ("$.items[?(!@.c)]", #"{"items": [{"a": 1}]}"#, true),
        ("$.items[?(@.a == '1')]", #"{"items": [{"a": 1}]}"#, true),
        ("$.items[?(@.seats != 4)]", #"{"items": [{"id": 1}]}"#, true),
        ("$.items[?(@.tags size 2)]", #"{"items": [{"tags": [1, 2]}]}"#, true),
        ("$.items[?(@.tags.length() > 1)]", #"{"items": [{"tags": [1, 2]}]}"#, true),
        ("$.items[?(@.name noneof ['x','abc'])]", #"{"items": [{"name": ["abc"]}]}"#, false),
        ("$.items[?(@.a == {\"x\": 1})]", #"{"items": [{"a": {"x": 1}}]}"#, true),
        ("$[?(@.total > $.limit)]", #"{"total": 5, "limit": 3}"#, true),
        ("$..[?(@.price > 5)]", #"{"store": {"book": [{"price": 1}, {"price": 9}]}}"#, true),
        ("$.x.*", #"{"x": {}}"#, false), ("$.a[0]", #"{"a": [[]]}"#, false), ("$.a[*]", #"{"a": [[]]}"#, true),
        // Without `$`, and `.[`, as Jayway reads them (checked against WireMock 2.35.1).
        ("draws", #"{"draws": 1}"#, true), ("draws", #"{"a": 1}"#, false),
        ("[?(@.a == 1)]", #"[{"a": 1}]"#, true), ("$.[?(@.a == 1)]", #"[{"a": 1}]"#, true),
        ("$.[0].a", #"[{"a": 1}]"#, true), ("$.[0].a", #"{"a": 1}"#, false),
    ])
    func jsonPathIsReadAsWireMockReadsIt(_ expression: String, _ body: String, _ expected: Bool) throws {
        let path = try JSONPath(expression)
        #expect(path.selects(in: try #require(JSONValue.parse(Data(body.utf8)))) == expected)
    }

    @Test func matchesJsonPathsObjectFormTriesEachValueTheWholeListAndNothingAsAbsent() throws {
        func path(_ form: String, _ body: String) throws -> Bool {
            try matches(
                #"{"request": {"bodyPatterns": [{"matchesJsonPath": \#(form)}]}, "response": {}}"#, .post, "/a",
                body: body)
        }
        let items = #"{"items": [{"b": 2}, {"b": 3}], "n": null}"#
        #expect(try path(#"{"expression": "$.items[*].b", "equalTo": "3"}"#, items))
        #expect(try path(#"{"expression": "$.items[*].b", "equalToJson": "[2, 3]"}"#, items))
        #expect(try path(#"{"expression": "$.items.size()", "equalTo": "2"}"#, items))
        #expect(try path(#"{"expression": "$.n", "absent": true}"#, items))
        #expect(try path(#"{"expression": "$.missing", "absent": true}"#, items))
        #expect(try !path(#"{"expression": "$.items", "absent": true}"#, items))
    }

    @Test func aJSONPathThatDoesNotParseIsRefusedSayingWhere() {
        func message(_ expression: String) -> String? {
            refusal(#"{"request": {"bodyPatterns": [{"matchesJsonPath": "\#(expression)"}]}, "response": {}}"#)?.message
        }
        let field = "request.bodyPatterns[0].matchesJsonPath: "
        #expect(message("$.a[") == field + "a [ is not closed")
        #expect(message("$.items.foo()")?.hasPrefix(field + "foo() is not a function this server knows") == true)
        #expect(message("$.items[?(@.a =~ 'x')]") == field + "=~ takes a /regular expression/")
        #expect(message("$.items[?(@.a ~= 1)]") == field + "unexpected ~= 1 in the filter ?(@.a ~= 1)")
    }

    /// A filter comparing every element with a deep scan of the whole body is quadratic: it stops
    /// when the request's budget is spent instead of holding a thread.
    @Test func aQuadraticFilterStopsAtTheBudget() throws {
        let elements = (0..<20_000).map { #"{"a": \#($0)}"# }.joined(separator: ",")
        let document = try #require(JSONValue.parse(Data("{\"items\": [\(elements)]}".utf8)))
        let path = try JSONPath("$.items[?(@.a in $..a)]")
        let budget = MatchBudget(.milliseconds(20))
        let selected = path.selects(in: document, budget: budget)
        #expect(!selected)
        #expect(budget.isSpent)
    }

    /// Checked against WireMock 2.35.1 with the same stubs and bodies.
    @Test(arguments: [
        (
            #"{"equalToJson": {"id": "${json-unit.any-string}", "n": "${json-unit.any-number}"}}"#,
            #"{"id": "x", "n": 3}"#, true
        ),
        (#"{"equalToJson": {"id": "${json-unit.any-string}"}}"#, #"{"id": 3}"#, false),
        (#"{"equalToJson": {"id": "${json-unit.ignore}"}}"#, #"{"id": [1]}"#, true),
        (#"{"equalToJson": {"id": "${json-unit.ignore}"}}"#, "{}", false),
        (#"{"equalToJson": {"id": "${json-unit.regex}[A-Z]+"}}"#, #"{"id": "ABc"}"#, false),
        (#"{"equalToJson": {"a": ["${json-unit.any-number}", 2]}, "ignoreArrayOrder": true}"#, #"{"a": [2, 1]}"#, true),
        (#"{"binaryEqualTo": "aGk="}"#, "hi", true), (#"{"binaryEqualTo": "aGk="}"#, "hi!", false),
        (#"{"before": "2030-01-01T00:00:00Z"}"#, "Mon, 14 Jun 2021 12:13:14 GMT", true),
        (#"{"before": "2030-01-01T00:00:00Z"}"#, "not a date", false),
        (#"{"after": "now -1 days"}"#, "2099-06-14T12:13:14Z", true),
        (#"{"after": "now"}"#, "2001-06-14T12:13:14Z", false),
        (#"{"equalToDateTime": "2021-06-14T12:13:14Z"}"#, "2021-06-14T14:13:14+02:00", true),
        (#"{"equalToDateTime": "2021-06-14T12:13:14Z"}"#, "2021-06-14T12:13:14", true),
        (
            #"{"equalToDateTime": "2021-06-01T00:00:00Z", "truncateActual": "first day of month"}"#,
            "2021-06-14T15:13:14Z", true
        ),
        // WireMock truncates an expected date only when it is `now`.
        (
            #"{"equalToDateTime": "2021-06-14T12:13:14Z", "truncateExpected": "first hour of day", "truncateActual": "first hour of day"}"#,
            "2021-06-14T15:13:14Z", false
        ),
        (
            #"{"equalToDateTime": "2021-06-14T12:13:14Z", "actualFormat": "dd/MM/yyyy HH:mm:ss"}"#,
            "14/06/2021 12:13:14", true
        ),
        (#"{"before": "now", "expectedOffset": -1, "expectedOffsetUnit": "days"}"#, "2001-01-01T00:00:00Z", true),
    ])
    func placeholdersBytesAndDatesMatchAsInWireMock(_ pattern: String, _ body: String, _ expected: Bool) throws {
        #expect(
            try matches(#"{"request": {"bodyPatterns": [\#(pattern)]}, "response": {}}"#, .post, "/a", body: body)
                == expected)
    }

    @Test func cookiesTheHostAndFormFieldsMatchAndRepeatedValuesTakeHasExactlyAndIncludes() throws {
        let mapping = #"""
            {"request": {"host": {"equalTo": "fixtures.test"}, "cookies": {"session": {"matches": "s-[0-9]+"}},
             "formParameters": {"tag": {"hasExactly": [{"equalTo": "a b"}, {"equalTo": "c"}]}, "who": {"includes": [{"equalTo": "ann"}]}},
             "queryParameters": {"id": {"includes": [{"equalTo": "1"}, {"equalTo": "2"}]}}}, "response": {}}
            """#
        let cookie: HTTPFields = [.cookie: "theme=dark; session=s-42"]
        let form = "tag=a+b&who=ann&tag=c"
        #expect(try matches(mapping, .post, "/a?id=2&id=1&id=3", fields: cookie, body: form))
        #expect(try !matches(mapping, .post, "/a?id=2&id=3", fields: cookie, body: form))
        #expect(try !matches(mapping, .post, "/a?id=2&id=1", fields: cookie, body: form + "&tag=d"))
        #expect(try !matches(mapping, .post, "/a?id=2&id=1", fields: [.cookie: "session=x"], body: form))
        #expect(
            refusal(#"{"request": {"headers": {"Date": {"before": "yesterday"}}}, "response": {}}"#)?.message
                == "request.headers.Date.before: yesterday is not a date (2021-06-14T12:13:14Z) nor now (now +3 days)")
        #expect(
            refusal(#"{"request": {"bodyPatterns": [{"binaryEqualTo": "%%"}]}, "response": {}}"#)?.message
                == "request.bodyPatterns[0].binaryEqualTo: is not base64")
    }

    /// WireMock's global settings: a delay for every stub that gives none of its own.
    @Test func theGlobalDelayIsTakenByAStubThatGivesNone() throws {
        var generator = SplitMix(state: 3)
        let settings = try StubSettings.parse(
            Data(#"{"fixedDelay": 250, "delayDistribution": {"type": "uniform", "lower": 5, "upper": 5}}"#.utf8))
        let plain = try stub(#"{"request": {}, "response": {}}"#).response
        #expect(plain.sampledDelay(settings: settings, using: &generator) == .milliseconds(255))
        #expect(plain.sampledDelay(using: &generator) == .zero, "no settings, no delay")
        let own = try stub(#"{"request": {}, "response": {"fixedDelayMilliseconds": 0}}"#).response
        #expect(
            own.sampledDelay(settings: settings, using: &generator) == .milliseconds(5), "its own 0, the global draw")
        #expect(
            settings.json
                == JSONValue.parse(
                    Data(#"{"fixedDelay": 250, "delayDistribution": {"type": "uniform", "lower": 5, "upper": 5}}"#.utf8)
                ))
        #expect(
            throws: StubError.field(
                "proxyPassThrough", "false is not a setting this server has: proxying stubs always proxy")
        ) {
            try StubSettings.parse(Data(#"{"proxyPassThrough": false}"#.utf8))
        }
        #expect(throws: StubError.self) { try StubSettings.parse(Data(#"{"fixedDelay": -1}"#.utf8)) }
        #expect(throws: StubError.self) { try StubSettings.parse(Data(#"{"delay": 5}"#.utf8)) }
    }

    @Test func delaysAreDrawnFromTheirDistributionWithinTheLimit() throws {
        var generator = SplitMix(state: 7)
        let uniform = try stub(
            #"{"request": {}, "response": {"fixedDelayMilliseconds": 10, "delayDistribution": {"type": "uniform", "lower": 5, "upper": 8}}}"#
        ).response
        for _ in 0..<100 {
            #expect(
                (Duration.milliseconds(15)...Duration.milliseconds(18)).contains(
                    uniform.sampledDelay(using: &generator)))
        }
        let capped = try stub(
            #"{"request": {}, "response": {"delayDistribution": {"type": "lognormal", "median": 80, "sigma": 2, "maxValue": 100}}}"#
        ).response
        let drawn = (0..<200).map { _ in capped.sampledDelay(using: &generator) }
        #expect(drawn.allSatisfy { $0 <= .milliseconds(100) })
        #expect(Set(drawn).count > 10, "spread about the median")
        #expect(
            refusal(#"{"request": {}, "response": {"delayDistribution": {"type": "gaussian"}}}"#)?.message
                == "response.delayDistribution.type: gaussian is not a distribution; use uniform or lognormal")
        #expect(
            refusal(
                #"{"request": {}, "response": {"chunkedDribbleDelay": {"numberOfChunks": 1.5, "totalDuration": 10}}}"#)?
                .message
                == "response.chunkedDribbleDelay.numberOfChunks: must be a whole number from -2147483648 to 2147483647")
    }

    /// WireMock loads a paced stub of fewer than one piece and sends it as one (logging an error);
    /// a folder with one starts here too, saying so, and more pieces than 10,000 are 10,000.
    @Test func aNumberOfChunksOutOfRangeIsTakenAtTheNearestEndAndNamed() throws {
        let reading = Reading()
        let none = try StubMapping.parse(
            .parse(
                Data(
                    #"{"response": {"body": "abc", "chunkedDribbleDelay": {"numberOfChunks": 0, "totalDuration": 10}}}"#
                        .utf8))!,
            files: nil, path: "", reading: reading)
        #expect(none.response.dribble?.chunks == 1)
        #expect(
            reading.notes == [
                "response.chunkedDribbleDelay.numberOfChunks: 0 is taken as 1, as WireMock takes fewer than one piece"
            ])
        let many = try stub(#"{"response": {"chunkedDribbleDelay": {"numberOfChunks": 50000, "totalDuration": 10}}}"#)
        #expect(many.response.dribble?.chunks == 10_000)
    }

    @Test func multipartPatternsMatchAnyOrAllPartsOnTheirFieldsAndBodies() throws {
        let body = [
            "--XyZ", #"Content-Disposition: form-data; name="info""#, "Content-Type: application/json", "",
            #"{"id": 7}"#, "--XyZ", #"Content-Disposition: form-data; name="file"; filename="a.txt""#, "", "hello",
            "--XyZ--", "",
        ].joined(separator: "\r\n")
        let form: HTTPFields = [.contentType: "multipart/form-data; boundary=XyZ"]
        func parts(_ patterns: String, fields: HTTPFields = form) throws -> Bool {
            try matches(
                #"{"request": {"multipartPatterns": \#(patterns)}, "response": {}}"#, .post, "/a", fields: fields,
                body: body)
        }
        let info =
            #"{"headers": {"Content-Disposition": {"contains": "name=\"info\""}}, "bodyPatterns": [{"equalToJson": {"id": 7}}]}"#
        #expect(try parts("[\(info)]"))
        #expect(try parts(#"[{"bodyPatterns": [{"equalTo": "hello"}]}]"#))
        #expect(try !parts(#"[{"matchingType": "ALL", "bodyPatterns": [{"equalTo": "hello"}]}]"#))
        #expect(try parts(#"[{"matchingType": "ALL", "headers": {"Content-Disposition": {"contains": "form-data"}}}]"#))
        #expect(try !parts("[\(info)]", fields: [.contentType: "application/json"]), "not multipart")
        let parsed = try #require(MultipartPart.parts(of: Data(body.utf8), contentType: form[.contentType]))
        #expect(parsed.map { String(decoding: $0.body, as: UTF8.self) } == [#"{"id": 7}"#, "hello"])
    }

    @Test func aRecordingKeepsEachRequestOnceWithoutSecretsAsStubsThatServeIt() throws {
        let recorder = StubRecorder()
        #expect(throws: StubError.field("targetBaseUrl", "an http:// or https:// address to record from")) {
            try recorder.start(Data(#"{"targetBaseUrl": "ftp://x"}"#.utf8))
        }
        try recorder.start(Data(#"{"targetBaseUrl": "http://127.0.0.1:9", "repeatsAsScenarios": false}"#.utf8))
        let post = ParsedRequest(request(.post, "/orders?x=1"), body: Data(#"{"item": "tea"}"#.utf8))
        let answer: HTTPFields = [.contentType: "application/json", .setCookie: "s=1"]
        recorder.keep(post, status: 201, headers: answer, body: Data(#"{"id": "o-1"}"#.utf8))
        recorder.keep(post, status: 500, headers: [:], body: Data())
        recorder.keep(
            ParsedRequest(request("/image"), body: Data()), status: 200, headers: [:], body: Data([0xFF, 0xD8]))
        let signIn = ParsedRequest(request(.post, "/signin"), body: Data(#"{"email": "a", "password": "b"}"#.utf8))
        recorder.keep(signIn, status: 200, headers: [:], body: Data(#"{"ok": true}"#.utf8))
        recorder.keep(
            ParsedRequest(request("/me"), body: Data()), status: 200, headers: [:],
            body: Data(#"{"accessToken": "t"}"#.utf8))
        let recorded = try recorder.stop()
        #expect(recorded.count == 2, "the repeat kept once, the sign-in and the token left out")
        let store = StubStore()
        for json in recorded { try store.add(StubMapping.parse(json, files: nil, path: "")) }
        guard case .stub(let order) = store.match(request(.post, "/orders?x=1"), body: Data(#"{"item":"tea"}"#.utf8))
        else {
            Issue.record("the recorded order does not answer")
            return
        }
        let (head, body) = order.response.answer(to: post)
        #expect(head.status.code == 201)
        #expect(String(decoding: body, as: UTF8.self) == #"{"id": "o-1"}"#)
        #expect(head.headerFields[.setCookie] == nil)
        guard case .stub(let image) = store.match(request("/image"), body: Data()) else {
            Issue.record("the recorded image does not answer")
            return
        }
        #expect(image.response.answer(to: ParsedRequest(request("/image"), body: Data())).1 == Data([0xFF, 0xD8]))
        #expect(recorder.status == .stopped)
    }

    /// WireMock's default: a request made again with another answer is a scenario of them in turn.
    @Test func aRepeatedRequestIsRecordedAsAScenarioOfItsAnswers() throws {
        let recorder = StubRecorder()
        try recorder.start(Data(#"{"targetBaseUrl": "http://127.0.0.1:9"}"#.utf8))
        let poll = ParsedRequest(request("/jobs/7"), body: Data())
        for state in ["queued", "running", "done"] {
            recorder.keep(poll, status: 200, headers: [:], body: Data(#"{"state": "\#(state)"}"#.utf8))
        }
        let store = StubStore()
        for json in try recorder.stop() { try store.add(StubMapping.parse(json, files: nil, path: "")) }
        let answers = (0..<4).map { _ -> String in
            guard case .stub(let stub) = store.match(request("/jobs/7"), body: Data()) else { return "none" }
            return String(decoding: stub.response.answer(to: poll).1, as: UTF8.self)
        }
        #expect(
            answers == [
                #"{"state": "queued"}"#, #"{"state": "running"}"#, #"{"state": "done"}"#, #"{"state": "done"}"#,
            ])
    }

    @Test func aRecordingWrittenAsAWireMockFolderIsServedFromIt() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("recorded-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let recorder = StubFolderRecorder(directory: root)
        let json: HTTPFields = [.contentType: "application/json"]
        let draws = Data(#"{"draws": []}"#.utf8)
        let file = try recorder.record(
            request("/lotto/draws?limit=1"), body: Data(), answer: HTTPResponse(status: .ok, headerFields: json),
            answerBody: draws)
        #expect(file?.hasPrefix("mappings/lotto_draws-") == true)
        #expect(
            try recorder.record(
                request("/lotto/draws?limit=1"), body: Data(), answer: HTTPResponse(status: .ok), answerBody: draws)
                == nil, "a repeat")
        #expect(
            try recorder.record(
                request(.post, "/signin"), body: Data(#"{"password": "p"}"#.utf8), answer: HTTPResponse(status: .ok),
                answerBody: Data()) == nil, "a sign-in")
        let store = StubStore(initial: try StubFolder.load(root).mappings)
        guard case .stub(let stub) = store.match(request("/lotto/draws?limit=1"), body: Data()) else {
            Issue.record("the recording does not answer")
            return
        }
        let (head, body) = stub.response.answer(to: ParsedRequest(request("/lotto/draws?limit=1"), body: Data()))
        #expect(body == draws)
        #expect(head.headerFields[.contentType] == "application/json")
    }

    /// Each answer here is WireMock 2.35.1's for the same stub and body.
    @Test(arguments: [
        (#"{"equalToXml": "<a><b id=\"1\" x=\"2\">t</b></a>"}"#, "<a>\n  <b x=\"2\" id=\"1\">t</b>\n</a>", true),
        (#"{"equalToXml": "<a><b>t</b></a>"}"#, "<a><b>u</b></a>", false),
        (#"{"equalToXml": "<a><b/><c/></a>"}"#, "<a><c/><b/></a>", true),
        (#"{"equalToXml": "<p:a xmlns:p=\"urn:x\"><p:b/></p:a>"}"#, #"<q:a xmlns:q="urn:x"><q:b/></q:a>"#, true),
        (#"{"equalToXml": "<a><b>${xmlunit.ignore}</b></a>", "enablePlaceholders": true}"#, "<a><b>any</b></a>", true),
        (#"{"equalToXml": "<a><b>${xmlunit.ignore}</b></a>"}"#, "<a><b>any</b></a>", false),
        (
            #"{"matchesXPath": "/todo-list[count(todo-item) = 2]"}"#, "<todo-list><todo-item/><todo-item/></todo-list>",
            true
        ),
        (
            #"{"matchesXPath": "//todo-item[text()='2']"}"#, "<l><todo-item>1</todo-item><todo-item>2</todo-item></l>",
            true
        ),
        (#"{"matchesXPath": "/a/b[@id='8']"}"#, #"<a><b id="7"/></a>"#, false),
        (#"{"matchesXPath": "/a/b[last()]"}"#, "<a><b/></a>", true),
        (#"{"matchesXPath": {"expression": "/a/@v", "equalTo": "1"}}"#, #"<a v="1"/>"#, true),
        (#"{"matchesXPath": {"expression": "/a/b", "equalToXml": "<b><c/></b>"}}"#, "<a><b><c/></b></a>", true),
        (
            #"{"matchesXPath": "/s:E/s:B/m:get", "xPathNamespaces": {"s": "urn:s", "m": "urn:m"}}"#,
            #"<x:E xmlns:x="urn:s"><x:B><get xmlns="urn:m"/></x:B></x:E>"#, true
        ),
        // A prefix no xPathNamespaces names matches nothing, as in WireMock.
        (#"{"matchesXPath": "/s:E"}"#, #"<s:E xmlns:s="urn:s"/>"#, false),
        (#"{"matchesXPath": "//*[local-name()='B']"}"#, #"<s:E xmlns:s="urn:s"><s:B/></s:E>"#, true),
        (#"{"matchesXPath": "/a[contains(b, 'x') and not(c)]"}"#, "<a><b>xyz</b></a>", true),
        (#"{"matchesXPath": "/a/b"}"#, "not xml", false),
    ])
    func xmlMatchesAsWireMockMatchesIt(_ pattern: String, _ body: String, _ expected: Bool) throws {
        #expect(
            try matches(#"{"request": {"bodyPatterns": [\#(pattern)]}, "response": {}}"#, .post, "/a", body: body)
                == expected)
    }

    /// A body of 100,000 nested elements took the server's stack (Foundation's parser on Linux has
    /// no bound of its own): deeper than 256 is not XML to a matcher.
    @Test func xmlNestedTooDeepIsNoMatchNotACrash() throws {
        let deep = String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000)
        #expect(
            try !matches(
                #"{"request": {"bodyPatterns": [{"matchesXPath": "//a"}]}, "response": {}}"#, .post, "/a", body: deep))
        #expect(throws: StubError.Reason("elements are nested deeper than 256")) { try XMLTree(Data(deep.utf8)) }
        let fine = String(repeating: "<a>", count: 200) + String(repeating: "</a>", count: 200)
        #expect(
            try matches(
                #"{"request": {"bodyPatterns": [{"matchesXPath": "//a"}]}, "response": {}}"#, .post, "/a", body: fine))
    }

    /// As WireMock: a document type's external declaration is neither fetched nor a reason to
    /// refuse the document; an entity the content uses without declaring it still is.
    @Test func anExternalDeclarationIsNotReadAndNotARefusal() throws {
        let document = #"""
            <?xml version="1.0"?>
            <!DOCTYPE things [
            <!ENTITY % sp SYSTEM "http://127.0.0.1:9/dodgy.dtd">
            %sp;
            ]>
            <things><shiftydata>123</shiftydata></things>
            """#
        let tree = try XMLTree(Data(document.utf8))
        #expect(tree.text(of: tree.root) == "123")
        #expect(throws: StubError.Reason.self) { try XMLTree(Data("<a>&foo;</a>".utf8)) }
    }

    @Test func xmlOrAnXPathThatDoesNotParseIsRefusedSayingWhere() {
        func message(_ pattern: String) -> String? {
            refusal(#"{"request": {"bodyPatterns": [\#(pattern)]}, "response": {}}"#)?.message
        }
        #expect(
            message(#"{"equalToXml": "<a><b></a>"}"#)
                == "request.bodyPatterns[0].equalToXml: is not XML: line 1, column 11: a closing tag does not match the element it closes"
        )
        #expect(
            message(#"{"equalToXml": "<a>"}"#)
                == "request.bodyPatterns[0].equalToXml: is not XML: an element is missing or not closed")
        #expect(
            message(#"{"matchesXPath": "/a[@id='1'"}"#)
                == "request.bodyPatterns[0].matchesXPath: a [ is not closed in the XPath")
        #expect(
            message(#"{"matchesXPath": "/a[lower-case(.)]"}"#)?.hasPrefix(
                "request.bodyPatterns[0].matchesXPath: lower-case() is not a function this server has") == true)
    }

    /// Two things WireMock takes that refused a team's whole folder, or named its stub otherwise.
    @Test func priorityZeroIsTakenAndAUUIDBesideAnIDIsTheID() throws {
        #expect(try stub(#"{"priority": 0, "request": {}, "response": {}}"#).priority == 0)
        #expect(try stub(#"{"id": "a", "uuid": "b", "request": {}, "response": {}}"#).id == "b")
    }

    @Test func andOrAndNotHoldOtherMatchersAtAnyDepth() throws {
        func body(_ pattern: String, _ body: String) throws -> Bool {
            try matches(#"{"request": {"bodyPatterns": [\#(pattern)]}, "response": {}}"#, .post, "/a", body: body)
        }
        let both = #"{"and": [{"contains": "ride"}, {"doesNotContain": "cancel"}]}"#
        #expect(try body(both, "ride booked"))
        #expect(try !body(both, "ride cancelled"))
        let either = #"{"or": [{"equalTo": "a"}, {"matches": "b+"}]}"#
        #expect(try body(either, "bbb"))
        #expect(try !body(either, "c"))
        #expect(try body(#"{"not": {"or": [{"equalTo": "a"}, {"equalTo": "b"}]}}"#, "c"))
        #expect(try !body(#"{"not": {"contains": "x"}}"#, "box"))
        #expect(
            refusal(#"{"request": {"bodyPatterns": [{"and": []}]}, "response": {}}"#)?.message
                == "request.bodyPatterns[0].and: must be an array of one or more matchers")
        #expect(
            refusal(#"{"request": {"bodyPatterns": [{"not": {"matches": "("}}]}, "response": {}}"#)?.message
                == "request.bodyPatterns[0].not.matches: ( is not a regular expression")
        #expect(
            refusal(#"{"request": {"bodyPatterns": [{"or": [{"equalTo": "a"}, {"near": 1}]}]}, "response": {}}"#)?
                .message.hasPrefix("request.bodyPatterns[0].or[1]: near is not a matcher this server knows") == true)
    }

    @Test func aRepeatedQueryParameterOrHeaderMatchesWhenAnyOfItsValuesDoes() throws {
        let query = #"{"request": {"urlPath": "/a", "queryParameters": {"tag": {"equalTo": "b"}}}, "response": {}}"#
        #expect(try matches(query, .get, "/a?tag=a&tag=b"))
        #expect(try !matches(query, .get, "/a?tag=a&tag=c"))
        let absent = #"{"request": {"urlPath": "/a", "queryParameters": {"tag": {"absent": true}}}, "response": {}}"#
        #expect(try !matches(absent, .get, "/a?tag=a&tag=b"))
        let header = #"{"request": {"urlPath": "/a", "headers": {"Accept": {"contains": "json"}}}, "response": {}}"#
        var fields = HTTPFields()
        fields.append(HTTPField(name: .accept, value: "text/html"))
        fields.append(HTTPField(name: .accept, value: "application/json"))
        #expect(try matches(header, .get, "/a", fields: fields))
    }

    // MARK: Near misses

    @Test func nearMissesListEveryDifferenceNearestStubFirst() throws {
        let store = StubStore()
        try store.add([
            stub(#"{"id": "other-method", "request": {"method": "POST", "urlPath": "/lotto/draws"}, "response": {}}"#),
            stub(#"{"id": "typo", "request": {"method": "GET", "urlPath": "/lotto/drwas"}, "response": {}}"#),
            stub(
                #"{"id": "two", "request": {"method": "GET", "urlPath": "/lotto/draws", "queryParameters": {"limit": {"equalTo": "1"}}, "headers": {"X-Test": {"absent": true}}}, "response": {}}"#
            ),
        ])
        let misses = store.nearMisses(
            ParsedRequest(request(.get, "/lotto/draws?limit=2", fields: [HTTPField.Name("X-Test")!: "1"]), body: Data())
        )
        #expect(misses.map(\.name) == ["typo", "two", "other-method"])
        #expect(misses[0].difference == "the path is /lotto/draws, not /lotto/drwas")
        #expect(misses[1].difference == #"the query parameter limit is not "1"; the header X-Test is present"#)
        #expect(misses[2].difference == "the method is GET, not POST")
    }

    // MARK: Which stub answers

    @Test func theLowestPriorityNumberAnswersThenTheNewestOfEqualPriority() throws {
        let store = StubStore()
        try store.add(stub(#"{"id": "old", "request": {"urlPath": "/a"}, "response": {"status": 201}}"#))
        try store.add(stub(#"{"id": "new", "request": {"urlPath": "/a"}, "response": {"status": 202}}"#))
        try store.add(stub(#"{"id": "low", "priority": 9, "request": {"urlPath": "/a"}, "response": {"status": 203}}"#))
        #expect(store.match(request("/a"), body: Data()).stub?.id == "new")
        try store.add(stub(#"{"id": "first", "priority": 1, "request": {"urlPath": "/a"}, "response": {}}"#))
        #expect(store.match(request("/a"), body: Data()).stub?.id == "first")
        #expect(store.remove(id: "first") && store.remove(id: "new"))
        #expect(store.match(request("/a"), body: Data()).stub?.id == "old")
        #expect(store.mappings.map(\.id) == ["low", "old"], "listed newest first")
    }

    @Test func aScenarioStartsAtStartedAndMovesWhenItsStubAnswers() throws {
        let store = StubStore()
        try store.add([
            stub(
                #"{"id": "fail", "scenarioName": "flaky", "requiredScenarioState": "Started", "newScenarioState": "up", "request": {"urlPath": "/a"}, "response": {"status": 503}}"#
            ),
            stub(
                #"{"id": "work", "scenarioName": "flaky", "requiredScenarioState": "up", "request": {"urlPath": "/a"}, "response": {"status": 200}}"#
            ),
        ])
        #expect(store.match(request("/a"), body: Data()).stub?.id == "fail")
        #expect(store.match(request("/a"), body: Data()).stub?.id == "work")
        #expect(store.match(request("/a"), body: Data()).stub?.id == "work")
        #expect(store.scenarios.first?.state == "up")
        #expect(store.scenarios.first?.possibleStates == ["Started", "up"])
        store.resetScenarios()
        #expect(store.match(request("/a"), body: Data()).stub?.id == "fail")
        #expect(store.setState("up", of: "flaky") == .done)
        #expect(store.match(request("/a"), body: Data()).stub?.id == "work")
        #expect(store.setState("up", of: "nobody") == .unknownScenario)
        #expect(store.setState("down", of: "flaky") == .unknownState(possible: ["Started", "up"]))
    }

    @Test func aResponseHasItsStatusFieldsAndOneKindOfBody() throws {
        let answer = try stub(
            #"{"request": {}, "response": {"status": 503, "headers": {"Retry-After": "1", "X-Two": ["a", "b"]}, "base64Body": "aGk="}}"#
        ).response.answer(to: ParsedRequest(request("/"), body: Data()))
        #expect(answer.0.status == .serviceUnavailable)
        #expect(answer.0.headerFields[.retryAfter] == "1")
        #expect(answer.0.headerFields[values: HTTPField.Name("X-Two")!] == ["a", "b"])
        #expect(answer.1 == Data("hi".utf8))
        let delayed = try stub(
            #"{"request": {}, "response": {"fixedDelayMilliseconds": 250, "fault": "EMPTY_RESPONSE"}}"#)
        #expect(delayed.response.delay == .milliseconds(250))
        #expect(delayed.response.fault == .emptyResponse)
    }

    @Test func aStubWithoutAResponseAnswers200WithNoBody() throws {
        let answer = try stub(#"{"request": {"method": "ANY"}}"#).response.answer(
            to: ParsedRequest(request("/anything"), body: Data()))
        #expect(answer.0.status == .ok)
        #expect(answer.1.isEmpty)
    }

    @Test func equalToXmlPlaceholdersTakeTheStubsOwnDelimiters() throws {
        let placeholders = #"""
            {"request": {"bodyPatterns": [{"equalToXml": "<a>#{xmlunit.ignore}</a>", "enablePlaceholders": true,
             "placeholderOpeningDelimiterRegex": "#\\{", "placeholderClosingDelimiterRegex": "}"}]}}
            """#
        #expect(try matches(placeholders, .post, "/", body: "<a>123</a>"))
        #expect(try !matches(placeholders, .post, "/", body: "<a><b/></a>"))
        let literal = placeholders.replacingOccurrences(of: "true", with: "false")
        #expect(try !matches(literal, .post, "/", body: "<a>123</a>"))
        #expect(try matches(literal, .post, "/", body: "<a>#{xmlunit.ignore}</a>"))
    }

    @Test func aBraceThatClosesNoQuantifierIsItselfAsInJava() throws {
        #expect(try StubRegex("id}", path: "p").matches("id}") == true)
        #expect(try StubRegex("[}]x{2}", path: "p").matches("}xx") == true)
        #expect(try StubRegex(#"\{a\}"#, path: "p").matches("{a}") == true)
        #expect(try StubRegex("a{2,}}", path: "p").matches("aaa}") == true)
    }

    @Test func methodsAreMatchedByOneOfAndNoneOf() throws {
        let oneOf = #"{"request": {"method": {"oneOf": ["PUT", "post"]}, "url": "/a"}}"#
        #expect(try matches(oneOf, .put, "/a"))
        #expect(try matches(oneOf, .post, "/a"))
        #expect(try !matches(oneOf, .get, "/a"))
        let noneOf = #"{"request": {"method": {"noneOf": ["PUT", "POST", "ANY"]}, "url": "/a"}}"#
        #expect(try !matches(noneOf, .put, "/a"))
        #expect(try matches(noneOf, .get, "/a"))
        #expect(
            refusal(#"{"request": {"method": {"someOf": ["GET"]}}}"#)?.message.contains("request.method.someOf") == true
        )
        #expect(refusal(#"{"request": {"method": {"oneOf": []}}}"#)?.message.contains("a list of methods") == true)
    }

    // MARK: Bad input

    @Test(arguments: [
        (
            #"{"request": {"bodyPatterns": [{"startsWith": "x"}]}, "response": {}}"#,
            "request.bodyPatterns[0]: startsWith is not a matcher"
        ),
        (#"{"request": {"urlPattern": "(("}, "response": {}}"#, "request.urlPattern: (( is not a regular expression"),
        (#"{"request": {}, "response": {"bodyFileName": "../x"}}"#, "response.bodyFileName: needs a mapping folder"),
        (#"{"request": {}, "response": {"fault": "BOOM"}}"#, "response.fault: BOOM is not a fault"),
        (#"{"request": {}, "response": {"status": 700}}"#, "response.status: must be a whole number from 100 to 599"),
        (#"{"request": {"url": "/a", "urlPath": "/a"}, "response": {}}"#, "request: give one of url, urlPath"),
        (
            #"{"request": {"customMatcher": {"name": "x"}}, "response": {}}"#,
            "request.customMatcher: is not a field this server reads here"
        ),
        (
            #"{"request": {"bodyPatterns": [{"matchesJsonPath": " "}]}, "response": {}}"#,
            "request.bodyPatterns[0].matchesJsonPath: a JSONPath is $ and the steps after it"
        ),
        (#"{"request": {}, "response": {"headers": {"X-A": "one\r\ntwo"}}}"#, "response.headers.X-A: must be a string"),
        (#"{"request": {}, "response": {}, "persistent": null}"#, "persistent: must be true or false"),
        (
            #"{"request": {"headers": {"X": {"absent": true, "contains": 0}}}, "response": {}}"#,
            "request.headers.X.contains: must be a string"
        ),
        (#"{"id": "import", "request": {}, "response": {}}"#, "id: 1 to 64 letters"),
        (#"{"scenarioName": "a/b", "request": {}, "response": {}}"#, "scenarioName: must be a name without /"),
    ])
    func aBrokenMappingIs422NamingItsField(_ mapping: String, _ message: String) {
        let error = refusal(mapping)
        #expect(error?.status == 422)
        #expect(error?.message.hasPrefix(message) == true, "\(error?.message ?? "accepted")")
    }

    @Test func aBodyThatIsNotJSONIs400() {
        #expect(refusal("{nope") == StubError(status: 400, message: "The body is not JSON."))
    }

    @Test func aCatastrophicRegularExpressionEndsWithoutAMatch() throws {
        let mapping = #"{"request": {"bodyPatterns": [{"matches": "(a+)+b"}]}, "response": {}}"#
        #expect(try !matches(mapping, .post, "/a", body: String(repeating: "a", count: 40) + "c"))
    }

    @Test func theStoreKeepsAtMostItsBoundAndAddsAllOrNone() throws {
        let store = StubStore(capacity: 3)
        try store.add((0..<2).map { try stub(#"{"id": "s\#($0)", "request": {}, "response": {}}"#) })
        let two = try (2..<4).map { try stub(#"{"id": "s\#($0)", "request": {}, "response": {}}"#) }
        #expect(throws: StubError(status: 507, message: "A world (the server, or a sandbox) keeps at most 3 stubs.")) {
            try store.add(two)
        }
        #expect(store.mappings.map(\.id) == ["s1", "s0"], "none of the two was kept")
        try store.add(stub(#"{"id": "s0", "request": {}, "response": {"status": 201}}"#))
        #expect(store.mappings.count == 2, "the same id replaces")
    }

    @Test func storesKeepTheirBytesAndTheServersLedgerAllTogether() throws {
        let big = { (id: String) in
            try stub(
                #"{"id": "\#(id)", "request": {}, "response": {"body": "\#(String(repeating: "x", count: 600))"}}"#)
        }
        // Each keeps about 2 KB (its body twice, five values).
        let ledger = ByteLedger(limit: 5_000)
        let one = StubStore(byteCapacity: 4_500, ledger: ledger)
        let other = StubStore(byteCapacity: 4_500, ledger: ledger)
        try one.add(big("a"))
        #expect(throws: StubError.self) { try one.add([big("b"), big("c")]) }
        #expect(one.mappings.map(\.id) == ["a"], "over the world's bytes: none kept")
        try other.add(big("d"))
        #expect(ledger.used > 4_000)
        #expect(throws: StubError.self) { try other.add(big("e")) }
        #expect(other.mappings.map(\.id) == ["d"], "over the server's bytes: none kept")
        one.removeAll()
        try other.add(big("e"))
        #expect(other.mappings.count == 2, "the bytes came back")
        other.reset()
        #expect(ledger.used == 0)
    }

    /// Recordings were under no budget: 16 MiB for each of 256 sandboxes.
    @Test func recordingsKeepWhatTheServersLedgerAllows() throws {
        let ledger = ByteLedger(limit: 2_500)
        let recorder = StubRecorder(ledger: ledger)
        try recorder.start(Data(#"{"targetBaseUrl": "http://real.test"}"#.utf8))
        let answer = Data(String(repeating: "x", count: 1_000).utf8)
        for path in ["/a", "/b", "/c"] {
            recorder.keep(ParsedRequest(request(path), body: Data()), status: 200, headers: [:], body: answer)
        }
        #expect(recorder.snapshot().count == 2, "the third would pass the ledger")
        #expect(ledger.used == 2_000)
        #expect(try recorder.stop().count == 2)
        #expect(ledger.used == 0, "the exchanges are given back as they become stubs")
    }

    @Test func aStubWeighsWhatItKeepsNotItsText() throws {
        let pattern = String(repeating: "(a|b)[0-9]+", count: 20)
        let plain = try stub(#"{"request": {"urlPath": "/\#(pattern)"}, "response": {}}"#)
        let regex = try stub(#"{"request": {"urlPathPattern": "/\#(pattern)"}, "response": {}}"#)
        #expect(regex.size > 10 * plain.size, "a regular expression keeps some 80 bytes a character compiled")
        let text = String(repeating: "{{request.path}} ", count: 100)
        let body = try stub(#"{"request": {}, "response": {"body": "\#(text)"}}"#)
        let template = try stub(
            #"{"request": {}, "response": {"body": "\#(text)", "transformers": ["response-template"]}}"#)
        #expect(template.size > 5 * body.size, "a parsed template keeps some 13 bytes a character")
        let tree = try stub(
            #"{"request": {}, "response": {"jsonBody": [\#((1...500).map(String.init).joined(separator: ","))]}}"#)
        #expect(tree.size > 500 * 160, "each JSON value keeps far more than its text")
    }

    // MARK: The contract

    // MARK: A WireMock folder

    @Test func aFolderLargerThanTheServerReadsIsRefusedBeforeAnyFileIsParsed() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("stubs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let mappings = root.appendingPathComponent("mappings")
        try FileManager.default.createDirectory(at: mappings, withIntermediateDirectories: true)
        // Not even JSON: were it parsed, the error would say so.
        try Data(repeating: UInt8(ascii: "["), count: 3 << 20).write(to: mappings.appendingPathComponent("huge.json"))
        #expect(
            throws: StubFolder.LoadError(["\(mappings.path) holds 3 MiB of mappings; a server reads at most 2 MiB."])
        ) {
            try StubFolder.load(root, maximumBytes: 2 << 20).mappings
        }
    }

    /// A 43 MB mapping file under the folder cap parsed to 2.5 GB before the cap on stubs
    /// refused it: its stubs are read one at a time and counted as they are.
    @Test func aFolderIsRefusedAtTheStubThatPassesItsMemoryBudgetBeforeTheRestIsParsed() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("stubs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let one = #"{"request": {"urlPath": "/one"}, "response": {"body": "\#(String(repeating: "x", count: 1000))"}}"#
        // Not JSON after the second stub: were it parsed, the error would say so.
        try Self.write(#"{"mappings": [\#(one), \#(one), {"request": nope}]}"#, at: "mappings/big.json", in: root)
        #expect(
            throws: StubFolder.LoadError(
                [
                    "mappings/big.json mappings[1]: the folder's stubs would keep more than 5000 bytes of memory, "
                        + "the server's budget for stubs; nothing after it was read."
                ], isOverBudget: true)
        ) {
            try StubFolder.load(root, memoryBudget: 5_000)
        }
        #expect(throws: StubFolder.LoadError(["mappings/big.json: mappings[2]: not JSON."])) {
            try StubFolder.load(root)
        }
    }

    /// One 22 MB stub of `{}` objects took 2.3 GB to parse before the budget refused it.
    @Test func aStubWhoseTextCannotFitIsRefusedBeforeItIsParsed() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("stubs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let objects = Array(repeating: "{}", count: 20_000).joined(separator: ",")
        try Self.write(
            #"{"request": {}, "response": {"jsonBody": [\#(objects)]}}"#, at: "mappings/objects.json", in: root)
        #expect(
            throws: StubFolder.LoadError(
                [
                    "mappings/objects.json: the folder's stubs would keep more than 1 MiB of memory, "
                        + "the server's budget for stubs; nothing after it was read."
                ], isOverBudget: true)
        ) {
            try StubFolder.load(root, memoryBudget: 1 << 20)
        }
    }

    @Test func aMappingFilesStubsAreFoundWithoutReadingTheFileIntoATree() throws {
        let text = Array(
            #"{"meta": {"total": 2, "note": "]}[{"}, "mappings" : [ {"request": {"url": "/a\"]"}}, [1, [2]], "x\\", 7 ] }"#
                .utf8)
        let elements = try #require(JSONValue.mappingsElements(in: text))
        #expect(
            elements.map { String(decoding: text[$0], as: UTF8.self) } == [
                #"{"request": {"url": "/a\"]"}}"#, "[1, [2]]", #""x\\""#, "7",
            ])
        #expect(JSONValue.mappingsElements(in: Array(#"{"request": {}, "response": {}}"#.utf8)) == nil)
        #expect(JSONValue.mappingsElements(in: Array(#"{"mappings": []}"#.utf8)) == [])
        #expect(JSONValue.mappingsElements(in: Array(#"{"mappings": [{}"#.utf8)) == nil)
    }

    /// Writes `json` at `path` under `root`, making its folders.
    static func write(_ json: String, at path: String, in root: URL) throws {
        let file = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(json.utf8).write(to: file)
    }

    /// A folder as a team brings it: most of its files in sub-folders, WireMock's bookkeeping,
    /// numbers written as strings.
    @Test func aFolderLoadsItsMappingsAtAnyDepthAsWireMockWritesThem() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("stubs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let write = { (path: String, json: String) in try Self.write(json, at: path, in: root) }
        try write("mappings/top.json", #"{"request": {"urlPath": "/top"}, "response": {"status": "201"}}"#)
        try write(
            "mappings/users/list.json",
            #"{"id": "1b4f0c3e-6d1e-4b8e-9a55-0d7e8c1c2b11", "name": "users", "insertionIndex": 7, "persistent": "true", "request": {"urlPath": "/users"}, "response": {"status": 200, "fixedDelayMilliseconds": "20"}}"#
        )
        try write(
            "mappings/users/deep/er/one.json", #"{"mappings": [{"request": {"urlPath": "/deep"}, "response": {}}]}"#)
        try write("mappings/.hidden/skipped.json", #"{"request": {"urlPath": "/hidden"}, "response": {}}"#)
        try write("mappings/users/notes.txt", "not a mapping")
        let mappings = try StubFolder.load(root).mappings
        #expect(mappings.map(\.request.exactPath) == ["/top", "/deep", "/users"])
        #expect(mappings[0].response.status == 201)
        #expect(mappings[2].response.delay == .milliseconds(20))
    }

    @Test func aFolderWithProblemsNamesEveryFileAndFieldAndLoadsNothing() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("stubs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let write = { (path: String, json: String) in try Self.write(json, at: path, in: root) }
        try write("mappings/a.json", #"{"request": {"urlPath": "/a"}, "response": {}}"#)
        try write("mappings/b/broken.json", #"{"request": "#)
        try write(
            "mappings/b/list.json",
            #"{"mappings": [{"request": {"urlPath": "/ok"}, "response": {}}, {"request": {"method": 5}, "response": {}}, {"request": {"urlPath": "/t"}, "response": {"body": "{{random 'Name.first_name'}}", "transformers": ["response-template"]}}]}"#
        )
        try write("mappings/c.json", #"{"request": {"urlPath": "/c"}, "response": {"status": "two hundred"}}"#)
        let problems = [
            "mappings/b/broken.json: not JSON.",
            "mappings/b/list.json: mappings[1].request.method: must be a method name, or oneOf or noneOf a list of them",
            "mappings/c.json: response.status: must be a whole number from 100 to 599",
        ]
        #expect(throws: StubFolder.LoadError(problems)) { try StubFolder.load(root) }
        #expect(
            StubFolder.LoadError(problems).message.hasPrefix("3 problems, nothing served:\n  mappings/b/broken.json"))
    }

    /// Three teams' folders repeated a stub's id across files, and one ended ids in a newline:
    /// WireMock keeps every such stub, each answering its own requests.
    @Test func aFolderThatRepeatsAnIdKeepsBothStubsAndAnIdIsReadWithoutItsWhiteSpace() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("stubs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let id = "4bc8f3c5-0000-4000-8000-dbadc10f3463"
        try Self.write(
            #"{"id": "\#(id)\n", "request": {"urlPath": "/one"}, "response": {"body": "one"}}"#,
            at: "mappings/one.json", in: root)
        try Self.write(
            #"{"id": "\#(id)", "request": {"urlPath": "/two"}, "response": {"body": "two"}}"#, at: "mappings/two.json",
            in: root)
        let loaded = try StubFolder.load(root)
        #expect(loaded.mappings.map(\.id).first == id)
        #expect(loaded.mappings.map(\.id) == [id, "\(id).2"])
        #expect(
            loaded.warnings == [
                "mappings/two.json: id: \(id) is the id of mappings/one.json too; "
                    + "WireMock keeps both under it, this server keeps this one as \(id).2."
            ])
        #expect(try StubFolder.load(root).mappings.map(\.id) == [id, "\(id).2"], "the same on every start")
        // Another file's own id is never taken for a repeated one: one.json, three.json (ID.2),
        // then two.json (ID, so ID.3).
        try Self.write(
            #"{"id": "\#(id).2", "request": {"urlPath": "/three"}, "response": {"body": "three"}}"#,
            at: "mappings/three.json", in: root)
        #expect(try StubFolder.load(root).mappings.map(\.id) == [id, "\(id).2", "\(id).3"])
        let store = StubStore(initial: loaded.mappings)
        for path in ["/one", "/two"] {
            let stub = try #require(store.match(request(path), body: Data()).stub)
            #expect(
                stub.response.answer(to: ParsedRequest(request(path), body: Data())).1 == Data(path.dropFirst().utf8))
        }
    }

    /// A team's folder held one recorded request in five sub-folders: which answers in WireMock
    /// depends on the order its disk lists them.
    @Test func stubsInDifferentFilesWithTheSameRequestAreNamedAndTheLastAnswers() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("stubs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let user = #"{"method": "GET", "url": "/api/v1/users/1"}"#
        for team in ["voice", "google"] {
            try Self.write(
                #"{"request": \#(user), "response": {"body": "from \#(team)"}}"#, at: "mappings/\(team)/s.json",
                in: root)
        }
        // Another priority, or two stubs of one file (read in its order by both servers), are no
        // cause for a warning.
        try Self.write(
            #"{"mappings": [{"request": {"url": "/a"}}, {"request": {"url": "/a"}}, {"request": \#(user), "priority": 1}]}"#,
            at: "mappings/other.json", in: root)
        let loaded = try StubFolder.load(root)
        #expect(
            loaded.warnings == [
                "mappings/google/s.json, mappings/voice/s.json: the same request at the same priority; only the last, "
                    + "mappings/voice/s.json, answers here, and in WireMock the one its disk lists last: "
                    + "give the one meant a lower priority number"
            ])
        let stub = try #require(
            StubStore(initial: loaded.mappings.filter { $0.priority == 5 }).match(
                request("/api/v1/users/1"), body: Data()
            ).stub)
        #expect(
            stub.response.answer(to: ParsedRequest(request("/api/v1/users/1"), body: Data())).1
                == Data("from voice".utf8))
    }

    /// A team's `urlPath` stub answered `204` in WireMock, where another file's `urlPattern`,
    /// read after it here, took the same request: which answers depends on the disk's order.
    @Test func aURLPatternThatTakesAnotherFilesURLAtTheSamePriorityIsNamed() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("stubs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let switches = "/api/agency-switches/DISPLAY_HOUSING_CHECKBOX/agency"
        try Self.write(
            #"{"request": {"method": "GET", "urlPath": "\#(switches)/BXI"}, "response": {"status": 204}}"#,
            at: "mappings/checkbox.json", in: root)
        try Self.write(
            #"{"request": {"method": "GET", "urlPattern": "^\#(switches)/[\\w-]+$"}, "response": {"status": 404}}"#,
            at: "mappings/no-checkbox.json", in: root)
        // Another method, another priority, a URL the pattern does not take, a query parameter
        // the other names otherwise: no cause for a warning.
        try Self.write(
            #"""
            {"mappings": [{"request": {"method": "POST", "urlPattern": "^\#(switches)/.*"}},
                          {"request": {"method": "GET", "urlPathPattern": "/api/.*"}, "priority": 1},
                          {"request": {"method": "GET", "urlPathTemplate": "/other/{id}"}},
                          {"request": {"urlPathPattern": "/courts/[A-Z]+/outcomes",
                                       "queryParameters": {"state": {"equalTo": "NEW"}}}}]}
            """#, at: "mappings/others.json", in: root)
        try Self.write(
            #"{"request": {"urlPath": "/courts/B/outcomes", "queryParameters": {"state": {"equalTo": "DONE"}}}}"#,
            at: "mappings/outcomes.json", in: root)
        let loaded = try StubFolder.load(root)
        #expect(
            loaded.warnings == [
                "mappings/no-checkbox.json takes with its URL pattern the URLs of mappings/checkbox.json at the same "
                    + "priority: where both match, the one loaded last answers, here the one in the last path, and in "
                    + "WireMock the one its disk lists last: give the one meant a lower priority number"
            ])
    }

    @Test func aLargeSetOfStubsWithTheSameRequestIsNamedByItsFirstThreeAndItsLast() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("stubs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for index in 1...7 {
            try Self.write(#"{"request": {"url": "/same"}}"#, at: "mappings/\(index).json", in: root)
        }
        #expect(
            try StubFolder.load(root).warnings.first?.hasPrefix(
                "mappings/1.json, mappings/2.json, mappings/3.json, 3 more, mappings/7.json: the same request") == true)
    }

    /// WireMock 2.35.1 starts with a folder whose stub names a helper it does not have (and
    /// answers it 500) or an extension's transformer; such a folder did not start here at all.
    @Test func aFolderStubNamingAHelperOrAnExtensionThisServerLacksLoadsAndAnswers500SayingWhich() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("stubs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.write(
            #"{"mappings": [{"request": {"urlPath": "/ok"}, "response": {"body": "ok"}}, {"id": "helper", "request": {"urlPath": "/helper"}, "response": {"body": "{{random 'Name.first_name'}}", "transformers": ["response-template"]}}]}"#,
            at: "mappings/a.json", in: root)
        try Self.write(
            #"{"priority": 1, "request": {"method": "POST", "urlPath": "/ext"}, "response": {"body": "x", "transformers": ["body-transformer"]}}"#,
            at: "mappings/b.json", in: root)
        let loaded = try StubFolder.load(root)
        #expect(
            loaded.warnings == [
                "mappings/a.json: mappings[1].response.body: random is not a helper this server has: the stub answers 500 saying so.",
                "mappings/b.json: response.transformers: body-transformer is a WireMock extension this server does not have: the stub answers 500 saying so.",
            ])
        let store = StubStore(initial: loaded.mappings)
        let helper = try #require(store.match(request("/helper"), body: Data()).stub)
        let (head, body) = helper.response.answer(to: ParsedRequest(request("/helper"), body: Data()))
        #expect(head.status.code == 500)
        #expect(String(decoding: body, as: UTF8.self).contains("random is not a helper this server has"))
        guard case .object(let listed) = helper.json, case .object(let response)? = listed["response"] else {
            Issue.record("\(helper.json)")
            return
        }
        #expect(response["body"] == .string("{{random 'Name.first_name'}}"), "listed as written")
        #expect(store.match(request(.get, "/ext"), body: Data()).stub == nil, "its request matches as written")
        let extensionStub = try #require(store.match(request(.post, "/ext"), body: Data()).stub)
        #expect(extensionStub.priority == 1)
        #expect(extensionStub.response.status == 500)
        #expect(
            refusal(
                #"{"request": {}, "response": {"body": "{{random 'Name.first_name'}}", "transformers": ["response-template"]}}"#
            )?
            .isUnsupported == true, "added through the admin API it is refused, so a test learns at once")
    }

    /// WireMock keeps a folder's stub whose body file is missing (and fails when it is served);
    /// a real team's folder had one, and was refused whole here.
    @Test func aFolderStubWhoseBodyFileIsMissingIsKeptWithAWarningAndAnswers500() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("stubs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.write(
            #"{"mappings": [{"request": {"urlPath": "/ok"}, "response": {}}, {"request": {"urlPath": "/gone"}, "response": {"bodyFileName": "users/404.json"}}]}"#,
            at: "mappings/users.json", in: root)
        let loaded = try StubFolder.load(root)
        #expect(loaded.mappings.count == 2)
        #expect(
            loaded.warnings == [
                "mappings/users.json: mappings[1].response.bodyFileName: there is no file users/404.json in __files/ (answered 500 until there is)"
            ])
        let store = StubStore(initial: loaded.mappings)
        guard case .stub(let stub) = store.match(request("/gone"), body: Data()) else {
            Issue.record("the stub did not match")
            return
        }
        #expect(stub.response.answer(to: ParsedRequest(request("/gone"), body: Data())).0.status.code == 500)
        #expect(
            refusal(
                #"{"request": {}, "response": {"bodyFileName": "users/404.json"}}"#,
                files: root.appendingPathComponent("__files"))?.message
                == "response.bodyFileName: there is no file users/404.json in __files/",
            "added through the admin API, it is still refused at once")
    }

    @Test func equalToJsonIgnoringArrayOrderHoldsForLargeArraysAndStillTellsThemApart() async throws {
        let count = 60_000
        let expected = JSONValue.array((0..<count).map { .number(Double($0)) })
        let shuffled = JSONValue.array((0..<count).reversed().map { .number(Double($0)) })
        var other = (0..<count).map { JSONValue.number(Double($0)) }
        other[0] = .number(-1)
        let different = JSONValue.array(other)
        let results = try await onADedicatedThread {
            [
                expected.matches(shuffled, ignoreArrayOrder: true, ignoreExtraElements: false),
                expected.matches(different, ignoreArrayOrder: true, ignoreExtraElements: false),
                expected.matches(shuffled, ignoreArrayOrder: true, ignoreExtraElements: true),
            ]
        }
        #expect(results == [true, false, true])
        let objects = JSONValue.array([.object(["a": .number(1)]), .object(["b": .array([.number(2), .number(3)])])])
        let reordered = JSONValue.array([
            .object(["b": .array([.number(3), .number(2)]), "c": .null]), .object(["a": .number(1)]),
        ])
        #expect(objects.matches(reordered, ignoreArrayOrder: true, ignoreExtraElements: true))
        #expect(!objects.matches(reordered, ignoreArrayOrder: true, ignoreExtraElements: false))
    }

    @Test func objectsInAnArrayComparedWithBothOptionsStopWhenTheBudgetIsSpent() throws {
        // Each object may match a larger one, so each is tried against those left: quadratic.
        let count = 4_000
        let expected = (0..<count).map { #"{"i": \#($0)}"# }.joined(separator: ",")
        let actual = (0..<count).reversed().map { #"{"i": \#($0), "x": 1}"# }.joined(separator: ",")
        let store = StubStore()
        try store.add(
            stub(
                #"{"request": {"bodyPatterns": [{"equalToJson": [\#(expected)], "ignoreArrayOrder": true, "ignoreExtraElements": true}]}, "response": {}}"#
            ))
        let result = store.match(
            request(.post, "/a"), body: Data("[\(actual)]".utf8), budget: MatchBudget(.milliseconds(5)))
        guard case .budgetSpent = result else {
            Issue.record("\(result)")
            return
        }
    }

    @Test func jsonIsWrittenCompactWithSortedKeysAndEscapedAndStopsPastALimit() throws {
        let value = try #require(
            JSONValue.parse(Data(#"{"b": [1, 2.5, -3, 1e20, true, null], "a": "q\"/\\\n\u0001é"}"#.utf8)))
        let text = #"{"a":"q\"/\\\n\u0001é","b":[1,2.5,-3,1e+20,true,null]}"#
        #expect(String(decoding: value.data, as: UTF8.self) == text)
        #expect(JSONValue.parse(value.data) == value, "what is written reads back the same")
        #expect(value.text(upTo: 1_000) == (text, true))
        let long = JSONValue.array((0..<100_000).map { .number(Double($0)) })
        let (start, complete) = long.text(upTo: 100)
        #expect(!complete)
        #expect(start.hasPrefix("[0,1,2,3,") && (100...120).contains(start.utf8.count))
    }
}

/// A seeded generator, so that draws repeat from run to run.
private struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
