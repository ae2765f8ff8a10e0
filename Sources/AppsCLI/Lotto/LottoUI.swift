import AppsCore
import Foundation
import Lotto
import Observation
import TerminalUI

/// `apps lotto ui`: Results | Tickets | Quick pick, a draw's details with the way to the older and
/// newer draw, all drawn from the Lotto view models.
@MainActor
@Observable
final class LottoUI: TerminalView {
    enum Tab: Int, CaseIterable {
        case results, tickets, quickPick

        var title: String { ["Results", "Tickets", "Quick pick"][rawValue] }
    }

    private(set) var tab = Tab.results
    /// The selected draw in Results.
    private(set) var selection = 0
    /// How many checked tickets are scrolled off the top in Tickets.
    private(set) var ticketsScrolled = 0
    /// The draw opened from the results, while it is open.
    private(set) var detail: DrawDetailViewModel?

    let results: ResultsViewModel
    let tickets: TicketsViewModel
    let quickPick: QuickPickViewModel

    init(service: any DrawsService & TicketsService, seed: UInt64) {
        results = ResultsViewModel(service: service)
        tickets = TicketsViewModel(draws: service, tickets: service)
        quickPick = QuickPickViewModel(generator: SeededGenerator(seed: seed))
        Task { [results, tickets] in
            async let draws: Void = results.load()
            async let mine: Void = tickets.load()
            _ = await (draws, mine)
        }
    }

    private var draws: [Draw] {
        if case .loaded(let fetched) = results.state { fetched.value } else { [] }
    }

    private var checkedCount: Int {
        if case .loaded(let fetched) = tickets.state { fetched.value.checked.count } else { 0 }
    }

    // MARK: Keys

    func handle(_ key: Key) -> KeyOutcome {
        if key == .character("q") { return .quit }
        if let detail {
            switch key {
            case .left: detail.showPrevious()
            case .right: detail.showNext()
            case .escape, .backspace: self.detail = nil
            default: break
            }
            return .handled
        }
        switch key {
        case .tab: tab = tab.cycled(by: 1)
        case .backTab: tab = tab.cycled(by: -1)
        case .up where tab == .results: selection = max(0, selection - 1)
        case .down where tab == .results: selection = min(max(0, draws.count - 1), selection + 1)
        case .up where tab == .tickets: ticketsScrolled = max(0, ticketsScrolled - 1)
        case .down where tab == .tickets: ticketsScrolled = min(max(0, checkedCount - 1), ticketsScrolled + 1)
        case .enter where tab == .results && !draws.isEmpty:
            detail = try? DrawDetailViewModel(draws: draws, drawID: draws[selection].id)
        case .character("n") where tab == .quickPick, .enter where tab == .quickPick:
            try? quickPick.pick(count: 1, draws: draws)
        default: break
        }
        return .handled
    }

    // MARK: Drawing

    func draw(in canvas: inout Canvas) {
        canvas.titleBar("Lotto", tabs: Tab.allCases.map(\.title), selected: tab.rawValue)
        if let detail {
            drawDetail(detail, in: &canvas)
            return
        }
        switch tab {
        case .results: drawResults(in: &canvas)
        case .tickets: drawTickets(in: &canvas)
        case .quickPick: drawQuickPick(in: &canvas)
        }
    }

    private func drawResults(in canvas: inout Canvas) {
        canvas.footer("↑↓ choose · Enter open · Tab switch · q quit")
        guard let fetched = canvas.loaded(results.state, loading: "Loading draws…", row: 2) else { return }
        notices(fetched, what: "draws", in: &canvas)
        guard !fetched.value.isEmpty else {
            canvas.put("No draws have been published yet.", row: 3, column: 2)
            return
        }
        canvas.put(
            "  Date               Numbers            Bonus      Top prize  Draw", row: 3, style: .init(bold: true))
        let rows = fetched.value.map { draw in
            draw.date.longDescription.rightPadded(to: 17) + "  " + LottoText.balls(draw.numbers) + "   "
                + LottoText.pad(draw.bonusBall) + "  " + draw.topPrize.description.leftPadded(to: 13) + "  "
                + draw.id.terminalSafe
        }
        canvas.list(rows, top: 4, count: canvas.height - 6, selected: min(selection, rows.count - 1))
    }

    private func drawDetail(_ detail: DrawDetailViewModel, in canvas: inout Canvas) {
        let draw = detail.draw
        canvas.put(
            "\(draw.id.terminalSafe) · \(draw.date.longDescription)", row: 2, column: 2, style: .init(bold: true))
        canvas.put("Numbers     \(LottoText.balls(draw.numbers))", row: 4, column: 2)
        canvas.put("Bonus ball  \(LottoText.pad(draw.bonusBall))", row: 5, column: 2)
        canvas.put("Top prize   \(draw.topPrize)", row: 6, column: 2)
        let older =
            detail.previous.map { "← \($0.id.terminalSafe) (\($0.date.longDescription))" } ?? "← none: the oldest draw"
        let newer =
            detail.next.map { "→ \($0.id.terminalSafe) (\($0.date.longDescription))" } ?? "→ none: the latest draw"
        canvas.put(older, row: 8, column: 2, style: CellStyle(dim: detail.previous == nil))
        canvas.put(newer, row: 9, column: 2, style: CellStyle(dim: detail.next == nil))
        canvas.footer("← older · → newer · Esc back · q quit")
    }

    private func drawTickets(in canvas: inout Canvas) {
        canvas.footer("↑↓ scroll · Tab switch · q quit     [n] matched  (n) the draw's bonus ball")
        guard let fetched = canvas.loaded(tickets.state, loading: "Loading tickets…", row: 2) else { return }
        notices(fetched, what: "tickets", in: &canvas)
        var row = 3
        canvas.put("Checked", row: row, column: 2, style: .init(bold: true))
        row += 1
        for check in fetched.value.checked.dropFirst(ticketsScrolled) where row < canvas.height - 4 {
            let ids =
                (check.ticketID ?? "").terminalSafe.rightPadded(to: 10) + "  "
                + check.drawID.terminalSafe.rightPadded(to: 8)
            drawChecked(check, row: row, column: canvas.put(ids, row: row, column: 2) + 2, in: &canvas)
            row += 1
        }
        row += 1
        canvas.put("Upcoming (draw not yet published)", row: row, column: 2, style: .init(bold: true))
        for ticket in fetched.value.upcoming where row + 1 < canvas.height - 1 {
            row += 1
            let ids = ticket.id.terminalSafe.rightPadded(to: 10) + "  " + ticket.drawID.terminalSafe.rightPadded(to: 8)
            canvas.put("\(ids)   \(LottoText.balls(ticket.line.numbers))", row: row, column: 2)
        }
    }

    private func drawQuickPick(in canvas: inout Canvas) {
        canvas.footer("n new line · Tab switch · q quit")
        guard let draw = quickPick.draw else {
            canvas.put(
                draws.isEmpty ? "Loading draws…" : "Press n for a line, checked against the latest draw.", row: 2,
                column: 2)
            return
        }
        canvas.put("Checked against \(draw.id.terminalSafe) · \(draw.date.longDescription)", row: 2, column: 2)
        canvas.put("Draw   \(LottoText.balls(draw.numbers))  + \(LottoText.pad(draw.bonusBall))", row: 4, column: 2)
        for (offset, check) in quickPick.lines.enumerated() {
            canvas.put("Yours", row: 5 + offset, column: 2)
            drawChecked(check, row: 5 + offset, column: 9, in: &canvas)
        }
    }

    /// Each ball with its state in colour and in a mark that reads without colour: `[n]` matched,
    /// `(n)` the draw's bonus ball, ` n ` neither; then what the line won.
    private func drawChecked(_ check: TicketCheck, row: Int, column: Int, in canvas: inout Canvas) {
        var column = column
        for ball in check.balls {
            let (text, color): (String, TerminalColor) =
                switch ball.state {
                case .matched: ("[\(LottoText.pad(ball.number))]", .green)
                case .bonus: ("(\(LottoText.pad(ball.number)))", .yellow)
                case .unmatched: (" \(LottoText.pad(ball.number)) ", .red)
                }
            column = canvas.put(
                text, row: row, column: column, style: CellStyle(foreground: color, bold: ball.state != .unmatched))
        }
        let outcome =
            check.prize.map { "\($0.tier.title): \($0.amount?.description ?? "a free Lucky Dip")" } ?? "no prize"
        canvas.put("  " + outcome, row: row, column: column, style: CellStyle(bold: check.prize != nil))
    }

    /// The offline notice and the records left out, on the rows under the title.
    private func notices<Value>(_ fetched: Fetched<Value>, what: String, in canvas: inout Canvas) {
        if let cachedAt = fetched.cachedAt {
            canvas.put(
                "Offline: showing \(what) cached at \(cachedAt.formatted(date: .abbreviated, time: .shortened))",
                row: 1, column: 2, style: CellStyle(foreground: .yellow, bold: true))
        }
        if !fetched.rejected.isEmpty {
            canvas.put(
                "Skipped \(fetched.rejected.count) invalid record(s): \(fetched.rejected.map(\.description).joined(separator: "; "))"
                    .terminalSafe,
                row: 2, column: 2, style: CellStyle(foreground: .yellow))
        }
    }
}
