import GroupCore

/// One call of `submit`, as a backend's submit queue hands it to the batch that serves it.
package struct SubmitRequest: Sendable {
    package let group: GroupID
    package let actor: InboxID
    package let time: Milliseconds
    package let changes: [Change]
    package let expectedSequence: UInt64?

    package init(group: GroupID, actor: InboxID, time: Milliseconds, changes: [Change], expectedSequence: UInt64?) {
        self.group = group
        self.actor = actor
        self.time = time
        self.changes = changes
        self.expectedSequence = expectedSequence
    }

    /// Whether the request opens a log: a missing group may be submitted to only with a `create`.
    package var createsGroup: Bool {
        if case .create? = changes.first { return true }
        return false
    }
}
