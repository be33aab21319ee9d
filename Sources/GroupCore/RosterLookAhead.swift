/// Asks the CPU for the roster records that the commits a few places ahead will look up while
/// the commits before them fold, so that in a large group a lookup finds its record in the cache
/// instead of waiting on memory (issue 18).
///
/// In a group of 100,000 members a lookup is two cache misses, the index slot and then the
/// record it leads to, and `perf` put a fifth of the fold's time on those two loads. The record
/// cannot be asked for before the slot, which holds its place, has been read: so the slot is
/// asked for `2 * distance` commits ahead and the record, once the slot has arrived, `distance`
/// commits ahead. A commit's actor and the first inboxes its changes name are looked
/// ahead, which are the lookups of nearly every commit. Only hints are given: what the fold
/// does and finds is the same with or without them.
package struct RosterLookAhead {
    /// How many commits ahead a record is asked for: a commit folds in about a microsecond and a
    /// miss takes a tenth of that, so two commits are time enough, and what arrives is not
    /// pushed out of the cache before it is used (4 and 8 measured no better).
    static let distance = 2
    /// The inboxes looked ahead per commit: the actor and up to three it names.
    static let inboxesPerCommit = LookAheadRing.hashesPerPlace

    /// Below this many records the roster's entries (96 bytes each) and index stay in the
    /// caches, and asking ahead only costs: 10,000 members folded 5 to 10% slower with it.
    static let minimumRecords = 32_768

    /// A place in the ring is taken again `2 * distance` commits on (``LookAheadRing/places``).
    private static let ringSize = 2 * distance
    /// The hashes of the inboxes each commit in flight looks up, `inboxesPerCommit` a commit,
    /// by the commit's position modulo `ringSize`.
    private var ring = LookAheadRing()

    /// The roster hash of the actor of the commit `prepare` was last called before, when it was
    /// looked ahead: the fold takes it rather than hashing the actor again (issue 18).
    package private(set) var actorHash: UInt64?

    package init() {}

    /// Call before `replica` folds `commits[position]`: asks for the index slots of the commit
    /// `2 * distance` ahead and the records of the one `distance` ahead. The commits ahead may
    /// belong to another group (an import's batch): then the hints are wasted, nothing else.
    package mutating func prepare(_ commits: [Commit], before position: Int, for replica: Replica) {
        actorHash = nil
        guard let roster = replica.state?.roster, roster.recordCount >= Self.minimumRecords else { return }
        // Asked through the roster's view, which reads its box once rather than at each ask.
        roster.withLookAhead { view in
            // The commit at `position` holds the ring's place that the one `far` ahead takes:
            // its actor's hash, noted first, is read before it is overwritten.
            let own = position % Self.ringSize
            if ring.owner(own) == position && ring.count(own) > 0 { actorHash = ring.hash(own, 0) }
            let far = position + 2 * Self.distance
            if far < commits.count {
                let place = far % Self.ringSize
                var count = 0
                // Read in place: copying a commit or a change would retain what it holds.
                func note(_ inbox: InboxID) -> Bool {
                    let hash = PlaceIndex.hash(of: inbox)
                    view.prefetchSlot(hash: hash)
                    ring.setHash(place, count, hash)
                    count += 1
                    return count < Self.inboxesPerCommit
                }
                if note(commits[far].actor) {
                    let changes = commits[far].changes
                    for index in changes.indices {
                        var more = true
                        changes[index].visitNamedInboxes { more = note($0); return more }
                        if !more { break }
                    }
                }
                ring.hold(place, for: far, count: count)
            }
            let near = position + Self.distance
            let place = near % Self.ringSize
            guard near < commits.count, ring.owner(place) == near else { return }
            for index in 0..<ring.count(place) { view.prefetchRecord(hash: ring.hash(place, index)) }
        }
    }
}
