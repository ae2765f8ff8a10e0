import Foundation
import Lotto

/// The JSON shapes of the Lotto commands (Docs/CLI.md).
@MainActor
enum LottoJSON {
    static func results(_ fetched: Fetched<[Draw]>) -> JSONValue {
        .object([
            ("source", .string(fetched.cacheStatus == .hit || fetched.isOffline ? "cache" : "network")),
            ("cachedAt", .optional(fetched.cachedAt) { .string(timestamp($0)) }),
            ("draws", .array(fetched.value.map(draw))),
            ("rejected", rejected(fetched.rejected)),
        ])
    }

    /// The records the backend sent that were left out, each with the field at fault and why.
    static func rejected(_ rejected: [LottoDataError]) -> JSONValue {
        .array(
            rejected.map { error in
                .object([
                    ("record", .string(error.record)),
                    ("field", .optional(error.field) { .string($0) }),
                    ("problem", .string(error.problem)),
                ])
            })
    }

    static func detail(_ shown: Draw, _ model: DrawDetailViewModel) -> JSONValue {
        .object([
            ("draw", draw(shown)),
            ("previousId", .optional(model.previous) { .string($0.id) }),
            ("nextId", .optional(model.next) { .string($0.id) }),
        ])
    }

    static func tickets(_ fetched: Fetched<MyTickets>) -> JSONValue {
        let mine = fetched.value
        return .object([
            ("checked", .array(mine.checked.map(check))),
            (
                "upcoming",
                .array(
                    mine.upcoming.map { ticket in
                        .object([
                            ("ticketId", .string(ticket.id)),
                            ("drawId", .string(ticket.drawID)),
                            ("numbers", numbers(ticket.line.numbers)),
                            ("bonusBall", .optional(ticket.line.bonusBall) { .int($0.value) }),
                        ])
                    })
            ),
            ("rejected", rejected(fetched.rejected)),
        ])
    }

    static func quickPick(_ model: QuickPickViewModel, seed: UInt64) -> JSONValue {
        .object([
            ("seed", .string(String(seed))),
            ("drawId", .optional(model.drawID) { .string($0) }),
            ("lines", .array(model.lines.map(check))),
        ])
    }

    static func draw(_ draw: Draw) -> JSONValue {
        .object([
            ("id", .string(draw.id)),
            ("date", .string(draw.date.description)),
            ("numbers", numbers(draw.numbers)),
            ("bonusBall", .int(draw.bonusBall.value)),
            ("topPrize", money(draw.topPrize)),
        ])
    }

    static func check(_ check: TicketCheck) -> JSONValue {
        .object([
            ("ticketId", .optional(check.ticketID) { .string($0) }),
            ("drawId", .string(check.drawID)),
            ("numbers", .array(check.balls.map(ball))),
            ("bonusBall", .optional(check.bonusBall, ball)),
            ("matchedCount", .int(check.matchedCount)),
            ("bonusMatched", .bool(check.bonusMatched)),
            (
                "prize",
                .optional(check.prize) { prize in
                    .object([
                        ("tier", .string(prize.tier.rawValue)),
                        ("amountMinor", .optional(prize.amount) { .int($0.amountMinor) }),
                    ])
                }
            ),
        ])
    }

    static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    private static func ball(_ ball: TicketCheck.Ball) -> JSONValue {
        .object([("number", .int(ball.number.value)), ("state", .string(ball.state.rawValue))])
    }

    private static func numbers(_ set: NumberSet) -> JSONValue {
        .array(set.map { .int($0.value) })
    }

    private static func money(_ money: Money) -> JSONValue {
        .object([("amountMinor", .int(money.amountMinor)), ("currency", .string(money.currency))])
    }
}
