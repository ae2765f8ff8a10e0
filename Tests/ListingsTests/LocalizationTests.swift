import Listings
import Testing

@Suite("Listings' strings")
struct ListingsLocalizationTests {
    @Test(arguments: [ListingsError.unauthorized, .productNotFound("p"), .userNotFound("u")])
    func everyErrorHasAValue(_ error: ListingsError) {
        let text = error.localizedDescription
        #expect(!text.contains("ListingsError.") && !text.contains("%") && !text.isEmpty, "\(text)")
        #expect(!text.contains("LISTINGS_"), "no environment variables in an app's words")
    }
}
