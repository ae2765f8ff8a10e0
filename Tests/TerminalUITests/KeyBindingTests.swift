import Testing

@testable import TerminalUI

/// A screen's keys in one table: what a key does and what help says it does come from one row.
@Suite("Key tables")
@MainActor
struct KeyBindingTests {
    @Test func helpWritesTheKeysAsTheyArePressedArrowsTogether() {
        #expect(Key.names(of: [.up, .down, .character("j"), .character("k")]) == "↑↓ j k")
        #expect(Key.names(of: [.left, .right, .character("h"), .character("l")]) == "←→ h l")
        #expect(Key.names(of: [.escape, .backspace]) == "Esc Backspace")
        #expect(
            Key.names(of: [.tab, .backTab, .control("l"), .alt("b"), .character(" "), .help])
                == "Tab ⇧Tab Ctrl-L Alt-B Space F1")
        let labelled = KeyBinding(ListState.pageKeys, "page", label: "PgUp PgDn g G", priority: .helpOnly) {}
        #expect(labelled.hint == KeyHint("PgUp PgDn g G", "page", priority: .helpOnly))
    }

    @Test func aKeyDoesWhatTheFirstRowWithItSaysAndNothingElse() {
        var done: [String] = []
        let table = [
            KeyBinding([.enter, .character("o")], "open") { done.append("open") },
            KeyBinding([.character("o")], "never reached") { done.append("other") },
            KeyBinding([.character("q")], "quit") { _ in .quit },
        ]
        #expect(table.perform(.character("o")) != nil)
        #expect(table.perform(.enter) != nil)
        #expect(done == ["open", "open"])
        if case .quit? = table.perform(.character("q")) {} else { Issue.record("q does not quit") }
        #expect(table.perform(.character("x")) == nil, "a key no row has is left to the screen")
        #expect(table.hints.map(\.keys) == ["Enter o", "o", "q"])
    }
}
