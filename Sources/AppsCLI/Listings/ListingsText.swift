import Foundation
import Listings

/// The Listings screens as text: aligned columns, prices with their reduction, badges in gold.
struct ListingsText {
    let console: Console

    func products(_ listing: Listing) -> String {
        listing.products.map { listed in
            let badge = listed.badge.map { console.paint("[\($0.name.terminalSafe)]", .gold) } ?? ""
            return
                ("  \(listed.product.id.terminalSafe.leftPadded(to: 3))  \(listed.product.name.terminalSafe.rightPadded(to: 24)) "
                + "\(listed.product.price.formatted.terminalSafe.rightPadded(to: 20)) \(badge)").trailingSpacesRemoved
        }.joined(separator: "\n")
    }

    func details(_ details: ProductDetails, badge: Badge?, image: LoadState<Data, ListingsError>) -> String {
        let imageLine =
            switch image {
            case .loaded(let data): "Image: \(details.product.imageKey.terminalSafe), \(data.count) bytes"
            case .failed(let error, _):
                "Image: \(details.product.imageKey.terminalSafe) failed: \(error.localizedDescription)"
            case .idle, .loading: "Image: \(details.product.imageKey.terminalSafe)"
            }
        return
            ([
                console.paint(details.product.name.terminalSafe, .bold)
                    + (badge.map { "  [\($0.name.terminalSafe)]" } ?? ""),
                details.product.price.formatted.terminalSafe, imageLine,
            ]
            + details.information.flatMap {
                ["", console.paint($0.title.terminalSafe, .bold), $0.text.terminalSafeLines]
            })
            .joined(separator: "\n")
    }

    func images(_ report: DownloadImages.Report, of total: Int, in folder: URL) -> String {
        (["Downloaded \(report.saved.count) of \(counted(total, "image")) to \(folder.path.terminalSafe)."]
            + report.failed.map { "  failed \($0.key.terminalSafe): \($0.message.terminalSafe)" }).joined(
                separator: "\n")
    }
}
