import Foundation
import GroupCore
import GroupStore
import Synchronization

/// A connection of its own that LISTENs on the commit and claim channels, on a thread of its
/// own, and wakes this process's waiters of each group a commit names, wherever the commit was
/// made; both go into the store's feed of changes (`ChangeJournal`).
///
/// When its connection fails it reconnects; until then waiters fall back to their timeouts.
final class PostgresListener: Sendable {
    private let stopped = Atomic<Bool>(false)

    init(url: String, waiters: CommitWaiters) throws(StoreError) {
        let connection = try PGConnection(url: url)
        try ListenerThread.listen(on: connection)
        let box = ListenerThread(url: url, connection: connection, waiters: waiters, listener: self)
        Thread.detachNewThread { box.run() }
    }

    var isStopped: Bool { stopped.load(ordering: .acquiring) }

    func stop() { stopped.store(true, ordering: .releasing) }
}

/// The listening loop, owning the connection on its thread.
private final class ListenerThread: @unchecked Sendable {
    let url: String
    var connection: PGConnection?
    let waiters: CommitWaiters
    weak var listener: PostgresListener?

    init(url: String, connection: PGConnection, waiters: CommitWaiters, listener: PostgresListener) {
        self.url = url
        self.connection = connection
        self.waiters = waiters
        self.listener = listener
    }

    static func listen(on connection: PGConnection) throws(StoreError) {
        try connection.listen(PostgresSchema.channel)
        try connection.listen(PostgresSchema.claimsChannel)
    }

    func run() {
        while let listener, !listener.isStopped {
            guard let connection else {
                Thread.sleep(forTimeInterval: 0.5)
                self.connection = try? PGConnection(url: url)
                if let fresh = self.connection, (try? Self.listen(on: fresh)) == nil { self.connection = nil }
                // Commits made while not listening: wake every waiter once, to read its head.
                if self.connection != nil { waiters.wakeAll() }
                continue
            }
            do throws(StoreError) {
                let heard = try connection.notifications(waitingUpTo: .milliseconds(200))
                let groups = heard.filter { $0.channel == PostgresSchema.channel }.flatMap { PostgresCommitNotice.groups(in: $0.payload) }
                if !groups.isEmpty { waiters.wake(groups) }
                let inboxes = heard.filter { $0.channel == PostgresSchema.claimsChannel }.compactMap { try? InboxID($0.payload) }
                waiters.journal.claimed(inboxes)
            } catch {
                self.connection = nil
            }
        }
    }
}
