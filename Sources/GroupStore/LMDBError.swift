import CLMDB

/// A failed LMDB call: its return code, LMDB's text for it, and the operation that failed.
///
/// An open struct rather than a closed enum, so codes this version does not name survive.
public struct LMDBError: Error, Equatable, Sendable, CustomStringConvertible {
    public let code: Int32
    public let message: String
    /// The call or step that failed, such as `mdb_put commits`.
    public let operation: String

    public init(code: Int32, operation: String) {
        self.code = code
        self.message = String(cString: mdb_strerror(code))
        self.operation = operation
    }

    public var description: String { "\(operation): \(message) (\(code))" }

    /// The map is full: the write must be retried after the map grows.
    public var isMapFull: Bool { code == MDB_MAP_FULL }
    /// The key was not found.
    public var isNotFound: Bool { code == MDB_NOTFOUND }
}

/// Turns an `mdb_*` return code into a thrown `LMDBError`.
@inline(__always)
func check(_ code: Int32, _ operation: @autoclosure () -> String) throws(LMDBError) {
    if code != MDB_SUCCESS { throw LMDBError(code: code, operation: operation()) }
}
