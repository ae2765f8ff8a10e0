import Foundation
import Listings
import Observation
import TerminalUI

/// `apps listings ui`: the products with their prices and badges for a chosen user, and a
/// product's details with its image's status, drawn from the Listings view models. Navigation is
/// the coordinator's path.
@MainActor
@Observable
final class ListingsUI: TerminalView {
    private(set) var listing: ListingViewModel
    private(set) var selection = 0
    private(set) var coordinator: ListingsCoordinator
    @ObservationIgnored private let service: any ListingsService
    @ObservationIgnored private let images: ImageLoader

    init(service: any ListingsService, userID: String) {
        self.service = service
        self.images = ImageLoader { [service] key in try await service.imageData(key: key) }
        self.listing = ListingViewModel(service: service, userID: userID)
        self.coordinator = ListingsCoordinator(service: service, userID: userID, images: images)
        load()
    }

    private func load() {
        let listing = self.listing
        Task { await listing.load() }
    }

    private var products: [ListedProduct] {
        if case .loaded(let loaded) = listing.state { loaded.products } else { [] }
    }

    // MARK: Keys

    func handle(_ key: Key) -> KeyOutcome {
        if key == .character("q") { return .quit }
        if !coordinator.path.isEmpty {
            if key == .escape || key == .backspace { coordinator.back() }
            return .handled
        }
        switch key {
        case .escape: return .quit
        case .up: selection = max(0, selection - 1)
        case .down: selection = min(max(0, products.count - 1), selection + 1)
        case .enter where !products.isEmpty:
            let product = products[min(selection, products.count - 1)].product
            coordinator.showDetails(productID: product.id)
            if let route = coordinator.path.last {
                let model = coordinator.details(for: route)
                Task { await model.load() }
            }
        case .character(let digit) where ("1"..."9").contains(digit):
            listing = ListingViewModel(service: service, userID: String(digit))
            coordinator = ListingsCoordinator(service: service, userID: String(digit), images: images)
            selection = 0
            load()
        default: break
        }
        return .handled
    }

    // MARK: Drawing

    func draw(in canvas: inout Canvas) {
        canvas.titleBar("Listings", tabs: ["user \(listing.userID.terminalSafe)"], selected: 0)
        if let route = coordinator.path.last {
            drawDetails(coordinator.details(for: route), in: &canvas)
        } else {
            drawList(in: &canvas)
        }
    }

    private func drawList(in canvas: inout Canvas) {
        canvas.footer("↑↓ choose · Enter details · 1–9 user · q quit")
        guard let loaded = canvas.loaded(listing.state, loading: "Loading products…", row: 3) else { return }
        let named = loaded.offers.map { "\($0.title) (\($0.type))".terminalSafe }
        canvas.put(
            "Offers: " + (named.isEmpty ? "none" : named.joined(separator: ", ")), row: 1, column: 2,
            style: CellStyle(dim: true))
        if let failure = loaded.offersFailure {
            canvas.put(
                "Without badges: \(failure.localizedDescription)".terminalSafe, row: 2, column: 2,
                style: CellStyle(foreground: .yellow))
        }
        let rows = loaded.products.map { item in
            item.product.name.terminalSafe.rightPadded(to: 24) + "  " + item.product.price.formatted.rightPadded(to: 20)
                + "  " + (item.badge.map { "[\($0.name.terminalSafe)]" } ?? "")
        }
        canvas.put("  Product                   Price                 Badge", row: 3, style: CellStyle(bold: true))
        canvas.list(
            rows, top: 4, count: canvas.height - 6, selected: rows.isEmpty ? nil : min(selection, rows.count - 1))
    }

    private func drawDetails(_ details: ProductDetailsViewModel, in canvas: inout Canvas) {
        canvas.footer("Esc back · q quit")
        let loading = "Loading product \(details.productID.terminalSafe)…"
        guard let loaded = canvas.loaded(details.state, loading: loading, row: 2) else { return }
        let product = loaded.product
        canvas.put(product.name.terminalSafe, row: 2, column: 2, style: CellStyle(bold: true))
        canvas.put(product.price.formatted, row: 3, column: 2)
        canvas.put(
            "Badge: " + (details.badge.map { $0.name.terminalSafe } ?? "none"), row: 4, column: 2,
            style: CellStyle(foreground: details.badge == nil ? nil : .magenta))
        canvas.put("Image: " + imageStatus(details.image, key: product.imageKey), row: 5, column: 2)
        var row = 7
        for section in loaded.information where row < canvas.height - 2 {
            canvas.put(section.title.terminalSafe, row: row, column: 2, style: CellStyle(bold: true))
            canvas.put(section.text.terminalSafe, row: row + 1, column: 4)
            row += 3
        }
    }

    private func imageStatus(_ image: LoadState<Data, ListingsError>, key: String) -> String {
        switch image {
        case .idle, .loading: "loading \(key.terminalSafe).jpg…"
        case .loaded(let data):
            "\(key.terminalSafe).jpg, \(ByteCountFormatter.string(fromByteCount: Int64(data.count), countStyle: .file))"
        case .failed(let error, _): "failed: \(error.localizedDescription.terminalSafe)"
        }
    }
}
