import GroupCore

/// Waiting for a group's next commit, for `grouplog watch` and the library's event streams: a
/// backend wakes a waiter as soon as it knows of a commit, instead of the waiter polling.
///
/// A commit made through this store object (in this process) wakes the group's waiters as soon
/// as its write is durable, and never before it is visible to reads. A commit made elsewhere
/// (another process, another host) wakes them as soon as the backend learns of it, and at the
/// latest when `timeout` has passed: a backend without a way to hear of other writers (LMDB)
/// falls back to polling at `timeout`. A waiter may also be woken early with nothing new; it
/// reads the head it is handed and waits again.
public protocol CommitWaiting: Sendable {
    /// Suspends until the group's head is past `sequence`, `timeout` has passed, or the task is
    /// cancelled, and returns the head then. Returns at once when the head is already past it.
    /// - Throws: `groupNotFound`; `storage` when reading the head fails.
    func waitForCommits(in group: GroupID, after sequence: UInt64, timeout: Duration) async throws(StoreError) -> UInt64

    /// The same wait for synchronous callers (the CLI): blocks the calling thread until the
    /// group's head is past `sequence` or `timeout` has passed, and returns the head then.
    /// - Throws: `groupNotFound`; `storage` when reading the head fails.
    func blockUntilCommits(in group: GroupID, after sequence: UInt64, timeout: Duration) throws(StoreError) -> UInt64

    /// Where this store object's feed of changes is now: read what you follow after taking it,
    /// then wait with it, so that a change made in between is heard.
    func changeCursor() -> ChangeCursor

    /// Blocks the calling thread until this store object hears of a change after `cursor`
    /// (commits in any group, or new identity claims), or `timeout` has passed, and returns
    /// the changes with the cursor to wait from next: the feed a replica follows. A backend
    /// that cannot hear other processes (LMDB) returns at the timeout with its changes marked
    /// incomplete, so that the reader compares everything.
    func blockUntilChanges(after cursor: ChangeCursor, timeout: Duration) -> StoreChanges
}
