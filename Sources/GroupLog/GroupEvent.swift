import GroupStore

/// One commit of a conversation as `Group.streamEvents()` delivers it: who made it, when, and
/// what the reducer made of it.
public struct GroupEvent: Equatable, Sendable {
    /// The conversation.
    public let groupId: GroupID
    /// The commit's sequence in its conversation's log.
    public let sequence: UInt64
    /// The commit's time, from the clock of the process that wrote it.
    public let time: Milliseconds
    /// The inbox that made the commit.
    public let actor: InboxID
    /// Applied, or rejected with its reason (a stream delivers rejected commits only when asked).
    public let outcome: CommitOutcome
    /// The facts the commit established, in order; empty for a rejected commit.
    public let events: [DomainEvent]

    /// An event with these fields.
    public init(
        groupId: GroupID, sequence: UInt64, time: Milliseconds, actor: InboxID, outcome: CommitOutcome,
        events: [DomainEvent]
    ) {
        self.groupId = groupId
        self.sequence = sequence
        self.time = time
        self.actor = actor
        self.outcome = outcome
        self.events = events
    }

    /// The event of a logged commit.
    init(_ logged: LoggedCommit) {
        self.init(
            groupId: logged.commit.groupID, sequence: logged.commit.sequence, time: logged.commit.time,
            actor: logged.commit.actor, outcome: logged.outcome, events: logged.events)
    }
}
