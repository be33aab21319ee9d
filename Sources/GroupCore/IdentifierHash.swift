/// The hash tables' hash of an identifier's bytes: a few instructions a byte where `String`'s
/// SipHash-1-3 costs about 340 a lookup (issue 18: the fold's largest cost was looking up
/// members by inbox ID).
///
/// Keyed by the table's own seed, which the standard library draws at random per process, so
/// that inbox IDs chosen by someone else cannot be made to collide on every machine: each
/// 8-byte word goes through a bijective multiply-xorshift mix (the SplitMix64 finalizer) with
/// the state so far. Never part of a canonical encoding or a state hash: a table's order may
/// differ from run to run, as it always could.
enum IdentifierHash {
    /// The hash of `text`'s UTF-8 bytes under `seed`.
    @inline(__always)
    static func hash(_ text: String, seed: Int) -> Int {
        let seed = UInt64(bitPattern: Int64(seed))
        if let hash = text.utf8.withContiguousStorageIfAvailable({ hash(UnsafeRawBufferPointer($0), seed: seed) }) {
            return Int(truncatingIfNeeded: hash)
        }
        var copy = text
        return Int(truncatingIfNeeded: copy.withUTF8 { hash(UnsafeRawBufferPointer($0), seed: seed) })
    }

    static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        var state = mix(seed ^ UInt64(truncatingIfNeeded: bytes.count))
        var offset = 0
        while offset + 8 <= bytes.count {
            state = mix(state ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian)
            offset += 8
        }
        let left = bytes.count - offset
        if left >= 4 {
            // 4 to 7 bytes: two 4-byte loads that overlap, covering every one.
            let low = UInt64(bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian)
            let high = UInt64(bytes.loadUnaligned(fromByteOffset: bytes.count - 4, as: UInt32.self).littleEndian)
            state = mix(state ^ (low | high << 32))
        } else if left > 0 {
            // 1 to 3 bytes: the first, the middle and the last, again covering every one.
            let word = UInt64(bytes[offset]) | UInt64(bytes[offset + left / 2]) << 8 | UInt64(bytes[bytes.count - 1]) << 16
            state = mix(state ^ word)
        }
        return state
    }

    /// SplitMix64's finalizer: a bijection on 64 bits whose output bits each depend on every input bit.
    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        var value = value
        value = (value ^ value >> 30) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ value >> 27) &* 0x94D0_49BB_1331_11EB
        return value ^ value >> 31
    }
}
