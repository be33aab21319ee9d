import GroupCore

/// One page of a cross-group read, with the total it is a page of.
public struct GroupPage<Element: Sendable & Equatable>: Sendable, Equatable {
    public let items: [Element]
    /// How many there are in all.
    public let total: Int
    /// Pass it back as `after` for the next page; nil on the last page.
    public let next: GroupID?

    public init(items: [Element], total: Int, next: GroupID?) {
        self.items = items
        self.total = total
        self.next = next
    }
}
