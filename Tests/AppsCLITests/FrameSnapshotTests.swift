import AuthMVP
import Fixtures
import Foundation
import Koober
import Listings
import Lotto
import Networking
import Persistence
import PilotRegistration
import TerminalUI
import Testing

@testable import AppsCLI

/// Each app's main screens as text, at 80×24 and at 60×16, compared with the files in
/// `Snapshots/`. A change to a screen shows here as a diff of what a person sees; when the change
/// is meant, run the tests with `UPDATE_SNAPSHOTS=1` and read the new files before committing them.
@Suite("Frame snapshots", .timeLimit(.minutes(1)))
@MainActor
struct FrameSnapshotTests {
    nonisolated static let sizes = [(80, 24), (60, 16)]
    nonisolated static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Snapshots")

    /// Compares the frame with `Snapshots/<name>-<width>x<height>.txt` (each row ends in `|`, so
    /// trailing spaces and cut text show).
    func expectSnapshot(_ frame: Canvas, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = Self.folder.appendingPathComponent("\(name)-\(frame.width)x\(frame.height).txt")
        let text =
            (0..<frame.height).map { row in
                String((0..<frame.width).compactMap { frame[row, $0].isWideTail ? nil : frame[row, $0].character })
                    + "|"
            }.joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["UPDATE_SNAPSHOTS"] == "1" {
            try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
            Issue.record(
                "No snapshot \(file.lastPathComponent): run with UPDATE_SNAPSHOTS=1", sourceLocation: sourceLocation)
            return
        }
        #expect(text == expected, "\(file.lastPathComponent) differs", sourceLocation: sourceLocation)
    }

    func session(_ root: any TerminalView, _ size: (Int, Int)) -> TerminalSession {
        let session = TerminalSession(root: root, width: size.0, height: size.1, colors: .none)
        session.start()
        return session
    }

    static var embedded: URL { AppEnvironment.embeddedBaseURL }

    @Test(arguments: sizes)
    func lotto(_ width: Int, _ height: Int) async throws {
        let service = try RemoteLottoService(baseURL: Self.embedded, httpClient: AppEnvironment.embeddedBackend())
        let screen = session(LottoUI(service: service, seed: 7), (width, height))
        try expectSnapshot(await screen.showing("› Sat 15 Jul 2023"), "lotto-results")
        screen.press(.down, .enter)
        try expectSnapshot(await screen.showing("Numbers "), "lotto-draw")
        screen.press(.escape, .tab)
        try expectSnapshot(await screen.showing("Checked"), "lotto-tickets")
        screen.press(.tab, .character("n"))
        try expectSnapshot(await screen.showing("Yours"), "lotto-quick-pick")
        screen.press(.character("?"))
        try expectSnapshot(await screen.showing("Keys"), "lotto-help")
    }

    @Test(arguments: sizes)
    func koober(_ width: Int, _ height: Int) async throws {
        let ui = try embeddedKoober()
        let screen = session(ui, (width, height))
        try expectSnapshot(await screen.showing("Welcome to Koober"), "koober-welcome")
        screen.press(.enter)
        try expectSnapshot(await screen.showing("demo account"), "koober-sign-in")
        screen.type("johnny@gmail.com")
        screen.press(.tab)
        screen.type("password")
        screen.press(.tab, .enter)
        try expectSnapshot(await screen.showing("Kangaroo"), "koober-ride")
        screen.press(.character("d"))
        try expectSnapshot(await screen.showing("› Apple Store"), "koober-picker")
    }

    /// The sign-up form submitted empty: every field's problem, scrolled to the button at 60×16.
    @Test(arguments: sizes)
    func kooberSignUpWithEveryProblem(_ width: Int, _ height: Int) async throws {
        let screen = session(try embeddedKoober(), (width, height))
        await screen.submitEmptySignUp()
        try expectSnapshot(await screen.showing("✗ Use at least 8 characters"), "koober-sign-up-errors")
    }

    @Test(arguments: sizes)
    func pilot(_ width: Int, _ height: Int) async throws {
        let licenses = RemoteLicensesService(baseURL: Self.embedded, httpClient: try AppEnvironment.embeddedBackend())
        let flow = PilotRegistrationFlow(licenses: licenses, store: InMemoryValueStore<Pilot>())
        let screen = session(PilotUI(flow: flow), (width, height))
        try expectSnapshot(await screen.showing("ATPL"), "pilot-form")
        screen.type("Amelia")
        screen.press(.tab)
        screen.type("amelia")
        screen.press(.tab, .tab, .tab, .enter)
        try expectSnapshot(await screen.showing("fix the fields"), "pilot-form-errors")
    }

    @Test(arguments: sizes)
    func pilotConfirmation(_ width: Int, _ height: Int) async throws {
        let licenses = RemoteLicensesService(baseURL: Self.embedded, httpClient: try AppEnvironment.embeddedBackend())
        let flow = PilotRegistrationFlow(licenses: licenses, store: InMemoryValueStore<Pilot>())
        let screen = session(PilotUI(flow: flow), (width, height))
        _ = await screen.showing("ATPL")
        screen.type("Amelia")
        screen.press(.tab)
        screen.type("Secret123456")
        screen.press(.tab)
        screen.type("Secret123456")
        screen.press(.tab, .right, .right, .tab, .enter)
        try expectSnapshot(await screen.showing("Welcome"), "pilot-confirmation")
    }

    @Test(arguments: sizes)
    func listings(_ width: Int, _ height: Int) async throws {
        let screen = session(ListingsUI(service: try embeddedListings(), userID: "1"), (width, height))
        try expectSnapshot(await screen.showing("› Blue Oxford"), "listings-products")
        screen.press(.enter)
        try expectSnapshot(await screen.showing("JPEG"), "listings-details")
    }

    /// Names from a backend in CJK, with emoji and with zero-width characters: every row keeps its
    /// columns, nothing spills into the next row.
    @Test(arguments: sizes)
    func listingsWithWideAndZeroWidthNames(_ width: Int, _ height: Int) async throws {
        let screen = session(
            ListingsUI(service: WideNames(live: try embeddedListings()), userID: "1"), (width, height))
        let frame = await screen.showing("東京")
        try expectSnapshot(frame, "listings-wide-names")
        for row in 4..<height - 1 where !frame.text(row: row).isEmpty {
            #expect(frame.text(row: row).terminalColumns <= width)
        }
    }

    @Test(arguments: sizes)
    func auth(_ width: Int, _ height: Int) async throws {
        let screen = session(AuthUI(service: HangingAuthentication()), (width, height))
        screen.type("ann")
        try expectSnapshot(await screen.showing("Email ✗"), "auth-login")
    }

    @Test(arguments: sizes)
    func authSuccess(_ width: Int, _ height: Int) async throws {
        let backend = try FixtureBackend(configuration: .init(authOutcome: .success))
        let client = StubHTTPClient { request, body in backend.handle(request, body: body) }
        let screen = session(
            AuthUI(service: RemoteAuthenticationService(baseURL: Self.embedded, httpClient: client)), (width, height))
        screen.type("ann@example.com")
        screen.press(.tab)
        screen.type("secret")
        screen.press(.enter)
        try expectSnapshot(await screen.showing("hello."), "auth-success")
    }
}

/// The retailer's products renamed as a backend in another script might name them.
struct WideNames: ListingsService {
    let live: RemoteListingsService
    static let names = ["東京タワー Coat 🧥", "Zero\u{200B}width\u{FEFF} Shirt", "Ｆｕｌｌｗｉｄｔｈ Jeans", "Café Crème Socks 👟👟"]

    func products() async throws -> [RetailProduct] {
        try await live.products().enumerated().map { index, product in
            RetailProduct(
                id: product.id, name: Self.names[index % Self.names.count], imageKey: product.imageKey,
                offerIDs: product.offerIDs, price: product.price)
        }
    }

    func productDetails(id: String) async throws -> ProductDetails { try await live.productDetails(id: id) }
    func offers(userID: String) async throws -> UserOffers { try await live.offers(userID: userID) }
    func imageData(key: String) async throws -> Data { try await live.imageData(key: key) }
}
