import Dispatch
import GroupCore
import Synchronization

/// A store object's feed of changes (`StoreChanges`): the groups and inboxes its backend heard
/// of, in order, with the threads blocked until the next one.
///
/// It keeps the most recent `capacity` entries, so that its memory does not grow with the
/// store's traffic: a reader whose cursor fell out of them is told its changes are incomplete
/// and compares everything, as after a missed notification.
package final class ChangeJournal: Sendable {
    private enum Entry {
        case commits(GroupID)
        case claims(InboxID)
        /// Something may have changed that was not heard (a listener reconnected).
        case unknown
    }

    private struct Feed {
        /// Entry `i` of `recent` (oldest first) is at position `first + i + 1`; the cursor is
        /// the position of the last entry heard.
        var first: UInt64 = 0
        var recent: [Entry] = []
        var blocked: [UInt64: DispatchSemaphore] = [:]
        var nextWaiter: UInt64 = 0

        var end: UInt64 { first + UInt64(recent.count) }
    }

    private let feed = Mutex(Feed())
    private let capacity: Int
    /// Whether the backend hears other processes' writes: when not, a wait that times out with
    /// nothing heard reports its changes as incomplete, since another process may have written.
    private let hearsOtherWriters: Bool

    package init(hearsOtherWriters: Bool, capacity: Int = 65_536) {
        self.hearsOtherWriters = hearsOtherWriters
        self.capacity = max(1, capacity)
    }

    package var cursor: ChangeCursor { ChangeCursor(position: feed.withLockVisibleToTSan { $0.end }) }

    package func committed(_ groups: some Sequence<GroupID>) { append(groups.map(Entry.commits)) }

    package func claimed(_ inboxes: some Sequence<InboxID>) { append(inboxes.map(Entry.claims)) }

    package func missedSome() { append([.unknown]) }

    /// The changes after `cursor`, once there are any or `timeout` has passed.
    package func block(after cursor: ChangeCursor, timeout: Duration) -> StoreChanges {
        let semaphore = DispatchSemaphore(value: 0)
        let waiter: UInt64? = feed.withLockVisibleToTSan { feed in
            // Only a cursor at the end waits; any other has something to hear at once.
            guard feed.end == cursor.position else { return nil }
            let id = feed.nextWaiter
            feed.nextWaiter += 1
            feed.blocked[id] = semaphore
            return id
        }
        if let waiter {
            _ = semaphore.wait(timeout: CommitWaiters.deadline(after: timeout))
            feed.withLockVisibleToTSan { _ = $0.blocked.removeValue(forKey: waiter) }
        }
        let changes = self.changes(after: cursor)
        guard changes.isEmpty, !hearsOtherWriters else { return changes }
        return StoreChanges(cursor: changes.cursor, groups: [], inboxes: [], complete: false)
    }

    /// The changes after `cursor`, without waiting.
    package func changes(after cursor: ChangeCursor) -> StoreChanges {
        feed.withLockVisibleToTSan { feed in
            let end = ChangeCursor(position: feed.end)
            // A cursor of another store object, past this feed's end, or one that fell out of it.
            guard cursor.position <= feed.end, cursor.position >= feed.first else {
                return StoreChanges(cursor: end, groups: [], inboxes: [], complete: false)
            }
            var groups: [GroupID] = [], inboxes: [InboxID] = []
            var seenGroups: Set<GroupID> = [], seenInboxes: Set<InboxID> = []
            var complete = true
            for entry in feed.recent[Int(cursor.position - feed.first)...] {
                switch entry {
                case let .commits(group): if seenGroups.insert(group).inserted { groups.append(group) }
                case let .claims(inbox): if seenInboxes.insert(inbox).inserted { inboxes.append(inbox) }
                case .unknown: complete = false
                }
            }
            return StoreChanges(cursor: end, groups: groups, inboxes: inboxes, complete: complete)
        }
    }

    private func append(_ entries: [Entry]) {
        guard !entries.isEmpty else { return }
        let woken: [DispatchSemaphore] = feed.withLockVisibleToTSan { feed in
            feed.recent.append(contentsOf: entries)
            let excess = feed.recent.count - capacity
            if excess > 0 {
                // Dropped half the capacity at a time, so that the copy is paid rarely.
                let dropped = min(max(excess, capacity / 2), feed.recent.count)
                feed.recent.removeFirst(dropped)
                feed.first += UInt64(dropped)
            }
            let woken = Array(feed.blocked.values)
            feed.blocked.removeAll()
            return woken
        }
        woken.forEach { $0.signal() }
    }
}
