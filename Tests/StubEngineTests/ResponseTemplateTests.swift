import Foundation
import HTTPTypes
import Testing

@testable import StubEngine

/// WireMock's response templates (`"transformers": ["response-template"]`), rendered from the
/// request; each expectation below was checked against WireMock 2.35.1 unless it says otherwise.
@Suite("Response templates")
struct ResponseTemplateTests {
    func request(
        _ method: HTTPRequest.Method = .get, _ target: String, fields: HTTPFields = [:], body: String = ""
    ) -> ParsedRequest {
        ParsedRequest(
            HTTPRequest(
                method: method, scheme: "http", authority: "127.0.0.1:8080", path: target, headerFields: fields),
            body: Data(body.utf8))
    }

    func render(_ template: String, _ request: ParsedRequest, now: Date = Date()) throws -> String {
        try ResponseTemplate(template).render(request, now: now)
    }

    func refusal(_ template: String) -> String? {
        do {
            _ = try ResponseTemplate(template)
            return nil
        } catch {
            return error.text
        }
    }

    @Test func theRequestModelHasWireMocksNames() throws {
        let sent = request(
            .post, "/users/42/orders?tag=a&tag=b&q=x",
            fields: [HTTPField.Name("X-Trace")!: "t-1", .cookie: "session=abc; theme=dark"], body: "hello")
        #expect(try render("{{request.url}}", sent) == "/users/42/orders?tag&#x3D;a&amp;tag&#x3D;b&amp;q&#x3D;x")
        #expect(try render("{{{request.url}}}", sent) == "/users/42/orders?tag=a&tag=b&q=x")
        #expect(
            try render("{{request.path}} {{request.path.[1]}} {{request.pathSegments.[0]}}", sent)
                == "/users/42/orders 42 users")
        #expect(
            try render("{{request.query.tag}} {{request.query.tag.[1]}} {{size request.query.tag}}", sent) == "a b 2")
        #expect(try render("{{request.headers.x-trace}} {{request.headers.X-Trace}}", sent) == "t-1 t-1")
        #expect(try render("{{request.method}} {{request.body}} {{request.cookies.theme}}", sent) == "POST hello dark")
        #expect(try render("{{request.baseUrl}}", sent) == "http://127.0.0.1:8080")
        #expect(try render("<{{request.query.missing}}><{{nothing.here}}>", sent) == "<><>", "nothing is empty")
    }

    /// WireMock 3: a template reads a `urlPathTemplate`'s parts by name.
    @Test func thePathNamesThePartsOfTheStubsPathTemplate() throws {
        let store = StubStore()
        try store.add(
            StubMapping.parse(
                Data(
                    #"""
                    {"request": {"urlPathTemplate": "/contacts/{contactId}/addresses/{addressId}"},
                     "response": {"body": "{{request.path.contactId}}/{{request.path.addressId}} {{request.path.[1]}} <{{request.path.other}}>",
                                  "transformers": ["response-template"]}}
                    """#.utf8)))
        let sent = request(.get, "/contacts/12/addresses/99")
        guard case .stub(let stub) = store.match(sent) else {
            Issue.record("the stub did not match")
            return
        }
        #expect(String(decoding: stub.response.answer(to: sent).1, as: UTF8.self) == "12/99 12 <>")
    }

    @Test func xPathReadsTheTextOfWhatItSelects() throws {
        let sent = request(.post, "/soap", body: #"<order id="7"><item>tea</item><item>milk</item></order>"#)
        #expect(
            try render("{{xPath request.body '/order/@id'}} {{xPath request.body '//item[2]/text()'}}", sent)
                == "7 milk")
        #expect(try render("<{{xPath request.body '/nothing'}}>", sent) == "<>")
    }

    @Test func whatDoubleBracesWriteIsEscapedAndTripleBracesAreNot() throws {
        let sent = request(.get, "/a?q=%3Ca%3E%26'%22")
        #expect(try render("{{request.query.q}}", sent) == "&lt;a&gt;&amp;&#x27;&quot;")
        #expect(try render("{{{request.query.q}}}", sent) == "<a>&'\"")
    }

    @Test func jsonPathReadsTheBodyAndEachWalksWhatItFinds() throws {
        let sent = request(
            .post, "/rides", body: #"{"id": "r-1", "rider": {"name": "Ann", "seats": 2}, "stops": ["Bondi", "Manly"]}"#)
        #expect(try render("{{jsonPath request.body '$.id'}}", sent) == "r-1")
        #expect(try render("{{{jsonPath request.body '$.rider'}}}", sent) == #"{"name":"Ann","seats":2}"#)
        #expect(try render("{{{jsonPath request.body '$.stops'}}}", sent) == #"["Bondi","Manly"]"#)
        #expect(
            try render("{{#each (jsonPath request.body '$.stops') as |stop|}}[{{stop}}@{{@index}}]{{/each}}", sent)
                == "[Bondi@0][Manly@1]")
        #expect(try render("{{#each (jsonPath request.body '$.stops')}}{{this}};{{/each}}", sent) == "Bondi;Manly;")
        #expect(try render("{{#with (parseJson request.body)}}{{rider.name}}{{/with}}", sent) == "Ann")
        #expect(try render("{{math (jsonPath request.body '$.rider.seats') '*' 3}}", sent) == "6")
    }

    @Test func conditionsAndComparisonsChooseABranch() throws {
        let sent = request(.get, "/a?n=5&mode=fast")
        #expect(try render("{{#if request.query.mode}}yes{{else}}no{{/if}}", sent) == "yes")
        #expect(try render("{{#if request.query.none}}yes{{else}}no{{/if}}", sent) == "no")
        #expect(try render("{{#unless request.query.none}}unset{{/unless}}", sent) == "unset")
        #expect(try render("{{#eq request.query.mode 'fast'}}F{{else}}S{{/eq}}", sent) == "F")
        #expect(try render("{{#if (gt request.query.n 3)}}big{{/if}}", sent) == "big")
        #expect(try render("{{lt request.query.n 3}} {{ne request.query.mode 'slow'}}", sent) == "false true")
        #expect(try render("{{#if (and (eq request.method 'GET') (not request.query.none))}}ok{{/if}}", sent) == "ok")
    }

    @Test func elseIfChainsBlocksUnderOneClose() throws {
        let template =
            "{{#if request.query.a}}A{{else if request.query.b}}B{{else unless request.query.c}}noC{{else}}C{{/if}}"
        #expect(try render(template, request(.get, "/?a=1")) == "A")
        #expect(try render(template, request(.get, "/?b=1")) == "B")
        #expect(try render(template, request(.get, "/")) == "noC")
        #expect(try render(template, request(.get, "/?c=1")) == "C")
        // Of two {{else}}s, Handlebars.java keeps the last.
        #expect(try render("{{#if request.query.a}}A{{else}}B{{else}}C{{/if}}", request(.get, "/")) == "C")
        #expect(refusal("{{#if a}}A{{else if b}}B") == "{{#if}} is not closed by {{/if}}")
    }

    /// Each as the 2.35.1 jar writes it.
    @Test func whiteSpaceControlCaretElseAndRootAreHandlebars() throws {
        let sent = request(.get, "/ws")
        #expect(try render("[{{#if false}}a{{~else~}}  b  {{/if}}]", sent) == "[b  ]")
        #expect(try render("[{{#if false}}a{{else~}}  b{{/if}}]", sent) == "[b]")
        #expect(try render("[{{#if false}}a{{~else if true~}}  b {{/if}}]", sent) == "[b ]")
        #expect(try render("[{{#if false}}a{{^}}b{{/if}}][{{#if true}}a{{^}}b{{/if}}]", sent) == "[b][a]")
        #expect(try render("[  {{~request.path~}}  ]", sent) == "[/ws]")
        #expect(try render("[{{#each (array 1 2) ~}}\n  {{this}}\n{{~/each}}]", sent) == "[12]")
        #expect(try render("{{#each (array 1)}}{{@root.request.path}}{{/each}}", sent) == "/ws")
    }

    @Test func dotDotReadsTheEachOrWithAroundAndIfOpensNoScope() throws {
        let sent = request(
            .post, "/p", body: #"{"top": "T", "rows": [{"name": "x", "cells": [1, 2]}, {"name": "y", "cells": [3]}]}"#)
        let nested =
            "{{#each (jsonPath request.body '$.rows')}}[{{#each this.cells}}{{@../index}}-{{@index}}:{{../name}}|{{/each}}]{{/each}}"
        #expect(try render(nested, sent) == "[0-0:x|0-1:x|][1-0:y|]")
        let throughIf =
            "{{#with (parseJson request.body)}}{{#each rows}}{{#if true}}<{{../top}}|{{../../request.path}}|{{@../index}}>{{/if}}{{/each}}{{/with}}"
        #expect(try render(throughIf, sent) == "<T|/p|><T|/p|>")
        #expect(try render("{{../request.path}}|{{request.path}}", sent) == "|/p")
    }

    /// A team's folder read `request.requestLine.…` and rendered nothing (2,546 answers of one folder).
    @Test func theRequestLineHasWireMocksParts() throws {
        let sent = request(.get, "/r4/seg?a=q")
        #expect(try render("{{request.requestLine.pathSegments.[1]}}|{{request.requestLine.query.a}}", sent) == "seg|q")
        #expect(try render("{{request.requestLine.method}} {{request.requestLine.path}}", sent) == "GET /r4/seg")
        #expect(try render("{{request.requestLine.host}}:{{request.requestLine.port}}", sent) == "127.0.0.1:8080")
    }

    /// Checked against WireMock 2.35.1 with --local-response-templating.
    @Test func helpersWriteWhatWireMockWrites() throws {
        let sent = request(.post, "/t", body: #"{"a": 1}"#)
        #expect(try render("[{{jsonPath request.body '$.missing'}}]", sent) == "[]", "nothing selected writes nothing")
        #expect(try render("[{{jsonPath request.body '$.missing' default='none'}}]", sent) == "[none]")
        // A body that is empty or not JSON selects nothing too (WireMock's answer is a 500).
        for body in ["", "<a/>"] {
            #expect(
                try render("[{{jsonPath request.body '$.id' default='none'}}]", request(.post, "/", body: body))
                    == "[none]")
        }
        #expect(try render("{{capitalize 'mIXed case-word x'}}", sent) == "MIXed Case-word X")
        #expect(try render("[{{regexExtract 'abc' '[0-9]+' default='nope'}}]", sent) == "[nope]")
        let random = try render("{{randomValue length=30 type='ALPHABETIC'}}", sent)
        #expect(random == random.lowercased(), "lower case unless uppercase=true: \(random)")
        let mixed = try render("{{randomValue length=30 type='ALPHANUMERIC'}}", sent)
        #expect(mixed == mixed.lowercased())
    }

    @Test func valuesAreMadeAtRandomWithinWhatIsAsked() throws {
        let sent = request(.get, "/")
        let text = try render("{{randomValue length=12 type='ALPHANUMERIC'}}", sent)
        #expect(text.count == 12 && text.allSatisfy { $0.isLetter || $0.isNumber })
        #expect(try render("{{randomValue length=6 type='NUMERIC'}}", sent).allSatisfy(\.isNumber))
        #expect(try render("{{randomValue type='UUID'}}", sent).count == 36)
        #expect(try render("{{randomValue length=4 type='ALPHABETIC' uppercase=true}}", sent).allSatisfy(\.isUppercase))
        let number = try #require(Int(try render("{{randomInt lower=5 upper=9}}", sent)))
        #expect((5..<9).contains(number))
        // Without bounds, any 32-bit number: below a negative upper bound too.
        let negative = try #require(Int(try render("{{randomInt upper=-5}}", sent)))
        #expect((Int(Int32.min) ..< -5).contains(negative))
    }

    @Test func nowIsWrittenInTheFormatAskedMovedByItsOffset() throws {
        let now = Date(timeIntervalSince1970: 1_764_115_200)  // 2025-11-26 00:00:00 UTC
        let sent = request(.get, "/")
        #expect(try render("{{now}}", sent, now: now) == "2025-11-26T00:00:00Z")
        #expect(try render("{{now format='yyyy-MM-dd'}}", sent, now: now) == "2025-11-26")
        #expect(try render("{{now offset='3 days' format='yyyy-MM-dd'}}", sent, now: now) == "2025-11-29")
        #expect(try render("{{now offset='-1 hours' format='HH:mm'}}", sent, now: now) == "23:00")
        #expect(
            try render("{{now format='epoch'}} {{now format='unix'}}", sent, now: now) == "1764115200000 1764115200")
    }

    @Test func textHelpersDoWhatTheirNamesSay() throws {
        let sent = request(.get, "/a?q=hello%20world&n=7")
        #expect(try render("{{base64 request.query.q}}", sent) == "aGVsbG8gd29ybGQ&#x3D;")
        #expect(try render("{{base64 'aGk=' decode=true}}", sent) == "hi")
        #expect(try render("{{urlEncode request.query.q}}", sent) == "hello+world")
        #expect(try render("{{regexExtract request.query.q '[a-z]+'}}", sent) == "hello")
        #expect(try render("{{join ',' (range 1 4)}} {{join (array 'a' 'b') '-'}}", sent) == "1,2,3,4 a-b")
        #expect(try render("{{range 1 3}}", sent) == "[1, 2, 3]")
        #expect(
            try render("{{upper request.query.q}} {{size 'hello'}} {{size request.query.q}}", sent) == "HELLO WORLD 5 1"
        )
        #expect(try render("{{math request.query.n '+' 3}}", sent) == "10")
        #expect(throws: StubError.Reason("math: 1 / 0 divides by zero")) { try render("{{math '1' '/' 0}}", sent) }
        #expect(try render("{{lookup request.query 'n'}}", request(.get, "/?n=7")) == "7")
        // The request alone is a value a block takes, as WireMock 2.35.1 answers.
        let model = request(.get, "/with?x=1&y=2")
        #expect(try render("{{#with request}}{{method}} {{url}}{{/with}}", model) == "GET /with?x&#x3D;1&amp;y&#x3D;2")
        #expect(try render("{{lookup request 'method'}}", model) == "GET")
        #expect(
            try render("{{#each request.query}}{{lookup ../request 'method'}}{{@key}}{{/each}}", model) == "GETxGETy")
        // A block's second name is a member's name, an element's index; WireMock 2.35.1's members
        // of the request.
        #expect(try render("{{#each request.query as |v k|}}{{k}}={{v}};{{/each}}", model) == "x=1;y=2;")
        #expect(try render("{{#each (array 'a' 'b') as |v i|}}{{i}}{{v}}{{/each}}", model) == "0a1b")
        #expect(try render("{{request.scheme}}|{{request.host}}|{{request.port}}", model) == "http|127.0.0.1|8080")
        #expect(try render("{{request.pathSegments}}|{{request.pathSegments.[0]}}", model) == "/with|with")
        var fields = HTTPFields()
        fields[HTTPField.Name("X-Custom-Thing")!] = "v"
        fields[HTTPField.Name("accept")!] = "*/*"
        let headers = request(.get, "/a/b", fields: fields)
        #expect(
            try render("{{#each request.headers}}{{@key}};{{/each}}{{request.headers.Host}}", headers)
                == "accept;Host;X-Custom-Thing;127.0.0.1:8080")
        // A header or query parameter not sent is nothing to jsonPath, default or not.
        #expect(try render("[{{jsonPath request.headers.x '$.a' default='D'}}]", headers) == "[]")
        #expect(try render("{{lookup request.query 'filter[id]'}}", request(.get, "/?filter%5Bid%5D=3")) == "3")
        #expect(
            try render("{{request.bodyAsBase64}}", request(.post, "/", body: #"{"foo":"bar"}"#))
                == "eyJmb28iOiJiYXIifQ&#x3D;&#x3D;")
        #expect(try render("{{hostname}}", sent) == ProcessInfo.processInfo.hostName)
    }

    @Test func aTemplateThatCannotBeRenderedIsRefusedWhenRead() {
        #expect(refusal("{{random 'Name.first_name'}}") == "random is not a helper this server has")
        #expect(refusal("{{#each request.query}}x") == "{{#each}} is not closed by {{/each}}")
        #expect(refusal("{{request.path") == "a {{ is not closed by }}")
        #expect(refusal("{{/if}}") == "{{/if}} closes no {{#if}}")
        #expect(refusal("{{#if a}}x{{/each}}") == "{{/each}} closes no {{#each}}")
    }

    @Test func anAnswerTooLargeToMakeIsAnErrorNotAHang() throws {
        let nested = try ResponseTemplate("{{#each (range 1 99999)}}{{#each (range 1 99999)}}x{{/each}}{{/each}}")
        #expect(throws: StubError.Reason("the answer would be longer than 65536 bytes")) {
            try nested.render(request(.get, "/"), limit: 64 << 10)
        }
        #expect(throws: StubError.Reason.self) { try render("{{range 1 1000000000}}", request(.get, "/")) }
    }

    // MARK: In a stub

    @Test func aTemplatedStubRendersItsBodyJsonBodyAndHeaders() throws {
        func answer(_ response: String, _ sent: ParsedRequest) throws -> (HTTPResponse, String) {
            let mapping = try StubMapping.parse(
                Data(#"{"request": {}, "response": \#(response)}"#.utf8))
            let (head, body) = mapping.response.answer(to: sent)
            return (head, String(decoding: body, as: UTF8.self))
        }
        let sent = request(.get, "/users/42")
        let body = try answer(
            #"{"body": "user {{request.path.[1]}}", "headers": {"X-Id": "{{request.path.[1]}}"}, "transformers": ["response-template"]}"#,
            sent)
        #expect(body.1 == "user 42" && body.0.headerFields[HTTPField.Name("X-Id")!] == "42")
        let json = try answer(
            #"{"jsonBody": {"id": "{{request.path.[1]}}", "n": 1}, "transformers": ["response-template"]}"#, sent)
        #expect(json.1 == #"{"id":"42","n":1}"#)
        #expect(
            json.0.headerFields[.contentType] == nil, "a jsonBody names no type unless the stub does, as in WireMock")
        let plain = try answer(#"{"body": "{{request.path.[1]}}"}"#, sent)
        #expect(plain.1 == "{{request.path.[1]}}", "without the transformer, braces are text, as in WireMock")
    }

    @Test func globalTemplatingRendersEveryStubAsIfItAsked() throws {
        let json = Data(#"{"request": {}, "response": {"body": "id {{request.path.[1]}}"}}"#.utf8)
        let sent = request(.get, "/users/9")
        let global = try StubMapping.parse(json, templating: true)
        #expect(String(decoding: global.response.answer(to: sent).1, as: UTF8.self) == "id 9")
        let local = try StubMapping.parse(json)
        #expect(String(decoding: local.response.answer(to: sent).1, as: UTF8.self) == "id {{request.path.[1]}}")
    }

    @Test func aTemplatedStubIsRefusedNamingTheFieldAndTheHelper() {
        let message = { (response: String) -> String? in
            do {
                _ = try StubMapping.parse(Data(#"{"request": {}, "response": \#(response)}"#.utf8))
                return nil
            } catch {
                return (error as? StubError)?.message
            }
        }
        #expect(
            message(#"{"body": "{{random 'Name.first_name'}}", "transformers": ["response-template"]}"#)
                == "response.body: random is not a helper this server has")
        #expect(
            message(#"{"headers": {"X": "{{#if a}}"}, "transformers": ["response-template"]}"#)
                == "response.headers.X: {{#if}} is not closed by {{/if}}")
        #expect(
            message(#"{"body": "x", "transformers": ["body-transformer"]}"#)
                == "response.transformers: body-transformer is a WireMock extension this server does not have")
    }

    @Test func aTemplatedBodyFileNameIsRenderedThenItsFileToo() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("templates-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = root.appendingPathComponent("__files")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        try Data(#"{"user": "{{request.path.[1]}}"}"#.utf8).write(to: files.appendingPathComponent("users.json"))
        let mapping = try StubMapping.parse(
            Data(
                #"{"request": {}, "response": {"bodyFileName": "{{request.path.[0]}}.json", "transformers": ["response-template"]}}"#
                    .utf8), files: files)
        let (head, body) = mapping.response.answer(to: request(.get, "/users/7"))
        #expect(head.status == .ok)
        #expect(String(decoding: body, as: UTF8.self) == #"{"user": "7"}"#)
        let (missing, why) = mapping.response.answer(to: request(.get, "/nobody/7"))
        #expect(missing.status == .internalServerError)
        #expect(
            String(decoding: why, as: UTF8.self).contains("The stub's body file __files/nobody.json cannot be read."))
        #expect(mapping.response.answer(to: request(.get, "/..%2F..%2Fetc/passwd")).0.status == .internalServerError)
        let untemplatedFile = try StubMapping.parse(
            Data(
                #"{"request": {}, "response": {"bodyFileName": "{{request.path.[0]}}.json", "transformers": ["response-template"], "transformerParameters": {"disableBodyFileTemplating": true}}}"#
                    .utf8), files: files)
        let (_, literal) = untemplatedFile.response.answer(to: request(.get, "/users/7"))
        #expect(String(decoding: literal, as: UTF8.self) == #"{"user": "{{request.path.[1]}}"}"#)
    }

    /// Handlebars' string helpers and WireMock's date helpers, each as WireMock 2.35.1 wrote it.
    @Test(arguments: [
        ("{{capitalizeFirst 'hello world'}}", "Hello world"),
        ("{{defaultIfEmpty request.query.x 'none'}}|{{defaultIfEmpty 'a' 'none'}}", "none|a"),
        ("{{abbreviate 'Truncates a string' 10}}", "Truncat..."),
        ("{{yesno true}}|{{yesno false}}|{{yesno request.query.missing}}|{{yesno true yes='aye'}}", "yes|no|maybe|aye"),
        ("{{replace 'Handlebars rocks' 'rocks' 'rolls'}}", "Handlebars rolls"),
        ("{{slugify 'Hello World, Ça va?'}}", "hello-world-ça-va"),
        ("{{stripTags '<b>bold</b> text'}}", "bold text"),
        ("{{cut 'a b c'}}|{{cut 'a-b-c' '-'}}", "abc|abc"),
        ("[{{center 'ab' size=7 pad='*'}}]", "[**ab***]"),
        ("{{neq 1 2}}|{{neq 'a' 'a'}}", "true|false"),
        ("{{isEven 4}}|{{isEven 3}}|{{isOdd 3}}", "even||odd"),
        ("{{parseDate '2021-06-14T12:13:14Z'}}", "2021-06-14T12:13:14Z"),
        ("{{date (parseDate '2021-06-14T12:13:14Z') offset='1 days' format='yyyy-MM-dd'}}", "2021-06-15"),
        ("{{truncateDate (parseDate '2021-06-14T12:13:14Z') 'first day of month'}}", "2021-06-01T00:00:00Z"),
    ])
    func helpersWireMockRegistersWriteWhatItWrites(_ template: String, _ expected: String) throws {
        #expect(try render(template, request(.get, "/")) == expected)
    }

    /// Helpers that name what they make for the rest of the template, each as WireMock 2.35.1
    /// wrote it.
    @Test func regexExtractFormDataAndAssignNameWhatTheRestOfTheTemplateReads() throws {
        let sent = request(.post, "/", body: "xx abc-DEF-123 yy ghi-JKL-456")
        #expect(
            try render(
                "{{regexExtract request.body '([a-z]+)-([A-Z]+)-([0-9]+)' 'parts'}}[{{parts.0}},{{parts.1}},{{parts.2}}]",
                sent)
                == "[abc,DEF,123]")
        // Every match's groups, in order; the name alone writes the first, as WireMock's ListOrSingle does.
        #expect(
            try render(
                "{{regexExtract request.body '([a-z]+)-([A-Z]+)' 'parts'}}[{{parts}},{{parts.2}},{{size parts}}]", sent)
                == "[abc,ghi,4]")
        // Nothing matched, or no groups: WireMock writes its `default=`, or an error, and names nothing.
        #expect(
            try render("{{regexExtract request.body '([0-9]+)x' 'parts'}}[{{parts.0}}]", sent)
                == "[ERROR: Nothing matched ([0-9]+)x][]")
        #expect(try render("{{regexExtract request.body '[a-z]+' 'parts'}}", sent) == "[ERROR: Nothing matched [a-z]+]")
        #expect(try render("{{regexExtract request.body '<Nr>' 'parts' default='none'}}", sent) == "none")
        #expect(try render("{{regexExtract request.body '<Nr>'}}", sent) == "[ERROR: Nothing matched &lt;Nr&gt;]")
        #expect(try render("[{{regexExtract request.body ''}}]", sent) == "[]")
        #expect(try render("{{regexExtract request.body 'a('}}", sent) == "[ERROR: Invalid regex string a(]")
        #expect(try render("{{regexExtract request.body 'a(' 'v'}}", sent) == "[ERROR: Invalid regex string a(]")
        #expect(try render("{{regexExtract request.body '' 'v'}}", sent) == "[ERROR: Nothing matched ]")
        let form = request(.post, "/", body: "a=1%202&b=x&b=y&c=a+b")
        #expect(
            try render(
                "{{formData request.body 'form' urlDecode=true}}{{form.a}}|{{form.b}}|{{form.b.1}}|{{form.c}}", form)
                == "1 2|x|y|a b")
        #expect(try render("{{formData request.body 'form'}}{{form.a}}", form) == "1%202")
        #expect(
            try render("{{#assign 'name'}}Bob {{request.method}}{{/assign}}Hi {{name}}!", request(.post, "/"))
                == "Hi Bob POST!")
        // A team's login mock: the parsed body named, then read.
        let login = request(.post, "/", body: #"{"username": "sam"}"#)
        #expect(
            try render(
                "{{parseJson request.body 'body'}}{{#if (contains body.username 'sam')}}in{{else}}out{{/if}}", login)
                == "in")
        #expect(try render("{{parseJson request.body 'body'}}[{{body.username}}]", request(.post, "/")) == "[]")
    }

    @Test func pickRandomAndRandomDecimalStayWithinWhatTheyAreGiven() throws {
        for _ in 0..<20 {
            #expect(["a", "b"].contains(try render("{{pickRandom 'a' 'b'}}", request(.get, "/"))))
            let decimal = try #require(Double(try render("{{randomDecimal lower=1.5 upper=2.5}}", request(.get, "/"))))
            #expect((1.5..<2.5).contains(decimal))
        }
        #expect(throws: (any Error).self) { try render("{{randomDecimal lower=3 upper=1}}", request(.get, "/")) }
        #expect(throws: (any Error).self) { try render("{{abbreviate 'text' 2}}", request(.get, "/")) }
    }
}

/// A number a template reads from the request reaches the helpers as it was sent: infinity, NaN
/// or past 64 bits stopped the server (an unchecked conversion) for a client with no admin access.
@Suite("Template helpers given numbers no integer holds")
struct TemplateNumberTests {
    func render(_ template: String, query: String) -> Result<String, StubError.Reason> {
        let request = ParsedRequest(
            HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1", path: "/n?\(query)"), body: Data())
        do throws(StubError.Reason) {
            return .success(try ResponseTemplate(template).render(request))
        } catch {
            return .failure(error)
        }
    }

    @Test(arguments: ["1e400", "-1e400", "nan", "1e19", "-9.3e18"])
    func aHelperRefusesTheNumberAndSaysWhich(_ number: String) {
        for (template, helper) in [
            ("{{randomInt lower=request.query.n}}", "randomInt lower"),
            ("{{randomInt upper=request.query.n}}", "randomInt upper"),
            ("{{randomValue length=request.query.n}}", "randomValue length"),
            ("{{substring 'abc' request.query.n}}", "substring start"),
            ("{{substring 'abc' 0 request.query.n}}", "substring end"),
        ] {
            guard case .failure(let reason) = render(template, query: "n=\(number)") else {
                Issue.record("\(template) with \(number) rendered")
                continue
            }
            #expect(reason.text.contains(helper), "\(reason.text)")
        }
        #expect(render("{{#each (range 0 request.query.n)}}{{this}}{{/each}}", query: "n=\(number)").isFailure)
    }

    @Test func ordinaryNumbersStillWork() {
        #expect(render("{{substring 'abcdef' request.query.n 4}}", query: "n=2") == .success("cd"))
        #expect(render("{{#each (range 1 request.query.n)}}{{this}}{{/each}}", query: "n=3") == .success("123"))
    }

    @Test func aDateMovedPastWhatAnIntegerHoldsStopsNothing() {
        let epoch = render("{{now offset='9000000000000000 years' format='epoch'}}", query: "")
        #expect(epoch.isFailure || (try? epoch.get()) != nil)
        _ = render("{{now offset='9000000000000000 years'}}", query: "")
    }

    @Test func aLognormalDelayFarOutIsCutToTheLongestDelay() throws {
        var generator = SystemRandomNumberGenerator()
        let distribution = StubResponse.DelayDistribution.lognormal(median: 60_000, sigma: 10, maximum: nil)
        for _ in 0..<10_000 {
            let drawn = distribution.wholeMilliseconds(using: &generator)
            #expect((0...Int64(StubResponse.maximumDelayMilliseconds)).contains(drawn))
        }
    }
}

extension Result {
    fileprivate var isFailure: Bool {
        if case .failure = self { return true }
        return false
    }
}
