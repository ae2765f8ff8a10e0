import Foundation

/// The helpers a response template may call, as WireMock names them (Docs/Backends.md, "Response
/// templates"). A template naming another is refused when its stub is added.
enum TemplateHelpers {
    /// Every helper, the block ones (`if`, `unless`, `each`, `with`) aside.
    static let names: Set<String> = [
        "jsonPath", "xPath", "parseJson", "randomValue", "randomInt", "now", "eq", "ne", "gt", "gte", "lt", "lte",
        "and", "or",
        "not", "size", "join", "math", "base64", "urlEncode", "regexExtract", "range", "array", "upper", "lower",
        "capitalize", "trim", "contains", "matches", "substring", "lookup", "hostname",
        // Handlebars' string and conditional helpers, which WireMock registers.
        "capitalizeFirst", "defaultIfEmpty", "abbreviate", "yesno", "replace", "slugify", "stripTags", "cut", "center",
        "neq", "isEven", "isOdd",
        // WireMock's own.
        "pickRandom", "randomDecimal", "parseDate", "date", "truncateDate", "formData", "assign",
    ]

    /// Helpers written alone, with nothing after the name: `{{now}}`.
    static let takesNoParameters: Set<String> = ["now", "randomValue", "randomInt", "hostname"]

    /// The largest `range` (a template cannot make a list of a billion numbers).
    static let maximumRange = 100_000

    static func call(
        _ name: String, _ values: [TemplateValue], _ options: [String: TemplateValue], now: Date, budget: MatchBudget
    ) throws(StubError.Reason) -> TemplateValue {
        func value(_ index: Int) -> TemplateValue { values.indices.contains(index) ? values[index] : .null }
        func text(_ index: Int) -> String { value(index).text }
        func compare(_ test: (Double, Double) -> Bool, _ textTest: (String, String) -> Bool) -> TemplateValue {
            if let lhs = value(0).number, let rhs = value(1).number { return .bool(test(lhs, rhs)) }
            return .bool(textTest(text(0), text(1)))
        }
        switch name {
        case "jsonPath":
            let document: JSONValue
            switch value(0) {
            case .json(let json): document = json
            // A header or query parameter that was not sent: nothing, default or not, as WireMock writes.
            case .null: return .null
            default:
                guard let parsed = JSONValue.parse(Data(text(0).utf8)) else { return options["default"] ?? .null }
                document = parsed
            }
            let path: JSONPath
            do throws(StubError.Reason) { path = try JSONPath(text(1)) } catch {
                throw "jsonPath \(text(1)): \(error.text)"
            }
            let found = path.evaluate(document, budget: budget)
            // Cut short, what it found is not what it would find: an answer of its own would
            // differ from the idle one under load.
            guard !budget.isSpent else { throw "jsonPath \(text(1)) ran out of the matching budget" }
            // Nothing selected writes the `default=` given, or nothing, as WireMock does.
            guard !found.isEmpty else { return options["default"] ?? .null }
            return found.count == 1 && path.isDefinite ? .json(found[0]) : .json(.array(found))
        case "xPath":
            // WireMock's: the text of what the expression selects in the XML, the first of it.
            let path: XPath
            do throws(StubError.Reason) { path = try XPath(text(1)) } catch { throw "xPath \(text(1)): \(error.text)" }
            guard let tree = try? XMLTree(Data(text(0).utf8), budget: budget) else { return .null }
            // Cut short, what it found is not what it would find (as for jsonPath).
            guard let texts = path.texts(in: tree, budget: budget) else {
                throw "xPath \(text(1)) visits more nodes than a template may, or ran out of the matching budget"
            }
            return texts.first.map(TemplateValue.string) ?? .null
        case "parseJson":
            return JSONValue.parse(Data(text(0).utf8)).map(TemplateValue.json) ?? .null
        case "randomValue":
            return .string(try randomValue(options))
        case "randomInt":
            // Any 32-bit number by default, negative ones too, as WireMock draws them.
            let lower = try whole(options["lower"]?.number ?? Double(Int32.min), "randomInt lower")
            let upper = try whole(options["upper"]?.number ?? Double(Int32.max), "randomInt upper")
            guard lower < upper else { throw "randomInt: lower must be below upper" }
            return .number(Double(Int.random(in: lower..<upper)))
        case "now":
            return .string(try date(now, options))
        case "eq": return compare(==, ==)
        case "ne": return compare(!=, !=)
        case "gt": return compare(>, >)
        case "gte": return compare(>=, >=)
        case "lt": return compare(<, <)
        case "lte": return compare(<=, <=)
        case "and": return .bool(values.allSatisfy(\.isTruthy))
        case "or": return .bool(values.contains(where: \.isTruthy))
        case "not": return .bool(!value(0).isTruthy)
        case "size":
            if let elements = value(0).elements {
                return .number(Double(elements.count))
            }
            return .number(Double(text(0).count))
        case "join":
            // Handlebars' `{{join list ', '}}` (WireMock 2), or WireMock 3's `{{join ', ' list}}`.
            let (items, separator) =
                if let list = value(0).elements {
                    (list.map(\.value.text), text(1))
                } else {
                    (values.dropFirst().flatMap { $0.elements?.map(\.value.text) ?? [$0.text] }, text(0))
                }
            // Measured before it is made: a list joined by another list's text was 60 GB.
            let size = items.reduce(0) { $0 + $1.utf8.count } + max(0, items.count - 1) * separator.utf8.count
            try fits(size, "join")
            return .string(items.joined(separator: separator))
        case "math":
            guard let lhs = value(0).number, let rhs = value(2).number else { throw "math takes two numbers" }
            switch text(1) {
            case "+": return .number(lhs + rhs)
            case "-": return .number(lhs - rhs)
            case "*": return .number(lhs * rhs)
            case "/" where rhs == 0, "%" where rhs == 0: throw "math: \(text(0)) \(text(1)) 0 divides by zero"
            case "/": return .number(lhs / rhs)
            case "%": return .number(lhs.truncatingRemainder(dividingBy: rhs))
            default: throw "math: \(text(1)) is not one of + - * / %"
            }
        case "lookup": return value(0).member(text(1))
        case "hostname": return .string(ProcessInfo.processInfo.hostName)
        case "base64":
            if options["decode"]?.isTruthy == true {
                return .string(Data(base64Encoded: text(0)).map { String(decoding: $0, as: UTF8.self) } ?? "")
            }
            return .string(Data(text(0).utf8).base64EncodedString())
        case "urlEncode":
            if options["decode"]?.isTruthy == true {
                return .string(text(0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? text(0))
            }
            var allowed = CharacterSet.alphanumerics
            allowed.insert(charactersIn: "-._*")
            return .string(
                (text(0).addingPercentEncoding(withAllowedCharacters: allowed) ?? text(0)).replacingOccurrences(
                    of: "%20", with: "+"))
        case "regexExtract":
            // The empty pattern matches nothing, at the start.
            guard !text(1).isEmpty else { return .string("") }
            guard let regex = try? NSRegularExpression(pattern: text(1)) else { return invalidPattern(text(1)) }
            let subject = text(0)
            guard let range = firstMatch(of: regex, in: subject, budget: budget) else {
                return options["default"] ?? nothingMatched(text(1))
            }
            return .string(String(subject[range]))
        case "range":
            guard let start = value(0).number, let end = value(1).number,
                let start = Int(exactly: start), let end = Int(exactly: end), start <= end,
                Double(end) - Double(start) < Double(maximumRange)
            else {
                throw "range takes two whole numbers, the first not above the second, at most \(maximumRange) apart"
            }
            return .list((start...end).map { .number(Double($0)) })
        case "array": return .list(values)
        case "upper": return .string(text(0).uppercased())
        case "lower": return .string(text(0).lowercased())
        case "capitalize":
            // Each word's first letter, the rest as it is: `mIXed case` is `MIXed Case`, as WireMock writes it.
            var capitalized = ""
            var startsWord = true
            for character in text(0) {
                capitalized += startsWord ? character.uppercased() : String(character)
                startsWord = character.isWhitespace
            }
            return .string(capitalized)
        case "trim": return .string(text(0).trimmingCharacters(in: .whitespacesAndNewlines))
        case "contains": return .bool(text(0).contains(text(1)))
        case "matches":
            return .bool((try? StubRegex(text(1), path: "matches"))?.matches(text(0), budget: budget) == true)
        case "formData":
            // Given no name to keep the fields under, they are the value.
            return formFields(text(0), decoded: options["urlDecode"]?.isTruthy == true)
        case "assign":
            return .null
        case "capitalizeFirst":
            let whole = text(0)
            return .string(whole.prefix(1).uppercased() + whole.dropFirst())
        case "defaultIfEmpty":
            return value(0).isTruthy ? value(0) : value(1)
        case "abbreviate":
            // Commons' abbreviate, as Handlebars' helper: at most `width` characters, `...` last.
            let width = try whole(value(1).number ?? 0, "abbreviate width")
            guard width >= 4 else { throw "abbreviate: the width is 4 or more" }
            let characters = Array(text(0))
            return .string(characters.count <= width ? text(0) : String(characters.prefix(width - 3)) + "...")
        case "yesno":
            switch value(0) {
            case .null: return options["maybe"] ?? .string("maybe")
            case let given where given.isTruthy: return options["yes"] ?? .string("yes")
            default: return options["no"] ?? .string("no")
            }
        case "replace":
            let (subject, target, replacement) = (text(0), text(1), text(2))
            guard !target.isEmpty else { return .string(subject) }
            if replacement.utf8.count > target.utf8.count {
                let times = subject.components(separatedBy: target).count - 1
                try fits(subject.utf8.count + times * (replacement.utf8.count - target.utf8.count), "replace")
            }
            return .string(subject.replacingOccurrences(of: target, with: replacement))
        case "slugify":
            // Handlebars': lower case, each run of what is not a letter or digit one `-`.
            let words = text(0).lowercased().split { !($0.isLetter || $0.isNumber) }
            return .string(words.joined(separator: "-"))
        case "stripTags":
            return .string(text(0).replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression))
        case "cut":
            return .string(text(0).replacingOccurrences(of: values.count > 1 ? text(1) : " ", with: ""))
        case "center":
            let size = min(4_096, try whole(options["size"]?.number ?? 0, "center size"))
            let pad = options["pad"]?.text.first ?? " "
            let given = text(0)
            guard given.count < size else { return .string(given) }
            let left = (size - given.count) / 2
            return .string(
                String(repeating: pad, count: left) + given + String(repeating: pad, count: size - given.count - left))
        case "neq": return compare(!=, !=)
        case "isEven", "isOdd":
            // Handlebars': the text given (`even` or `odd` by default) when the number is so, else nothing.
            guard let number = value(0).number, number.isFinite, number.rounded() == number,
                (number.truncatingRemainder(dividingBy: 2) == 0) == (name == "isEven")
            else { return .null }
            return values.count > 1 ? value(1) : .string(name == "isEven" ? "even" : "odd")
        case "pickRandom":
            // One of the values given, or of the one list given.
            let choices = values.count == 1 ? value(0).elements?.map(\.value) ?? values : values
            return choices.randomElement() ?? .null
        case "randomDecimal":
            let lower = options["lower"]?.number ?? -Double(Int32.max)
            let upper = options["upper"]?.number ?? Double(Int32.max)
            guard lower.isFinite, upper.isFinite, lower < upper else {
                throw "randomDecimal: lower and upper are numbers, lower below upper"
            }
            return .number(Double.random(in: lower..<upper))
        case "parseDate":
            // The date the text says, ISO 8601 from here on, which `date` and `truncateDate` read.
            guard let parsed = StubDates.parse(text(0), format: options["format"]?.text) else { return .null }
            return .string(StubDates.formatted(parsed, pattern: iso8601, zone: StubDates.utc))
        case "date":
            guard let given = StubDates.parse(text(0)) else { throw "date: \(text(0)) is not a date" }
            return .string(try date(given, options))
        case "truncateDate":
            guard let given = StubDates.parse(text(0)) else { throw "truncateDate: \(text(0)) is not a date" }
            guard let truncation = StubDates.Truncation(rawValue: text(1)) else {
                throw "truncateDate: \(text(1)) is not a truncation WireMock has (first day of month, …)"
            }
            return .string(StubDates.formatted(truncation.apply(to: given), pattern: iso8601, zone: StubDates.utc))
        case "substring":
            let characters = Array(text(0))
            let start = max(0, min(characters.count, try whole(value(1).number ?? 0, "substring start")))
            let end = max(
                start, min(characters.count, try whole(value(2).number ?? Double(characters.count), "substring end")))
            return .string(String(characters[start..<end]))
        default:
            throw "\(name) is not a helper this server has"
        }
    }

    /// The first match of `regex` in `subject`, within a regular expression's time limit and what
    /// is left of `budget` (CPU time, as the budget counts); `nil` when there is none or the search
    /// ran out of time, which a catastrophic pattern in a template would otherwise never do.
    static func firstMatch(of regex: NSRegularExpression, in subject: String, budget: MatchBudget) -> Range<
        String.Index
    >? {
        let limit = min(StubRegex.timeLimit, budget.remaining)
        guard !budget.isSpent else { return nil }
        let start = MatchBudget.threadCPUTime()
        var found: NSRange?
        regex.enumerateMatches(
            in: subject, options: [.reportProgress], range: NSRange(subject.startIndex..., in: subject)
        ) { result, _, stop in
            if let result {
                found = result.range
                stop.pointee = true
            } else if (MatchBudget.threadCPUTime() - start).seconds > limit {
                _ = budget.remaining
                stop.pointee = true
            }
        }
        return found.flatMap { Range($0, in: subject) }
    }

    /// The fields of a form (`a=1&b=x&b=y`), each field's values in order; decoded (`+` a space,
    /// `%20` too) when `decoded`, as WireMock's `urlDecode=true`.
    static func formFields(_ body: String, decoded: Bool) -> TemplateValue {
        // Decoded as the formParameters matcher reads a form; as sent, split alone.
        var fields = RequestURL("/?" + body).queryValues
        if !decoded {
            fields = [:]
            for pair in body.split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                fields[parts[0], default: []].append(parts.count > 1 ? parts[1] : "")
            }
        }
        return .map(fields.mapValues { .many($0.first ?? "", $0.map(TemplateValue.string)) })
    }

    /// The groups of the first match of `pattern` in `subject` (each group's text, empty for one
    /// that took no part), within the regular expression's time limit; none when nothing matches.
    /// What `regexExtract` writes when `pattern` matches nothing and it has no `default=`, as
    /// WireMock writes it.
    static func nothingMatched(_ pattern: String) -> TemplateValue {
        .string("[ERROR: Nothing matched \(pattern)]")
    }

    /// What `regexExtract` writes of a pattern that is no regular expression, as WireMock writes it.
    static func invalidPattern(_ pattern: String) -> TemplateValue {
        .string("[ERROR: Invalid regex string \(pattern)]")
    }

    /// The groups of every match of `regex` in `subject`, in order, as WireMock's `regexExtract`
    /// names them: none when it does not match or has no groups. Within a regular expression's
    /// time limit and what is left of `budget`, as ``firstMatch(of:in:budget:)``: a search cut
    /// short before its first match finds nothing, as there; one cut short after it is an error,
    /// since the matches it found are not all there are. What the groups hold together is at most
    /// the longest answer a template may make.
    static func groups(
        of regex: NSRegularExpression, in subject: String, budget: MatchBudget
    ) throws(StubError.Reason) -> [TemplateValue] {
        guard regex.numberOfCaptureGroups > 0, !budget.isSpent else { return [] }
        let limit = min(StubRegex.timeLimit, budget.remaining)
        let start = MatchBudget.threadCPUTime()
        // Ranges while the clock runs; the text of each after.
        var ranges: [NSRange] = []
        var length = 0
        var outOfTime = false
        regex.enumerateMatches(
            in: subject, options: [.reportProgress], range: NSRange(subject.startIndex..., in: subject)
        ) { result, _, stop in
            if let result {
                for index in 1..<result.numberOfRanges {
                    let range = result.range(at: index)
                    ranges.append(range)
                    if range.location != NSNotFound { length += range.length }
                }
            }
            if (MatchBudget.threadCPUTime() - start).seconds > limit {
                _ = budget.remaining
                outOfTime = true
            }
            stop.pointee = ObjCBool(outOfTime || length > TemplateRenderer.maximumOutput)
        }
        try fits(length, "regexExtract")
        if outOfTime {
            guard ranges.isEmpty else {
                throw "regexExtract \(regex.pattern) ran out of the matching budget after \(ranges.count) groups"
            }
            return []
        }
        return ranges.map { range in
            .string(Range(range, in: subject).map { String(subject[$0]) } ?? "")
        }
    }

    /// Refuses what a helper would make past the longest answer a template may make, before it
    /// is made.
    private static func fits(_ size: Int, _ helper: String) throws(StubError.Reason) {
        guard size <= TemplateRenderer.maximumOutput else {
            throw "\(helper) would make more than \(byteCount(TemplateRenderer.maximumOutput))"
        }
    }

    /// `number` as a whole number, or why a helper cannot take it: a template can read a number
    /// from the request (`?count=1e400` is infinity, `?count=nan`), and converting such a number
    /// unchecked would stop the server.
    static func whole(_ number: Double, _ what: String) throws(StubError.Reason) -> Int {
        guard number.isFinite, let whole = Int(exactly: number.rounded(.towardZero)) else {
            throw "\(what) must be a whole number a 64-bit integer holds, not \(number)"
        }
        return whole
    }

    /// `randomValue length=8 type='ALPHANUMERIC' uppercase=true`, lower case without `uppercase`;
    /// `type='UUID'` ignores the length.
    private static func randomValue(_ options: [String: TemplateValue]) throws(StubError.Reason) -> String {
        let length = max(0, min(4_096, try whole(options["length"]?.number ?? 36, "randomValue length")))
        let type = options["type"]?.text.uppercased() ?? "ALPHANUMERIC"
        if type == "UUID" { return UUID().uuidString.lowercased() }
        let alphabet: String =
            switch type {
            case "ALPHABETIC": "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
            case "NUMERIC": "0123456789"
            case "HEXADECIMAL": "0123456789abcdef"
            case "ALPHANUMERIC_AND_SYMBOLS":
                "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!@#$%^&*()-_=+"
            default: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
            }
        let characters = Array(alphabet)
        let value = String((0..<length).map { _ in characters.randomElement() ?? "a" })
        // Lower case unless `uppercase=true`, as WireMock writes every type but UUID.
        return options["uppercase"]?.isTruthy == true ? value.uppercased() : value.lowercased()
    }

    /// How a date is written unless a `format` says otherwise: ISO 8601, to the second.
    private static let iso8601 = "yyyy-MM-dd'T'HH:mm:ssXXXXX"

    /// `now`, moved by `offset` (`'3 days'`, `'-1 hours'`), written in `format` (Java's date
    /// pattern, `epoch` for milliseconds, `unix` for seconds; ISO 8601 by default) in `timezone`
    /// (UTC by default).
    private static func date(_ now: Date, _ options: [String: TemplateValue]) throws(StubError.Reason) -> String {
        var date = now
        if let offset = options["offset"]?.text {
            guard let (unit, amount) = StubDates.offset(offset) else {
                throw "offset is '3 days' or '-1 hours' (seconds, minutes, hours, days, weeks, months or years)"
            }
            date = StubDates.adding(amount, unit, to: date)
        }
        let zone = options["timezone"].flatMap { TimeZone(identifier: $0.text) } ?? StubDates.utc
        switch options["format"]?.text {
        case "epoch": return String(try whole(date.timeIntervalSince1970 * 1000, "now in epoch milliseconds"))
        case "unix": return String(try whole(date.timeIntervalSince1970, "now in unix seconds"))
        case let pattern:
            return StubDates.formatted(date, pattern: pattern ?? iso8601, zone: zone)
        }
    }
}
