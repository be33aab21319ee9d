import GroupCore

/// Waiting for a group's next commit. A write of this store wakes the waiters of the groups it
/// appended to once its transaction has committed (`waiters.wake`, called by the submit batches
/// and ingest); another process's writes cannot reach them, so those are seen when a wait times
/// out and reads the head again.
extension GroupStore {
    public func waitForCommits(in group: GroupID, after sequence: UInt64, timeout: Duration) async throws(StoreError) -> UInt64 {
        // Registered before the head is read, so a commit landing in between wakes this wait.
        let ticket = waiters.register(group)
        defer { waiters.unregister(ticket) }
        let head = try headSequence(of: group)
        guard head <= sequence, !Task.isCancelled else { return head }
        await waiters.wait(ticket, timeout: timeout)
        return try headSequence(of: group)
    }

    public func blockUntilCommits(in group: GroupID, after sequence: UInt64, timeout: Duration) throws(StoreError) -> UInt64 {
        let ticket = waiters.register(group)
        defer { waiters.unregister(ticket) }
        let head = try headSequence(of: group)
        guard head <= sequence else { return head }
        waiters.block(ticket, timeout: timeout)
        return try headSequence(of: group)
    }

    public func changeCursor() -> ChangeCursor { waiters.journal.cursor }

    public func blockUntilChanges(after cursor: ChangeCursor, timeout: Duration) -> StoreChanges {
        waiters.journal.block(after: cursor, timeout: timeout)
    }
}
