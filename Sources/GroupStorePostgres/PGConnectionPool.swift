import GroupStore
import Synchronization

/// The store's idle connections: a call takes one (or opens one) for its whole duration and
/// hands it back, so that concurrent calls each have their own and none is shared.
final class PGConnectionPool: Sendable {
    private let url: String
    private let idle = Mutex<[PGConnection]>([])
    /// At most this many idle connections are kept; more are closed on return.
    private let keep = 8

    init(url: String, first: PGConnection) {
        self.url = url
        idle.withLockVisibleToTSan { $0.append(first) }
    }

    /// Runs `body` with a connection of its own. A connection the server dropped is closed
    /// rather than handed back, and an idle one the server closed meanwhile (it restarted) is
    /// not handed out, so that the next call reconnects instead of failing.
    func with<T>(_ body: (PGConnection) throws(StoreError) -> T) throws(StoreError) -> T {
        var taken = idle.withLockVisibleToTSan { $0.popLast() }
        while let stale = taken, !stale.survivedIdling {
            taken = idle.withLockVisibleToTSan { $0.popLast() }
        }
        let connection: PGConnection
        if let taken { connection = taken } else { connection = try PGConnection(url: url) }
        defer {
            if connection.isHealthy {
                idle.withLockVisibleToTSan { if $0.count < keep { $0.append(connection) } }
            }
        }
        return try body(connection)
    }
}
