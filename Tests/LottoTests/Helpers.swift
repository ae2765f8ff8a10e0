import Foundation
import Networking
import Testing

@testable import Lotto

func number(_ value: Int) -> LottoNumber { LottoNumber(value)! }

func line(_ numbers: [Int], bonus: Int? = nil) throws -> LottoLine {
    try LottoLine(numbers, bonusBall: bonus)
}

func makeDraw(
    _ id: String = "draw-1", date: String = "2023-05-15", numbers: [Int] = [2, 16, 23, 44, 47, 52], bonus: Int = 14,
    topPrize: Int = 4_000_000_000
) throws -> Draw {
    try Draw(
        id: id, date: DrawDate(iso8601: date)!, numbers: numbers.map(number), bonusBall: number(bonus),
        topPrize: Money(amountMinor: topPrize))
}

/// A DrawsService and TicketsService that answer from memory, or fail.
struct StubLottoService: DrawsService, TicketsService {
    var draws: Result<Fetched<[Draw]>, any Error> = .success(Fetched(value: []))
    var tickets: Result<Fetched<[Ticket]>, any Error> = .success(Fetched(value: []))

    func loadDraws() async throws -> Fetched<[Draw]> { try draws.get() }
    func loadTickets() async throws -> Fetched<[Ticket]> { try tickets.get() }
}

/// A field's value in a test's wire JSON.
enum Wire: Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    case text(String)
    case number(Int)
    case absent

    init(stringLiteral value: String) { self = .text(value) }
    init(integerLiteral value: Int) { self = .number(value) }

    var json: Any? {
        switch self {
        case .text(let text): text
        case .number(let number): number
        case .absent: nil
        }
    }
}

/// The wire JSON of one draw, with fields overridden or removed (`.absent`).
func drawJSON(_ overrides: [String: Wire] = [:]) -> [String: Any] {
    var draw: [String: Any] = [
        "id": "draw-7", "drawDate": "2023-05-15", "number1": "2", "number2": "16", "number3": "23", "number4": "44",
        "number5": "47", "number6": "52", "bonus-ball": "14", "topPrize": 4_000_000_000,
    ]
    for (key, value) in overrides { draw[key] = value.json }
    return draw
}

/// The valid draws and why the others were left out.
func mapDrawsKeepingRejected(_ draws: [[String: Any]]) throws -> LottoMapper.Valid<Draw> {
    let data = try JSONSerialization.data(withJSONObject: ["draws": draws])
    return try LottoMapper.draws(try JSONDecoder().decode(DrawsResponseDTO.self, from: data))
}

func mapDraws(_ draws: [[String: Any]]) throws -> [Draw] {
    try mapDrawsKeepingRejected(draws).records
}

func mapTicketsKeepingRejected(_ tickets: [[String: Any]]) throws -> LottoMapper.Valid<Ticket> {
    let data = try JSONSerialization.data(withJSONObject: ["tickets": tickets])
    return try LottoMapper.tickets(try JSONDecoder().decode(TicketsResponseDTO.self, from: data))
}

func mapTickets(_ tickets: [[String: Any]]) throws -> [Ticket] {
    try mapTicketsKeepingRejected(tickets).records
}
