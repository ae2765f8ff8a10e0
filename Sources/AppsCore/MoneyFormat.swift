import Foundation

/// Amounts in minor units formatted by ISO currency code: the symbol, grouped thousands, and as
/// many minor digits as the currency has (¥ has none). Without a locale, always as a UK page
/// writes them, the same on every machine (the command line, snapshots); with the user's locale,
/// as the user reads amounts.
///
/// ```swift
/// MoneyFormat.format(125_000, currency: "GBP")                                  // "£1,250.00"
/// MoneyFormat.format(4_000_000_000, currency: "GBP", dropsZeroMinorUnits: true)  // "£40,000,000"
/// MoneyFormat.format(125_000, currency: "GBP", locale: Locale(identifier: "de_DE"))  // "1.250,00 £"
/// ```
public enum MoneyFormat {
    /// - Parameters:
    ///   - minor: the amount in the currency's minor unit (pence for GBP).
    ///   - currency: an ISO 4217 code; unknown codes are written before the amount (`CHF 12.50`).
    ///   - dropsZeroMinorUnits: write whole amounts without `.00`, as prize tables do.
    ///   - locale: the locale whose symbols and separators to use (`.current` in an app); `nil`
    ///     writes `£1,250.00` on every machine.
    public static func format(
        _ minor: Int, currency: String, dropsZeroMinorUnits: Bool = false, locale: Locale? = nil
    ) -> String {
        let (symbol, digits) = style(for: currency)
        if let locale {
            let amount = Decimal(minor) / Decimal(pow10(digits))
            let style = Decimal.FormatStyle.Currency(code: currency.uppercased(), locale: locale)
            let whole = dropsZeroMinorUnits && minor.magnitude % UInt(pow10(digits)) == 0
            return amount.formatted(style.precision(.fractionLength(whole ? 0 : digits)))
        }
        let sign = minor < 0 ? "-" : ""
        let magnitude = minor.magnitude
        let divisor = UInt(pow10(digits))
        let whole = "\(sign)\(symbol)\(grouped(magnitude / divisor))"
        guard digits > 0, !(dropsZeroMinorUnits && magnitude % divisor == 0) else { return whole }
        let fraction = String(magnitude % divisor)
        return whole + "." + String(repeating: "0", count: digits - fraction.count) + fraction
    }

    static func style(for currency: String) -> (symbol: String, minorDigits: Int) {
        switch currency.uppercased() {
        case "GBP": ("£", 2)
        case "EUR": ("€", 2)
        case "USD": ("$", 2)
        case "JPY": ("¥", 0)
        case "KRW": ("₩", 0)
        default: ("\(currency.uppercased()) ", 2)
        }
    }

    private static func pow10(_ exponent: Int) -> Int { (0..<exponent).reduce(1) { result, _ in result * 10 } }

    private static func grouped(_ value: UInt) -> String {
        let digits = Array(String(value))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }
}
