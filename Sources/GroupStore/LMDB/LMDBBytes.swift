/// Bytes that can be lent to LMDB as a key or a value without copying them.
///
/// `[UInt8]`, `ArraySlice<UInt8>`, `ContiguousArray<UInt8>`, `UnsafeRawBufferPointer` and
/// `UnsafeMutableRawBufferPointer` conform. The bytes are only borrowed for the length of one call:
/// LMDB copies them into the map before the call returns (except for `reserve`, which hands out
/// space to write into instead).
///
/// On a hot path, build the key on the stack and pass the buffer, for example
/// `withUnsafeBytes(of: sequence.bigEndian) { try txn.put(log, key: $0, value: encoded, options: .append) }`:
/// no call in this module allocates per key or value.
package protocol LMDBBytes {
    /// Calls `body` with the bytes, which stay valid only until `body` returns.
    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R
}

extension Array: LMDBBytes where Element == UInt8 {}
extension ArraySlice: LMDBBytes where Element == UInt8 {}
extension ContiguousArray: LMDBBytes where Element == UInt8 {}

extension UnsafeRawBufferPointer: LMDBBytes {
    /// Calls `body` with this buffer itself.
    package func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(self)
    }
}

extension UnsafeMutableRawBufferPointer: LMDBBytes {
    /// Calls `body` with a read-only view of this buffer.
    package func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(self))
    }
}
