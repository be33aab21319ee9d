internal import CLMDB

/// A named database (LMDB's "DBI") inside an `LMDBEnvironment`, opened by `LMDBEnvironment.database(_:)`.
///
/// A plain value: copy it freely and share it across threads. It is only meaningful with the
/// environment that opened it, and only while that environment is alive.
package struct LMDBDatabase: Hashable, Sendable, CustomStringConvertible {
    /// The name the database was opened with.
    package let name: String
    let handle: MDB_dbi

    init(name: String, handle: MDB_dbi) {
        self.name = name
        self.handle = handle
    }

    /// The size of LMDB 0.9's record of a table in the main database (`MDB_db`).
    package static let recordSize = 48

    /// The name, for messages.
    package var description: String { name }
}
