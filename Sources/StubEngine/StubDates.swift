import Foundation

/// Dates as WireMock reads and writes them: the `now` helper of templates, and the `before`,
/// `after` and `equalToDateTime` matchers.
enum StubDates {
    static let utc = TimeZone(identifier: "UTC") ?? .current

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        return calendar
    }()

    /// `'3 days'`, `'-1 hours'` (also `+3 days`) as a unit and an amount.
    static func offset(_ text: String) -> (Calendar.Component, Int)? {
        let parts = text.split(separator: " ")
        guard parts.count == 2, let amount = Int(parts[0].drop { $0 == "+" }), let unit = unit(String(parts[1])) else {
            return nil
        }
        return (unit, amount)
    }

    /// `seconds`, `day`, `Months`... as a calendar unit.
    static func unit(_ name: String) -> Calendar.Component? {
        switch name.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "s")) {
        case "second": .second
        case "minute": .minute
        case "hour": .hour
        case "day": .day
        case "week": .weekOfYear
        case "month": .month
        case "year": .year
        default: nil
        }
    }

    static func adding(_ amount: Int, _ unit: Calendar.Component, to date: Date) -> Date {
        calendar.date(byAdding: unit, value: amount, to: date) ?? date
    }

    /// WireMock's truncations: `first minute of hour`, `first hour of day`, `first day of month`,
    /// `first day of next month`, `last day of month`, `first day of year`, `first day of next
    /// year`, `last day of year` (each at midnight but the first), in UTC.
    enum Truncation: String, Sendable, CaseIterable {
        case firstMinuteOfHour = "first minute of hour"
        case firstHourOfDay = "first hour of day"
        case firstDayOfMonth = "first day of month"
        case firstDayOfNextMonth = "first day of next month"
        case lastDayOfMonth = "last day of month"
        case firstDayOfYear = "first day of year"
        case firstDayOfNextYear = "first day of next year"
        case lastDayOfYear = "last day of year"

        func apply(to date: Date) -> Date {
            let parts = calendar.dateComponents([.year, .month, .day, .hour], from: date)
            func day(_ year: Int?, _ month: Int?, _ day: Int?) -> Date {
                calendar.date(from: DateComponents(year: year, month: month, day: day)) ?? date
            }
            switch self {
            case .firstMinuteOfHour:
                return calendar.date(
                    from: DateComponents(year: parts.year, month: parts.month, day: parts.day, hour: parts.hour))
                    ?? date
            case .firstHourOfDay: return day(parts.year, parts.month, parts.day)
            case .firstDayOfMonth: return day(parts.year, parts.month, 1)
            case .firstDayOfNextMonth: return adding(1, .month, to: day(parts.year, parts.month, 1))
            case .lastDayOfMonth: return adding(-1, .day, to: adding(1, .month, to: day(parts.year, parts.month, 1)))
            case .firstDayOfYear: return day(parts.year, 1, 1)
            case .firstDayOfNextYear: return day((parts.year ?? 0) + 1, 1, 1)
            case .lastDayOfYear: return day(parts.year, 12, 31)
            }
        }
    }

    /// `text` as a date: ISO 8601 with a zone (`2021-06-14T12:13:14Z`, `…+02:00`, with or without
    /// fractions of a second), without one (taken as UTC), a day (`2021-06-14`), or an HTTP date
    /// (`Mon, 14 Jun 2021 12:13:14 GMT`); or in `format` (Java's date pattern) when given.
    static func parse(_ text: String, format: String? = nil) -> Date? {
        let text = text.trimmingCharacters(in: .whitespaces)
        if let format { return parsed(text, pattern: format) }
        for pattern in [
            "yyyy-MM-dd'T'HH:mm:ssXXXXX", "yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX", "yyyy-MM-dd'T'HH:mm:ss",
            "yyyy-MM-dd'T'HH:mm:ss.SSS", "yyyy-MM-dd", "EEE, dd MMM yyyy HH:mm:ss zzz",
        ] {
            if let date = parsed(text, pattern: pattern) { return date }
        }
        return nil
    }

    /// `date` in `pattern` and `zone`. A pattern finer than seconds aside, the text of a second
    /// is kept and given again for that second (`{{now}}` in every answer of a busy test would
    /// otherwise format the same text thousands of times a second).
    static func formatted(_ date: Date, pattern: String, zone: TimeZone) -> String {
        let key = "\(zone.identifier) \(pattern)"
        // A date moved by a huge offset has a second no 64-bit integer holds: it is formatted
        // every time, not kept.
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard let second = Int64(exactly: seconds) else {
            return withFormatter(pattern: pattern, zone: zone) { $0.string(from: date) }
        }
        let wholeSeconds = !pattern.utf8.contains(UInt8(ascii: "S")) && !pattern.utf8.contains(UInt8(ascii: "A"))
        if wholeSeconds, let (kept, text) = lastFormatted.withLock({ $0[key] }), kept == second { return text }
        let text = withFormatter(pattern: pattern, zone: zone) { $0.string(from: date) }
        if wholeSeconds {
            lastFormatted.withLock { last in
                if last.count >= 64 { last.removeAll() }
                last[key] = (second, text)
            }
        }
        return text
    }

    /// The last text of each pattern and zone, and its second.
    private static let lastFormatted = Locked([String: (Int64, String)]())

    private static func parsed(_ text: String, pattern: String) -> Date? {
        withFormatter(pattern: pattern, zone: utc) { $0.date(from: text) }
    }

    /// Formatters by pattern and zone: making one costs a hundred times what formatting does.
    /// Used under the lock (a formatter is not safe to share between threads); at most 64 kept.
    private static let formatters = Locked([String: DateFormatter]())

    private static func withFormatter<T>(pattern: String, zone: TimeZone, _ body: (DateFormatter) -> T) -> T {
        formatters.withLock { cache in
            let key = "\(zone.identifier) \(pattern)"
            if let formatter = cache[key] { return body(formatter) }
            if cache.count >= 64 { cache.removeAll() }
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = zone
            formatter.dateFormat = pattern
            formatter.isLenient = false
            cache[key] = formatter
            return body(formatter)
        }
    }
}

/// WireMock's `before`, `after` and `equalToDateTime`: the value read as a date (ISO 8601, an HTTP
/// date, or `actualFormat`), truncated if asked (`truncateActual`), against a date or `now`
/// moved by an offset (`now +3 days`, or `expectedOffset` and `expectedOffsetUnit`) and then
/// truncated (`truncateExpected`, which WireMock applies to `now` only).
package struct DateMatcher: Sendable {
    enum Comparison: String, Sendable {
        case before, after, equalToDateTime
    }

    enum Expected: Sendable {
        case date(Date)
        case now(Calendar.Component, Int, truncation: StubDates.Truncation?)
    }

    let comparison: Comparison
    let source: String
    let expected: Expected
    let actualFormat: String?
    let truncateActual: StubDates.Truncation?

    static let options: Set<String> = [
        "actualFormat", "truncateExpected", "truncateActual", "expectedOffset", "expectedOffsetUnit",
    ]

    init(_ comparison: Comparison, _ source: String, fields: Fields, path: String) throws(StubError) {
        func truncation(_ key: String) throws(StubError) -> StubDates.Truncation? {
            guard let name = try fields.string(key) else { return nil }
            guard let truncation = StubDates.Truncation(rawValue: name.lowercased()) else {
                throw .field(
                    fields.child(key),
                    "is not a truncation; use one of \(StubDates.Truncation.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
            return truncation
        }
        self.comparison = comparison
        self.source = source
        actualFormat = try fields.string("actualFormat")
        truncateActual = try truncation("truncateActual")
        let spec = source.trimmingCharacters(in: .whitespaces)
        if spec.lowercased().hasPrefix("now") {
            var (unit, amount) = (Calendar.Component.second, 0)
            let offset = spec.dropFirst(3).trimmingCharacters(in: .whitespaces)
            if !offset.isEmpty {
                guard let parsed = StubDates.offset(offset) else {
                    throw .field(path, "\(source) is not now, nor now moved by an offset (now +3 days)")
                }
                (unit, amount) = parsed
            }
            if let extra = try fields.int("expectedOffset", in: -1_000_000...1_000_000) {
                let unitName = try fields.string("expectedOffsetUnit") ?? "days"
                guard let extraUnit = StubDates.unit(unitName) else {
                    throw .field(
                        fields.child("expectedOffsetUnit"), "is not seconds, minutes, hours, days, months or years")
                }
                (unit, amount) = amount == 0 ? (extraUnit, extra) : (unit, amount)
            }
            expected = .now(unit, amount, truncation: try truncation("truncateExpected"))
        } else {
            guard let date = StubDates.parse(spec) else {
                throw .field(path, "\(source) is not a date (2021-06-14T12:13:14Z) nor now (now +3 days)")
            }
            expected = .date(date)
        }
    }

    func matches(_ value: String, now: Date = Date()) -> Bool {
        guard var actual = StubDates.parse(value, format: actualFormat) else { return false }
        if let truncateActual { actual = truncateActual.apply(to: actual) }
        let target: Date
        switch expected {
        case .date(let date): target = date
        case .now(let unit, let amount, let truncation):
            target = StubDates.adding(amount, unit, to: truncation?.apply(to: now) ?? now)
        }
        switch comparison {
        case .before: return actual < target
        case .after: return actual > target
        case .equalToDateTime: return actual == target
        }
    }
}
