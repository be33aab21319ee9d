extension SeededGenerator {
    /// True with probability `percent` / 100.
    public mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &self) < percent }

    /// A uniformly chosen integer of `range`.
    public mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

    /// A uniformly chosen element of a non-empty collection.
    public mutating func pick<C: RandomAccessCollection>(_ elements: C) -> C.Element {
        precondition(!elements.isEmpty, "cannot pick from an empty collection")
        let offset = Int.random(in: 0..<elements.count, using: &self)
        return elements[elements.index(elements.startIndex, offsetBy: offset)]
    }

    /// One of `choices`, each chosen in proportion to its weight.
    public mutating func weighted<T>(_ choices: [(weight: Int, value: T)]) -> T {
        let total = choices.reduce(0) { $0 + $1.weight }
        precondition(total > 0, "weights must add up to more than zero")
        var roll = Int.random(in: 0..<total, using: &self)
        for choice in choices {
            if roll < choice.weight { return choice.value }
            roll -= choice.weight
        }
        return choices[choices.count - 1].value
    }
}
