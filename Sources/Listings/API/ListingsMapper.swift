// Wire DTOs to domain values. The listings backend's values need no validation beyond decoding,
// so the mapping is a view of each DTO.

extension ProductDTO {
    var product: RetailProduct {
        RetailProduct(
            id: id, name: name, imageKey: imageKey, offerIDs: offerIDs,
            price: Price(
                currency: price.currencyCode, currentMinor: price.currentPrice, originalMinor: price.originalPrice))
    }

    var details: ProductDetails {
        ProductDetails(
            product: product,
            information: (information ?? []).map { InformationSection(title: $0.title, text: $0.text) })
    }
}

extension OffersDTO {
    var userOffers: UserOffers {
        UserOffers(
            badges: BadgeParser.parse(availableBadges),
            offers: offers.map { Offer(id: $0.id, title: $0.title, type: $0.type) })
    }
}
