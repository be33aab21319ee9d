import CPrefetch

/// Huge pages for the large arrays a snapshot load writes once from start to end (issue 18).
///
/// Loading a million-member roster writes about 200 MB of fresh memory (the entries, the index,
/// the IDs' bytes), and on this machine nearly half of the load's time went to the page faults
/// of its 4 KB pages. Backed by 2 MB pages, as Linux does for memory so advised when its
/// transparent huge pages are set to `madvise` (Debian's default), the same writes fault once
/// per 2 MB. A hint only: where the kernel declines, the pages are the usual ones.
enum HugePages {
    /// Below this size an allocation spans no whole 2 MB page worth advising.
    static let threshold = 4 << 20

    /// Advises huge pages for `buffer`, memory not written yet, when it is large enough.
    static func prefer(_ buffer: UnsafeMutableRawBufferPointer) {
        guard buffer.count >= threshold, let base = buffer.baseAddress else { return }
        grouplog_prefer_huge_pages(base, buffer.count)
    }

    /// Advises huge pages for the room `buffer` points at.
    static func prefer<Element>(_ buffer: UnsafeMutableBufferPointer<Element>) {
        prefer(UnsafeMutableRawBufferPointer(start: buffer.baseAddress, count: buffer.count * MemoryLayout<Element>.stride))
    }

    /// `count` zeros, in huge pages where the array is large enough.
    static func zeros(_ count: Int) -> [UInt64] {
        [UInt64](unsafeUninitializedCapacity: count) { buffer, initialized in
            prefer(buffer)
            buffer.initialize(repeating: 0)
            initialized = count
        }
    }
}
