import Observation

/// Quick pick: random lines from an injected generator, checked against the latest draw.
@MainActor
@Observable
public final class QuickPickViewModel {
    /// The draw the lines were checked against: the latest.
    public private(set) var draw: Draw?
    /// The id of ``draw``.
    public var drawID: String? { draw?.id }
    /// The picked lines, each checked against ``draw``.
    public private(set) var lines: [TicketCheck] = []
    /// Why the last ``pick(count:draws:)`` picked nothing: ``LottoError/noDraws`` when there was no
    /// draw to check against. `nil` after a pick that worked.
    public private(set) var failure: LottoError?
    /// Not observed: drawing from it changes no screen (the lines do).
    @ObservationIgnored private var generator: any RandomNumberGenerator

    /// Creates a ``QuickPickViewModel``.
    ///
    /// - Parameter generator: where the random numbers come from; a seeded one makes the picks repeatable.
    public init(generator: some RandomNumberGenerator) {
        self.generator = generator
    }

    /// Replaces the lines with `count` new ones checked against the newest of `draws`; with no
    /// draw, keeps the lines and sets ``failure``.
    ///
    /// ```swift
    /// quickPick.pick(count: 5, draws: results.draws)
    /// if let failure = quickPick.failure { Text(failure.localizedDescription) }
    /// ```
    /// - Returns: whether lines were picked.
    @discardableResult
    public func pick(count: Int, draws: [Draw]) -> Bool {
        let latest: Draw
        do throws(LottoError) {
            latest = try Draw.find(nil, in: draws)
        } catch {
            failure = error
            return false
        }
        let checker = TicketChecker(draw: latest)
        draw = latest
        lines = QuickPick.lines(count: count, using: &generator).map { checker.check($0) }
        failure = nil
        return true
    }
}
