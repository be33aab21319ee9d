import Foundation
import GroupAudit
import GroupBackends
import GroupCore
import GroupStore

/// Which store a command works on: `--store DIR|URL`, else `$GROUPLOG_STORE`, else
/// `./grouplog-data`. A `postgresql://` URL names a PostgreSQL database (`StoreAddress`).
struct StoreLocation {
    let path: String

    /// Where the store lives, and so which backend opens it.
    var address: StoreAddress { StoreAddress(path) }

    /// Takes `--store DIR` out of `words`, wherever it stands.
    static func extract(from words: inout [String]) throws(UsageError) -> StoreLocation {
        var path: String?
        if let index = words.firstIndex(of: "--store") {
            guard index + 1 < words.count else { throw UsageError("--store needs a directory") }
            path = words[index + 1]
            words.removeSubrange(index...(index + 1))
            if words.contains("--store") { throw UsageError("--store is given twice") }
        }
        let environment = ProcessInfo.processInfo.environment["GROUPLOG_STORE"].flatMap { $0.isEmpty ? nil : $0 }
        return StoreLocation(path: path ?? environment ?? "./grouplog-data")
    }

    /// Opens the store: the one place the CLI opens a backend (the one its address names);
    /// every command after this speaks to the storage seam.
    /// - Parameter configuration: what submits are prepared under (`--config FILE`).
    func open(create: Bool = false, configuration: OperatorConfiguration = OperatorConfiguration()) throws(StoreError) -> any GroupLogStorage {
        try address.open(StoreOptions(create: create, configuration: configuration))
    }

    /// The log a command-line target names: a fixture file, or else a group of this store.
    func source(_ target: String) throws -> LogSource {
        try LogSource.open(target) { () throws(StoreError) in try open() }
    }
}
