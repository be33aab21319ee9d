/// When a group's state is written as a snapshot: every `interval` commits for a group of up to
/// 10,000 members, and ten times less often for each tenfold beyond that (every 10 × `interval`
/// commits up to 100,000 members, 100 × up to 1,000,000, ...).
///
/// A snapshot's size grows with the group while a commit's does not, so a fixed interval lets
/// the snapshots of a large group outweigh its commits: at 100,000 members and every 1,000
/// commits they took 94% of an ingest. Stretched this way, a large group's snapshots cost about
/// what its commits do, and a state read replays at most the stretched interval, which for a
/// large group is short beside loading its snapshot (README, "Benchmarks").
///
/// The schedule depends only on the sequence and the state after the commit, so appends and
/// `rebuild` put snapshots in the same places, and a read finds the nearest one below it
/// whatever the schedule was.
package struct SnapshotSchedule {
    package let interval: UInt64
    /// Members up to which the interval is not stretched.
    package let unstretchedMembers: Int

    package static let defaultUnstretchedMembers = 10_000

    package init(interval: UInt64, unstretchedMembers: Int = SnapshotSchedule.defaultUnstretchedMembers) {
        self.interval = interval
        self.unstretchedMembers = unstretchedMembers
    }

    /// Whether the state after commit `sequence`, with `members` current members, is snapshotted.
    package func isDue(at sequence: UInt64, members: Int) -> Bool {
        guard sequence > 0 else { return false }
        return sequence % stretchedInterval(members: members) == 0
    }

    /// Whether an incremental snapshot of the state after commit `sequence` is written instead:
    /// at every unstretched interval where no full snapshot falls, so that a large group's state
    /// reads replay at most `interval` commits (issue 18). Each one holds what changed since the
    /// stored state before it, so its size follows the commits, not the group.
    package func isDeltaDue(at sequence: UInt64, members: Int) -> Bool {
        guard sequence > 0 else { return false }
        return sequence % interval == 0 && !isDue(at: sequence, members: members)
    }

    /// The interval for a group of `members` members.
    package func stretchedInterval(members: Int) -> UInt64 {
        var stretched = interval
        var size = members
        while size > unstretchedMembers {
            let (product, overflow) = stretched.multipliedReportingOverflow(by: 10)
            if overflow { return .max }
            stretched = product
            size = (size + 9) / 10
        }
        return stretched
    }
}
