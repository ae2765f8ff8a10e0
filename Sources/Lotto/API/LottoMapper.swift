import Foundation

/// Why the backend's Lotto data cannot be used, naming the record and the field:
/// `draw-7: number3 "61" is not between 1 and 59`.
public struct LottoDataError: Error, Equatable, Sendable, CustomStringConvertible {
    public let record: String
    public let field: String?
    public let problem: String

    public var description: String {
        "\(record): " + (field.map { "\($0) \(problem)" } ?? problem)
    }
}

/// Turns wire DTOs into validated domain values. One bad record fails the whole load: a result
/// list that silently drops a draw is worse than a clear error.
enum LottoMapper {
    static func draws(_ response: DrawsResponseDTO) throws(LottoDataError) -> [Draw] {
        var seen = Set<String>()
        var draws: [Draw] = []
        for (index, dto) in response.draws.enumerated() {
            let draw = try draw(dto, index: index)
            guard seen.insert(draw.id).inserted else {
                throw LottoDataError(record: draw.id, field: nil, problem: "appears more than once")
            }
            draws.append(draw)
        }
        return draws
    }

    static func tickets(_ response: TicketsResponseDTO) throws(LottoDataError) -> [Ticket] {
        var seen = Set<String>()
        var tickets: [Ticket] = []
        for (index, dto) in response.tickets.enumerated() {
            let record = try required(dto.id, record: "tickets[\(index)]", field: "id")
            let drawID = try required(dto.drawId, record: record, field: "drawId")
            let line = try line(
                dto.numbers, bonus: ("bonusBall", dto.bonusBall), bonusRequired: false, record: record)
            guard seen.insert(record).inserted else {
                throw LottoDataError(record: record, field: nil, problem: "appears more than once")
            }
            tickets.append(Ticket(id: record, drawID: drawID, line: line))
        }
        return tickets
    }

    static func draw(_ dto: DrawDTO, index: Int) throws(LottoDataError) -> Draw {
        let record = try required(dto.id, record: "draws[\(index)]", field: "id")
        let dateText = try required(dto.drawDate, record: record, field: "drawDate")
        guard let date = DrawDate(iso8601: dateText) else {
            throw LottoDataError(
                record: record, field: "drawDate", problem: "\"\(dateText)\" is not a calendar day (YYYY-MM-DD)")
        }
        let topPrize = try required(dto.topPrize, record: record, field: "topPrize")
        guard topPrize >= 0 else {
            throw LottoDataError(record: record, field: "topPrize", problem: "\(topPrize) is negative")
        }
        let line = try line(dto.numbers, bonus: ("bonus-ball", dto.bonusBall), bonusRequired: true, record: record)
        guard let bonus = line.bonusBall else {
            throw LottoDataError(record: record, field: "bonus-ball", problem: "is missing")
        }
        do {
            return try Draw(
                id: record, date: date, numbers: line.sortedNumbers, bonusBall: bonus,
                topPrize: Money(amountMinor: topPrize, currency: "GBP"))
        } catch {
            throw LottoDataError(record: record, field: nil, problem: error.description)
        }
    }

    /// Reads six numbers and a bonus, naming the first field that breaks a rule.
    private static func line(
        _ fields: [(field: String, value: String?)], bonus: (field: String, value: String?), bonusRequired: Bool,
        record: String
    ) throws(LottoDataError) -> LottoLine {
        var numbers: [LottoNumber] = []
        var fieldOf: [LottoNumber: String] = [:]
        for (field, text) in fields {
            let number = try number(try required(text, record: record, field: field), record: record, field: field)
            if let earlier = fieldOf[number] {
                throw LottoDataError(record: record, field: field, problem: "\"\(number)\" repeats \(earlier)")
            }
            fieldOf[number] = field
            numbers.append(number)
        }
        var bonusBall: LottoNumber?
        if let text = bonusRequired ? try required(bonus.value, record: record, field: bonus.field) : bonus.value {
            let number = try number(text, record: record, field: bonus.field)
            if let earlier = fieldOf[number] {
                throw LottoDataError(record: record, field: bonus.field, problem: "\"\(number)\" repeats \(earlier)")
            }
            bonusBall = number
        }
        do {
            return try LottoLine(numbers: numbers, bonusBall: bonusBall)
        } catch {
            throw LottoDataError(record: record, field: nil, problem: error.description)
        }
    }

    private static func number(_ text: String, record: String, field: String) throws(LottoDataError) -> LottoNumber {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(trimmed) else {
            throw LottoDataError(record: record, field: field, problem: "\"\(text)\" is not a whole number")
        }
        guard let number = LottoNumber(value) else {
            throw LottoDataError(record: record, field: field, problem: "\"\(text)\" is not between 1 and 59")
        }
        return number
    }

    private static func required<T>(_ value: T?, record: String, field: String) throws(LottoDataError) -> T {
        guard let value else { throw LottoDataError(record: record, field: field, problem: "is missing") }
        return value
    }
}
