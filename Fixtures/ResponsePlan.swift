import Foundation
import HTTPTypes
import StubEngine

/// Who answers a request, decided in one place for the server, the in-process client and the
/// benchmark: a stub that matches before anything else, then the fixture routes (which answer
/// `Prefer` from the contract), or the real backend behind `--proxy`. The server makes the whole
/// ``Answer`` from it (a stub's delay, fault and file; its own faults; the forwarding) and
/// carries that out; the others answer at once.
package enum ResponsePlan: Sendable {
    /// A stub answers.
    case stub(StubMapping)
    /// No stub does: the fixture routes answer, or the real backend when forwarding.
    /// - routed: whether anything knows the request (a route, or the real backend); the journal
    ///   lists the others as unmatched.
    /// - note: why no stub matched, when that needs saying (matching ran out of its budget).
    /// - nearMisses: for a request nothing knows, the stubs and routes closest to it, worked out
    ///   on the request as it came (before the journal redacts it).
    case backend(routed: Bool, note: String?, nearMisses: NearMisses?)
}

extension FixtureBackend {
    /// Who answers `context` (see ``ResponsePlan``). `forwarding`: a real backend takes what no
    /// stub does. Patterns draw on the context's budget; the near misses of a request nothing
    /// knows on a budget of their own, unless matching spent the first.
    package func plan(_ context: ParsedRequest, forwarding: Bool = false) -> ResponsePlan {
        var note: String?
        switch stubs.match(context) {
        case .stub(let stub): return .stub(stub)
        case .budgetSpent(let allowance):
            note = "Matching the stubs ran out of its \(allowance) budget: answered as if no stub matched."
        case .none: break
        }
        var request = context.head
        // HEAD is answered as GET without the body.
        if request.method == .head { request.method = .get }
        if forwarding || hasRoute(for: request) { return .backend(routed: true, note: note, nearMisses: nil) }
        let routes = nearRoutes(method: context.method, target: context.url).map {
            NearMiss(name: $0.route, difference: $0.difference)
        }
        // A request whose matching ran out of its budget gets no stub near misses (they would cost
        // as much again, and be partial); its note says why.
        var closest: [NearMiss] = []
        if note == nil {
            context.renewBudget()
            closest = stubs.nearMisses(context)
        }
        return .backend(routed: false, note: note, nearMisses: NearMisses(stubs: closest, routes: routes))
    }

    /// Answers one request as the server would, without the server's delays, faults and
    /// requests of its own (a stub that proxies is a `502` saying so; webhooks are not sent): a
    /// stub that matches, else the fixture routes. What the in-process client and the benchmark use.
    public func respond(_ request: HTTPRequest, body: Data?) -> (HTTPResponse, Data) {
        let parsed = ParsedRequest(request, body: body ?? Data())
        switch plan(parsed) {
        case .stub(let stub) where stub.response.proxy != nil:
            return Reply.message(
                .badGateway, "The stub proxies to another server, which only a FixtureServer on the network does.")
        case .stub(let stub): return answer(stub, to: parsed)
        case .backend: return handle(request, body: body)
        }
    }
}
