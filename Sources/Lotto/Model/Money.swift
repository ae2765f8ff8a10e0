import AppsCore

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
        MoneyFormat.format(amountMinor, currency: currency, dropsZeroMinorUnits: true)
    }
}
