import Fixtures
import Foundation
import HTTPTypes
import NIOConcurrencyHelpers
import NIOCore
import StubEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a phone on a train sees: the connection-level faults FixtureServer injects, per request
/// (`Prefer: fault=reset`) or at a rate for the whole server.
public enum ConnectionFault: String, Sendable, CaseIterable {
    /// The connection is reset (TCP RST) before any answer.
    case reset
    /// The connection is closed without an answer.
    case empty
    /// The head declares the whole body's length, half of the body is sent, then the connection closes.
    case truncate
    /// The whole answer, its body in small pieces spread over ``FixtureServer/Configuration/dribbleDuration``.
    case dribble

    /// The fault a request's `Prefer` fields ask for: `nil` for none, an error naming the faults for
    /// one the server does not have.
    static func preferred(in fields: HTTPFields) -> Result<Answer.Fault, Circumstances.UnknownFault>? {
        PreferHeader.preferences(in: fields)["fault"].map { name in
            guard let fault = ConnectionFault(rawValue: name) else {
                let names = ConnectionFault.allCases.map(\.rawValue).joined(separator: ", ")
                return .failure(.init(message: "Prefer: fault=\(name) is not a fault of this server; it has \(names)."))
            }
            return .success(fault.fault)
        }
    }

    /// The same fault in the answer's vocabulary.
    var fault: Answer.Fault {
        switch self {
        case .reset: .reset
        case .empty: .empty
        case .truncate: .truncate
        case .dribble: .dribble
        }
    }
}

/// Decides, from a seeded generator, which requests fail (`503`) and which get a connection fault.
final class FaultInjector: Sendable {
    /// The chance of each fault, in the order the roll is read.
    let rates: [(Circumstances.Injected, Double)]
    private let random: NIOLockedValueBox<WyRand>

    init(failureRate: Double, connectionRates: [ConnectionFault: Double], seed: UInt64) {
        let clamp = { (rate: Double) in min(max(rate, 0), 1) }
        self.rates =
            ConnectionFault.allCases.map { (.fault($0.fault), clamp(connectionRates[$0] ?? 0)) }
            + [(.unavailable, clamp(failureRate))]
        self.random = NIOLockedValueBox(WyRand(seed: seed))
    }

    /// `count` random bytes from the same seeded generator, for `RANDOM_DATA_THEN_CLOSE`: a seeded
    /// server sends the same garbage each run.
    func randomBytes(_ count: Int) -> Data {
        random.withLockedValue { generator in
            Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
        }
    }

    func next() -> Circumstances.Injected {
        guard rates.contains(where: { $0.1 > 0 }) else { return .none }
        var roll = random.withLockedValue { Double.random(in: 0..<1, using: &$0) }
        for (fault, rate) in rates {
            if roll < rate { return fault }
            roll -= rate
        }
        return .none
    }
}

extension Channel {
    /// Closes the connection with a TCP reset instead of the usual goodbye (`SO_LINGER` of zero).
    func reset() async {
        if let socket = self as? any SocketOptionProvider {
            try? await socket.setSoLinger(linger(l_onoff: 1, l_linger: 0)).get()
        }
        try? await close()
    }
}
