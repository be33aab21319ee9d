internal import CLMDB

/// How `put` and `reserve` treat an existing key.
package struct LMDBPutOptions: OptionSet, Sendable, Hashable {
    /// The flags as LMDB spells them.
    package let rawValue: UInt32

    /// Creates options from LMDB's `MDB_*` put flags.
    package init(rawValue: UInt32) { self.rawValue = rawValue }

    /// `MDB_APPEND`: the key sorts after every key in the database, so LMDB skips the search and
    /// packs pages full (fast bulk loading). A key that does not sort last fails with
    /// `LMDBError.isKeyExists`, and the transaction stays usable.
    package static let append = LMDBPutOptions(rawValue: UInt32(MDB_APPEND))
    /// `MDB_NOOVERWRITE`: fail with `LMDBError.isKeyExists` if the key is already there, writing nothing.
    package static let noOverwrite = LMDBPutOptions(rawValue: UInt32(MDB_NOOVERWRITE))
}
