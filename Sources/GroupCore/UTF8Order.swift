/// Byte order of strings' UTF-8: the order in which the canonical encodings list field entries'
/// keys and invite links, so that a listing never depends on a hash map's order.
///
/// `a.utf8.lexicographicallyPrecedes(b.utf8)` walks both views a byte at a time through
/// `String.UTF8View`'s generic iterator, about 250 instructions a comparison of short keys:
/// sorting a field's entries for each full snapshot was a fifth of what saving snapshots cost
/// during an ingest (issue 18). This compares eight bytes at a time where the strings have
/// contiguous UTF-8, as native and small strings do.
package enum UTF8Order {
    /// Whether `a`'s UTF-8 comes before `b`'s in byte order (a prefix first).
    @inline(__always)
    package static func precedes(_ a: String, _ b: String) -> Bool {
        let fast = a.utf8.withContiguousStorageIfAvailable { left in
            b.utf8.withContiguousStorageIfAvailable { right in precedes(UnsafeRawBufferPointer(left), UnsafeRawBufferPointer(right)) }
        }
        return (fast ?? nil) ?? a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// Whether `a` comes before `b` in byte order (a prefix first).
    package static func precedes(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        let common = min(a.count, b.count)
        var offset = 0
        while offset + 8 <= common {
            // Big-endian, so that the first differing byte decides, as in byte order.
            let left = a.loadUnaligned(fromByteOffset: offset, as: UInt64.self).bigEndian
            let right = b.loadUnaligned(fromByteOffset: offset, as: UInt64.self).bigEndian
            if left != right { return left < right }
            offset += 8
        }
        while offset < common {
            if a[offset] != b[offset] { return a[offset] < b[offset] }
            offset += 1
        }
        return a.count < b.count
    }
}
