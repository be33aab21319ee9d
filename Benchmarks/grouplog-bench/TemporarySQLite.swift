import SQLiteEventStore

/// A SQLite event store's database in a fresh temporary directory. Each `open()` opens a new
/// connection; `remove()` deletes the database with its WAL (close every connection first).
final class TemporarySQLite {
    let directory: TemporaryDirectory
    let options: SQLiteEventStore.Options

    init(label: String, options: SQLiteEventStore.Options = SQLiteEventStore.Options()) {
        directory = TemporaryDirectory(label: label)
        self.options = options
    }

    var path: String { directory.path + "/events.sqlite" }

    /// The database file and its write-ahead log, in bytes.
    var sizes: (database: Int, wal: Int) { (directory.size(of: "events.sqlite"), directory.size(of: "events.sqlite-wal")) }

    func open() -> SQLiteEventStore {
        orExit("open a SQLite store at \(path)") { try SQLiteEventStore(path: path, options: options) }
    }

    func remove() { directory.remove() }
}
