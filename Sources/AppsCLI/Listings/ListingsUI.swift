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
    /// A line of text and how it is drawn.
    struct StyledLine {
        let text: String
        let style: CellStyle
        init(_ text: String, _ style: CellStyle) {
            self.text = text
            self.style = style
        }
    }

    private(set) var listing: ListingViewModel
    private(set) var products = ListState()
    private(set) var coordinator: ListingsCoordinator<Data>
    /// A user asked for with a digit, while their offers load; shown once they have.
    private(set) var pendingUser: ListingViewModel?
    /// Why the last user asked for was not shown.
    private(set) var userNotice: String?
    let effects = Effects()
    @ObservationIgnored private let service: any ListingsService
    @ObservationIgnored private let images: ImageLoader
    /// When the oldest answer shown from the offline cache was stored, if one is.
    @ObservationIgnored private let staleSince: @Sendable () -> Date?

    init(service: any ListingsService, userID: String, staleSince: @escaping @Sendable () -> Date? = { nil }) {
        self.service = service
        self.staleSince = staleSince
        self.images = ImageLoader { [service] key in try await service.imageData(key: key) }
        let listing = ListingViewModel(service: service, userID: userID)
        self.listing = listing
        self.coordinator = ListingsCoordinator(service: service, listing: listing, images: images)
        effects.run { await listing.load() }
    }

    private var listed: [ListedProduct] { listing.state.value?.products ?? [] }
    /// The user on screen, for titles: this app always shows one.
    private var user: String { (listing.userID ?? "none").terminalSafe }

    func didDraw(_ frame: Canvas) {
        if let rows = frame.rows(ofList: "products"), rows != products.visibleRows { products.visibleRows = rows }
    }

    // MARK: Keys

    var keyBindings: [KeyBinding] {
        let reload = KeyBinding([.character("r")], "reload") { [self] in
            if let route = coordinator.path.last {
                loadDetails(route)
            } else {
                effects.run { [listing] in await listing.load() }
            }
        }
        if !coordinator.path.isEmpty {
            let back: @MainActor () -> Void = { [self] in coordinator.back() }
            return [
                KeyBinding([.escape], "back", perform: back), reload,
                KeyBinding([.backspace], "back", priority: .helpOnly, perform: back),
            ]
        }
        let move: @MainActor (Key) -> KeyOutcome = { [self] key in
            _ = products.handle(key, count: listed.count)
            return .handled
        }
        let stop =
            pendingUser == nil
            ? []
            : [
                // Esc takes back a digit that started loading another user.
                KeyBinding([.escape], "stop loading the user") { [self] in
                    effects.cancel(id: "user")
                    pendingUser = nil
                }
            ]
        return [
            KeyBinding(ListState.stepKeys, "choose", perform: move),
            KeyBinding([.enter], "details") { [self] in
                guard let index = products.selection(count: listed.count) else { return }
                coordinator.showDetails(productID: listed[index].product.id)
                if let route = coordinator.path.last { loadDetails(route) }
            },
            KeyBinding(Self.digits, "user", label: "1–9") { [self] key in
                if case .character(let digit) = key { switchUser(to: String(digit)) }
                return .handled
            },
            reload, KeyBinding(ListState.pageKeys, "page, first, last", priority: .helpOnly, perform: move),
        ] + stop
    }

    /// The keys that switch to a user, 1 to 9.
    private static let digits: [Key] = (1...9).map { .character(Character(String($0))) }

    func handle(_ key: Key) -> KeyOutcome {
        if key == .character("q") { return .quit }
        // A notice ("There is no user 9") is read once: the next key clears it.
        if coordinator.path.isEmpty { userNotice = nil }
        return keyBindings.perform(key) ?? .handled
    }

    /// Loads the product on screen, as its view's `.task` would.
    private func loadDetails(_ route: ListingsCoordinator.Route) {
        let details = coordinator.details(for: route)
        effects.run(id: "details") { await details.load() }
    }

    /// Loads the user's listing beside the one on screen and shows it once it is there; a user the
    /// backend does not know leaves the screen as it was, saying so.
    private func switchUser(to userID: String) {
        guard userID != listing.userID else { return }
        let candidate = ListingViewModel(service: service, userID: userID)
        pendingUser = candidate
        userNotice = nil
        effects.run(id: "user") {
            await candidate.load()
            guard self.pendingUser === candidate else { return }
            self.pendingUser = nil
            if case .userNotFound = candidate.state.value?.offersFailure {
                self.userNotice =
                    "There is no user \(userID) on this backend; still showing user \(self.user)."
                return
            }
            self.listing = candidate
            self.coordinator = ListingsCoordinator(service: self.service, listing: candidate, images: self.images)
            self.products = ListState(visibleRows: self.products.visibleRows)
        }
    }

    // MARK: Drawing

    func draw(in canvas: inout Canvas) {
        let area = canvas.scaffold(
            "Listings", tabs: ["user \(user)"], selected: 0, hints: keyHints,
            editingText: isEditingText)
        if let route = coordinator.path.last {
            drawDetails(coordinator.details(for: route), in: area, of: &canvas)
        } else {
            drawList(in: area, of: &canvas)
        }
    }

    private func drawList(in area: Rect, of canvas: inout Canvas) {
        guard let loaded = canvas.loaded(listing.state, loading: "Loading products…", in: area) else {
            return
        }
        let (offers, notice) = statusLines(loaded)
        // The offers decide the badges: they wrap (up to three rows) rather than lose one, and a
        // notice wraps rather than cut its retry hint; the table moves down as far as they need.
        let offerRows = canvas.paragraph(
            offers.text, in: Rect(x: 2, y: 1, width: canvas.width - 4, height: 3), style: offers.style)
        var header = 2 + offerRows
        if let userID = pendingUser?.userID {
            canvas.activity("Loading user \(userID.terminalSafe)…", id: "user", row: header - 1, column: 2)
        } else if let notice {
            header +=
                canvas.paragraph(
                    notice.text, in: Rect(x: 2, y: header - 1, width: canvas.width - 4, height: 2), style: notice.style)
                - 1
        }
        let columns = [
            TableColumn("Product", width: max(12, min(30, canvas.width - 36))), TableColumn("Price", width: 20),
            TableColumn("Badge"),
        ]
        let rows = loaded.products.map { item in
            [
                item.product.name.terminalSafe, item.product.price.formatted,
                item.badge.map { "[\($0.name.terminalSafe)]" } ?? "",
            ]
        }
        canvas.table(
            columns, rows: rows, in: Rect(x: 0, y: header, width: canvas.width, height: canvas.height - header - 1),
            state: products, id: "products")
    }

    private func drawDetails(_ details: ProductDetailsViewModel<Data>, in area: Rect, of canvas: inout Canvas) {
        let loading = "Loading product \(details.productID.terminalSafe)…"
        guard let loaded = canvas.loaded(details.state, loading: loading, in: area) else { return }
        let product = loaded.product
        canvas.put(
            product.name.terminalSafe, row: area.y, column: area.x, maxWidth: area.width, style: .init(bold: true))
        canvas.put(product.price.formatted, row: area.y + 1, column: area.x, maxWidth: area.width)
        canvas.put(
            "Badge: " + (details.badge.map { $0.name.terminalSafe } ?? "none"), row: area.y + 2, column: area.x,
            maxWidth: area.width, style: CellStyle(foreground: details.badge == nil ? nil : .magenta))
        let imageRow = area.y + 3
        let imageLabel = canvas.put("Image: ", row: imageRow, column: area.x)
        var imageRows = 1
        if case .loading = details.image {
            canvas.activity(
                "loading \(product.imageKey.terminalSafe).jpg…", id: "image", row: imageRow, column: imageLabel)
        } else {
            // Wrapped, never cut: a failure's reason and its `r retries` stay in view.
            imageRows = canvas.paragraph(
                imageStatus(details.image, key: product.imageKey),
                in: Rect(x: imageLabel, y: imageRow, width: area.maxX - imageLabel, height: 3))
        }
        var row = imageRow + max(1, imageRows) + 1
        for section in loaded.information where row < area.maxY - 1 {
            canvas.put(
                section.title.terminalSafe, row: row, column: area.x, maxWidth: area.width, style: .init(bold: true))
            row +=
                canvas.paragraph(
                    section.text.terminalSafe,
                    in: Rect(x: area.x + 2, y: row + 1, width: area.width - 2, height: area.maxY - row - 1)) + 2
        }
    }

    /// The lines under the title: the offers, or why they are missing (never "none" for offers that
    /// failed), and a notice with its retry hint on a line of its own, so a long error never cuts it.
    private func statusLines(_ loaded: Listing) -> (offers: StyledLine, notice: StyledLine?) {
        let offers: StyledLine
        if let failure = loaded.offersFailure {
            offers = StyledLine(
                "Offers could not be loaded: \(failure.localizedDescription)".terminalSafe,
                CellStyle(foreground: .yellow))
        } else {
            let named = loaded.offers.map { "\($0.title) (\($0.type))".terminalSafe }
            offers = StyledLine(
                "Offers: " + (named.isEmpty ? "none" : named.joined(separator: ", ")), CellStyle(dim: true))
        }
        if let userNotice { return (offers, StyledLine(userNotice, CellStyle(foreground: .yellow))) }
        if let cachedAt = staleSince() {
            let notice = offlineNotice(showing: "products", cachedAt: cachedAt)
            return (offers, StyledLine(notice, CellStyle(foreground: .yellow, bold: true)))
        }
        if loaded.offersFailure != nil {
            return (
                offers, StyledLine("The products show without badges · r tries again", CellStyle(foreground: .yellow))
            )
        }
        return (offers, nil)
    }

    /// What a screen reader hears on the list: the user and how many products, the offers (or
    /// why they are missing), any notice, then the selected product in the library's words with
    /// its place ("Blue Oxford Shirt, £25.00, Loyalty reward badge, 1 of 14"). Details are read
    /// from the drawn screen.
    var spokenLines: [String] {
        guard coordinator.path.isEmpty, let loaded = listing.state.value else { return drawnLines }
        let (offers, notice) = statusLines(loaded)
        let pending = pendingUser?.userID.map { ["Loading user \($0.terminalSafe)…"] }
        let notices = [offers.text] + (pending ?? notice.map { [$0.text] } ?? [])
        let heading = "Listings, user \(user): \(loaded.products.count) products"
        guard let index = products.selection(count: listed.count) else {
            return [heading] + notices + ["No products."]
        }
        return [heading] + notices + [
            listed[index].accessibilityLabel.terminalSafe + ", \(index + 1) of \(listed.count)"
        ]
    }

    private func imageStatus(_ image: LoadState<Data, ListingsError>, key: String) -> String {
        switch image {
        case .idle, .loading: "loading \(key.terminalSafe).jpg…"
        case .loaded(let data):
            "\(key.terminalSafe).jpg, "
                + (ImageInfo(data).map { "\($0.format) \($0.width)×\($0.height) px, " } ?? "")
                + ByteCountFormatter.string(fromByteCount: Int64(data.count), countStyle: .file)
        case .failed(let error, _): "failed: \(error.localizedDescription.terminalSafe) · r retries"
        }
    }
}
