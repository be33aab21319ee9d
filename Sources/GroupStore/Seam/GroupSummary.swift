import GroupCore

/// One group of the store, as `grouplog groups` lists it.
public struct GroupSummary: Sendable, Equatable {
    public let group: GroupID
    public let headSequence: UInt64

    public init(group: GroupID, headSequence: UInt64) {
        self.group = group
        self.headSequence = headSequence
    }
}
