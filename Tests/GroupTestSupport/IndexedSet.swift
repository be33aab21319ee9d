import GroupCore

/// A set of inboxes that also picks a random element in constant time, so the large mode of
/// `RandomLog` stays cheap at a hundred thousand members.
struct IndexedSet: Sendable {
    private(set) var items: [InboxID] = []
    private var positions: [InboxID: Int] = [:]

    var count: Int { items.count }
    var isEmpty: Bool { items.isEmpty }

    func contains(_ inbox: InboxID) -> Bool { positions[inbox] != nil }

    mutating func insert(_ inbox: InboxID) {
        guard positions[inbox] == nil else { return }
        positions[inbox] = items.count
        items.append(inbox)
    }

    mutating func remove(_ inbox: InboxID) {
        guard let position = positions.removeValue(forKey: inbox) else { return }
        let last = items.removeLast()
        if position < items.count {
            items[position] = last
            positions[last] = position
        }
    }

    /// A random element, or nil when empty.
    func random(using generator: inout SeededGenerator) -> InboxID? {
        items.isEmpty ? nil : generator.pick(items)
    }
}
