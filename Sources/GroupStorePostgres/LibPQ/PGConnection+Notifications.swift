internal import CPostgres
import GroupStore

#if canImport(Glibc)
import Glibc
#endif

/// LISTEN/NOTIFY: a connection that listens hears every NOTIFY on its channels once the
/// notifying transaction commits, from any connection, process or host.
extension PGConnection {
    /// One notification: its channel and payload.
    struct Notification: Equatable, Sendable {
        let channel: String
        let payload: String
    }

    /// Starts listening on `channel` (an identifier of ours, never input: LISTEN takes no
    /// parameters, so it is quoted here).
    func listen(_ channel: String) throws(StoreError) {
        // Cannot fail from input: the one channel is PostgresSchema.channel, a constant.
        precondition(channel.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }, "a channel name of letters, digits and _")
        try execute("LISTEN \"\(channel)\"", operation: "listen on \(channel)")
    }

    /// Sends `payload` on `channel`; delivered when the current transaction commits.
    func notify(_ channel: String, payload: String) throws(StoreError) {
        try execute("SELECT pg_notify($1, $2)", [.text(channel), .text(payload)], operation: "notify \(channel)")
    }

    /// The notifications that have arrived, waiting on the socket with poll(2) up to `timeout`
    /// for the first one when none is pending. Empty when the time passed with none.
    /// - Throws: `storage` when the connection failed (the server went away).
    func notifications(waitingUpTo timeout: Duration) throws(StoreError) -> [Notification] {
        var found = try pendingNotifications()
        guard found.isEmpty else { return found }
        let socket = PQsocket(handle)
        guard socket >= 0 else {
            throw PGError.storage("wait for notifications", sqlState: nil, message: "the connection has no socket", url: url)
        }
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        let (seconds, attoseconds) = timeout.components
        let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000)
        let ready = poll(&descriptor, 1, max(0, milliseconds))
        if ready < 0 && errno != EINTR {
            throw PGError.storage("wait for notifications", sqlState: nil, message: String(cString: strerror(errno)), url: url)
        }
        if ready > 0 { found = try pendingNotifications() }
        return found
    }

    /// Reads whatever the server sent and takes the notifications it held.
    private func pendingNotifications() throws(StoreError) -> [Notification] {
        guard PQconsumeInput(handle) == 1 else {
            throw PGError.storage("read notifications", sqlState: nil, message: String(cString: PQerrorMessage(handle)), url: url)
        }
        var found: [Notification] = []
        while let notification = PQnotifies(handle) {
            found.append(Notification(channel: String(cString: notification.pointee.relname),
                                      payload: String(cString: notification.pointee.extra)))
            PQfreemem(notification)
        }
        return found
    }
}
