import Foundation

/// Reads `"loyalty:SLOTTED,BONUS||sale:PRIORITY_ACCESS,REDUCED"`: badges in priority order, highest
/// first, separated by `||`; each `name:TYPE,TYPE`. An empty string is no badges; a malformed
/// segment (no `:`, an empty name) is skipped and the rest still used.
public enum BadgeParser {
    /// The badges in `text`, highest priority first.
    /// ```swift
    /// let badges = BadgeParser.parse("loyalty:SLOTTED,BONUS||sale:PRIORITY_ACCESS,REDUCED")
    /// // [Badge(name: "loyalty", types: ["SLOTTED", "BONUS"]), Badge(name: "sale", types: ["PRIORITY_ACCESS", "REDUCED"])]
    /// ```
    public static func parse(_ text: String) -> [Badge] {
        text.split(separator: "||", omittingEmptySubsequences: true).compactMap { segment in
            guard let colon = segment.firstIndex(of: ":") else { return nil }
            let name = segment[..<colon].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { return nil }
            let types = segment[segment.index(after: colon)...].split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            return Badge(name: name, types: types)
        }
    }
}

/// The badge shown on a product: the first badge, in priority order, whose types include the
/// type of one of the user's offers whose id is among the product's `offer_ids`. None: no badge.
public enum BadgeRule {
    /// The badge `product` shows for a user with `offers`, or `nil`.
    /// - Parameters:
    ///   - product: the product, whose ``RetailProduct/offerIDs`` name the offers that apply to it.
    ///   - offers: the user's offers.
    ///   - badges: the user's badges, highest priority first (``BadgeParser/parse(_:)``).
    public static func badge(for product: RetailProduct, offers: [Offer], badges: [Badge]) -> Badge? {
        let productOffers = Set(product.offerIDs)
        let types = Set(offers.lazy.filter { productOffers.contains($0.id) }.map(\.type))
        guard !types.isEmpty else { return nil }
        return badges.first { badge in badge.types.contains(where: types.contains) }
    }
}
