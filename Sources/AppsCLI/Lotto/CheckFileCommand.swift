import ArgumentParser
import Foundation
import Lotto

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension LottoCommand {
    /// Bulk checking for a lottery operator: streams a file of lines, memory stays flat.
    struct CheckFile: LeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "check-file",
            abstract: "Check a file of lines (2,16,23,44,47,52,14 per line) against a draw and total the prizes.",
            discussion: HelpText.checkFile)

        /// The options of this command, listed before the shared ones in `--help`.
        struct Own: ParsableArguments {
            @Option(help: "The draw to check against (default: the latest).", completion: CompletionValues.drawIDs)
            var draw: String?
            @Flag(name: .customLong("skip-invalid"), help: "Skip malformed lines and count them instead of stopping.")
            var skipInvalid = false
        }

        @OptionGroup(title: "Command options") var own: Own
        @OptionGroup(title: "Shared options") var options: GlobalOptions
        var draw: String? { own.draw }
        var skipInvalid: Bool { own.skipInvalid }

        @Argument(help: "The file to read, or - for standard input.", completion: .file()) var file: String
        func run(in environment: AppEnvironment, console: Console) async throws {
            let draws = console.reporting(try await environment.lottoService.loadDraws())
            let target = try Draw.find(draw, in: draws)
            let descriptor = file == "-" ? STDIN_FILENO : open(file, O_RDONLY | O_CLOEXEC)
            // An input that cannot be opened or read is EX_NOINPUT (66), a file or a folder alike.
            guard descriptor >= 0 else {
                throw Failure(
                    kind: .io, message: "Cannot open \(file): \(String(cString: strerror(errno))).", ioExitCode: 66)
            }
            defer { if descriptor != STDIN_FILENO { close(descriptor) } }

            var checker = BulkChecker(draw: target, skipInvalid: skipInvalid)
            var started = false
            let report: BulkChecker.Report
            do {
                let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
                defer { buffer.deallocate() }
                while true {
                    let count = read(descriptor, buffer.baseAddress, buffer.count)
                    if count < 0 {
                        if errno == EINTR { continue }
                        throw Failure(
                            kind: .io, message: "Cannot read \(file): \(String(cString: strerror(errno))).",
                            ioExitCode: 66)
                    }
                    if count == 0 { break }
                    var chunk = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
                    // A UTF-8 byte order mark, as some editors write, is not part of the first line.
                    if !started, chunk.starts(with: [0xEF, 0xBB, 0xBF]) {
                        chunk = UnsafeRawBufferPointer(rebasing: chunk[3...])
                    }
                    started = true
                    try checker.consume(chunk)
                }
                report = try checker.finish()
            } catch let invalid as BulkChecker.InvalidLine {
                throw Failure(kind: .badData, message: "\(file == "-" ? "stdin" : file), \(invalid)")
            } catch let tooLarge as BulkChecker.TotalTooLarge {
                throw Failure(kind: .badData, message: "Draw \(target.id): \(tooLarge).")
            }
            try console.result(json: Self.json(report)) { Self.text(report, draw: target) }
        }

        static func json(_ report: BulkChecker.Report) -> JSONValue {
            .object([
                ("drawId", .string(report.drawID)),
                ("lines", .int(report.lines)),
                ("invalid", .int(report.invalid)),
                (
                    "tiers",
                    .object(
                        PrizeTier.allCases.map { tier in
                            (
                                tier.rawValue,
                                .object([
                                    ("count", .int(report.count(tier))),
                                    ("amountMinor", .optional(report.totalMinor(tier)) { .int($0) }),
                                ])
                            )
                        })
                ),
            ])
        }

        static func text(_ report: BulkChecker.Report, draw: Draw) -> String {
            var lines = [
                "Checked \(counted(report.lines, "line")) against \(draw.id.terminalSafe) · \(draw.date.longDescription)"
                    + (report.invalid > 0 ? " (\(counted(report.invalid, "invalid line")) skipped)" : "")
            ]
            for tier in PrizeTier.allCases {
                let total = report.totalMinor(tier).map { Money(amountMinor: $0).description } ?? "Lucky Dips"
                lines.append(
                    "  \(tier.title.rightPadded(to: 16)) \(String(report.count(tier)).leftPadded(to: 10))  \(total)")
            }
            return lines.joined(separator: "\n")
        }
    }

    /// Writes random valid lines, for trying `check-file` on large inputs (not a committed file).
    struct GenerateLines: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "generate-lines", abstract: "Write random lines for check-file.", shouldDisplay: false)

        @Option(parsing: .unconditional, help: "How many lines (1 to 100000000).") var count = 1_000_000
        @Option(help: "Seed for repeatable output.") var seed: UInt64 = 1

        func validate() throws {
            guard (1...100_000_000).contains(count) else {
                throw ValidationError("--count must be between 1 and 100000000.")
            }
        }

        func run() throws {
            do {
                try write()
            } catch let error as OutputError {
                try? StandardStreams().write("error: \(error.localizedDescription)\n", to: .standardError)
                throw ExitCode(74)
            }
        }

        private func write() throws {
            var generator = SeededGenerator(seed: seed)
            var output = ""
            output.reserveCapacity(1 << 20)
            for index in 0..<count {
                let line = QuickPick.lines(count: 1, using: &generator)[0]
                var bonus = Int.random(in: LottoNumber.range, using: &generator)
                while line.numbers.contains(LottoNumber(bonus)!) {
                    bonus = Int.random(in: LottoNumber.range, using: &generator)
                }
                output += line.sortedNumbers.map(\.description).joined(separator: ",") + ",\(bonus)\n"
                if output.utf8.count > (1 << 20) - 64 || index == count - 1 {
                    try StandardStreams().write(output, to: .standardOutput)
                    output.removeAll(keepingCapacity: true)
                }
            }
        }
    }
}
