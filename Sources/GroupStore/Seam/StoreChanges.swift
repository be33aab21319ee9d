import GroupCore

/// A place in a store object's feed of changes: pass the cursor a wait returned to the next
/// wait, so that nothing made in between is missed. A cursor belongs to the store object that
/// gave it (the feed lives in memory, from the moment the store was opened).
public struct ChangeCursor: Sendable, Equatable, Comparable {
    let position: UInt64

    package init(position: UInt64) { self.position = position }

    public static func < (left: ChangeCursor, right: ChangeCursor) -> Bool { left.position < right.position }
}

/// What changed in a store since a cursor, as far as the store object heard: the groups with
/// new commits and the inboxes with new identity claims, wherever they were made.
///
/// A store cannot always tell: an LMDB store hears no other process, a PostgreSQL store's
/// listener may have been disconnected, and the feed keeps only its most recent entries. Then
/// `complete` is false, and the reader compares everything it follows (every group's head, the
/// whole identity directory) instead of trusting the lists.
public struct StoreChanges: Sendable, Equatable {
    /// Pass it to the next wait.
    public let cursor: ChangeCursor
    /// The groups with commits made since the cursor, each once, in the order first heard of.
    public let groups: [GroupID]
    /// The inboxes that claimed identities since the cursor, each once.
    public let inboxes: [InboxID]
    /// Whether the lists are everything that changed; when false, anything may have.
    public let complete: Bool

    public init(cursor: ChangeCursor, groups: [GroupID], inboxes: [InboxID], complete: Bool) {
        self.cursor = cursor
        self.groups = groups
        self.inboxes = inboxes
        self.complete = complete
    }

    /// Whether there is anything to read: a change listed, or changes unknown.
    public var isEmpty: Bool { complete && groups.isEmpty && inboxes.isEmpty }
}
