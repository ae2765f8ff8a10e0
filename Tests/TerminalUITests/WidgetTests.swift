import Observation
import Testing

@testable import TerminalUI

@MainActor
@Observable
final class Login {
    var email = ""
    var password = ""
}

/// A form of two fields and a button over ``Login``, the focus in a ``FormState``; `q` on the
/// button asks before quitting when anything was typed.
@MainActor
@Observable
final class LoginView: TerminalView {
    let login = Login()
    var form = FormState()
    var submitted = 0
    let effects = Effects()

    var fields: [FormField] {
        [
            FormField(id: "email", label: "Email", text: login.email) { [login] in login.email = $0 },
            FormField(id: "password", label: "Password", text: login.password, isSecure: true) { [login] in
                login.password = $0
            },
        ]
    }

    func draw(in canvas: inout Canvas) {
        let area = canvas.scaffold("Login", hints: [KeyHint("Tab", "next")], editingText: form.focus < 2)
        for (index, field) in fields.enumerated() {
            canvas.field(field, index: index, of: form, at: area.y + index, in: area)
        }
    }

    func handle(_ key: Key) -> KeyOutcome {
        if form.handle(key, fields: fields, stops: fields.count + 1) { return .handled }
        switch key {
        case .enter where form.focus == 2: submitted += 1
        case .character("q") where form.focus == 2:
            return login.email.isEmpty ? .quit : .confirm("Quit and lose what you typed?") { .quit }
        default: break
        }
        return .handled
    }
}

@Suite("Form state")
@MainActor
struct FormStateTests {
    @Test func keysEditTheFocusedFieldThroughItsBindingAndTabMovesRoundTheStops() {
        let view = LoginView()
        for character in "ab@c" { _ = view.handle(.character(character)) }
        #expect(view.login.email == "ab@c")
        _ = view.handle(.left)
        _ = view.handle(.backspace)
        #expect(view.login.email == "abc", "the cursor is kept between keys")
        _ = view.handle(.tab)
        _ = view.handle(.character("x"))
        #expect(view.login.password == "x" && view.form.focus == 1)
        _ = view.handle(.tab)
        _ = view.handle(.tab)
        #expect(view.form.focus == 0, "round the end")
        _ = view.handle(.backTab)
        _ = view.handle(.enter)
        #expect(view.submitted == 1, "Enter on the button is the screen's")
    }

    /// The one grammar of every form: Enter moves on from a field to the next field, and from
    /// the last field (or a button) is the screen's, which submits.
    @Test func enterMovesToTheNextFieldAndFromTheLastIsTheScreens() {
        let view = LoginView()
        _ = view.handle(.enter)
        #expect(view.form.focus == 1, "from the email to the password")
        #expect(view.submitted == 0)
        let handled = view.form.handle(.enter, fields: view.fields, stops: view.fields.count + 1)
        #expect(!handled, "the last field's Enter is the screen's, to submit")
    }

    @Test func aModelThatChangesItsTextGetsAFreshCursorAtTheEnd() {
        let view = LoginView()
        for character in "abc" { _ = view.handle(.character(character)) }
        _ = view.handle(.home)
        view.login.email = "reset"
        _ = view.handle(.character("!"))
        #expect(view.login.email == "reset!")
    }

    @Test func aFieldsProblemIsDrawnUnderItAndMarkedBesideItsLabel() {
        var canvas = Canvas(width: 50, height: 4)
        let field = FormField(id: "email", label: "Email", text: "ab", problem: "Use an @.") { _ in }
        let rows = canvas.field(field, index: 0, of: FormState(), at: 0, in: canvas.bounds)
        #expect(rows == 2)
        #expect(canvas.text(row: 0).hasPrefix("Email ✗"))
        #expect(canvas.text(row: 1).contains("✗ Use an @."))
    }
}

@Suite("Session-owned questions and effects")
@MainActor
struct SessionOwnedTests {
    @Test func aQuestionIsDrawnOverTheScreenAndOnlyYDoesWhatItAsks() async {
        let view = LoginView()
        let session = TerminalSession(root: view, width: 60, height: 16, colors: .none)
        session.start()
        #expect(session.send([.character("a"), .tab, .tab]))
        #expect(session.send(.character("q")))
        let asked = await session.frame { $0.text.contains("Quit and lose what you typed?") }
        #expect(asked.text.contains("y yes · n no"))
        #expect(session.send(.character("n")), "any key but y answers no")
        _ = await session.frame { !$0.text.contains("Quit and lose") }
        #expect(session.send(.character("q")))
        #expect(!session.send(.character("y")))
    }

    @Test func aScreenReaderHearsTheQuestion() {
        let view = LoginView()
        let session = ScreenReaderSession(root: view)
        session.start()
        _ = session.send([.character("a"), .tab, .tab, .character("q")])
        #expect(session.transcript.hasSuffix("Sure? Quit and lose what you typed? y yes, n no\n"))
        #expect(!session.send(.character("y")))
    }

    @Test func effectsAreAwaitedAndCancelledOnQuit() async {
        let view = LoginView()
        let session = TerminalSession(root: view, width: 60, height: 16, colors: .none)
        session.start()
        view.effects.run { view.login.email = "loaded@example.com" }
        let settled = await session.settle()
        #expect(settled.text.contains("loaded@example.com"))

        var cancelled = false
        view.effects.run {
            await untilCancelled()
            cancelled = true
        }
        #expect(!session.send(.control("c")))
        await view.effects.idle()
        #expect(cancelled)
    }

    @Test func anEffectWithAnIDReplacesTheOneRunningUnderIt() async {
        let effects = Effects()
        var finished: [String] = []
        effects.run(id: "search") {
            await untilCancelled()
            finished.append("b (cancelled)")
        }
        effects.run(id: "search") { finished.append("bo") }
        await effects.idle()
        #expect(finished.sorted() == ["b (cancelled)", "bo"])
        #expect(effects.isIdle)
    }
}

/// A list of forty items in whatever rows the screen leaves it.
@MainActor
@Observable
final class LongListView: TerminalView {
    var list = ListState()
    let effects = Effects()
    var drawn = 0

    func draw(in canvas: inout Canvas) {
        let area = canvas.scaffold("List", hints: [])
        canvas.list((1...40).map { "item \($0)" }, in: area, state: list, id: "items")
    }

    func didDraw(_ frame: Canvas) {
        if let rows = frame.rows(ofList: "items"), rows != list.visibleRows { list.visibleRows = rows }
    }

    func handle(_ key: Key) -> KeyOutcome {
        _ = list.handle(key, count: 40)
        return .handled
    }
}

@Suite("Scaffold, table and lists")
@MainActor
struct LayoutWidgetTests {
    @Test func aListLearnsItsRowsFromTheFrameSoAPageIsWhatShows() async {
        let view = LongListView()
        let session = TerminalSession(root: view, width: 40, height: 12, colors: .none)
        session.start()
        #expect(view.list.visibleRows == 9)
        _ = session.send(.pageDown)
        #expect(view.list.selection == 8)
        session.resize(width: 40, height: 20)
        #expect(view.list.visibleRows == 17)
    }

    @Test func theFooterLeavesOutHelpOnlyHintsThenTheLowestFromTheLast() {
        var canvas = Canvas(width: 52, height: 3)
        canvas.footer([
            KeyHint("a", "first", priority: .high), KeyHint("b", "second"), KeyHint("c", "third"),
            KeyHint("PgUp", "page", priority: .helpOnly),
        ])
        #expect(canvas.text(row: 2) == " a first · b second · c third · ? help · q quit")
        var narrow = Canvas(width: 40, height: 3)
        narrow.footer([KeyHint("a", "first", priority: .high), KeyHint("b", "second"), KeyHint("c", "third")])
        #expect(narrow.text(row: 2) == " a first · b second · ? help · q quit")
        var narrower = Canvas(width: 30, height: 3)
        narrower.footer([KeyHint("a", "first", priority: .high), KeyHint("b", "second"), KeyHint("c", "third")])
        #expect(narrower.text(row: 2) == " a first · ? help · q quit")
    }

    @Test func aTableLaysOutItsColumnsUnderABoldHeaderAndCutsWhatIsTooLong() {
        var canvas = Canvas(width: 40, height: 4)
        canvas.table(
            [TableColumn("Name", width: 8), TableColumn("Price", width: 7, alignment: .trailing), TableColumn("Id")],
            rows: [["Shirt", "£12.50", "p1"], ["Very long name", "£5", "p2"]], in: canvas.bounds, state: ListState(),
            id: "products")
        #expect(canvas.text(row: 0) == "  Name        Price  Id")
        #expect(canvas[0, 2].style.bold)
        #expect(canvas.text(row: 1) == "› Shirt      £12.50  p1")
        #expect(canvas.text(row: 2) == "  Very lo…       £5  p2")
        #expect(canvas.rows(ofList: "products") == 3)
    }

    @Test func theScaffoldGivesTheContentBetweenTitleAndFooter() {
        var canvas = Canvas(width: 30, height: 10)
        let area = canvas.scaffold("App", tabs: ["One", "Two"], selected: 1, hints: [])
        #expect(area == Rect(x: 2, y: 2, width: 26, height: 7))
        #expect(canvas.text(row: 0) == " App    One    [Two]")
        #expect(canvas.text(row: 9) == " ? help · q quit")
    }
}

/// Returns when the task is cancelled, without spinning: a stream that never yields ends then.
func untilCancelled() async {
    let (stream, continuation) = AsyncStream<Void>.makeStream()
    for await _ in stream {}
    continuation.finish()
}
