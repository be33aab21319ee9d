import GroupCore

/// How a store is opened.
public struct StoreOptions: Sendable, Equatable {
    /// A snapshot of a group's state is written every this many commits (stretched tenfold for
    /// each tenfold of members beyond 10,000: `SnapshotSchedule`), so that the state at any
    /// sequence costs one snapshot load and at most that many commits of replay.
    public var snapshotInterval: UInt64
    /// The LMDB map's initial size in bytes; it grows as needed.
    public var initialMapSize: Int
    /// The most the map may grow to; a write that needs more fails with a storage error and
    /// writes nothing, as on a full disk.
    public var maximumMapSize: Int
    /// Skip the fsync of LMDB's meta page at each commit (`MDB_NOMETASYNC`): a power loss may then
    /// lose the last transactions, never corrupt the store. A kill -9 loses nothing either way.
    public var noMetaSync: Bool
    /// Create the store (its directory and databases) when it does not exist yet.
    public var create: Bool
    /// The operator configuration submits are prepared under: a `create` gets its member limit
    /// and configured fields written in, and `registerFields` the descriptors it names, so the
    /// log never depends on the configuration.
    public var configuration: OperatorConfiguration
    /// Members up to which the snapshot interval is not stretched: a test lowers it to give a
    /// small group a large group's schedule, incremental snapshots and all.
    package var unstretchedMembers = SnapshotSchedule.defaultUnstretchedMembers
    /// From how many bytes of snapshots a state read checks and decodes them on a second
    /// thread (``SnapshotReadAhead``); tests lower it to read small stores that way.
    package var readAheadBytes = SnapshotReadAhead.minimumBytes

    /// The interval chosen by measurement (README, "Benchmarks"): for groups up to thousands of
    /// members a state read is one small snapshot and at most 1,000 commits (about 1.5 ms); for
    /// a group of 100,000 the snapshot load dominates, which is why the schedule stretches the
    /// interval for large groups.
    public static let defaultSnapshotInterval: UInt64 = 1_000

    public init(
        snapshotInterval: UInt64 = StoreOptions.defaultSnapshotInterval, initialMapSize: Int = 64 << 20,
        maximumMapSize: Int = 1 << 40, noMetaSync: Bool = false, create: Bool = false,
        configuration: OperatorConfiguration = OperatorConfiguration()
    ) {
        self.maximumMapSize = maximumMapSize
        self.snapshotInterval = max(1, snapshotInterval)
        self.initialMapSize = initialMapSize
        self.noMetaSync = noMetaSync
        self.create = create
        self.configuration = configuration
    }

    /// When snapshots are written, from `snapshotInterval`.
    package var snapshotSchedule: SnapshotSchedule { SnapshotSchedule(interval: snapshotInterval, unstretchedMembers: unstretchedMembers) }
}
