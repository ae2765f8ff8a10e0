import Observation

/// Quick pick: random lines from an injected generator, checked against the latest draw.
@MainActor
@Observable
public final class QuickPickViewModel {
    /// The draw the lines were checked against: the latest.
    public private(set) var draw: Draw?
    public var drawID: String? { draw?.id }
    public private(set) var lines: [TicketCheck] = []
    private var generator: any RandomNumberGenerator

    public init(generator: some RandomNumberGenerator) {
        self.generator = generator
    }

    /// Replaces the lines with `count` new ones checked against the newest of `draws`.
    public func pick(count: Int, draws: [Draw]) throws(LottoError) {
        let latest = try Draw.find(nil, in: draws)
        let checker = TicketChecker(draw: latest)
        draw = latest
        lines = QuickPick.lines(count: count, using: &generator).map { checker.check($0) }
    }
}
