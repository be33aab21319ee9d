internal import CLMDB

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension MDB_val {
    /// A value that points at `bytes`: LMDB reads through it and never writes, whatever the C type says.
    init(_ bytes: UnsafeRawBufferPointer) {
        self.init(mv_size: bytes.count, mv_data: UnsafeMutableRawPointer(mutating: bytes.baseAddress))
    }
}

extension UnsafeRawBufferPointer {
    /// The bytes an `MDB_val` returned by LMDB points at; none when it points nowhere. A call
    /// that failed may leave a size without a pointer (a damaged page did, and the conversion
    /// trapped before the failure was seen): its result is discarded, and a successful read of
    /// such a value gives empty bytes, which the record's decoder reports as damaged.
    init(_ value: MDB_val) {
        if let data = value.mv_data {
            self.init(start: data, count: value.mv_size)
        } else {
            self.init(start: nil, count: 0)
        }
    }
}

/// Orders two byte strings the way LMDB's default comparator does: `memcmp` over the shorter
/// length, then the shorter string first. Negative, zero or positive like `memcmp`.
func compareBytes(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Int {
    let common = min(lhs.count, rhs.count)
    if common > 0, let left = lhs.baseAddress, let right = rhs.baseAddress {
        let order = memcmp(left, right, common)
        if order != 0 { return Int(order) }
    }
    return lhs.count - rhs.count
}

/// Whether `bytes` begins with `prefix`.
func hasPrefix(_ bytes: UnsafeRawBufferPointer, _ prefix: UnsafeRawBufferPointer) -> Bool {
    guard bytes.count >= prefix.count else { return false }
    guard prefix.count > 0, let left = bytes.baseAddress, let right = prefix.baseAddress else { return true }
    return memcmp(left, right, prefix.count) == 0
}
