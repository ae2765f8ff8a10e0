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
        #expect(keys.hasPrefix("Keys:\n←→ h l: older / newer draw\nEsc: back\n"))
        #expect(!session.transcript.contains("\u{1B}") && !session.transcript.contains("│"))
        #expect(!session.send(.character("q")))
    }

    /// An app without lines of its own is read from its drawn screen, boxes and marks left out.
    @Test func pilotIsReadFromItsScreenWithoutBoxDrawing() async throws {
        let licenses = RemoteLicensesService(
            baseURL: AppEnvironment.embeddedBaseURL, httpClient: try AppEnvironment.embeddedBackend())
        let session = ScreenReaderSession(
            root: PilotUI(flow: PilotRegistrationFlow(licenses: licenses, store: InMemoryValueStore<Pilot>())))
        session.start()
        while !session.transcript.contains("MPL") { await Task.yield() }
        #expect(session.transcript.contains("License ( ) PPL C152, C172, D40A\n"))
        let mark = session.transcript.count
        for character in "Amelia" { _ = session.send(.character(character)) }
        let typed = await next(session, after: mark)
        #expect(typed.hasSuffix("Name [ Amelia ]\n"))
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
}
