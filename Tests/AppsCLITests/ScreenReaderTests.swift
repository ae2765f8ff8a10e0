import AuthMVP
import Lotto
import Persistence
import PilotRegistration
import TerminalUI
import Testing

@testable import AppsCLI

/// `--screen-reader`: the same apps as plain lines, each change announced once, read as a
/// transcript.
@Suite("Screen reader", .timeLimit(.minutes(1)))
@MainActor
struct ScreenReaderTests {
    /// Waits until the transcript has grown past `count` characters and ends with a line.
    func next(_ session: ScreenReaderSession, after count: Int) async -> String {
        while session.transcript.count <= count || !session.transcript.hasSuffix("\n") { await Task.yield() }
        return String(session.transcript.dropFirst(count))
    }

    @Test func lottoAnnouncesTheSelectedDrawThenOnlyWhatEachKeyChanged() async throws {
        let service = try RemoteLottoService(
            baseURL: AppEnvironment.embeddedBaseURL, httpClient: AppEnvironment.embeddedBackend())
        let session = ScreenReaderSession(root: LottoUI(service: service, seed: 7))
        session.start()
        while !session.transcript.contains("draw-14") { await Task.yield() }
        #expect(session.transcript.hasPrefix("Lotto, Results\nLoading draws…\n"))
        #expect(
            session.transcript.hasSuffix(
                "Lotto, Results: 14 draws\n"
                    + "draw-14, Sat 15 Jul 2023: 7 11 12 14 43 57, bonus 4, top prize £50,000,000. 1 of 14.\n"))
        var mark = session.transcript.count
        _ = session.send(.down)
        #expect(
            await next(session, after: mark)
                == "draw-13, Wed 5 Jul 2023: 8 19 20 30 31 45, bonus 5, top prize £42,000,000. 2 of 14.\n")
        mark = session.transcript.count
        _ = session.send(.enter)
        let detail = await next(session, after: mark)
        #expect(detail.hasPrefix("Lotto, draw-13\nWed 5 Jul 2023: numbers 8 19 20 30 31 45, bonus ball 5"))
        #expect(detail.hasSuffix("Older: draw-12, Sat 24 Jun 2023\nNewer: draw-14, Sat 15 Jul 2023\n"))
        mark = session.transcript.count
        _ = session.send(.character("?"))
        let keys = await next(session, after: mark)
        // Written from the keys the detail takes: Backspace and r were taken but never said.
        #expect(keys.hasPrefix("Keys:\n←→ h l: older / newer draw\nEsc: back\nr: reload\nBackspace: back\n"))
        #expect(!session.transcript.contains("\u{1B}") && !session.transcript.contains("│"))
        #expect(!session.send(.character("q")))
    }

    /// Sends keys and waits for what they make the session say.
    func heard(_ session: ScreenReaderSession, after keys: Key...) async -> String {
        let mark = session.transcript.count
        for key in keys { _ = session.send(key) }
        return await next(session, after: mark)
    }

    /// The pilot form heard stop by stop: each field with its role and place once as the focus
    /// arrives (never its password), a problem as it appears, the licenses as a choice with the
    /// chosen one, and the button dimmed with why.
    @Test func pilotNamesEveryFocusStopAndTheChosenLicense() async throws {
        let licenses = RemoteLicensesService(
            baseURL: AppEnvironment.embeddedBaseURL, httpClient: try AppEnvironment.embeddedBackend())
        let session = ScreenReaderSession(
            root: PilotUI(flow: PilotRegistrationFlow(licenses: licenses, store: InMemoryValueStore<Pilot>())))
        session.start()
        while !session.transcript.contains("Licenses: PPL, ATPL, MPL\n") { await Task.yield() }
        #expect(session.transcript.hasPrefix("Pilot registration\n"))
        #expect(session.transcript.contains("Name, text field, empty, 1 of 5\n"))
        #expect(session.send("Amelia".map(Key.character)))
        #expect(await heard(session, after: .tab) == "Password, secure text field, empty, 2 of 5\n")
        #expect(await heard(session, after: .character("s")) == "Password: Use at least 12 characters.\n")
        #expect(await heard(session, after: .tab) == "Password again, secure text field, empty, 3 of 5\n")
        #expect(await heard(session, after: .tab) == "License, none chosen, 3 to choose from with ← →, 4 of 5\n")
        #expect(await heard(session, after: .right) == "PPL, license, selected, aircraft C152, C172, D40A, 1 of 3\n")
        #expect(await heard(session, after: .right) == "ATPL, license, selected, aircraft B737, A380, B747, 2 of 3\n")
        #expect(
            await heard(session, after: .tab) == "Register, button, dimmed, fix the fields marked ✗ first, 5 of 5\n")
        #expect(
            await heard(session, after: .up, .up, .up)
                == "Password, secure text field, 1 characters, invalid: Use at least 12 characters., 2 of 5\n")
        #expect(!session.transcript.contains("│") && !session.transcript.contains("Amelia, 1"))
    }

    /// The AuthMVP login heard as the presenter renders it: fields, a red field's requirement, and
    /// the button as its title changes from Login to Cancel.
    @Test func authNamesEveryFocusStopAndTheButtonAsItChanges() async throws {
        let session = ScreenReaderSession(root: AuthUI(service: HangingAuthentication()))
        session.start()
        #expect(session.transcript == "AuthMVP, Login\nEmail, text field, empty, 1 of 3\n")
        #expect(await heard(session, after: .character("a")) == "Email: needs an @, like ann@example.com\n")
        #expect(session.send("@b.c".map(Key.character)))
        #expect(await heard(session, after: .tab) == "Password, secure text field, empty, 2 of 3\n")
        #expect(session.send("secret".map(Key.character)))
        #expect(await heard(session, after: .tab) == "Login, button, 3 of 3\n")
        #expect(await heard(session, after: .enter) == "Logging in… Esc cancels\nCancel, button, 3 of 3\n")
        #expect(!session.transcript.contains("secret"))
    }

    /// The products heard one at a time: the selected product in the library's words with its place.
    @Test func listingsAnnouncesTheSelectedProductWithItsBadgeAndPlace() async throws {
        let session = ScreenReaderSession(root: ListingsUI(service: try embeddedListings(), userID: "1"))
        session.start()
        while !session.transcript.contains(" of 8") { await Task.yield() }
        #expect(
            session.transcript == """
                Listings [user 1]
                Loading products…
                Listings, user 1: 8 products
                Offers: Bonus points (BONUS), Early access to the sale (PRIORITY_ACCESS), 20% off (REDUCED)
                Blue Oxford Shirt, £12.50 was £14.00, Loyalty reward badge, 1 of 8

                """)
        let second = await heard(session, after: .down)
        #expect(second.hasSuffix(", 2 of 8\n"))
        #expect(second.split(separator: "\n").count == 1, "only the selection is new: \(second)")
    }

    /// A whole Koober sign-in heard as NVDA or Orca would say it: every focus stop named with its
    /// role, state and place, once, as the focus arrives; a problem when it appears.
    @Test func kooberSignInNamesEveryFocusStop() async throws {
        let session = ScreenReaderSession(root: try embeddedKoober())
        session.start()
        while !session.transcript.contains("Sign in, button, 1 of 2") { await Task.yield() }
        var mark = session.transcript.count
        func step(_ keys: Key...) async -> String {
            for key in keys { _ = session.send(key) }
            let heard = await next(session, after: mark)
            mark = session.transcript.count
            return heard
        }
        func type(_ text: String) -> Bool { session.send(text.map(Key.character)) }

        #expect(await step(.right) == "Sign up, button, 2 of 2\n")
        #expect(await step(.left) == "Sign in, button, 1 of 2\n")
        let form = await step(.enter)
        #expect(form.hasPrefix("Koober, Sign in\n"))
        #expect(form.hasSuffix("Email, text field, empty, 1 of 3\n"))
        #expect(type("johnny"))
        #expect(await next(session, after: mark) == "Email: Enter an email address with an @.\n")
        mark = session.transcript.count
        #expect(await step(.tab) == "Password, secure text field, empty, 2 of 3\n")
        #expect(type("password"))
        #expect(await step(.tab) == "Sign in, button, 3 of 3\n")
        #expect(
            await step(.up, .up) == "Email, text field, johnny, invalid: Enter an email address with an @., 1 of 3\n")
        #expect(type("@gmail.com"))
        while !session.lines.allSatisfy({ !$0.hasPrefix("Email:") }) { await Task.yield() }
        mark = session.transcript.count
        #expect(await step(.tab, .tab) == "Sign in, button, 3 of 3\n")
        _ = session.send(.enter)
        while !session.transcript.contains("Hello, Johnny") { await Task.yield() }
        #expect(!session.transcript.contains("•"), "a password is never read out")
    }

    /// The picker and the ride options were silent: ↑↓ said nothing, results heard once were
    /// never read again (typing "b" was heard only as "Searching…"), ← → said nothing, nor
    /// whether Request could be pressed.
    @Test func kooberThePickerAndTheRideOptionsAreHeard() async throws {
        let session = ScreenReaderSession(root: try embeddedKoober())
        session.start()
        while !session.transcript.contains("Sign in, button, 1 of 2") { await Task.yield() }
        _ = session.send(.enter)
        _ = session.send("johnny@gmail.com".map(Key.character))
        _ = session.send(.tab)
        _ = session.send("password".map(Key.character))
        _ = session.send([.tab, .enter])
        while !session.transcript.contains("Ride, Wallabee, 4 seats, £5, chosen, 1 of 3. ← → change it.\n") {
            await Task.yield()
        }
        #expect(session.transcript.contains("Request ride, button, unavailable: choose a drop-off first.\n"))
        #expect(await heard(session, after: .right) == "Ride, Wallaroo, 6 seats, £8, chosen, 2 of 3. ← → change it.\n")

        var mark = session.transcript.count
        _ = session.send(.character("d"))
        while !session.transcript.dropFirst(mark).contains("places for \"\"") { await Task.yield() }
        #expect(session.transcript.dropFirst(mark).hasPrefix("Koober, Where to?\nSearch, empty\n"))
        mark = session.transcript.count
        _ = session.send(.character("b"))
        while !session.transcript.dropFirst(mark).contains("for \"b\"") { await Task.yield() }
        let answered = String(session.transcript.dropFirst(mark))
        #expect(
            answered.contains("place for \"b\": Bondi Beach.") || answered.contains("places for \"b\": "), "\(answered)"
        )
        let selection = await heard(session, after: .down)
        #expect(selection.hasSuffix(". Enter chooses it.\n"), "\(selection)")
        mark = session.transcript.count
        _ = session.send(.enter)
        while !session.transcript.dropFirst(mark).contains("Request ride, button, Enter requests it.") {
            await Task.yield()
        }
        #expect(session.transcript.dropFirst(mark).hasPrefix("Koober, New ride\n"))
    }
}
