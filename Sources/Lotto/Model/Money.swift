/// An amount in minor units (pence for GBP) with its currency.
public struct Money: Hashable, Sendable, Codable, CustomStringConvertible {
    public let amountMinor: Int
    public let currency: String

    public init(amountMinor: Int, currency: String = "GBP") {
        self.amountMinor = amountMinor
        self.currency = currency
    }

    public static func pounds(_ pounds: Int) -> Money { Money(amountMinor: pounds * 100) }

    /// `£40,000,000`, or `£12.50` when there are pence.
    public var description: String {
        let symbol = currency == "GBP" ? "£" : "\(currency) "
        let sign = amountMinor < 0 ? "-" : ""
        let magnitude = amountMinor.magnitude
        let major = Self.grouped(magnitude / 100)
        let minor = magnitude % 100
        return minor == 0 ? "\(sign)\(symbol)\(major)" : "\(sign)\(symbol)\(major).\(minor < 10 ? "0" : "")\(minor)"
    }

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
