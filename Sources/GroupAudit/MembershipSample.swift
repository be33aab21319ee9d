import GroupCore

/// The group's size and leadership after one commit: a point of the audit page's charts.
public struct MembershipSample: Equatable, Sendable {
    /// The commit the counts are after.
    public let sequence: UInt64
    /// That commit's time.
    public let time: Milliseconds
    /// Current members in any state (what the member limit counts); 0 before the group exists.
    public let members: Int
    /// Admins and super admins.
    public let admins: Int

    /// A sample of the counts given.
    public init(sequence: UInt64, time: Milliseconds, members: Int, admins: Int) {
        self.sequence = sequence
        self.time = time
        self.members = members
        self.admins = admins
    }

    /// The sample of `state` after commit `sequence`, read from the roster's counters: O(1)
    /// whatever the group's size.
    public init(sequence: UInt64, time: Milliseconds, state: GroupState?) {
        self.init(
            sequence: sequence, time: time, members: state?.memberCount ?? 0,
            admins: (state?.adminCount ?? 0) + (state?.superAdminCount ?? 0))
    }
}
