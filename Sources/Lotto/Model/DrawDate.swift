import Foundation

/// A calendar day, with no time and no time zone: the day a draw took place wherever you read it.
public struct DrawDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The year, from 1 to 9999.
    public let year: Int
    /// The month, from 1 (January) to 12.
    public let month: Int
    /// The day of the month, from 1.
    public let day: Int

    /// `nil` unless the three make a day of the proleptic Gregorian calendar.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Self.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly `YYYY-MM-DD`.
    public init?(iso8601 text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// Orders days in time, earlier first.
    public static func < (lhs: DrawDate, rhs: DrawDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// `2023-05-15`.
    public var description: String {
        "\(Self.pad(year, 4))-\(Self.pad(month, 2))-\(Self.pad(day, 2))"
    }

    /// `Mon 15 May 2023`.
    public var longDescription: String {
        text("DrawDate.long", Self.weekdayNames[weekday], String(day), Self.monthNames[month - 1], String(year))
    }

    /// The day as `DateComponents` (Gregorian calendar), for an app's own date formatting.
    public var dateComponents: DateComponents {
        DateComponents(calendar: Calendar(identifier: .gregorian), year: year, month: month, day: day)
    }

    /// The day in `locale`'s words and order, as the user reads dates, in one of
    /// `Date.FormatStyle`'s date styles:
    ///
    /// ```swift
    /// Text(draw.date.formatted(.abbreviated, locale: .current))  // "15 Jul 2023"
    /// ```
    /// ``longDescription`` is the one form the module's strings give, the same on every machine.
    public func formatted(_ style: Date.FormatStyle.DateStyle = .abbreviated, locale: Locale) -> String {
        // Noon UTC names the same day in the UTC calendar the style reads it in.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let noon = DateComponents(year: year, month: month, day: day, hour: 12)
        guard let date = calendar.date(from: noon) else { return longDescription }
        return date.formatted(
            Date.FormatStyle(
                date: style, time: .omitted, locale: locale, calendar: calendar, timeZone: calendar.timeZone))
    }

    /// 0 for Monday through 6 for Sunday.
    public var weekday: Int {
        // Days since 1970-01-01 (a Thursday), by Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return ((days % 7) + 7 + 3) % 7
    }

    /// Monday to Sunday, short, from the module's strings.
    static let weekdayNames = names("DrawDate.weekdays", count: 7)
    /// January to December, short, from the module's strings.
    static let monthNames = names("DrawDate.months", count: 12)

    /// A strings-file entry of `count` names separated by commas; a translation with too few
    /// names is padded with numbers rather than trapping.
    private static func names(_ key: String, count: Int) -> [String] {
        let names = text(key).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        return (0..<count).map { $0 < names.count ? names[$0] : String($0 + 1) }
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
