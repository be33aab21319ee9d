import CPrefetch

extension Roster {
    /// A roster's index slots, entries and loaded IDs, lent for asking the CPU ahead of lookups
    /// (``withLookAhead(_:)``). A lookup in a large roster is two or three cache misses, each
    /// needing the one before it: the index slot, the record it leads to and, for a record a
    /// load left packed, its ID's bytes. The three stages below ask for them in that order.
    struct LookAheadView {
        let slots: UnsafeBufferPointer<UInt64>
        let entries: UnsafeBufferPointer<Entry>
        let names: LoadedNames?
        /// Below ``RosterLookAhead/minimumRecords`` the roster stays in the caches and asking
        /// costs more than it saves.
        let isOn: Bool

        /// The first stage: the index slot a lookup of `hash` starts at.
        @inline(__always)
        func prefetchSlot(hash: UInt64) {
            PlaceIndex.prefetchSlot(hash: hash, in: slots)
        }

        /// The second, once the slot has had time to arrive: the record it leads to.
        @inline(__always)
        func prefetchRecord(hash: UInt64) {
            guard let place = PlaceIndex.likelyPlace(hash: hash, in: slots), place < entries.count else { return }
            let entry = UnsafeRawPointer(entries.baseAddress! + place)
            grouplog_prefetch(entry)
            grouplog_prefetch(entry + MemoryLayout<Entry>.size - 1)
        }

        /// The third, once the record has arrived: a packed record's ID bytes, which a lookup
        /// compares against.
        @inline(__always)
        func prefetchName(hash: UInt64) {
            guard let names, let place = PlaceIndex.likelyPlace(hash: hash, in: slots), place < entries.count,
                  case let .loaded(packed) = entries[place].content else { return }
            names.prefetch(packed.inbox)
        }

        /// Asks for what the lookups of `hashes` (each a ``PlaceIndex/hash(of:)``; 0 where no
        /// lookup is coming) after `position` will touch: the slot of the one eight on, the
        /// record of the one four on and the ID of the one two on.
        @inline(__always)
        func ask(_ hashes: UnsafeBufferPointer<UInt64>, before position: Int) {
            guard isOn else { return }
            if position + 8 < hashes.count, hashes[position + 8] != 0 { prefetchSlot(hash: hashes[position + 8]) }
            if position + 4 < hashes.count, hashes[position + 4] != 0 { prefetchRecord(hash: hashes[position + 4]) }
            if position + 2 < hashes.count, hashes[position + 2] != 0 { prefetchName(hash: hashes[position + 2]) }
        }
    }
}
