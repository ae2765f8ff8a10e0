import Lotto

/// The Lotto screens as text: aligned columns, dates like `Mon 15 May 2023`, prizes like
/// `£40,000,000`, and on a terminal the balls in colour (matched green, unmatched red, bonus gold).
@MainActor
struct LottoText {
    let console: Console

    func results(_ draws: [Draw]) -> String {
        let rows = draws.map { draw in
            [
                draw.date.longDescription, Self.balls(draw.numbers), Self.pad(draw.bonusBall),
                draw.topPrize.description,
                draw.id.terminalSafe,
            ]
        }
        guard !rows.isEmpty else { return "No draws have been published yet." }
        return table(header: ["Date", "Numbers", "Bonus", "Top prize", "Draw"], rows: rows, rightAligned: [2, 3])
    }

    func detail(_ draw: Draw, _ model: DrawDetailViewModel) -> String {
        var lines = [
            console.paint("\(draw.id.terminalSafe) · \(draw.date.longDescription)", .bold),
            "  Numbers    \(Self.balls(draw.numbers))",
            "  Bonus ball \(Self.pad(draw.bonusBall))",
            "  Top prize  \(draw.topPrize)",
            "",
        ]
        lines.append(
            "  ‹ Previous  "
                + (model.previous.map { "\($0.id.terminalSafe) (\($0.date.longDescription))" } ?? "none (oldest draw)"))
        lines.append(
            "  › Next      "
                + (model.next.map { "\($0.id.terminalSafe) (\($0.date.longDescription))" } ?? "none (latest draw)"))
        return lines.joined(separator: "\n")
    }

    func tickets(_ mine: MyTickets) -> String {
        let checkedRows = mine.checked.map { check in
            [
                (check.ticketID ?? "").terminalSafe, check.drawID.terminalSafe,
                mine.draw(id: check.drawID)?.date.longDescription ?? "",
                checkedBalls(check), outcome(check),
            ]
        }
        let upcomingRows = mine.upcoming.map { ticket in
            [
                ticket.id.terminalSafe, ticket.drawID.terminalSafe,
                Self.balls(ticket.line.numbers) + (ticket.line.bonusBall.map { "  + \(Self.pad($0))" } ?? ""),
            ]
        }
        return [
            console.paint("Checked", .bold),
            checkedRows.isEmpty ? "  none" : table(header: nil, rows: checkedRows, rightAligned: []),
            "",
            console.paint("Upcoming (draw not yet published)", .bold),
            upcomingRows.isEmpty ? "  none" : table(header: nil, rows: upcomingRows, rightAligned: []),
        ].joined(separator: "\n")
    }

    func check(_ check: TicketCheck, draw: Draw) -> String {
        [
            "Checked against \(draw.id.terminalSafe) · \(draw.date.longDescription)",
            "  Draw   \(Self.balls(draw.numbers))  + \(Self.pad(draw.bonusBall))",
            "  Yours  \(checkedBalls(check))".trailingSpacesRemoved,
            "  \(outcome(check))",
        ].joined(separator: "\n")
    }

    func quickPick(_ lines: [TicketCheck], draw: Draw?, seed: UInt64) -> String {
        var output: [String] = []
        if let draw {
            output.append("Quick pick, checked against \(draw.id.terminalSafe) · \(draw.date.longDescription)")
        }
        for (index, check) in lines.enumerated() {
            output.append(
                "  \(String(index + 1).leftPadded(to: String(lines.count).count))  \(checkedBalls(check))   \(outcome(check))"
            )
        }
        output.append("Seed \(seed): the same lines again with --seed \(seed).")
        return output.joined(separator: "\n")
    }

    // MARK: Pieces

    /// A ball's number, right-aligned in two columns: ` 7`.
    static func pad(_ number: LottoNumber) -> String { String(number.value).leftPadded(to: 2) }

    /// Numbers as a row of balls: ` 2 16 23 44 47 52`.
    static func balls(_ numbers: NumberSet) -> String {
        numbers.map(Self.pad).joined(separator: " ")
    }

    private func checkedBalls(_ check: TicketCheck) -> String {
        var text = check.balls.map { paint(Self.pad($0.number) + mark($0.state), $0.state) }.joined(separator: " ")
        if let bonus = check.bonusBall {
            text +=
                "  + "
                + console.paint(Self.pad(bonus.number) + mark(bonus.state), bonus.state == .matched ? .gold : .red)
        } else {
            text += "       "
        }
        return text
    }

    /// A mark beside each checked ball, so the result reads without colour: `*` matched, `+` the
    /// draw's bonus ball, a space otherwise.
    private func mark(_ state: BallState) -> String {
        switch state {
        case .matched: "*"
        case .bonus: "+"
        case .unmatched: " "
        }
    }

    private func paint(_ text: String, _ state: BallState) -> String {
        switch state {
        case .matched: console.paint(text, .green)
        case .bonus: console.paint(text, .gold)
        case .unmatched: console.paint(text, .red)
        }
    }

    private func outcome(_ check: TicketCheck) -> String {
        check.prize == nil ? Self.outcome(check) : console.paint(Self.outcome(check), .bold)
    }

    /// What a line won, in the same words on every screen: `3 matched: Match 3, £30`.
    static func outcome(_ check: TicketCheck) -> String {
        let matched = "\(check.matchedCount) matched" + (check.bonusMatched ? " + bonus" : "")
        return matched + (check.prize == nil ? ", " : ": ") + prize(check)
    }

    /// The prize alone, where the marked balls already say what matched: `Match 3, £30`.
    static func prize(_ check: TicketCheck) -> String {
        guard let prize = check.prize else { return "no prize" }
        return "\(prize.tier.title), \(prize.payout)"
    }

    /// Columns padded to their widest cell (measured without colour codes), two spaces apart.
    private func table(header: [String]?, rows: [[String]], rightAligned: Set<Int>) -> String {
        let all = (header.map { [$0] } ?? []) + rows
        guard let columns = all.map(\.count).max() else { return "" }
        let widths = (0..<columns).map { column in
            all.map { $0.indices.contains(column) ? $0[column].visibleWidth : 0 }.max() ?? 0
        }
        func render(_ row: [String]) -> String {
            let cells = row.enumerated().map { column, cell in
                rightAligned.contains(column)
                    ? cell.leftPadded(to: widths[column]) : cell.rightPadded(to: widths[column])
            }
            return ("  " + cells.joined(separator: "  ")).trailingSpacesRemoved
        }
        var lines = rows.map(render)
        if let header { lines.insert(console.paint(render(header), .dim), at: 0) }
        return lines.joined(separator: "\n")
    }
}
