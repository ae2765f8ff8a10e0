import Foundation
import HTTPTypes
import StubEngine

/// The retailer's backend: basic auth on every route, products, per-user offers and images.
extension FixtureBackend {
    static let listingsCredentials = (username: "admin", password: "password")

    static let listingsRoutes: [Route] = [
        Route(.get, "/listings/api/products") { backend, call in
            backend.listingsAuthorized(call) { backend.listingsProducts() }
        },
        Route(.get, "/listings/api/product/:id") { backend, call in
            backend.listingsAuthorized(call) { backend.listingsProduct(call.parameters["id"] ?? "") }
        },
        Route(.get, "/listings/api/user/:id/offers") { backend, call in
            backend.listingsAuthorized(call) { backend.listingsOffers(user: call.parameters["id"] ?? "") }
        },
        Route(.get, "/listings/image/:file") { backend, call in
            backend.listingsAuthorized(call) { backend.listingsImage(call.parameters["file"] ?? "") }
        },
    ]

    private func listingsAuthorized(_ call: Call, _ answer: () -> (HTTPResponse, Data)) -> (HTTPResponse, Data) {
        let expected = Data("\(Self.listingsCredentials.username):\(Self.listingsCredentials.password)".utf8)
        guard call.request.headerFields[.authorization] == "Basic \(expected.base64EncodedString())" else {
            var (response, body) = Reply.message(.unauthorized, "Sign in with HTTP basic authentication.")
            response.headerFields[.wwwAuthenticate] = #"Basic realm="listings""#
            return (response, body)
        }
        return answer()
    }

    struct ProductsFile: Codable {
        struct Product: Codable {
            var id: String
            var imageKey: String
            var name: String
            var offerIDs: [String]
            var price: Price
            var information: [Section]?

            enum CodingKeys: String, CodingKey {
                case id, name, price, information
                case imageKey = "image_key"
                case offerIDs = "offer_ids"
            }
        }
        struct Price: Codable {
            var currencyCode: String
            var currentPrice: Int
            var originalPrice: Int?

            enum CodingKeys: String, CodingKey {
                case currencyCode = "currency_code"
                case currentPrice = "current_price"
                case originalPrice = "original_price"
            }
        }
        struct Section: Codable {
            var title: String
            var text: String

            enum CodingKeys: String, CodingKey {
                case title = "section_title"
                case text = "section_text"
            }
        }
        var products: [Product]
    }

    private var listingsCatalogue: [ProductsFile.Product] {
        (try? JSONDecoder().decode(ProductsFile.self, from: data.listingsProducts))?.products ?? []
    }

    private func listingsProducts() -> (HTTPResponse, Data) {
        let products = listingsCatalogue.map { product in
            var listed = product
            listed.information = nil
            return listed
        }
        return Reply.json(.ok, Reply.encode(ProductsFile(products: products)))
    }

    private func listingsProduct(_ id: String) -> (HTTPResponse, Data) {
        guard var product = listingsCatalogue.first(where: { $0.id == id }) else {
            return Reply.message(.notFound, "There is no product \"\(id)\".")
        }
        product.information = product.information ?? []
        return Reply.json(.ok, Reply.encode(product))
    }

    private func listingsOffers(user: String) -> (HTTPResponse, Data) {
        guard let file = try? JSONSerialization.jsonObject(with: data.listingsOffers) as? [String: Any],
            let users = file["users"] as? [String: Any], var offers = users[user] as? [String: Any]
        else {
            return Reply.message(.notFound, "There is no user \"\(user)\".")
        }
        if state(of: "listings-offers") == "none" { offers["offers"] = [Any]() }
        guard let body = try? JSONSerialization.data(withJSONObject: offers, options: [.sortedKeys]) else {
            return Reply.message(.internalServerError, "The offers fixture is damaged.")
        }
        return Reply.json(.ok, body)
    }

    private func listingsImage(_ file: String) -> (HTTPResponse, Data) {
        guard file.hasSuffix(".jpg"), let image = data.listingsImages[String(file.dropLast(4))] else {
            return Reply.message(.notFound, "There is no image \"\(file)\".")
        }
        return (HTTPResponse(status: .ok, headerFields: [.contentType: "image/jpeg"]), image)
    }
}
