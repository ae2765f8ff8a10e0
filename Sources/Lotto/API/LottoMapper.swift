import Foundation

/// Turns wire DTOs into validated domain values. A record that breaks a rule is left out and
/// reported with the reason, so one bad ticket does not hide the others; a list where records came
/// and none is valid is an error.
enum LottoMapper {
    /// The valid records, in the backend's order, and why the others were left out.
    struct Valid<Record: Sendable>: Sendable {
        var records: [Record]
        var rejected: [LottoDataError]
    }

    static func draws(_ response: DrawsResponseDTO) throws(LottoDataError) -> Valid<Draw> {
        try keepValid(response.draws, mapping: draw)
    }

    static func tickets(_ response: TicketsResponseDTO) throws(LottoDataError) -> Valid<Ticket> {
        try keepValid(response.tickets, mapping: ticket)
    }

    /// Maps each record; a repeated id is rejected after its first appearance.
    private static func keepValid<DTO, Record: Identifiable & Sendable>(
        _ dtos: [DTO], mapping: (DTO, Int) throws(LottoDataError) -> Record
    ) throws(LottoDataError) -> Valid<Record> where Record.ID == String {
        var seen = Set<String>()
        var valid = Valid<Record>(records: [], rejected: [])
        for (index, dto) in dtos.enumerated() {
            do throws(LottoDataError) {
                let record = try mapping(dto, index)
                guard seen.insert(record.id).inserted else {
                    throw LottoDataError(record: record.id, field: nil, problem: text("LottoDataError.duplicate"))
                }
                valid.records.append(record)
            } catch {
                valid.rejected.append(error)
            }
        }
        if valid.records.isEmpty, let first = valid.rejected.first { throw first }
        return valid
    }

    static func ticket(_ dto: TicketDTO, index: Int) throws(LottoDataError) -> Ticket {
        let record = try required(dto.id, record: "tickets[\(index)]", field: "id")
        let drawID = try required(dto.drawId, record: record, field: "drawId")
        let line = try line(dto.numbers, bonus: ("bonusBall", dto.bonusBall), bonusRequired: false, record: record)
        return Ticket(id: record, drawID: drawID, line: line)
    }

    static func draw(_ dto: DrawDTO, index: Int) throws(LottoDataError) -> Draw {
        let record = try required(dto.id, record: "draws[\(index)]", field: "id")
        let dateText = try required(dto.drawDate, record: record, field: "drawDate")
        guard let date = DrawDate(iso8601: dateText) else {
            throw LottoDataError(
                record: record, field: "drawDate", problem: text("LottoDataError.notADay", dateText))
        }
        let topPrize = try required(dto.topPrize, record: record, field: "topPrize")
        guard topPrize >= 0 else {
            throw LottoDataError(
                record: record, field: "topPrize", problem: text("LottoDataError.negative", String(topPrize)))
        }
        let line = try line(dto.numbers, bonus: ("bonus-ball", dto.bonusBall), bonusRequired: true, record: record)
        guard let bonus = line.bonusBall else {
            throw LottoDataError(record: record, field: "bonus-ball", problem: text("LottoDataError.missing"))
        }
        do {
            return try Draw(
                id: record, date: date, numbers: line.sortedNumbers, bonusBall: bonus,
                topPrize: Money(amountMinor: topPrize, currency: "GBP"))
        } catch {
            throw LottoDataError(record: record, field: nil, problem: error.localizedDescription)
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
                throw LottoDataError(
                    record: record, field: field,
                    problem: Lotto.text("LottoDataError.repeats", String(describing: number), earlier))
            }
            fieldOf[number] = field
            numbers.append(number)
        }
        var bonusBall: LottoNumber?
        if let text = bonusRequired ? try required(bonus.value, record: record, field: bonus.field) : bonus.value {
            let number = try number(text, record: record, field: bonus.field)
            if let earlier = fieldOf[number] {
                throw LottoDataError(
                    record: record, field: bonus.field,
                    problem: Lotto.text("LottoDataError.repeats", String(describing: number), earlier))
            }
            bonusBall = number
        }
        do {
            return try LottoLine(numbers: numbers, bonusBall: bonusBall)
        } catch {
            throw LottoDataError(record: record, field: nil, problem: error.localizedDescription)
        }
    }

    private static func number(_ text: String, record: String, field: String) throws(LottoDataError) -> LottoNumber {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(trimmed) else {
            throw LottoDataError(
                record: record, field: field, problem: Lotto.text("LottoDataError.notAWholeNumber", text))
        }
        guard let number = LottoNumber(value) else {
            throw LottoDataError(record: record, field: field, problem: Lotto.text("LottoDataError.outOfRange", text))
        }
        return number
    }

    private static func required<T>(_ value: T?, record: String, field: String) throws(LottoDataError) -> T {
        guard let value else {
            throw LottoDataError(record: record, field: field, problem: text("LottoDataError.missing"))
        }
        return value
    }
}
