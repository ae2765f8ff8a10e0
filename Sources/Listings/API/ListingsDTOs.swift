/// The retailer's wire format: snake_case keys, prices in minor units, the badges as one string.
struct PriceDTO: Decodable {
    var currencyCode: String
    var currentPrice: Int
    var originalPrice: Int?

    enum CodingKeys: String, CodingKey {
        case currencyCode = "currency_code"
        case currentPrice = "current_price"
        case originalPrice = "original_price"
    }
}

struct ProductDTO: Decodable {
    struct SectionDTO: Decodable {
        var title: String
        var text: String

        enum CodingKeys: String, CodingKey {
            case title = "section_title"
            case text = "section_text"
        }
    }

    var id: String
    var imageKey: String
    var name: String
    var offerIDs: [String]
    var price: PriceDTO
    var information: [SectionDTO]?

    enum CodingKeys: String, CodingKey {
        case id, name, price, information
        case imageKey = "image_key"
        case offerIDs = "offer_ids"
    }
}

struct ProductsDTO: Decodable {
    var products: [ProductDTO]
}

struct OffersDTO: Decodable {
    struct OfferDTO: Decodable {
        var id: String
        var title: String
        var type: String
    }

    var availableBadges: String
    var offers: [OfferDTO]

    enum CodingKeys: String, CodingKey {
        case offers
        case availableBadges = "available_badges"
    }
}
