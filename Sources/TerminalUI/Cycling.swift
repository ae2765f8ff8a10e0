extension RandomAccessCollection where Index == Int {
    /// The element `step` places from the one at `index` (from before the first when `nil`),
    /// wrapping around the ends as Tab does on the last field; `nil` when the collection is empty.
    ///
    /// ```swift
    /// ["a", "b", "c"].cycled(from: 2, by: 1)  // "a"
    /// ```
    public func cycled(from index: Int?, by step: Int) -> Element? {
        guard !isEmpty else { return nil }
        let start = index ?? (step > 0 ? -1 : 0)
        return self[((start + step) % count + count) % count]
    }
}

extension CaseIterable where Self: Equatable, AllCases: RandomAccessCollection, AllCases.Index == Int {
    /// The case `step` places after this one, wrapping around: the next field or tab.
    public func cycled(by step: Int) -> Self {
        Self.allCases.cycled(from: Self.allCases.firstIndex(of: self), by: step) ?? self
    }
}
