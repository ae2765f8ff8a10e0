import Foundation
import Listings

/// The Listings screens as text: aligned columns, prices with their reduction, badges in gold.
struct ListingsText {
    let console: Console

    func products(_ listing: Listing) -> String {
        listing.products.map { listed in
            let badge = listed.badge.map { console.paint("[\($0.name)]", .gold) } ?? ""
            return
                ("  \(listed.product.id.leftPadded(to: 3))  \(listed.product.name.rightPadded(to: 24)) "
                + "\(listed.product.price.formatted.rightPadded(to: 20)) \(badge)").trailingSpacesRemoved
        }.joined(separator: "\n")
    }

    func details(_ details: ProductDetails, badge: Badge?, image: LoadState<Data, ListingsError>) -> String {
        let imageLine =
            switch image {
            case .loaded(let data): "Image: \(details.product.imageKey), \(data.count) bytes"
            case .failed(let error): "Image: \(details.product.imageKey) failed: \(error.localizedDescription)"
            case .idle, .loading: "Image: \(details.product.imageKey)"
            }
        return
            ([
                console.paint(details.product.name, .bold) + (badge.map { "  [\($0.name)]" } ?? ""),
                details.product.price.formatted, imageLine,
            ] + details.information.flatMap { ["", console.paint($0.title, .bold), $0.text] })
            .joined(separator: "\n")
    }

    func images(_ report: DownloadImages.Report, of total: Int, in folder: URL) -> String {
        (["Downloaded \(report.saved.count) of \(total) images to \(folder.path)."]
            + report.failed.map { "  failed \($0.key): \($0.message)" }).joined(separator: "\n")
    }
}
