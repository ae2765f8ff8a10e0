import Foundation

// Codable forms of the Lotto values, so an app can store draws, tickets and checks itself. Every
// decoder goes through the validating initialisers: a stored value that breaks a rule (a 60, a
// repeated number, the 30th of February) is a `DecodingError`, never an invalid value.

extension LottoNumber: Codable {
    /// Decodes a bare number: `14`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let value = try container.decode(Int.self)
        guard let number = LottoNumber(value) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\(value) is not between 1 and 59")
        }
        self = number
    }

    /// Encodes the bare number.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

extension NumberSet: Codable {
    /// Decodes the numbers as an array: `[2, 16, 23]`.
    public init(from decoder: any Decoder) throws {
        self.init(try [LottoNumber](from: decoder))
    }

    /// Encodes the numbers in ascending order.
    public func encode(to encoder: any Encoder) throws {
        try Array(self).encode(to: encoder)
    }
}

extension DrawDate: Codable {
    /// Decodes a calendar day as written on the wire: `"2023-05-15"`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = DrawDate(iso8601: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(text)\" is not a calendar day (YYYY-MM-DD)")
        }
        self = date
    }

    /// Encodes the day as `"2023-05-15"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension LottoLine: Codable {
    enum CodingKeys: String, CodingKey {
        case numbers, bonusBall
    }

    /// Decodes `{"numbers": [...], "bonusBall": 14}`, checking the line's rules.
    /// - Throws: `DecodingError.dataCorrupted` naming the broken rule.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let numbers = try container.decode([LottoNumber].self, forKey: .numbers)
        let bonusBall = try container.decodeIfPresent(LottoNumber.self, forKey: .bonusBall)
        do {
            try self.init(numbers: numbers, bonusBall: bonusBall)
        } catch {
            throw DecodingError.dataCorruptedError(
                forKey: .numbers, in: container, debugDescription: error.localizedDescription)
        }
    }

    /// Encodes `numbers` in ascending order and `bonusBall` when there is one.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(numbers, forKey: .numbers)
        try container.encodeIfPresent(bonusBall, forKey: .bonusBall)
    }
}

extension Draw: Codable {
    enum CodingKeys: String, CodingKey {
        case id, date, numbers, bonusBall, topPrize
    }

    /// Decodes a draw as ``encode(to:)`` writes it, checking the line's rules.
    /// - Throws: `DecodingError.dataCorrupted` naming the broken rule.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let numbers = try container.decode([LottoNumber].self, forKey: .numbers)
        do {
            try self.init(
                id: try container.decode(String.self, forKey: .id),
                date: try container.decode(DrawDate.self, forKey: .date), numbers: numbers,
                bonusBall: try container.decode(LottoNumber.self, forKey: .bonusBall),
                topPrize: try container.decode(Money.self, forKey: .topPrize))
        } catch let error as LineError {
            throw DecodingError.dataCorruptedError(
                forKey: .numbers, in: container, debugDescription: error.localizedDescription)
        }
    }

    /// Encodes `id`, `date`, `numbers`, `bonusBall` and `topPrize`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(date, forKey: .date)
        try container.encode(numbers, forKey: .numbers)
        try container.encode(bonusBall, forKey: .bonusBall)
        try container.encode(topPrize, forKey: .topPrize)
    }
}
