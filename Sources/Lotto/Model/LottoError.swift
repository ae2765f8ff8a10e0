/// What the Lotto domain itself can refuse.
public enum LottoError: Error, Equatable, Sendable {
    case drawNotFound(String)
    case noDraws
}

extension LottoError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .drawNotFound(let id): "There is no draw \"\(id)\"."
        case .noDraws: "No draw has been published yet."
        }
    }
}
