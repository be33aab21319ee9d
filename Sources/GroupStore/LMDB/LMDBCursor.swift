internal import CLMDB

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A position in one database, lent to the body of `withCursor(_:_:)`, for reading in key order.
///
/// It throws the error type of the transaction that lent it (`Failure`), so its LMDB failures
/// arrive as the caller's own error.
///
/// Keys are ordered as LMDB's default comparator orders them: byte by byte, a prefix before its
/// extensions (so big-endian integers sort numerically). Every method returns the entry it lands
/// on, or `nil` when there is none; the buffers point into LMDB's memory and are valid only inside
/// the transaction (in a write transaction, only until its next write). The cursor is closed
/// when its scope ends: never keep it beyond the body it is lent to. (It would be non-copyable,
/// but Swift 6.3's optimiser crashes specialising `withCursor` over a non-copyable cursor.)
package struct LMDBCursor<Failure: LMDBErrorConvertible> {
    /// A key and its value, both pointing into LMDB's memory.
    package typealias Entry = (key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer)

    /// What a `forEach` body asks for after each entry.
    package enum Step: Sendable, Equatable {
        /// Go on to the next entry in range.
        case next
        /// Stop iterating.
        case stop
    }

    let handle: OpaquePointer
    let database: LMDBDatabase

    /// Moves to the first entry.
    package func first() throws(Failure) -> Entry? { try move(MDB_FIRST, "first") }

    /// Moves to the last entry.
    package func last() throws(Failure) -> Entry? { try move(MDB_LAST, "last") }

    /// Moves to the next entry (to the first if the cursor is not positioned yet).
    package func next() throws(Failure) -> Entry? { try move(MDB_NEXT, "next") }

    /// Moves to the previous entry (to the last if the cursor is not positioned yet).
    package func previous() throws(Failure) -> Entry? { try move(MDB_PREV, "previous") }

    /// The entry the cursor is on, or `nil` if it is not positioned.
    package func current() throws(Failure) -> Entry? {
        let (code, entry) = get(MDB_GET_CURRENT)
        // LMDB answers EINVAL for a cursor that was never positioned.
        if code == EINVAL { return nil }
        return try found(code, entry, "current")
    }

    /// Moves to the first entry whose key is `key` or sorts after it (`MDB_SET_RANGE`).
    package func seek(atOrAfter key: some LMDBBytes) throws(Failure) -> Entry? {
        try seek(key, MDB_SET_RANGE, "seek")
    }

    /// Moves to the entry whose key is exactly `key` (`MDB_SET_KEY`), or returns `nil` if there is none.
    package func seek(exactly key: some LMDBBytes) throws(Failure) -> Entry? {
        try seek(key, MDB_SET_KEY, "seek exactly")
    }

    /// Positions the cursor by `key` with a seeking `operation` (`MDB_SET_RANGE`, `MDB_SET_KEY`).
    private func seek(_ key: some LMDBBytes, _ operation: MDB_cursor_op, _ name: String) throws(Failure) -> Entry? {
        let (code, entry) = key.withUnsafeBytes { key in
            var key = MDB_val(key)
            var value = MDB_val()
            let code = mdb_cursor_get(handle, &key, &value, operation)
            return (code, (key: UnsafeRawBufferPointer(key), value: UnsafeRawBufferPointer(value)))
        }
        return try found(code, entry, name)
    }

    /// Moves to the last entry whose key begins with `prefix`, or returns `nil` if no key does.
    ///
    /// The way to find the newest entry of a log keyed by `prefix + big-endian sequence`.
    package func last(withPrefix prefix: some LMDBBytes) throws(Failure) -> Entry? {
        // The protocol's `withUnsafeBytes` rethrows untyped errors, so the typed error rides out in a Result.
        let entry = prefix.withUnsafeBytes { prefix -> Result<Entry?, Failure> in
            // The smallest key above every key with this prefix: drop trailing 0xFF bytes, then
            // add one to the last byte. No such key exists if the prefix is all 0xFF (or empty).
            guard let end = prefix.lastIndex(where: { $0 != 0xFF }) else { return Result { () throws(Failure) in try last() } }
            return withUnsafeTemporaryAllocation(byteCount: end + 1, alignment: 1) { successor in
                successor.copyMemory(from: UnsafeRawBufferPointer(rebasing: prefix[..<end]))
                successor[end] = prefix[end] + 1
                return Result { () throws(Failure) -> Entry? in
                    if try seek(atOrAfter: UnsafeRawBufferPointer(successor)) != nil {
                        return try previous()
                    }
                    return try last()
                }
            }
        }
        guard let entry = try entry.get() else { return nil }
        return prefix.withUnsafeBytes { hasPrefix(entry.key, $0) } ? entry : nil
    }

    /// Calls `body` with every entry from the cursor's next position on, in key order, until it
    /// returns `.stop` or the entries run out.
    ///
    /// Starts at the first entry on a fresh cursor; after `seek`, at the entry after the one found.
    /// - Throws: an LMDB failure, or whatever `body` throws.
    package func forEach(_ body: (Entry) throws(Failure) -> Step) throws(Failure) {
        while let entry = try next() {
            if try body(entry) == .stop { return }
        }
    }

    /// Calls `body` with every entry whose key is at least `start` and below `end`, in key order,
    /// until it returns `.stop`.
    /// - Throws: an LMDB failure, or whatever `body` throws.
    package func forEach(from start: some LMDBBytes, upTo end: some LMDBBytes, _ body: (Entry) throws(Failure) -> Step) throws(Failure) {
        var entry = try seek(atOrAfter: start)
        while let current = entry {
            let inRange = end.withUnsafeBytes { compareBytes(current.key, $0) < 0 }
            guard inRange, try body(current) == .next else { return }
            entry = try next()
        }
    }

    /// Calls `body` with every entry whose key begins with `prefix`, in key order, until it returns `.stop`.
    /// - Throws: an LMDB failure, or whatever `body` throws.
    package func forEach(withPrefix prefix: some LMDBBytes, _ body: (Entry) throws(Failure) -> Step) throws(Failure) {
        var entry = try seek(atOrAfter: prefix)
        while let current = entry {
            let inRange = prefix.withUnsafeBytes { hasPrefix(current.key, $0) }
            guard inRange, try body(current) == .next else { return }
            entry = try next()
        }
    }

    private func move(_ operation: MDB_cursor_op, _ name: String) throws(Failure) -> Entry? {
        let (code, entry) = get(operation)
        return try found(code, entry, name)
    }

    private func get(_ operation: MDB_cursor_op) -> (Int32, Entry) {
        var key = MDB_val()
        var value = MDB_val()
        let code = mdb_cursor_get(handle, &key, &value, operation)
        return (code, (key: UnsafeRawBufferPointer(key), value: UnsafeRawBufferPointer(value)))
    }

    private func found(_ code: Int32, _ entry: Entry, _ name: String) throws(Failure) -> Entry? {
        if code == MDB_NOTFOUND { return nil }
        try check(code, "mdb_cursor_get (\(name)) \(database)", as: Failure.self)
        return entry
    }
}
