import ArgumentParser
import Foundation
import Lotto

struct LottoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lotto", abstract: "UK Lotto: results, draws, tickets, checks and quick picks.",
        discussion: HelpText.lotto,
        subcommands: [
            Results.self, DrawDetail.self, Tickets.self, Check.self, QuickPickCommand.self, CheckFile.self,
            GenerateLines.self, UI.self,
        ])
}

extension AppEnvironment {
    var lottoService: RemoteLottoService { RemoteLottoService(api: api) }
}

extension Console {
    /// A notice for each record the backend sent that was left out, naming it and what was wrong.
    func skipped(_ rejected: [LottoDataError]) {
        for record in rejected { notice("skipped \(record)") }
    }

    /// The fetched value, after the notices for what it left out.
    func reporting<Value>(_ fetched: Fetched<Value>) -> Value {
        skipped(fetched.rejected)
        return fetched.value
    }
}

extension LottoCommand {
    struct Results: LeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "results", abstract: "Every draw, newest first.", discussion: HelpText.results)

        @OptionGroup(title: "Shared options") var options: GlobalOptions

        func run(in environment: AppEnvironment, console: Console) async throws {
            let model = ResultsViewModel(service: environment.lottoService)
            await model.load()
            let fetched = try model.state.finished()
            console.skipped(fetched.rejected)
            try console.result(json: LottoJSON.results(fetched)) { LottoText(console: console).results(fetched.value) }
        }
    }

    struct DrawDetail: LeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "draw", abstract: "One draw, with the previous (older) and next (newer) draw.",
            discussion: HelpText.draw)

        @OptionGroup(title: "Shared options") var options: GlobalOptions
        @Argument(help: "The draw's id, such as draw-1.", completion: CompletionValues.drawIDs) var id: String

        func run(in environment: AppEnvironment, console: Console) async throws {
            let draws = console.reporting(try await environment.lottoService.loadDraws())
            let model = DrawDetailViewModel(draws: draws, drawID: id)
            let draw = try model.shown.get()
            try console.result(json: LottoJSON.detail(draw, model)) { LottoText(console: console).detail(draw, model) }
        }
    }

    struct Tickets: LeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "tickets", abstract: "My tickets: checked against their draws, and upcoming.",
            discussion: HelpText.tickets)

        @OptionGroup(title: "Shared options") var options: GlobalOptions

        func run(in environment: AppEnvironment, console: Console) async throws {
            let model = TicketsViewModel(draws: environment.lottoService, tickets: environment.lottoService)
            await model.load()
            let fetched = try model.state.finished()
            console.skipped(fetched.rejected)
            try console.result(json: LottoJSON.tickets(fetched)) { LottoText(console: console).tickets(fetched.value) }
        }
    }

    struct Check: LeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "check", abstract: "Check six numbers (and a bonus ball) against a draw.",
            discussion: HelpText.check)

        /// The options of this command, listed before the shared ones in `--help`.
        struct Own: ParsableArguments {
            @Option(parsing: .unconditional, help: "The line's bonus ball, distinct from the six.") var bonus: Int?
            @Option(help: "The draw to check against (default: the latest).", completion: CompletionValues.drawIDs)
            var draw: String?
        }

        @OptionGroup(title: "Command options") var own: Own
        @OptionGroup(title: "Shared options") var options: GlobalOptions
        var bonus: Int? { own.bonus }
        var draw: String? { own.draw }

        @Argument(help: "Six distinct numbers from 1 to 59.") var numbers: [Int]
        func validate() throws {
            _ = try line()
        }

        private func line() throws -> LottoLine {
            do {
                return try LottoLine(numbers, bonusBall: bonus)
            } catch {
                throw ValidationError(error.localizedDescription)
            }
        }

        func run(in environment: AppEnvironment, console: Console) async throws {
            let target = try Draw.find(draw, in: console.reporting(try await environment.lottoService.loadDraws()))
            let check = TicketChecker(draw: target).check(try line())
            try console.result(json: LottoJSON.check(check)) { LottoText(console: console).check(check, draw: target) }
        }
    }

    struct QuickPickCommand: LeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "quickpick", abstract: "Random lines, checked against the latest draw.",
            discussion: HelpText.quickpick)
        /// The options of this command, listed before the shared ones in `--help`.
        struct Own: ParsableArguments {
            @Option(parsing: .unconditional, help: "How many lines (1 to 1000).") var count = 1
            @Option(help: "Seed for repeatable lines.") var seed: UInt64?
        }

        @OptionGroup(title: "Command options") var own: Own
        @OptionGroup(title: "Shared options") var options: GlobalOptions
        var count: Int { own.count }
        var seed: UInt64? { own.seed }

        func validate() throws {
            guard (1...1000).contains(count) else { throw ValidationError("--count must be between 1 and 1000.") }
        }

        func run(in environment: AppEnvironment, console: Console) async throws {
            let draws = console.reporting(try await environment.lottoService.loadDraws())
            // A run without --seed says which seed it drew, so its lines can be had again.
            let seed = self.seed ?? .random(in: .min ... .max)
            let model = QuickPickViewModel(generator: SeededGenerator(seed: seed))
            guard model.pick(count: count, draws: draws) else { throw model.failure ?? LottoError.noDraws }
            try console.result(json: LottoJSON.quickPick(model, seed: seed)) {
                LottoText(console: console).quickPick(model.lines, draw: model.draw, seed: seed)
            }
        }
    }
}

/// The one place a Lotto error becomes a kind and an exit code.
extension LottoError: ReportableError {
    var failure: Failure {
        switch self {
        case .drawNotFound, .noDraws: Failure(kind: .notFound, message: localizedDescription)
        case .badData: Failure(kind: .badData, message: localizedDescription)
        case .network(let cause): Failure(cause)
        }
    }
}

extension LottoDataError: ReportableError {
    var failure: Failure { LottoError.badData(self).failure }
}

extension LottoCommand {
    struct UI: LeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "ui", abstract: "The Lotto app, full screen: results, a draw's details, tickets, quick picks.",
            discussion: HelpText.lottoUI)
        /// The options of this command, listed before the shared ones in `--help`.
        struct Own: ParsableArguments {
            @Option(help: "Seed for repeatable quick picks.") var seed: UInt64?
        }

        @OptionGroup(title: "Command options") var own: Own
        @OptionGroup(title: "Screen options") var screen: ScreenOptions
        @OptionGroup(title: "Shared options") var options: GlobalOptions

        func run(in environment: AppEnvironment, console: Console) async throws {
            let root = LottoUI(service: environment.lottoService, seed: own.seed ?? .random(in: .min ... .max))
            try await InteractiveScreen.run(
                root, command: "lotto ui", screen: screen, environment: environment,
                console: console)
        }
    }
}
