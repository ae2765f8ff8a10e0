import AppsCore
import AuthMVP
import Fixtures
import Foundation
import HTTPTypes
import Koober
import Listings
import Lotto
import Networking
import Persistence
import PilotRegistration
import TerminalUI
import TestSupport
import Testing

@testable import AppsCLI

/// The five full-screen apps in process: keys in, frames out, on a virtual 80×24 screen. Nothing
/// waits on time: each step waits for the frame it expects, which the observation binding draws.
@Suite("Interactive screens", .timeLimit(.minutes(1)))
@MainActor
struct InteractiveScreenTests {
    static let embeddedURL = AppEnvironment.embeddedBaseURL

    func screen(_ root: any TerminalView) -> TerminalSession {
        let session = TerminalSession(root: root, width: 80, height: 24, colors: .none)
        session.start()
        return session
    }

    // MARK: Lotto

    func lottoScreen(service: (any DrawsService & TicketsService)? = nil) throws -> (LottoUI, TerminalSession) {
        let service =
            try service ?? RemoteLottoService(baseURL: Self.embeddedURL, httpClient: AppEnvironment.embeddedBackend())
        let ui = LottoUI(service: service, seed: 7)
        return (ui, screen(ui))
    }

    @Test func lottoResultsAreNewestFirstAndEnterOpensTheDraw() async throws {
        let (_, session) = try lottoScreen()
        let list = await session.showing("draw-14")
        #expect(list.text(row: 0).contains("[Results]"))
        #expect(list.text(row: 3).hasPrefix("› Sat 15 Jul 2023"))
        #expect(list.text(row: 4).hasSuffix("draw-13"))
        session.press(.down, .enter)
        let detail = await session.showing("draw-13 · Wed 5 Jul 2023")
        #expect(detail.text.contains("← draw-12 (Sat 24 Jun 2023)"))
        #expect(detail.text.contains("→ draw-14 (Sat 15 Jul 2023)"))
    }

    @Test func lottoArrowsMoveToTheOlderAndNewerDrawAndStopAtTheEnds() async throws {
        let (_, session) = try lottoScreen()
        _ = await session.showing("draw-14")
        session.press(.enter)
        _ = await session.showing("→ none: the latest draw")
        session.press(.right)  // disabled at the latest: nothing changes
        session.press(.left)
        _ = await session.showing("draw-13 · Wed 5 Jul 2023")
        for _ in 0..<20 { session.press(.left) }
        let oldest = await session.showing("← none: the oldest draw")
        #expect(oldest.text.contains("draw-2 · Sat 4 Mar 2023"))
        session.press(.escape)
        _ = await session.showing("[Results]")
    }

    @Test func lottoTicketsShowEachBallMatchedOrNotAndThePrize() async throws {
        let (_, session) = try lottoScreen()
        _ = await session.showing("draw-14")
        session.press(.tab)
        let tickets = await session.showing("Upcoming")
        #expect(tickets.text(row: 0).contains("[Tickets]"))
        let jackpot = try #require(tickets.text.split(separator: "\n").first { $0.contains("ticket-2 ") })
        // At 80 columns the tier's name gives way (the marked balls say it); the ticket's own bonus
        // ball is in a column of its own, as the text command and the screen reader have it.
        #expect(jackpot.contains("11* 20* 27* 31* 55* 56* +  5   £38,000,000"))
        let lucky = try #require(tickets.text.split(separator: "\n").first { $0.contains("ticket-7 ") })
        #expect(lucky.contains("26+") && lucky.hasSuffix("+ 24   a free Lucky Dip"))
        #expect(tickets.text.contains("ticket-11   draw-15"))
    }

    /// On a short window the tickets scroll line by line and to the end; a taller window after a
    /// resize shows them from the top again, never scrolled past it.
    @Test func lottoTicketsScrollAndAResizeNeverLeavesThemPastTheirTop() async throws {
        let service = try RemoteLottoService(baseURL: Self.embeddedURL, httpClient: AppEnvironment.embeddedBackend())
        let session = TerminalSession(root: LottoUI(service: service, seed: 7), width: 80, height: 14, colors: .none)
        session.start()
        _ = await session.showing("draw-14")
        session.press(.tab)
        let top = await session.showing("Checked")
        #expect(top.text(row: 2) == "  Checked")
        session.press(.down)
        let scrolled = await session.frame { $0.text(row: 2) == top.text(row: 3) }
        #expect(!scrolled.text.contains("Checked"))
        session.press(.character("G"))
        let end = await session.showing("ticket-11")
        #expect(end.text(row: 12).contains("ticket-"))
        session.resize(width: 80, height: 40)
        #expect(session.frame.text(row: 2) == "  Checked")
    }

    /// Esc from a draw reached with ← put the list back on the draw first opened.
    @Test func lottoEscReturnsTheListToTheDrawBeingRead() async throws {
        let (_, session) = try lottoScreen()
        _ = await session.showing("draw-14")
        session.press(.enter, .left, .left)
        _ = await session.showing("draw-12 · Sat 24 Jun 2023")
        session.press(.escape)
        let list = await session.frame { !$0.text.contains("older / newer draw") }
        let selected = list.text.split(separator: "\n").first { $0.hasPrefix("› ") }
        #expect(selected?.hasSuffix("draw-12") == true, "\(list.text)")
    }

    /// The results and the tickets each asked for the draws at start: two requests for one screen.
    @Test func lottoAsksForTheDrawsOnceAtStartAndForTheTicketsWhenTheirTabShows() async throws {
        let live = try RemoteLottoService(baseURL: Self.embeddedURL, httpClient: AppEnvironment.embeddedBackend())
        let counted = CountingLotto(live: live)
        let (ui, session) = try lottoScreen(service: counted)
        _ = await session.showing("draw-14")
        await ui.effects.idle()
        #expect(counted.calls == ["draws"])
        session.press(.tab)
        _ = await session.showing("Checked")
        await ui.effects.idle()
        #expect(counted.calls == ["draws", "draws", "tickets"] || counted.calls == ["draws", "tickets", "draws"])
        session.press(.backTab, .tab)
        await ui.effects.idle()
        #expect(counted.calls.count == 3, "shown again, not loaded again")
    }

    /// `r` on a loaded list sent the request and showed nothing for the whole wait.
    @Test func lottoAReloadShowsItIsRunningAndKeepsTheList() async throws {
        let live = try RemoteLottoService(baseURL: Self.embeddedURL, httpClient: AppEnvironment.embeddedBackend())
        let (gate, open) = AsyncStream.makeStream(of: Void.self)
        let (ui, session) = try lottoScreen(service: HeldReloads(live: live, gate: gate))
        _ = await session.showing("draw-14")
        session.press(.character("r"))
        let reloading = await session.showing("Reloading…")
        #expect(reloading.text.contains("draw-14"), "the list stays")
        open.finish()
        _ = await session.frame { !$0.text.contains("Reloading…") }
        await ui.effects.idle()
    }

    @Test func lottoQuickPickDrawsANewLineOnAKey() async throws {
        let (ui, session) = try lottoScreen()
        _ = await session.showing("draw-14")
        session.press(.backTab)
        _ = await session.showing("Press n for a line")
        session.press(.character("n"))
        let picked = await session.showing("Yours")
        #expect(picked.text.contains("Checked against draw-14"))
        let first = ui.quickPick.lines
        session.press(.character("n"))
        _ = await session.frame { _ in ui.quickPick.lines != first }
        #expect(ui.quickPick.lines.count == 1)
    }

    /// The binding itself: a model changed by someone other than the screen (here the test, as a
    /// timer or a push would) shows without a key press.
    @Test func lottoRedrawsWhenAViewModelChangesFromOutside() async throws {
        let (ui, session) = try lottoScreen()
        _ = await session.showing("draw-14")
        session.press(.backTab)
        _ = await session.showing("Press n for a line")
        let draws = try #require(ui.results.state.value?.value)
        let before = session.frameCount
        ui.quickPick.pick(count: 3, draws: draws)
        let frame = await session.frame { $0.text.components(separatedBy: "Yours").count == 4 }
        #expect(session.frameCount > before)
        #expect(frame.text.contains("Checked against draw-14"))
    }

    @Test func lottoSaysWhenTheDrawsAreFromTheOfflineCache() async throws {
        let draws = try RemoteLottoService(baseURL: Self.embeddedURL, httpClient: AppEnvironment.embeddedBackend())
        let cached = CachedLotto(live: draws, cachedAt: Date(timeIntervalSince1970: 1_700_000_000))
        let (_, session) = try lottoScreen(service: cached)
        let frame = await session.showing("Offline: showing draws cached at")
        #expect(frame.text.contains("draw-14"))
    }

    // MARK: AuthMVP

    func authScreen(_ outcome: FixtureBackend.AuthOutcome) throws -> TerminalSession {
        let backend = try FixtureBackend(configuration: .init(authOutcome: outcome))
        let client = StubHTTPClient { request, body in backend.handle(request, body: body) }
        return screen(AuthUI(service: RemoteAuthenticationService(baseURL: Self.embeddedURL, httpClient: client)))
    }

    @Test func authBordersFollowTheFieldsAsTheyAreTyped() async throws {
        let session = try authScreen(.success)
        let start = await session.showing("[ Login ]")
        #expect(start.text(row: 2) == "    Email")
        session.type("ann")
        _ = await session.showing("Email ✗")
        session.type("@example.com")
        _ = await session.showing("Email ✓")
        session.press(.tab)
        session.type("secret")
        let filled = await session.showing("Password ✓")
        #expect(filled.text.contains("│ ••••••"))
    }

    /// Enter in the email field pressed the button (and did nothing with an invalid email), where
    /// every other form moves on: it now moves to the password, and from there logs in.
    @Test func authEnterInTheEmailMovesOnAndFromThePasswordLogsIn() async throws {
        let session = screen(AuthUI(service: HangingAuthentication()))
        session.type("ann@example.com")
        session.press(.enter)
        session.type("secret")
        let filled = await session.showing("Password ✓")
        #expect(filled.text.contains("[ Login ]"), "nothing sent from the email field")
        session.press(.enter)
        _ = await session.showing("[ Cancel ]")
        session.press(.escape)
    }

    @Test func authTheButtonCyclesLoginCancelTryAgainAndEscCancelsTheRequest() async throws {
        let session = screen(AuthUI(service: HangingAuthentication()))
        session.type("ann@example.com")
        session.press(.tab)
        session.type("secret")
        session.press(.enter)
        let loading = await session.showing("[ Cancel ]")
        #expect(loading.text.contains("Logging in"))
        session.press(.escape)
        let cancelled = await session.showing("[ Login ]")
        #expect(!cancelled.text.contains("Logging in"))

        let failing = try authScreen(.unauthorized)
        failing.type("ann@example.com")
        failing.press(.tab)
        failing.type("secret")
        failing.press(.enter)
        let failed = await failing.showing("[ Try again ]")
        #expect(failed.text.contains("The email or password is incorrect."))
    }

    @Test func authSuccessSaysHelloAndEscGoesBackToAnEmptyForm() async throws {
        let session = try authScreen(.success)
        session.type("ann@example.com")
        session.press(.tab)
        session.type("secret")
        session.press(.enter)
        _ = await session.showing("hello.")
        session.press(.escape)
        let back = await session.showing("[ Login ]")
        #expect(back.text(row: 4) == "    │                                        │")
    }

    // MARK: PilotRegistration

    func pilotScreen() throws -> (InMemoryValueStore<Pilot>, TerminalSession) {
        let store = InMemoryValueStore<Pilot>()
        let licenses = RemoteLicensesService(
            baseURL: Self.embeddedURL, httpClient: try AppEnvironment.embeddedBackend())
        return (store, screen(PilotUI(flow: PilotRegistrationFlow(licenses: licenses, store: store))))
    }

    /// A 20 KB paste without bracketed paste used to draw a frame per key (a minute of CPU in the
    /// debug build); the keys of one read are one frame.
    @Test func pilotAPasteOfTwentyThousandCharactersIsOneFrame() async throws {
        let licenses = RemoteLicensesService(
            baseURL: Self.embeddedURL, httpClient: try AppEnvironment.embeddedBackend())
        let flow = PilotRegistrationFlow(licenses: licenses, store: InMemoryValueStore<Pilot>())
        // A clock whose activity ticks never come: the frames counted are the keys' alone.
        let still = TerminalClock(now: { .zero }, sleep: { _ in try await Task.sleep(for: .seconds(3600)) })
        let session = TerminalSession(root: PilotUI(flow: flow), width: 80, height: 24, colors: .none, clock: still)
        session.start()
        _ = await session.showing("ATPL  B737, A380, B747")
        let before = session.frameCount
        #expect(session.send(Array(repeating: Key.character("a"), count: 20_000)))
        _ = await session.showing("aaaaaaaaaa")
        #expect(session.frameCount == before + 1)
    }

    @Test func aCtrlZAmongTheKeysOfOneReadSuspendsBetweenThemAndACtrlCEndsAtOnce() async throws {
        let (store, session) = try pilotScreen()
        _ = await session.showing("ATPL  B737, A380, B747")
        var suspends = 0
        #expect(
            InteractiveScreen.apply([.character("A"), .control("z"), .character("B")], to: session) { suspends += 1 })
        #expect(suspends == 1)
        _ = await session.showing("AB")
        #expect(!InteractiveScreen.apply([.character("C"), .control("c")], to: session) { suspends += 1 })
        #expect(suspends == 1)
        #expect(!session.frame.text.contains("ABC"), "nothing ahead of the Ctrl-C is applied")
        #expect(try store.load() == nil)
    }

    /// Space in the license group cycled to the next license instead of choosing the one under
    /// the cursor, and with none chosen the focus showed only as a bold label.
    @Test func pilotSpaceChoosesALicenseOnceAndTheFocusedGroupIsMarked() async throws {
        let (_, session) = try pilotScreen()
        _ = await session.showing("( ) PPL")
        session.press(.tab, .tab, .tab)
        let focused = await session.showing("› License")
        #expect(focused.text.contains("( ) PPL"))
        session.press(.character(" "))
        _ = await session.showing("(•) PPL")
        session.press(.character(" "))
        let kept = await session.showing("(•) PPL")
        #expect(kept.text.contains("( ) ATPL"), "Space again keeps the choice")
    }

    @Test func pilotMessagesAppearAsYouTypeAndRegisterWaitsForAValidForm() async throws {
        let (_, session) = try pilotScreen()
        let form = await session.showing("ATPL  B737, A380, B747")
        #expect(form.text.contains("fill in every field to register"))
        session.type("Amelia")
        session.press(.tab)
        session.type("amelia")
        _ = await session.showing("✗ The password must not contain your name.")
        for _ in 0..<6 { session.press(.backspace) }
        session.type("Flying2Home!")
        _ = await session.frame { !$0.text.contains("✗ The password") }
        session.press(.tab)
        session.type("Flying2Home")
        _ = await session.showing("✗ The passwords do not match.")
        session.type("!")
        session.press(.tab, .right)
        let ready = await session.showing("(•) PPL")
        #expect(!ready.text.contains("fill in every field"))
    }

    @Test func pilotRegisteringShowsTheConfirmationAndLogoutReturnsToTheForm() async throws {
        let (store, session) = try pilotScreen()
        _ = await session.showing("PPL")
        session.type("Amelia")
        session.press(.tab)
        session.type("Flying2Home!")
        session.press(.tab)
        session.type("Flying2Home!")
        session.press(.tab, .right, .right, .tab, .enter)
        let confirmed = await session.showing("Welcome, Amelia!")
        #expect(confirmed.text.contains("License   ATPL"))
        #expect(confirmed.text.contains("Aircraft  B737, A380, B747"))
        #expect(try store.load()?.name == "Amelia")
        session.press(.enter)
        #expect(try store.load()?.name == "Amelia", "Enter does not log out")
        session.press(.character("l"))
        _ = await session.showing("Log out and forget the pilot?")
        #expect(try store.load()?.name == "Amelia", "asked first")
        session.press(.character("y"))
        _ = await session.showing("[ Register ]")
        #expect(try store.load() == nil)
    }

    // MARK: Listings

    func listingsScreen() throws -> TerminalSession {
        screen(ListingsUI(service: try embeddedListings(), userID: "1"))
    }

    /// Offers that could not be loaded are not "none", and the retry hint stays in view at 60×16.
    @Test func listingsSayTheOffersCouldNotBeLoadedAndHowToRetry() async throws {
        let session = TerminalSession(
            root: ListingsUI(service: NoOffers(live: try embeddedListings()), userID: "1"), width: 60, height: 16,
            colors: .none)
        session.start()
        let list = await session.showing("Blue Oxford Shirt")
        #expect(list.text(row: 1).hasPrefix("  Offers could not be loaded: "))
        // The reason wraps rather than being cut, and the retry hint follows it.
        let notice = (1..<6).first { list.text(row: $0) == "  The products show without badges · r tries again" }
        #expect(notice != nil, "\(list.text)")
        #expect(!list.text.contains("Offers: none"))
    }

    /// At 60 columns a failed image's reason cut its `r retries` hint.
    @Test func listingsAFailedImageSaysWhyAndHowToRetryInANarrowWindow() async throws {
        let session = TerminalSession(
            root: ListingsUI(service: UnreachableImages(live: try embeddedListings()), userID: "1"), width: 60,
            height: 16,
            colors: .none)
        session.start()
        _ = await session.showing("Blue Oxford Shirt")
        session.press(.enter)
        let details = await session.showing("failed:")
        #expect(details.text.contains("r retries"), "wrapped, not cut: \(details.text)")
    }

    @Test func listingsShowPricesBadgesAndTheUsersOffers() async throws {
        let session = try listingsScreen()
        let list = await session.showing("Blue Oxford Shirt")
        #expect(list.text.contains("Blue Oxford Shirt               £12.50 was £14.00     [loyalty]"))
        #expect(list.text.contains("Offers: Bonus points (BONUS)"))
        session.press(.character("3"))
        let other = await session.showing("[user 3]")
        #expect(other.text.contains("Loading products") || other.text.contains("Blue Oxford Shirt"))
        _ = await session.showing("Clearance price (CLEARANCE)")
    }

    @Test func listingsDetailsShowTheImagesStatusAndEscGoesBack() async throws {
        let session = try listingsScreen()
        _ = await session.showing("Dark Slim Jeans")
        session.press(.down, .enter)
        let details = await session.showing("Image: jeans-dark.jpg, ")
        #expect(details.text.contains("Stretch denim in a slim fit."))
        #expect(details.text.contains("Badge: none"))
        session.press(.escape)
        _ = await session.showing("› Dark Slim Jeans")
    }

    @Test func listingsKeepTheUserWhenTheBackendDoesNotKnowTheOneAskedFor() async throws {
        let session = try listingsScreen()
        _ = await session.showing("Blue Oxford Shirt")
        session.press(.character("7"))
        let refused = await session.showing("There is no user 7 on this backend; still showing user 1.")
        #expect(refused.text(row: 0).contains("[user 1]"))
        #expect(refused.text.contains("Offers: Bonus points (BONUS)"))
        session.press(.down)
        let moved = await session.frame { !$0.text.contains("There is no user 7") }
        #expect(moved.text.contains("Blue Oxford Shirt"), "the notice is read once; the next key clears it")
    }

    /// A digit that starts loading another user could not be taken back.
    @Test func listingsEscStopsLoadingAnotherUser() async throws {
        let gate = PauseGate()
        let session = screen(ListingsUI(service: HeldOffers(live: try embeddedListings(), gate: gate), userID: "1"))
        _ = await session.showing("Blue Oxford Shirt")
        session.press(.character("2"))
        _ = await session.showing("Loading user 2…")
        session.press(.escape)
        let back = await session.frame { !$0.text.contains("Loading user 2") }
        #expect(back.text(row: 0).contains("[user 1]"))
        await gate.release()
        await session.settle()
        #expect(session.frame.text(row: 0).contains("[user 1]"), "the cancelled load never shows")
    }

    /// Esc on a top screen does nothing; quitting from a half-filled form asks, and n keeps it.
    @Test func pilotEscNeverQuitsAndAHalfFilledFormAsksBeforeItIsThrownAway() async throws {
        let (_, session) = try pilotScreen()
        _ = await session.showing("PPL")
        #expect(session.send(.escape))
        session.type("Amelia")
        #expect(session.send(.character("q")))  // typed into the name
        _ = await session.showing("[ Ameliaq")
        session.press(.backspace, .backTab)  // to Register
        #expect(session.send(.character("q")))
        _ = await session.showing("Quit and lose what you typed in the form?")
        #expect(session.send(.character("n")))
        let kept = await session.frame { !$0.text.contains("Quit and lose") }
        #expect(kept.text.contains("[ Amelia "))
        #expect(session.send(.character("q")))
        _ = await session.showing("Quit and lose")
        #expect(!session.send(.character("y")))
    }

    @Test func authRetriesWithRAfterAFailure() async throws {
        let session = try authScreen(.unauthorized)
        session.type("ann@example.com")
        session.press(.tab)
        session.type("secret")
        session.press(.tab, .enter)
        _ = await session.showing("[ Try again ]")
        session.press(.character("r"))
        _ = await session.showing("[ Cancel ]")
    }

    @Test func listingsSayWhenAnImageFailed() async throws {
        let session = screen(ListingsUI(service: NoImages(live: try embeddedListings()), userID: "1"))
        _ = await session.showing("Blue Oxford Shirt")
        session.press(.enter)
        let details = await session.showing("Image: failed: ")
        #expect(details.text.contains("Blue Oxford Shirt"))
    }

    // MARK: Koober

    /// - Parameters:
    ///   - rides: wraps the embedded ride service, to count or hold its calls.
    ///   - pause: the picker's wait for a pause in typing: none unless a test holds it.
    func kooberScreen(
        rides: (RemoteRideService) -> any LocationsService & RideService = { $0 },
        pause: (@Sendable () async throws -> Void)? = nil
    ) throws -> (KooberUI, TerminalSession) {
        let ui = try embeddedKoober(rides: rides, pause: pause)
        return (ui, screen(ui))
    }

    /// On a backend that never answers, each letter typed shows at once and cancels the search in
    /// flight, and Esc closes the picker at once: no key waits for the network.
    @Test func kooberNoKeyWaitsForASearchThatNeverReturns() async throws {
        let searches = Locked((started: 0, cancelled: 0))
        let (ui, session) = try kooberScreen(rides: { HangingSearches(live: $0, searches: searches) })
        await session.signInAsJohnny()
        session.press(.character("d"))
        _ = await session.showing("› Apple Store")
        for (index, letter) in "harbo".enumerated() {
            session.type(String(letter))
            _ = await session.showing("Where to? " + "harbo".prefix(index + 1))
        }
        session.press(.escape)
        let closed = await session.frame { !$0.text.contains("Where to?") }
        #expect(closed.text.contains("none yet: press d to choose"))
        // Every search that reached the backend was cancelled, by the next letter or by Esc: the
        // screen's work all ends.
        await ui.effects.idle()
        let counted = searches.withLock { $0 }
        #expect(counted.started == counted.cancelled, "\(counted)")
    }

    /// Alt-Backspace arrives as Esc then Backspace: it closed the picker and dropped the query.
    @Test func kooberAltBackspaceInTheSearchDeletesAWordAndKeepsThePickerOpen() async throws {
        let (_, session) = try kooberScreen()
        await session.signInAsJohnny()
        session.press(.character("d"))
        _ = await session.showing("› Apple Store")
        session.type("harbour bri")
        _ = await session.showing("Where to? harbour bri")
        // As a terminal sends Option-Delete: Esc then Backspace, in one write.
        for key in Key.parse([0x1B, 0x7F]) { session.press(key) }
        let edited = await session.showing("Where to? harbour ")
        #expect(edited.text.contains("Where to?"), "still open")
    }

    /// Typed quickly, `b`, ↓, Enter picks the second place with a b, not the second place of the
    /// list shown before the search; three keys typed in one breath send one search.
    @Test func kooberThePickerSearchesOncePerPauseAndKeysWaitForTheirList() async throws {
        let gate = PauseGate()
        let searches = Locked<[String]>([])
        let (_, session) = try kooberScreen(
            rides: { CountingRides(live: $0, searches: searches) }, pause: { await gate.pass() })
        await session.signInAsJohnny()
        session.press(.character("d"))
        _ = await session.showing("Searching…")
        await gate.release()
        _ = await session.showing("› Apple Store")
        session.type("br")
        session.press(.backspace, .down, .enter)
        let waiting = await session.showing("Searching…")
        #expect(waiting.text.contains("› Apple Store"))  // the old list, which the keys did not act on
        await gate.open()
        let picked = await session.showing("Drop-off  Bondi Beach")
        #expect(!picked.text.contains("Where to?"))
        #expect(searches.withLock { $0 } == ["", "", "b"])
    }

    @Test func kooberSignInShowsRejectedCredentialsUnderThePasswordThenTheNewRide() async throws {
        let (_, session) = try kooberScreen()
        _ = await session.showing("Welcome to Koober")
        session.press(.enter)
        _ = await session.showing("Sign in")
        session.type("johnny@gmail.com")
        session.press(.tab)
        session.type("wrong")
        session.press(.tab, .enter)
        let refused = await session.showing("✗ The email or password is incorrect.")
        #expect(refused.text.contains("Password ✗  [ •••••"))
        #expect(!refused.text.contains("Fix it and press Enter"), "a field's problem, not a failed sign-in")
        session.press(.up)
        for _ in 0..<5 { session.press(.backspace) }
        session.type("password")
        session.press(.tab, .enter)
        let ride = await session.showing("Hello, Johnny")
        #expect(ride.text.contains("Wallabee") || ride.text.contains("Finding where you are"))
        _ = await session.showing("Pickup    Opera House")
    }

    /// At 60×16 the sign-up form with every message is taller than the window: it scrolls to the
    /// focus at every stop, and the header and the footer stay as they are.
    @Test func kooberSignUpAt60x16KeepsTheFocusInViewAndTheFooterIntact() async throws {
        let session = TerminalSession(root: try embeddedKoober(), width: 60, height: 16, colors: .none)
        session.start()
        await session.submitEmptySignUp()
        let submitted = await session.showing("✗ Use at least 8 characters")
        #expect(submitted.text(row: 15) == " Tab ↓ ⇧Tab ↑ next / previous · ? help · q quit")
        #expect(submitted.text.contains("[ Sign up ]"))
        let labels = ["Full name", "Nickname", "Email", "Phone", "Password"]
        for stop in 0..<6 {
            let drawn = session.frameCount
            session.press(.tab)
            let frame = await session.frame { _ in session.frameCount > drawn }
            let footerRow = frame.text(row: 15)
            #expect(footerRow.hasPrefix(" Tab ↓ ⇧Tab ↑ next / previous · ") && footerRow.hasSuffix(" quit"))
            #expect(footerRow.contains(stop < 5 ? "Ctrl-C quit" : "q quit"), "only keys that work at the focus")
            #expect(frame.text(row: 0).hasPrefix(" Koober"))
            let focused = stop < 5 ? labels[stop] : "[ Sign up ]"
            #expect(frame.text.contains(focused), "the focus on \(focused) is in view")
        }
    }

    @Test func kooberSignUpNamesTheFieldThatBreaksItsRule() async throws {
        let (_, session) = try kooberScreen()
        await session.submitEmptySignUp()
        let refused = await session.showing("✗ Enter your full name.")
        #expect(refused.text(row: 5).contains("✗ Enter your full name."))
    }

    @Test func kooberTheDropoffPickerPresentsCancelsAndSelectsThenTheRideIsRequested() async throws {
        let (_, session) = try kooberScreen()
        await session.signInAsJohnny()
        session.press(.character("d"))
        _ = await session.showing("Where to?")
        session.type("mo")
        let searched = await session.showing("› MOMA")
        #expect(!searched.text.contains("Opera House"))
        session.press(.escape)
        _ = await session.showing("none yet: press d to choose")
        session.press(.character("d"))
        _ = await session.showing("› Apple Store")
        session.press(.enter)
        _ = await session.showing("Drop-off  Apple Store")
        session.press(.right, .enter)
        let requested = await session.showing("requested")
        #expect(requested.text.contains("Wallaroo from Opera House to Apple Store"))
        session.press(.enter)  // a confirmed ride is not booked again
        #expect(session.frame.text.contains("[ Request ride ]") && session.frame.text.contains("requested"))
        session.press(.character("n"))
        _ = await session.showing("none yet: press d to choose")
        session.press(.character("s"))
        _ = await session.showing("Sign out?")
        session.press(.character("n"))
        _ = await session.showing("none yet: press d to choose")
        session.press(.character("s"))
        _ = await session.showing("Sign out?")
        session.press(.character("y"))
        _ = await session.showing("Welcome to Koober")
    }

    @Test func kooberBrandColoursPassTheContrastRule() throws {
        let (ui, _) = try kooberScreen()
        #expect(ui.brand.background == .rgb(0x00, 0xCE, 0xBC))
        #expect(Contrast(foreground: KooberTheme.text, background: KooberTheme.brand).passesAA)
    }
}

extension TerminalSession {
    func press(_ keys: Key...) {
        for key in keys { _ = send(key) }
    }

    func type(_ text: String) {
        for character in text { _ = send(.character(character)) }
    }

    /// Koober from its welcome screen to the new ride, with the demo account.
    func signInAsJohnny() async {
        _ = await showing("Welcome to Koober")
        press(.enter)
        type("johnny@gmail.com")
        press(.tab)
        type("password")
        press(.tab, .enter)
        _ = await showing("Wallabee")
    }

    /// Koober from its welcome screen to the sign-up form, submitted with every field empty.
    func submitEmptySignUp() async {
        _ = await showing("Welcome to Koober")
        press(.character("u"))
        _ = await showing("Sign up")
        for _ in 0..<5 { press(.tab) }
        press(.enter)
    }

    /// The first frame, from now on, that shows `text`.
    func showing(_ text: String) async -> Canvas {
        await frame { $0.text.contains(text) }
    }
}

/// Draws and tickets as the offline cache serves them: the live answers, stamped as cached.
struct CachedLotto: DrawsService, TicketsService {
    let live: RemoteLottoService
    let cachedAt: Date

    func loadDraws() async throws -> Fetched<[Draw]> {
        var fetched = try await live.loadDraws()
        fetched.cachedAt = cachedAt
        return fetched
    }

    func loadTickets() async throws -> Fetched<[Ticket]> {
        try await live.loadTickets()
    }
}

/// The retailer's API with every image missing.
/// The retailer's API where the offers call cannot reach the backend.
struct NoOffers: ListingsService {
    let live: RemoteListingsService

    func products() async throws -> [RetailProduct] { try await live.products() }
    func productDetails(id: String) async throws -> ProductDetails { try await live.productDetails(id: id) }
    func offers(userID: String) async throws -> UserOffers { throw NetworkError.cannotConnect(host: "shop.test") }
    func imageData(key: String) async throws -> Data { try await live.imageData(key: key) }
}

/// The live shop whose image host cannot be reached.
struct UnreachableImages: ListingsService {
    let live: RemoteListingsService

    func products() async throws -> [RetailProduct] { try await live.products() }
    func productDetails(id: String) async throws -> ProductDetails { try await live.productDetails(id: id) }
    func offers(userID: String) async throws -> UserOffers { try await live.offers(userID: userID) }
    func imageData(key: String) async throws -> Data { throw NetworkError.cannotConnect(host: "images.shop.test") }
}

/// User 1's offers at once; any other user's when the gate lets them through.
struct HeldOffers: ListingsService {
    let live: RemoteListingsService
    let gate: PauseGate

    func products() async throws -> [RetailProduct] { try await live.products() }
    func productDetails(id: String) async throws -> ProductDetails { try await live.productDetails(id: id) }
    func offers(userID: String) async throws -> UserOffers {
        if userID != "1" { await gate.pass() }
        return try await live.offers(userID: userID)
    }
    func imageData(key: String) async throws -> Data { try await live.imageData(key: key) }
}

struct NoImages: ListingsService {
    let live: RemoteListingsService

    func products() async throws -> [RetailProduct] { try await live.products() }
    func productDetails(id: String) async throws -> ProductDetails { try await live.productDetails(id: id) }
    func offers(userID: String) async throws -> UserOffers { try await live.offers(userID: userID) }
    func imageData(key: String) async throws -> Data { throw NetworkError.unexpectedStatus(404, message: "No image.") }
}

/// A login that never answers until it is cancelled.
struct HangingAuthentication: AuthenticationService {
    func authenticate(email: String, password: String) async throws(AuthError) -> Authentication {
        let (answers, answer) = AsyncStream.makeStream(of: Authentication.self)
        defer { answer.finish() }
        for await authentication in answers { return authentication }
        throw .cancelled
    }
}

/// Holds the Koober picker's pauses until the test lets the waiting ones through.
actor PauseGate {
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var isOpen = false

    func pass() async {
        guard !isOpen else { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Lets every pause through from now on, those waiting and those still to come: for the last
    /// search of a test, whose pause a busy machine may not have reached yet.
    func open() {
        isOpen = true
        for pause in waiting { pause.resume() }
        waiting = []
    }

    /// Lets every pause waiting now go on, once there is one.
    func release() async {
        while waiting.isEmpty { await Task.yield() }
        for pause in waiting { pause.resume() }
        waiting = []
    }
}

/// The ride service, noting each place search.
struct CountingRides: LocationsService, RideService {
    let live: RemoteRideService
    let searches: Locked<[String]>

    func searchLocations(_ query: String) async throws -> [Location] {
        searches.withLock { $0.append(query) }
        return try await live.searchLocations(query)
    }

    func rideOptions() async throws -> [RideOption] { try await live.rideOptions() }

    func requestRide(_ request: RideRequest, session: RemoteUserSession) async throws(RideError) -> Ride {
        try await live.requestRide(request, session: session)
    }
}

/// Places that never come for what the user types: every search for some text waits until it is
/// cancelled, counting both; the empty search (the pickup, the picker's first list) answers.
struct HangingSearches: LocationsService, RideService {
    let live: RemoteRideService
    let searches: Locked<(started: Int, cancelled: Int)>

    func searchLocations(_ query: String) async throws -> [Location] {
        guard !query.isEmpty else { return try await live.searchLocations(query) }
        searches.withLock { $0.started += 1 }
        do {
            try await Task.sleep(for: .seconds(3600))
        } catch {
            searches.withLock { $0.cancelled += 1 }
            throw error
        }
        return []
    }

    func rideOptions() async throws -> [RideOption] { try await live.rideOptions() }

    func requestRide(_ request: RideRequest, session: RemoteUserSession) async throws(RideError) -> Ride {
        try await live.requestRide(request, session: session)
    }
}

/// The retailer's API on the embedded backend, with the fixture's credentials.
func embeddedListings() throws -> RemoteListingsService {
    RemoteListingsService(
        baseURL: AppEnvironment.embeddedBaseURL, credentials: BasicCredentials(username: "admin", password: "password"),
        httpClient: try AppEnvironment.embeddedBackend())
}

/// Koober's screen on the embedded backend, nobody signed in, picked up at the Opera House.
/// - Parameters:
///   - rides: wraps the embedded ride service, to count or hold its calls.
///   - pause: the picker's wait for a pause in typing.
@MainActor
func embeddedKoober(
    rides: (RemoteRideService) -> any LocationsService & RideService = { $0 },
    pause: (@Sendable () async throws -> Void)? = nil
) throws -> KooberUI {
    let client = try AppEnvironment.embeddedBackend()
    let store = InMemoryValueStore<UserSession>()
    let auth = RemoteUserAuthService(baseURL: AppEnvironment.embeddedBaseURL, httpClient: client)
    let app = KooberAppModel(
        signIn: KooberSignInUseCase(remoteAPI: auth, store: store),
        signUp: KooberSignUpUseCase(remoteAPI: auth, store: store), store: store)
    return KooberUI(
        app: app, rides: rides(RemoteRideService(baseURL: AppEnvironment.embeddedBaseURL, httpClient: client)),
        pickup: "opera-house", clock: pause.map { PausingClock(pause: $0) } ?? RecordingClock())
}

/// A clock whose every sleep is `pause`: none, or one a test holds. The picker's pause in typing
/// sleeps on it.
struct PausingClock: Clock {
    let pause: @Sendable () async throws -> Void

    var now: ContinuousClock.Instant { ContinuousClock.now }
    var minimumResolution: Duration { .zero }

    func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
        try await pause()
        try Task.checkCancellation()
    }
}

/// The Lotto backend, each call counted by what it asked for.
final class CountingLotto: DrawsService, TicketsService {
    let live: RemoteLottoService
    private let asked = Locked<[String]>([])
    var calls: [String] { asked.withLock { $0 } }

    init(live: RemoteLottoService) {
        self.live = live
    }

    func loadDraws() async throws -> Fetched<[Draw]> {
        asked.withLock { $0.append("draws") }
        return try await live.loadDraws()
    }

    func loadTickets() async throws -> Fetched<[Ticket]> {
        asked.withLock { $0.append("tickets") }
        return try await live.loadTickets()
    }
}

/// The Lotto backend whose draws answer at once the first time, then only once `gate` ends.
final class HeldReloads: DrawsService, TicketsService {
    let live: RemoteLottoService
    let gate: AsyncStream<Void>
    private let loads = Locked(0)

    init(live: RemoteLottoService, gate: AsyncStream<Void>) {
        self.live = live
        self.gate = gate
    }

    func loadDraws() async throws -> Fetched<[Draw]> {
        let load = loads.withLock {
            $0 += 1
            return $0
        }
        if load > 1 { for await _ in gate {} }
        return try await live.loadDraws()
    }

    func loadTickets() async throws -> Fetched<[Ticket]> { try await live.loadTickets() }
}
