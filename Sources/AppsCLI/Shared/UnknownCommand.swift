import ArgumentParser

/// A command name that is not one: `apps lott results`, `apps lotto drw`, `apps help nope`. Found
/// before parsing, so the answer can name the closest command instead of "unexpected arguments".
struct UnknownCommand: Error {
    let message: String
    let helpCommand: [String]

    /// `nil` when every command name in `arguments` is a command (options and their values are
    /// not looked at), or when the words left are a leaf command's own arguments.
    init?(_ arguments: [String]) {
        var words = Self.words(arguments)
        if words.first == "help" { words.removeFirst() }
        let (command, path, rest) = Self.walk(words)
        let subcommands = command.configuration.subcommands
        guard let word = rest.first, !subcommands.isEmpty else { return nil }
        let names = subcommands.filter { $0.configuration.shouldDisplay }.map(Self.name(of:))
        let closest = names.min { Self.distance(word, $0) < Self.distance(word, $1) }
        let suggestion = closest.flatMap { Self.distance(word, $0) <= max(2, word.count / 3) ? $0 : nil }
        message =
            "'\(word)' is not a command of '\((["apps"] + path).joined(separator: " "))'."
            + (suggestion.map { " Did you mean '\($0)'?" } ?? " Commands: \(names.joined(separator: ", ")).")
        helpCommand = path
    }

    /// The commands `arguments` names, as far as they are commands: where `--help` would help.
    static func knownPath(_ arguments: [String]) -> [String] {
        walk(words(arguments)).path
    }

    /// Follows `words` down the command tree while they name commands.
    private static func walk(_ words: [String]) -> (
        command: any ParsableCommand.Type, path: [String], rest: ArraySlice<String>
    ) {
        var command: any ParsableCommand.Type = Apps.self
        var path: [String] = []
        var rest = words[...]
        while let word = rest.first,
            let next = command.configuration.subcommands.first(where: { name(of: $0) == word })
        {
            command = next
            path.append(word)
            rest = rest.dropFirst()
        }
        return (command, path, rest)
    }

    static func wantsJSON(_ arguments: [String]) -> Bool {
        arguments.contains("--format=json")
            || zip(arguments, arguments.dropFirst()).contains { $0 == ("--format", "json") }
    }

    /// The words that may be command names: everything before the first option.
    private static func words(_ arguments: [String]) -> [String] {
        Array(arguments.prefix { !$0.hasPrefix("-") })
    }

    private static func name(of command: any ParsableCommand.Type) -> String {
        command.configuration.commandName ?? String(describing: command).lowercased()
    }

    /// Levenshtein distance, for suggestions.
    static func distance(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs), b = Array(rhs)
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}
