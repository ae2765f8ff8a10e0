import Foundation
import Listings

/// The JSON shapes of the Listings commands (Docs/CLI.md).
enum ListingsJSON {
    static func products(_ listing: Listing, user: String) -> JSONValue {
        .object([
            ("userId", .string(user)),
            ("products", .array(listing.products.map { product($0.product, badge: $0.badge) })),
        ])
    }

    static func details(_ details: ProductDetails, badge: Badge?, image: LoadState<Data, ListingsError>) -> JSONValue {
        let information: JSONValue = .array(
            details.information.map { .object([("title", .string($0.title)), ("text", .string($0.text))]) })
        let image: JSONValue =
            switch image {
            case .loaded(let data): .object([("bytes", .int(data.count))])
            case .failed(let error, _): .object([("error", .string(error.localizedDescription))])
            case .idle, .loading: .null
            }
        return .object([
            (
                "product",
                product(details.product, badge: badge, extra: [("information", information), ("image", image)])
            )
        ])
    }

    static func images(_ report: DownloadImages.Report) -> JSONValue {
        .object([
            ("downloaded", .int(report.saved.count)),
            (
                "failed",
                .array(
                    report.failed.map {
                        .object([
                            ("key", .string($0.key)), ("stage", .string($0.stage.rawValue)),
                            ("message", .string($0.message)),
                        ])
                    })
            ),
        ])
    }

    static func product(_ product: RetailProduct, badge: Badge?, extra: [(String, JSONValue)] = []) -> JSONValue {
        let price: JSONValue = .object([
            ("currency", .string(product.price.currency)),
            ("currentMinor", .int(product.price.currentMinor)),
            ("originalMinor", .optional(product.price.originalMinor) { .int($0) }),
        ])
        let fields: [(String, JSONValue)] = [
            ("id", .string(product.id)),
            ("name", .string(product.name)),
            ("imageKey", .string(product.imageKey)),
            ("price", price),
            ("badge", .optional(badge) { .string($0.name) }),
        ]
        return .object(fields + extra)
    }
}
