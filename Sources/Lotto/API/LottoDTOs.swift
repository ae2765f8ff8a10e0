/// The wire format of `GET /lotto/draws`, quirks included: numbers are decimal strings and the
/// bonus ball's key is `bonus-ball`. Every field is optional here so that a missing one is
/// reported by the mapper with the record's id.
struct DrawsResponseDTO: Decodable, Sendable {
    var draws: [DrawDTO]
}

struct DrawDTO: Decodable, Sendable {
    var id: String?
    var drawDate: String?
    var number1: String?
    var number2: String?
    var number3: String?
    var number4: String?
    var number5: String?
    var number6: String?
    var bonusBall: String?
    var topPrize: Int?

    enum CodingKeys: String, CodingKey {
        case id, drawDate, number1, number2, number3, number4, number5, number6, topPrize
        case bonusBall = "bonus-ball"
    }

    var numbers: [(field: String, value: String?)] {
        [
            ("number1", number1), ("number2", number2), ("number3", number3),
            ("number4", number4), ("number5", number5), ("number6", number6),
        ]
    }
}

/// The wire format of `GET /lotto/tickets`: the bonus ball's key is `bonusBall` here.
struct TicketsResponseDTO: Decodable, Sendable {
    var tickets: [TicketDTO]
}

struct TicketDTO: Decodable, Sendable {
    var id: String?
    var drawId: String?
    var number1: String?
    var number2: String?
    var number3: String?
    var number4: String?
    var number5: String?
    var number6: String?
    var bonusBall: String?

    var numbers: [(field: String, value: String?)] {
        [
            ("number1", number1), ("number2", number2), ("number3", number3),
            ("number4", number4), ("number5", number5), ("number6", number6),
        ]
    }
}
