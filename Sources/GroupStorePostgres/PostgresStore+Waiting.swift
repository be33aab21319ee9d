import GroupCore
import GroupStore

/// Waiting for a group's next commit: woken by this store's own commits at once, and by
/// commits made anywhere else through LISTEN/NOTIFY (`PostgresListener`). A wake with nothing
/// new (another group of the same name in another schema, a reconnect) waits again until the
/// deadline, so a caller is handed a new head or the timeout, never a spurious return.
extension PostgresStore {
    public func waitForCommits(in group: GroupID, after sequence: UInt64, timeout: Duration) async throws(StoreError) -> UInt64 {
        let deadline = ContinuousClock.now + timeout
        while true {
            // Registered before the head is read, so a commit landing in between wakes this wait.
            let ticket = waiters.register(group)
            defer { waiters.unregister(ticket) }
            let head = try headSequence(of: group)
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard head <= sequence, !Task.isCancelled, remaining > .zero else { return head }
            await waiters.wait(ticket, timeout: remaining)
            if Task.isCancelled || ContinuousClock.now >= deadline { return try headSequence(of: group) }
        }
    }

    public func blockUntilCommits(in group: GroupID, after sequence: UInt64, timeout: Duration) throws(StoreError) -> UInt64 {
        let deadline = ContinuousClock.now + timeout
        while true {
            let ticket = waiters.register(group)
            defer { waiters.unregister(ticket) }
            let head = try headSequence(of: group)
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard head <= sequence, remaining > .zero else { return head }
            waiters.block(ticket, timeout: remaining)
            if ContinuousClock.now >= deadline { return try headSequence(of: group) }
        }
    }

    public func changeCursor() -> ChangeCursor { waiters.journal.cursor }

    public func blockUntilChanges(after cursor: ChangeCursor, timeout: Duration) -> StoreChanges {
        waiters.journal.block(after: cursor, timeout: timeout)
    }
}
