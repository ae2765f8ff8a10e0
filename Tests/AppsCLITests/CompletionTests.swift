import Foundation
import TestSupport
import Testing

/// The completion scripts complete what a command takes: files and folders where a path goes,
/// the embedded backend's draw ids, license types and places where those go.
@Suite("Completions")
struct CompletionTests {
    @Test(arguments: ["bash", "zsh", "fish"])
    func everyShellGetsAScript(_ shell: String) async throws {
        let output = try await AppsProcess.run(["completions", shell])
        #expect(output.status == 0)
        #expect(output.stdout.contains("---completion lotto draw"))
        #expect(output.stdout.contains("---completion pilot register"))
    }

    @Test func zshCompletesFoldersAndFilesWherePathsGo() async throws {
        let script = try await AppsProcess.run(["completions", "zsh"]).stdout
        #expect(script.contains(":state-dir:_files -/"))
        #expect(script.contains(":output:_files -/"))
        #expect(script.contains(":file:_files"))
        #expect(script.contains("___user=('1' '2' '3' '4' '5')"), "the listings users")
    }

    @Test(
        arguments: [
            (["lotto", "draw", "--", "positional@0"], "draw-14"), (["pilot", "register", "--", "--license"], "PPL"),
            (["koober", "ride", "--", "--pickup"], "opera-house"),
        ])
    func dynamicValuesComeFromTheEmbeddedBackend(_ request: [String], _ expected: String) async throws {
        let output = try await AppsProcess.run(["---completion"] + request + ["0", "0"])
        #expect(output.stdout.split(separator: "\n").contains(Substring(expected)), "\(output.stdout) \(output.stderr)")
    }

    @Test func bashCompletesDrawIDsAndFilesForReal() async throws {
        try await withTemporaryDirectory { directory in
            try Data().write(to: directory.appendingPathComponent("lines.csv"))
            let script = directory.appendingPathComponent("apps.bash")
            try Data(try await AppsProcess.run(["completions", "bash"]).stdout.utf8).write(to: script)
            func complete(_ words: [String]) async throws -> String {
                let line = words.joined(separator: " ") + " "
                let program = directory.appendingPathComponent("complete.sh")
                try Data(
                    """
                    cd '\(directory.path)'
                    source '\(script.path)'
                    COMP_WORDS=(\(words.joined(separator: " ")) "")
                    COMP_CWORD=\(words.count)
                    COMP_LINE='\(line)'
                    COMP_POINT=${#COMP_LINE}
                    _apps apps "" \(words.last ?? "")
                    echo "${COMPREPLY[@]}"
                    """.utf8
                ).write(to: program)
                return try await AppsProcess.shell(#"PATH="$(dirname "$APPS"):$PATH" bash "# + "'\(program.path)'")
                    .stdout
            }
            #expect(try await complete(["apps", "lotto", "draw"]).contains("draw-1"))
            #expect(try await complete(["apps", "lotto", "check-file"]).contains("lines.csv"))
        }
    }
}
