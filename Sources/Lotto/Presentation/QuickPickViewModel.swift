import Observation

/// Quick pick: random lines from an injected generator, checked against the latest draw.
@MainActor
@Observable
public final class QuickPickViewModel {
    public private(set) var drawID: String?
    public private(set) var lines: [TicketCheck] = []
    private var generator: any RandomNumberGenerator

    public init(generator: some RandomNumberGenerator) {
        self.generator = generator
    }

    /// Replaces the lines with `count` new ones checked against the newest of `draws`.
    public func pick(count: Int, draws: [Draw]) throws(LottoError) {
        guard let latest = draws.min(by: Draw.newestFirst) else { throw .noDraws }
        let checker = TicketChecker(draw: latest)
        drawID = latest.id
        lines = QuickPick.lines(count: count, using: &generator).map { checker.check($0) }
    }
}
