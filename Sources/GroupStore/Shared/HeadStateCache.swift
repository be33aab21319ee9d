import GroupCore
import Synchronization

/// The state at the head of recently used groups, so that a run of submits does not fold or load
/// a snapshot each time. Each entry is keyed by the head it was folded to (`Head`: a backend's
/// own record of a group's last commit), and a read that finds another head misses: a cache is
/// never used past a head it has not seen.
package final class HeadStateCache<Head: Equatable & Sendable>: Sendable {
    private struct Entry: Sendable {
        let head: Head
        var replica: Replica
    }

    /// How many groups it holds; an arbitrary one is evicted to make room.
    private static var capacity: Int { 64 }

    private let entries = Mutex<[GroupID: Entry]>([:])

    package init() {}

    /// Takes the group's state out of the cache (so that folding into it copies nothing), if it
    /// was cached at `head`.
    package func take(_ group: GroupID, matching head: Head) -> Replica? {
        entries.withLockVisibleToTSan { entries in
            guard let cached = entries.removeValue(forKey: group), cached.head == head else { return nil }
            return cached.replica
        }
    }

    /// Takes the group's state out of the cache with the head it was cached at, whatever that
    /// head, for a caller that checks the head against the store afterwards.
    package func takeLatest(_ group: GroupID) -> (head: Head, replica: Replica)? {
        entries.withLockVisibleToTSan { entries in entries.removeValue(forKey: group).map { ($0.head, $0.replica) } }
    }

    /// The group's state if it was cached at `head`, left in the cache.
    package func peek(_ group: GroupID, matching head: Head) -> Replica? {
        entries.withLockVisibleToTSan { entries in
            guard let cached = entries[group], cached.head == head else { return nil }
            return cached.replica
        }
    }

    package func store(_ replica: Replica, for group: GroupID, at head: Head) {
        entries.withLockVisibleToTSan { entries in
            if entries.count >= Self.capacity, entries[group] == nil, let evicted = entries.keys.first { entries[evicted] = nil }
            entries[group] = Entry(head: head, replica: replica)
        }
    }

    /// Forgets every cached state, so that the next reads fold what is stored.
    package func removeAll() {
        entries.withLockVisibleToTSan { $0.removeAll() }
    }
}
