import AppsCore
import Foundation

/// An amount in minor units (pence for GBP) with its currency.
public struct Money: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The amount in minor units: pence for GBP.
    public let amountMinor: Int
    /// The ISO 4217 code, `GBP` unless said otherwise.
    public let currency: String

    /// Creates a ``Money``.
    ///
    /// - Parameters:
    ///   - amountMinor: the amount in minor units.
    ///   - currency: the ISO 4217 code.
    public init(amountMinor: Int, currency: String = "GBP") {
        self.amountMinor = amountMinor
        self.currency = currency
    }

    /// Whole pounds: `Money.pounds(50)` is £50.
    public static func pounds(_ pounds: Int) -> Money { Money(amountMinor: pounds * 100) }

    /// `£40,000,000`, or `£12.50` when there are pence; the same on every machine.
    public var description: String {
        MoneyFormat.format(amountMinor, currency: currency, dropsZeroMinorUnits: true)
    }

    /// The amount as ``description`` writes it, in `locale`'s symbols and separators:
    /// `prize.formatted(locale: .current)`.
    public func formatted(locale: Locale) -> String {
        MoneyFormat.format(amountMinor, currency: currency, dropsZeroMinorUnits: true, locale: locale)
    }
}
