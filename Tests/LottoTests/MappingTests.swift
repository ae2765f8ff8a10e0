import Foundation
import Networking
import TestSupport
import Testing

@testable import Lotto

@Suite("Mapping the wire format")
struct MappingTests {
    @Test func aDrawReadsStringNumbersAndTheBonusBallKey() throws {
        let draws = try mapDraws([drawJSON()])
        let draw = try #require(draws.first)
        #expect(draw.id == "draw-7")
        #expect(draw.date == DrawDate(year: 2023, month: 5, day: 15))
        #expect(draw.numbers.map(\.value) == [2, 16, 23, 44, 47, 52])
        #expect(draw.bonusBall == number(14))
        #expect(draw.topPrize == Money(amountMinor: 4_000_000_000, currency: "GBP"))
    }

    @Test func numbersOutOfOrderOnTheWireAreKeptAsASet() throws {
        let draw = try #require(try mapDraws([drawJSON(["number1": "52", "number6": "2"])]).first)
        #expect(draw.numbers.map(\.value) == [2, 16, 23, 44, 47, 52])
    }

    @Test func aTicketReadsItsBonusBallKeyAndDrawID() throws {
        let tickets = try mapTickets([
            [
                "id": "ticket-1", "drawId": "draw-1", "number1": "2", "number2": "7", "number3": "23", "number4": "31",
                "number5": "44", "number6": "58", "bonusBall": "14",
            ]
        ])
        #expect(
            tickets == [Ticket(id: "ticket-1", drawID: "draw-1", line: try line([2, 7, 23, 31, 44, 58], bonus: 14))])
    }

    @Test func aTicketWithoutABonusBallHasNone() throws {
        let tickets = try mapTickets([
            [
                "id": "t", "drawId": "d", "number1": "1", "number2": "2", "number3": "3", "number4": "4",
                "number5": "5", "number6": "6",
            ]
        ])
        #expect(tickets.first?.line.bonusBall == nil)
    }

    @Test(
        arguments: [
            (["number3": "61"], #"draw-7: number3 "61" is not between 1 and 59"#),
            (["number3": "0"], #"draw-7: number3 "0" is not between 1 and 59"#),
            (["number2": "sixteen"], #"draw-7: number2 "sixteen" is not a whole number"#),
            (["number2": "-4"], #"draw-7: number2 "-4" is not a whole number"#),
            (["number2": ""], #"draw-7: number2 "" is not a whole number"#),
            (["number4": "23"], #"draw-7: number4 "23" repeats number3"#),
            (["bonus-ball": "52"], #"draw-7: bonus-ball "52" repeats number6"#),
            (["number5": .absent], "draw-7: number5 is missing"),
            (["bonus-ball": .absent], "draw-7: bonus-ball is missing"),
            (["drawDate": "2023-02-30"], #"draw-7: drawDate "2023-02-30" is not a calendar day (YYYY-MM-DD)"#),
            (["drawDate": .absent], "draw-7: drawDate is missing"),
            (["topPrize": -1], "draw-7: topPrize -1 is negative"),
            (["topPrize": .absent], "draw-7: topPrize is missing"),
            (["id": .absent], "draws[0]: id is missing"),
        ] as [([String: Wire], String)])
    func anInvalidDrawNamesTheRecordAndTheField(_ overrides: [String: Wire], _ message: String) {
        let error = #expect(throws: LottoDataError.self) { try mapDraws([drawJSON(overrides)]) }
        #expect(error?.description == message)
    }

    @Test func oneBadRecordIsLeftOutAndNamedWhileTheOthersLoad() throws {
        let valid = try mapDrawsKeepingRejected([
            drawJSON(["id": "draw-1"]), drawJSON(["id": "draw-2", "number1": "99"]), drawJSON(["id": "draw-3"]),
        ])
        #expect(valid.records.map(\.id) == ["draw-1", "draw-3"])
        #expect(
            valid.rejected == [
                LottoDataError(record: "draw-2", field: "number1", problem: #""99" is not between 1 and 59"#)
            ])
    }

    @Test func aTicketOutOfRangeAsInTheOriginalLiveDataIsLeftOut() throws {
        let ticket: [String: Any] = [
            "id": "ticket-1", "drawId": "draw-1", "number1": "2", "number2": "7", "number3": "23", "number4": "31",
            "number5": "44", "number6": "58",
        ]
        var bad = ticket
        bad["id"] = "ticket-2"
        bad["number4"] = "81"
        let valid = try mapTicketsKeepingRejected([ticket, bad])
        #expect(valid.records.map(\.id) == ["ticket-1"])
        #expect(valid.rejected.map(\.description) == [#"ticket-2: number4 "81" is not between 1 and 59"#])
    }

    @Test func aLoadWhereNoRecordIsValidIsAnError() {
        #expect(throws: LottoDataError(record: "draw-2", field: "number1", problem: #""99" is not between 1 and 59"#)) {
            try mapDraws([drawJSON(["id": "draw-2", "number1": "99"]), drawJSON(["id": "draw-3", "number2": "0"])])
        }
    }

    @Test func anEmptyListIsNoError() throws {
        #expect(try mapDrawsKeepingRejected([]).records.isEmpty)
    }

    @Test func aRepeatedDrawIDIsLeftOutAfterItsFirstAppearance() throws {
        let valid = try mapDrawsKeepingRejected([drawJSON(), drawJSON(["number1": "1"])])
        #expect(valid.records.map { Array($0.numbers).map(\.value) } == [[2, 16, 23, 44, 47, 52]])
        #expect(valid.rejected == [LottoDataError(record: "draw-7", field: nil, problem: "appears more than once")])
    }

    @Test func aTicketWithABonusAmongItsNumbersIsInvalid() {
        let error = #expect(throws: LottoDataError.self) {
            try mapTickets([
                [
                    "id": "ticket-3", "drawId": "d", "number1": "1", "number2": "2", "number3": "3", "number4": "4",
                    "number5": "5", "number6": "6", "bonusBall": "6",
                ]
            ])
        }
        #expect(error?.description == #"ticket-3: bonusBall "6" repeats number6"#)
    }

    @Test func aNumberSentAsAJSONNumberIsUndecodableAtItsPath() async throws {
        let service = RemoteLottoService(
            api: EndpointClient(
                baseURL: URL(string: "http://lotto.test")!,
                httpClient: HTTPClientSpy(json: #"{"draws": [{"id": "draw-1", "number1": 2}]}"#)))
        await #expect(throws: NetworkError.undecodable(path: "draws[0].number1", reason: "expected String")) {
            try await service.loadDraws()
        }
    }
}
