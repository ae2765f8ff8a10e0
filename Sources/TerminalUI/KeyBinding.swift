/// One row of a screen's key table: the keys, what they do in a few words, and the doing. A
/// screen lists its keys once, in ``TerminalView/keyBindings``; it handles a key from the table
/// (``Array/perform(_:)``), and the footer, the help overlay and the screen reader's list of keys
/// are written from it, so no key does what its help does not say.
///
/// ```swift
/// var keyBindings: [KeyBinding] {
///     [
///         KeyBinding([.left, .character("h")], "older draw") { detail.showPrevious() },
///         KeyBinding([.escape, .backspace], "back") { path.removeLast() },
///     ]
/// }
///
/// func handle(_ key: Key) -> KeyOutcome {
///     keyBindings.perform(key) ?? .handled
/// }
/// ```
@MainActor
public struct KeyBinding {
    /// The keys that do it.
    public var keys: [Key]
    /// What they do, in a few words.
    public var action: String
    private let label: String?
    private let priority: KeyHint.Priority
    private let doing: @MainActor (Key) -> KeyOutcome

    /// How the footer and the help write it: the keys' names (``Key/name``) unless a label was
    /// given, and what they do. Written when asked, not when the table is made: a screen makes
    /// its table for every key, and a paste without bracketed paste is thousands of keys.
    public var hint: KeyHint { KeyHint(label ?? Key.names(of: keys), action, priority: priority) }

    /// - Parameters:
    ///   - keys: the keys that do it, the ones written first first.
    ///   - action: what they do, in a few words: `"open"`, `"older / newer draw"`.
    ///   - label: how the keys are written, when their names would say too much (`"PgUp PgDn g G"`
    ///     for a list's eight paging keys); by default each key's name.
    ///   - priority: whether the footer shows it, and what goes first when there is no room.
    ///   - perform: the doing, given the key that was pressed.
    public init(
        _ keys: [Key], _ action: String, label: String? = nil, priority: KeyHint.Priority = .normal,
        perform: @escaping @MainActor (Key) -> KeyOutcome
    ) {
        self.keys = keys
        self.action = action
        self.label = label
        self.priority = priority
        doing = perform
    }

    /// A binding whose doing needs neither the key nor an outcome other than ``KeyOutcome/handled``.
    public init(
        _ keys: [Key], _ action: String, label: String? = nil, priority: KeyHint.Priority = .normal,
        perform: @escaping @MainActor () -> Void
    ) {
        self.init(keys, action, label: label, priority: priority) { _ in
            perform()
            return .handled
        }
    }

    /// Does what `key` does.
    public func perform(_ key: Key) -> KeyOutcome {
        doing(key)
    }
}

extension Array where Element == KeyBinding {
    /// Does what the first binding of `key` does; `nil` when no binding has it.
    @MainActor
    public func perform(_ key: Key) -> KeyOutcome? {
        first { $0.keys.contains(key) }?.perform(key)
    }

    /// The bindings as the footer and the help write them.
    @MainActor
    public var hints: [KeyHint] { map(\.hint) }
}

extension Key {
    /// Whether it is a character typed: text in a field, never a row of its table.
    public var isCharacter: Bool {
        if case .character = self { true } else { false }
    }

    /// How help writes the key: `↑`, `Enter`, `⇧Tab`, `Ctrl-L`, `Alt-b`, `Space`, `q`.
    public var name: String {
        switch self {
        case .character(" "): "Space"
        case .character(let character): String(character)
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .enter: "Enter"
        case .tab: "Tab"
        case .backTab: "⇧Tab"
        case .escape: "Esc"
        case .backspace: "Backspace"
        case .delete: "Del"
        case .help: "F1"
        case .control(let character): "Ctrl-" + character.uppercased()
        case .alt("\u{7F}"): "Alt-Backspace"
        case .alt(let character): "Alt-" + character.uppercased()
        case .paste: "paste"
        }
    }

    /// The names of `keys` as help writes them together: arrows side by side (`↑↓`, `←→`), the
    /// others apart (`↑↓ j k`).
    static func names(of keys: [Key]) -> String {
        var words: [String] = []
        for key in keys {
            let name = key.name
            if ["↑", "↓", "←", "→"].contains(name), let last = words.last, last.allSatisfy({ "↑↓←→".contains($0) }) {
                words[words.count - 1] = last + name
            } else {
                words.append(name)
            }
        }
        return words.joined(separator: " ")
    }
}
