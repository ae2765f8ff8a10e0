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
    /// The selected draw in Results and how far the list is scrolled.
    private(set) var resultsList = ListState()
    /// How far the checked and upcoming tickets are scrolled.
    private(set) var ticketsScroll = ScrollState()

    let results: ResultsViewModel
    let tickets: TicketsViewModel
    let quickPick: QuickPickViewModel
    let effects = Effects()

    init(service: any DrawsService & TicketsService, seed: UInt64) {
        results = ResultsViewModel(service: service)
        tickets = TicketsViewModel(draws: service, tickets: service)
        quickPick = QuickPickViewModel(generator: SeededGenerator(seed: seed))
        // The tickets load when their tab is first shown: one request for the screen on show.
        effects.run { [results] in await results.load() }
    }

    /// The draw open over the results: the top of the results' navigation path, as a
    /// `NavigationStack(path: $results.path)` shows it.
    private var detail: DrawDetailViewModel? {
        results.path.last.map(results.detail(for:))
    }

    func didDraw(_ frame: Canvas) {
        if let rows = frame.rows(ofList: "draws"), rows != resultsList.visibleRows { resultsList.visibleRows = rows }
        if let rows = frame.rows(ofList: "tickets"), rows != ticketsScroll.visibleRows {
            ticketsScroll.visibleRows = rows
        }
    }

    // MARK: Keys

    var keyBindings: [KeyBinding] {
        let reload = KeyBinding([.character("r")], tab == .quickPick && detail == nil ? "reload the draws" : "reload") {
            [self] in self.reload()
        }
        if let detail {
            return [
                KeyBinding([.left, .right, .character("h"), .character("l")], "older / newer draw") { key in
                    if key == .left || key == .character("h") { detail.showPrevious() } else { detail.showNext() }
                    return .handled
                },
                KeyBinding([.escape], "back") { [self] in back(from: detail) },
                reload,
                KeyBinding([.backspace], "back", priority: .helpOnly) { [self] in back(from: detail) },
            ]
        }
        let tabs = KeyBinding([.tab, .backTab], "switch tab") { [self] key in
            show(tab.cycled(by: key == .tab ? 1 : -1))
            return .handled
        }
        switch tab {
        case .results:
            let move: @MainActor (Key) -> KeyOutcome = { [self] key in
                _ = resultsList.handle(key, count: results.draws.count)
                return .handled
            }
            return [
                KeyBinding(ListState.stepKeys, "choose", perform: move),
                KeyBinding([.enter], "open") { [self] in
                    if let index = resultsList.selection(count: results.draws.count) {
                        results.showDraw(results.draws[index].id)
                    }
                },
                tabs, reload, KeyBinding(ListState.pageKeys, "page, first, last", priority: .helpOnly, perform: move),
            ]
        case .tickets:
            let scroll: @MainActor (Key) -> KeyOutcome = { [self] key in
                _ = ticketsScroll.handle(key, count: ticketLines.count)
                return .handled
            }
            return [
                KeyBinding(ListState.stepKeys, "scroll", perform: scroll), tabs, reload,
                KeyBinding(ListState.pageKeys, "page, first, last", priority: .helpOnly, perform: scroll),
            ]
        case .quickPick:
            return [
                KeyBinding([.character("n"), .enter], "new line") { [self] in
                    quickPick.pick(count: 1, draws: results.draws)
                },
                tabs, reload,
            ]
        }
    }

    func handle(_ key: Key) -> KeyOutcome {
        if key == .character("q") { return .quit }
        return keyBindings.perform(key) ?? .handled
    }

    /// Back on the list at the draw being read, wherever ← → took it.
    private func back(from detail: DrawDetailViewModel) {
        if let shown = detail.drawID, let index = results.draws.firstIndex(where: { $0.id == shown }) {
            resultsList.selection = index
        }
        results.path.removeLast()
    }

    /// Shows `next`, loading the tickets the first time their tab is shown.
    private func show(_ next: Tab) {
        tab = next
        if next == .tickets, tickets.state == .idle { effects.run { [tickets] in await tickets.load() } }
    }

    /// `r`: loads again whatever this tab shows (the draws for the quick pick too).
    private func reload() {
        switch tab {
        case .results, .quickPick: effects.run { [results] in await results.load() }
        case .tickets: effects.run { [tickets] in await tickets.load() }
        }
    }

    // MARK: Drawing

    func draw(in canvas: inout Canvas) {
        let area = canvas.scaffold(
            "Lotto", tabs: Tab.allCases.map(\.title), selected: tab.rawValue, hints: keyHints,
            editingText: isEditingText)
        if let detail {
            drawDetail(detail, in: area, of: &canvas)
            return
        }
        switch tab {
        case .results: drawResults(in: area, of: &canvas)
        case .tickets: drawTickets(in: area, of: &canvas)
        case .quickPick: drawQuickPick(in: area, of: &canvas)
        }
    }

    private static let resultsColumns = [
        TableColumn("Date", width: 16), TableColumn("Numbers", width: 17),
        TableColumn("Bonus", width: 5, alignment: .trailing), TableColumn("Top prize", width: 12, alignment: .trailing),
        TableColumn("Draw"),
    ]

    private func drawResults(in area: Rect, of canvas: inout Canvas) {
        guard let fetched = canvas.loaded(results.state, loading: "Loading draws…", in: area) else { return }
        let area = notices(fetched, what: "draws", in: area, of: &canvas)
        guard !fetched.value.isEmpty else {
            canvas.put("No draws have been published yet.", row: area.y, column: area.x)
            return
        }
        let rows = fetched.value.map { draw in
            [
                draw.date.longDescription, LottoText.balls(draw.numbers), LottoText.pad(draw.bonusBall),
                draw.topPrize.description, draw.id.terminalSafe,
            ]
        }
        canvas.table(
            Self.resultsColumns, rows: rows, in: Rect(x: 0, y: area.y, width: canvas.width, height: area.height),
            state: resultsList, id: "draws")
    }

    private func drawDetail(_ detail: DrawDetailViewModel, in area: Rect, of canvas: inout Canvas) {
        guard let draw = detail.draw else {
            canvas.paragraph(
                detail.failure?.localizedDescription.terminalSafe ?? "", in: area, style: CellStyle(foreground: .red))
            return
        }
        canvas.put(
            "\(draw.id.terminalSafe) · \(draw.date.longDescription)", row: area.y, column: area.x,
            maxWidth: area.width, style: .init(bold: true))
        canvas.put("Numbers     \(LottoText.balls(draw.numbers))", row: area.y + 2, column: area.x)
        canvas.put("Bonus ball  \(LottoText.pad(draw.bonusBall))", row: area.y + 3, column: area.x)
        canvas.put("Top prize   \(draw.topPrize)", row: area.y + 4, column: area.x, maxWidth: area.width)
        let older =
            detail.previous.map { "← \($0.id.terminalSafe) (\($0.date.longDescription))" } ?? "← none: the oldest draw"
        let newer =
            detail.next.map { "→ \($0.id.terminalSafe) (\($0.date.longDescription))" } ?? "→ none: the latest draw"
        canvas.put(
            older, row: area.y + 6, column: area.x, maxWidth: area.width, style: CellStyle(dim: detail.previous == nil))
        canvas.put(
            newer, row: area.y + 7, column: area.x, maxWidth: area.width, style: CellStyle(dim: detail.next == nil))
    }

    /// The checked tickets, then the upcoming ones, as lines to scroll through.
    private var ticketLines: [TicketLine] {
        guard let mine = tickets.myTickets else { return [] }
        var lines: [TicketLine] = [.heading("Checked")]
        lines += mine.checked.isEmpty ? [.text("none")] : mine.checked.map(TicketLine.checked)
        lines += [.text(""), .heading("Upcoming (draw not yet published)")]
        lines +=
            mine.upcoming.isEmpty
            ? [.text("none")]
            : mine.upcoming.map(Self.ticketLine)
        if !mine.unchecked.isEmpty {
            lines += [.text(""), .heading("Not checked (the draw could not be read)")]
            lines += mine.unchecked.map(Self.ticketLine)
        }
        return lines
    }

    private static func ticketLine(_ ticket: Ticket) -> TicketLine {
        .text(
            ticket.id.terminalSafe.rightPadded(to: 10) + "  " + ticket.drawID.terminalSafe.rightPadded(to: 8) + "  "
                + LottoText.balls(ticket.line.numbers))
    }

    enum TicketLine {
        case heading(String)
        case text(String)
        case checked(TicketCheck)
    }

    private func drawTickets(in area: Rect, of canvas: inout Canvas) {
        guard let fetched = canvas.loaded(tickets.state, loading: "Loading tickets…", in: area) else {
            return
        }
        let area = notices(fetched, what: "tickets", in: area, of: &canvas)
        let lines = ticketLines
        // What gives way when the window is narrow, first to last: the tier's name (the marked
        // balls say it), then the draw's id; the ticket's id, the balls and the amount stay. The
        // same for every row, so the balls keep their columns.
        let checks = lines.compactMap { if case .checked(let check) = $0 { check } else { nil } }
        func fits(ids: Int, compact: Bool) -> Bool {
            ids + 2 + (checks.map { Self.checkedWidth($0, compact: compact) }.max() ?? 0) <= area.width
        }
        let (idsWidth, compact) =
            fits(ids: 20, compact: false) ? (20, false) : fits(ids: 20, compact: true) ? (20, true) : (10, true)
        canvas.noteList("tickets", rows: area.height)
        let first = ticketsScroll.clamped(count: lines.count, visible: area.height)
        for (offset, line) in lines.dropFirst(first).prefix(area.height).enumerated() {
            let row = area.y + offset
            switch line {
            case .heading(let text): canvas.put(text, row: row, column: area.x, style: .init(bold: true))
            case .text(let text): canvas.put(text, row: row, column: area.x, maxWidth: area.width)
            case .checked(let check):
                let ids =
                    (check.ticketID ?? "").terminalSafe.rightPadded(to: 10) + "  "
                    + check.drawID.terminalSafe.rightPadded(to: 8)
                canvas.put(String(ids.prefix(idsWidth)), row: row, column: area.x)
                drawChecked(
                    check, row: row, column: area.x + idsWidth + 2, bonusColumn: true, compactPrize: compact,
                    in: &canvas)
            }
        }
        if lines.count > area.height {
            canvas.put(
                "\(first + 1)–\(min(lines.count, first + area.height)) of \(lines.count)", row: 1,
                column: max(0, canvas.width - 16), style: CellStyle(dim: true))
        }
    }

    private func drawQuickPick(in area: Rect, of canvas: inout Canvas) {
        guard let draw = quickPick.draw else {
            if results.draws.isEmpty {
                _ = canvas.loaded(results.state, loading: "Loading draws…", in: area)
            } else {
                canvas.paragraph("Press n for a line, checked against the latest draw.", in: area)
            }
            return
        }
        canvas.put(
            "Checked against \(draw.id.terminalSafe) · \(draw.date.longDescription)", row: area.y, column: area.x,
            maxWidth: area.width)
        canvas.put(
            "Draw   \(LottoText.balls(draw.numbers))  + \(LottoText.pad(draw.bonusBall))", row: area.y + 2,
            column: area.x)
        for (offset, check) in quickPick.lines.enumerated() {
            canvas.put("Yours", row: area.y + 3 + offset, column: area.x)
            drawChecked(check, row: area.y + 3 + offset, column: area.x + 7, in: &canvas)
        }
    }

    /// Each ball with its state in colour and in the text commands' mark, so it reads without
    /// colour: `7*` matched, `26+` the draw's bonus ball; then the prize, in the text commands' words.
    /// The columns a checked line's balls, its own bonus ball and its prize take.
    private static func checkedWidth(_ check: TicketCheck, compact: Bool) -> Int {
        check.balls.count * 4 + 6 + 1 + prize(check, compact: compact).terminalColumns
    }

    /// `Jackpot, £38,000,000`, or compact the amount alone: `£38,000,000`.
    private static func prize(_ check: TicketCheck, compact: Bool) -> String {
        guard compact, let prize = check.prize else { return LottoText.prize(check) }
        return prize.payout
    }

    /// A checked line's balls, marked, then (with `bonusColumn`, for tickets) its own bonus ball
    /// in a column of its own, then the prize.
    private func drawChecked(
        _ check: TicketCheck, row: Int, column: Int, bonusColumn: Bool = false, compactPrize: Bool = false,
        in canvas: inout Canvas
    ) {
        var column = column
        for ball in check.balls {
            let (mark, color): (String, TerminalColor) =
                switch ball.state {
                case .matched: ("*", .green)
                case .bonus: ("+", .yellow)
                case .unmatched: (" ", .red)
                }
            column = canvas.put(
                LottoText.pad(ball.number) + mark + " ", row: row, column: column,
                style: CellStyle(foreground: color, bold: ball.state != .unmatched))
        }
        // The ticket's own bonus ball, as the text command and the screen reader say it.
        if let bonus = check.bonusBall {
            let matched = bonus.state == .matched
            column = canvas.put(
                "+ " + LottoText.pad(bonus.number) + (matched ? "*" : " ") + " ", row: row, column: column,
                style: CellStyle(foreground: matched ? .yellow : .red, bold: matched))
        } else if bonusColumn {
            column = canvas.put("      ", row: row, column: column)
        }
        canvas.put(
            " " + Self.prize(check, compact: compactPrize), row: row, column: column,
            style: CellStyle(bold: check.prize != nil))
    }

    /// The offline notice and the records left out, on the rows under the title; returns the area
    /// left for the screen.
    private func notices<Value>(_ fetched: Fetched<Value>, what: String, in area: Rect, of canvas: inout Canvas) -> Rect
    {
        var area = area
        if let cachedAt = fetched.cachedAt {
            area = canvas.offlineNotice(offlineNotice(showing: what, cachedAt: cachedAt), above: area)
        }
        if !fetched.rejected.isEmpty {
            let used = canvas.paragraph(
                "Skipped \(fetched.rejected.count) invalid record(s): \(fetched.rejected.map(\.description).joined(separator: "; "))"
                    .terminalSafe, in: Rect(x: area.x, y: area.y, width: area.width, height: 2),
                style: CellStyle(foreground: .yellow))
            area = Rect(x: area.x, y: area.y + used + 1, width: area.width, height: area.height - used - 1)
        }
        return area
    }
}

extension LottoUI {
    /// What a screen reader hears: the tab, then the selected draw, the open draw or the lines, in
    /// words rather than marks.
    var spokenLines: [String] {
        if let detail, let draw = detail.draw {
            return [
                "Lotto, \(draw.id.terminalSafe)",
                "\(draw.date.longDescription): numbers \(LottoText.balls(draw.numbers).spoken), bonus ball "
                    + "\(draw.bonusBall.value), top prize \(draw.topPrize)",
                "Older: " + (detail.previous.map { "\($0.id.terminalSafe), \($0.date.longDescription)" } ?? "none"),
                "Newer: " + (detail.next.map { "\($0.id.terminalSafe), \($0.date.longDescription)" } ?? "none"),
            ]
        }
        switch tab {
        case .results:
            guard let fetched = results.state.value else { return ["Lotto, Results"] + waiting(results.state, "draws") }
            let draws = fetched.value
            guard let index = resultsList.selection(count: draws.count) else {
                return ["Lotto, Results", "No draws have been published yet."]
            }
            let draw = draws[index]
            return [
                "Lotto, Results: \(draws.count) draws" + (fetched.isOffline ? ", from the offline cache" : ""),
                "\(draw.id.terminalSafe), \(draw.date.longDescription): \(LottoText.balls(draw.numbers).spoken), "
                    + "bonus \(draw.bonusBall.value), top prize \(draw.topPrize). \(index + 1) of \(draws.count).",
            ]
        case .tickets:
            guard let mine = tickets.myTickets else {
                return ["Lotto, Tickets"] + waiting(tickets.state, "tickets")
            }
            return ["Lotto, Tickets: \(mine.checked.count) checked, \(mine.upcoming.count) waiting for their draw"]
                + mine.checked.map { check in
                    "\((check.ticketID ?? "a ticket").terminalSafe) for \(check.drawID.terminalSafe): "
                        + LottoText.outcome(check)
                }
                + mine.upcoming.map { ticket in
                    "\(ticket.id.terminalSafe) for \(ticket.drawID.terminalSafe), not drawn yet: "
                        + LottoText.balls(ticket.line.numbers).spoken
                }
        case .quickPick:
            guard let draw = quickPick.draw else {
                return ["Lotto, Quick pick", results.draws.isEmpty ? "Loading draws…" : "Press n for a line."]
            }
            return ["Lotto, Quick pick, checked against \(draw.id.terminalSafe)"]
                + quickPick.lines.map { check in
                    "Yours: \(check.balls.map { String($0.number.value) }.joined(separator: " ")), "
                        + LottoText.outcome(check)
                }
        }
    }

    private func waiting<Value, Failure: Error>(_ state: LoadState<Value, Failure>, _ what: String) -> [String] {
        if let failure = state.failure { return [failure.localizedDescription.terminalSafe, "Press r to try again."] }
        return ["Loading \(what)…"]
    }
}

extension String {
    /// Padded numbers as a screen reader should hear them: one space between each.
    fileprivate var spoken: String { split(separator: " ").joined(separator: " ") }
}
