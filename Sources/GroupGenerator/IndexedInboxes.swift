/// A set of inbox numbers with insertion, removal and a uniform random pick in constant time:
/// how the generator keeps, for a group of millions, who holds which role.
struct IndexedInboxes {
    private var items: [Int] = []
    private var positions: [Int: Int] = [:]

    var count: Int { items.count }
    var isEmpty: Bool { items.isEmpty }

    func contains(_ inbox: Int) -> Bool { positions[inbox] != nil }

    mutating func insert(_ inbox: Int) {
        guard positions[inbox] == nil else { return }
        positions[inbox] = items.count
        items.append(inbox)
    }

    mutating func remove(_ inbox: Int) {
        guard let position = positions.removeValue(forKey: inbox) else { return }
        let last = items.removeLast()
        if position < items.count {
            items[position] = last
            positions[last] = position
        }
    }

    /// A member picked uniformly, or nil when the set is empty.
    func random(using random: inout SplitMix64) -> Int? {
        items.isEmpty ? nil : items[random.below(items.count)]
    }
}
