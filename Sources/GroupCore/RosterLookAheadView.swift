import CPrefetch

extension Roster {
    /// A roster's index slots, entries and loaded IDs, lent for asking ahead of lookups
    /// (``withLookAhead(_:)``).
    struct LookAheadView {
        let slots: UnsafeBufferPointer<UInt64>
        let entries: UnsafeBufferPointer<Entry>
        let names: LoadedNames?
        /// Below ``RosterLookAhead/minimumRecords`` the roster stays in the caches and asking
        /// costs more than it saves.
        let isOn: Bool

        /// Asks for what the lookups of `hashes` (each a ``PlaceIndex/hash(of:)``; 0 where no
        /// lookup is coming) after `position` will touch: the slot of the one eight on, the
        /// record of the one four on and, for a record a load left packed, the ID of the one
        /// two on. Each lookup of a large roster is two or three cache misses, and each stage
        /// needs the one before it to have arrived.
        @inline(__always)
        func ask(_ hashes: UnsafeBufferPointer<UInt64>, before position: Int) {
            guard isOn else { return }
            if position + 8 < hashes.count, hashes[position + 8] != 0 { PlaceIndex.prefetchSlot(hash: hashes[position + 8], in: slots) }
            if position + 4 < hashes.count, hashes[position + 4] != 0,
               let place = PlaceIndex.likelyPlace(hash: hashes[position + 4], in: slots), place < entries.count {
                let entry = UnsafeRawPointer(entries.baseAddress! + place)
                grouplog_prefetch(entry)
                grouplog_prefetch(entry + MemoryLayout<Entry>.size - 1)
            }
            if position + 2 < hashes.count, hashes[position + 2] != 0, let names,
               let place = PlaceIndex.likelyPlace(hash: hashes[position + 2], in: slots), place < entries.count,
               case let .loaded(packed) = entries[place].content {
                names.prefetch(packed.inbox)
            }
        }
    }
}
