import Lotto
import Testing

@Suite("Lotto's strings")
struct LottoLocalizationTests {
    @Test func everyErrorHasAValue() throws {
        let errors: [any Error] = [
            LottoError.drawNotFound("d"), LottoError.noDraws,
            LottoError.badData(LottoDataError(record: "r", field: "f", problem: "p")), LottoError.network(.offline),
            LineError.wrongCount(5), LineError.outOfRange(60), LineError.repeated(try #require(LottoNumber(3))),
            LineError.bonusAmongNumbers(try #require(LottoNumber(3))),
        ]
        for error in errors {
            let text = error.localizedDescription
            #expect(!text.contains("Error.") && !text.contains("%") && !text.isEmpty, "\(text)")
        }
    }
}
