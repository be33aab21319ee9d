internal import CLMDB

/// A failed LMDB call: its return code, LMDB's text for it, and the operation that failed.
///
/// An open struct rather than a closed enum, so codes this version does not name survive.
package struct LMDBError: Error, Equatable, Sendable, CustomStringConvertible {
    /// LMDB's return code: an `MDB_*` constant, or an `errno` value such as `ENOENT`.
    package let code: Int32
    /// LMDB's text for the code (`mdb_strerror`, which also covers `errno` values).
    package let message: String
    /// The call or step that failed, such as `mdb_put commits`.
    package let operation: String

    /// An error for `code`, with its text looked up from LMDB.
    package init(code: Int32, operation: String) {
        self.code = code
        self.message = String(cString: mdb_strerror(code))
        self.operation = operation
    }

    /// `operation: message (code)`, as shown to users.
    package var description: String { "\(operation): \(message) (\(code))" }

    /// The map is full: the write must be retried after the map grows.
    package var isMapFull: Bool { code == MDB_MAP_FULL }
    /// The key was not found.
    package var isNotFound: Bool { code == MDB_NOTFOUND }
    /// The key is already there (`MDB_NOOVERWRITE`), or does not sort after the last key (`MDB_APPEND`).
    package var isKeyExists: Bool { code == MDB_KEYEXIST }
    /// Another process grew the map beyond this process's view of it (`MDB_MAP_RESIZED`).
    package var isMapResized: Bool { code == MDB_MAP_RESIZED }
    /// The file is not an LMDB file, or its header is corrupt (`MDB_INVALID`).
    package var isInvalidFile: Bool { code == MDB_INVALID }
    /// A value (or key) of a size LMDB does not take, such as an empty key (`MDB_BAD_VALSIZE`).
    package var isBadValueSize: Bool { code == MDB_BAD_VALSIZE }
    /// More named databases than the environment was opened for (`MDB_DBS_FULL`).
    package var isDatabasesFull: Bool { code == MDB_DBS_FULL }
    /// LMDB found its own pages damaged: a page of the wrong kind where the tree expects one
    /// (`MDB_CORRUPTED`), or a page number past the end of the file (`MDB_PAGE_NOTFOUND`).
    package var isDamagedPage: Bool { code == MDB_CORRUPTED || code == MDB_PAGE_NOTFOUND }
    /// LMDB refused the transaction (`MDB_BAD_TXN`) without a failure of its own having been
    /// reported: the store never goes on with a transaction after a failure, but LMDB 0.9 does not
    /// report every damaged page it meets. Opening a cursor on a table whose root page number
    /// points past the end of the file ends the transaction silently, and the first read of it is
    /// refused (the corruption campaign, trial 87 of seed 99).
    package var isRefusedAfterUnreportedDamage: Bool { code == MDB_BAD_TXN }
}

/// An error type a transaction's body may throw: it can also carry the environment's own
/// failures (a transaction that cannot begin or commit, a failed `mdb_*` call inside it).
///
/// Transactions, cursors and their bodies all throw the one type the caller chose, so a caller
/// never handles two kinds of error, and the LMDB failure is turned into the caller's type at the
/// one place it happens. `LMDBError` itself conforms, for callers with no error of their own.
package protocol LMDBErrorConvertible: Error {
    /// The caller's error for an LMDB failure.
    init(_ failure: LMDBError)
}

extension LMDBError: LMDBErrorConvertible {
    /// The failure itself.
    package init(_ failure: LMDBError) { self = failure }
}

/// Turns an `mdb_*` return code into a thrown `LMDBError`.
@inline(__always)
func check(_ code: Int32, _ operation: @autoclosure () -> String) throws(LMDBError) {
    if code != MDB_SUCCESS { throw LMDBError(code: code, operation: operation()) }
}

/// Turns an `mdb_*` return code into a thrown `Failure`, for code generic over the caller's error.
@inline(__always)
func check<Failure: LMDBErrorConvertible>(
    _ code: Int32, _ operation: @autoclosure () -> String, as _: Failure.Type
) throws(Failure) {
    if code != MDB_SUCCESS { throw Failure(LMDBError(code: code, operation: operation())) }
}
