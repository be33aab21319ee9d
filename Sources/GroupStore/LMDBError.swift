import CLMDB

/// A failed LMDB call: its return code, LMDB's text for it, and the operation that failed.
///
/// An open struct rather than a closed enum, so codes this version does not name survive.
public struct LMDBError: Error, Equatable, Sendable, CustomStringConvertible {
    /// LMDB's return code: an `MDB_*` constant, or an `errno` value such as `ENOENT`.
    public let code: Int32
    /// LMDB's text for the code (`mdb_strerror`, which also covers `errno` values).
    public let message: String
    /// The call or step that failed, such as `mdb_put commits`.
    public let operation: String

    /// An error for `code`, with its text looked up from LMDB.
    public init(code: Int32, operation: String) {
        self.code = code
        self.message = String(cString: mdb_strerror(code))
        self.operation = operation
    }

    /// `operation: message (code)`, as shown to users.
    public var description: String { "\(operation): \(message) (\(code))" }

    /// The map is full: the write must be retried after the map grows.
    public var isMapFull: Bool { code == MDB_MAP_FULL }
    /// The key was not found.
    public var isNotFound: Bool { code == MDB_NOTFOUND }
    /// The key is already there (`MDB_NOOVERWRITE`), or does not sort after the last key (`MDB_APPEND`).
    public var isKeyExists: Bool { code == MDB_KEYEXIST }
    /// Another process grew the map beyond this process's view of it (`MDB_MAP_RESIZED`).
    public var isMapResized: Bool { code == MDB_MAP_RESIZED }
    /// The file is not an LMDB file, or its header is corrupt (`MDB_INVALID`).
    public var isInvalidFile: Bool { code == MDB_INVALID }
}

/// Turns an `mdb_*` return code into a thrown `LMDBError`.
@inline(__always)
func check(_ code: Int32, _ operation: @autoclosure () -> String) throws(LMDBError) {
    if code != MDB_SUCCESS { throw LMDBError(code: code, operation: operation()) }
}
