import GroupCore

/// Makes the commits of one conversation's log for tests: numbers the sequences from 0 and keeps
/// a clock, so a test names only the actor and the changes.
///
/// ```swift
/// var log = LogBuilder()
/// let zero = log.commit(.alix, .create(CreateConversation(members: [.bo])))
/// let one = log.commit(.bo, .updateName("Team"))
/// ```
public struct LogBuilder: Sendable {
    public let groupID: GroupID
    /// The sequence the next commit gets.
    public private(set) var nextSequence: UInt64 = 0
    /// The latest time handed out, nil before the first commit; a commit without an explicit
    /// time comes `step` after it.
    public private(set) var clock: Milliseconds?
    /// The time of the first commit made without an explicit time.
    public let start: Milliseconds
    /// How far the clock moves for each commit without an explicit time.
    public var step: Milliseconds

    /// - Parameters:
    ///   - start: the time of the first commit made without an explicit time.
    ///   - step: how far the clock moves between commits.
    public init(groupID: GroupID = .test, start: Milliseconds = 1_000, step: Milliseconds = 1_000) {
        self.groupID = groupID
        self.start = start
        self.step = step
    }

    /// The next commit of the log.
    ///
    /// - Parameter time: the commit's time; by default `step` after the latest time handed out.
    ///   An explicit time earlier than the clock makes a commit that went back in time, and
    ///   leaves the clock where it was.
    public mutating func commit(_ actor: InboxID, _ changes: [Change], at time: Milliseconds? = nil) -> Commit {
        let when = time ?? clock.map { $0 + step } ?? start
        clock = max(clock ?? when, when)
        defer { nextSequence += 1 }
        return Commit(groupID: groupID, sequence: nextSequence, actor: actor, time: when, changes: changes)
    }

    /// The next commit of the log, with its changes listed inline.
    public mutating func commit(_ actor: InboxID, _ changes: Change..., at time: Milliseconds? = nil) -> Commit {
        commit(actor, changes, at: time)
    }
}
