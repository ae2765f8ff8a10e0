import ArgumentParser

/// A command name that is not one: `apps lott results`, `apps lotto drw`, `apps help nope`. Found
/// before parsing, so the answer can name the closest command instead of "unexpected arguments".
struct UnknownCommand: Error {
    let message: String
    let helpCommand: [String]

    /// Walks the command names in `arguments` (options and their values are skipped); `nil` when
    /// every name is a command, or when the words left are a leaf command's arguments.
    init?(_ arguments: [String]) {
        var words = Self.words(arguments)
        let asksForHelp = words.first == "help"
        if asksForHelp { words.removeFirst() }
        var command: any ParsableCommand.Type = Apps.self
        var path: [String] = []
        for word in words {
            let subcommands = command.configuration.subcommands
            guard !subcommands.isEmpty else { return nil }  // a leaf: the rest are its arguments
            if let next = subcommands.first(where: { Self.name(of: $0) == word }) {
                command = next
                path.append(word)
                continue
            }
            let names = subcommands.filter { $0.configuration.shouldDisplay }.map(Self.name(of:))
            let closest = names.min { Self.distance(word, $0) < Self.distance(word, $1) }
            let suggestion = closest.flatMap { Self.distance(word, $0) <= max(2, word.count / 3) ? $0 : nil }
            let place = (["apps"] + path).joined(separator: " ")
            message =
                "'\(word)' is not a command of '\(place)'."
                + (suggestion.map { " Did you mean '\($0)'?" } ?? " Commands: \(names.joined(separator: ", ")).")
            helpCommand = path
            return
        }
        return nil
    }

    /// The commands `arguments` names, as far as they are commands: where `--help` would help.
    static func knownPath(_ arguments: [String]) -> [String] {
        var command: any ParsableCommand.Type = Apps.self
        var path: [String] = []
        for word in words(arguments) {
            guard let next = command.configuration.subcommands.first(where: { name(of: $0) == word }) else { break }
            command = next
            path.append(word)
        }
        return path
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
