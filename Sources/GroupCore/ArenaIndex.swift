/// The index of a snapshot's roster (``PlaceIndex``) built from its ID arena alone, before
/// and apart from the load that needs it: the second thread of a snapshot load builds it while
/// the first reads the records (issue 18).
///
/// Hashing every ID and putting it in the index was two fifths of loading a roster, and needs
/// nothing of the records when they are numbered in record order, as every roster since
/// 2026-12-02 numbers them: the record at place `p` is inbox `p`, so an index of the first
/// `count` IDs by number is the index of the records by place. ``Roster/init(source:)`` uses
/// it only when it finds that numbering, and builds its own otherwise.
///
/// Its bytes need not have been checked: IDs that are no identifiers fail the load, which then
/// drops the index, and an index of garbage is never used to find anything.
package struct ArenaIndex: Sendable {
    let index: PlaceIndex
    /// How many IDs it indexes, by number from 0.
    let count: Int
    /// The room for IDs it was built with.
    let capacity: Int

    /// The index of IDs `0..<count` of `arena`, where each ID's length is in `lengths`, with room
    /// for `capacity` of them; nil when the arena holds fewer than `count` IDs, or two of the
    /// first `count` are the same (the load, building its own, then says which).
    /// - Precondition: the lengths add up to at most the arena's size.
    package init?(arena: UnsafeRawBufferPointer, lengths: UnsafeRawBufferPointer, count: Int, capacity: Int) {
        guard count <= lengths.count else { return nil }
        let starts = UnsafeMutableBufferPointer<Int>.allocate(capacity: count + 1)
        defer { starts.deallocate() }
        let hashes = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: count)
        defer { hashes.deallocate() }
        HugePages.prefer(hashes)
        var start = 0
        for number in 0..<count {
            starts[number] = start
            let end = start + Int(lengths[number])
            hashes[number] = PlaceIndex.hash(of: UnsafeRawBufferPointer(rebasing: arena[start..<end]))
            start = end
        }
        starts[count] = start
        func bytes(_ number: Int) -> UnsafeRawBufferPointer {
            UnsafeRawBufferPointer(rebasing: arena[starts[number]..<starts[number + 1]])
        }
        guard let index = PlaceIndex(hashes: UnsafeBufferPointer(hashes), capacity: capacity, same: { bytes($0).elementsEqual(bytes($1)) }) else {
            return nil
        }
        self.index = index
        self.count = count
        self.capacity = capacity
    }
}
