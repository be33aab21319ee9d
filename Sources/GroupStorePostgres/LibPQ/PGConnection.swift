internal import CPostgres
import GroupStore

#if canImport(Glibc)
import Glibc
#endif

/// One connection to a PostgreSQL server, owning libpq's `PGconn` (finished in deinit).
///
/// A connection serves one caller at a time: the store hands connections out of its pool, so
/// none is used by two threads at once (hence `@unchecked Sendable`: it moves between threads,
/// never shared). Every statement is parameterized (`PQexecParams`), never spliced.
package final class PGConnection: @unchecked Sendable {
    let handle: OpaquePointer
    /// The URL it was opened with, for redacting its password from every error.
    let url: PGConnectionURL
    /// The names of the statements prepared in this session (`execute(pipelined:)`).
    var preparedStatements: Set<String> = []

    /// Connects to `url` (a `postgresql://` URL or a libpq key-value string).
    /// - Throws: `StoreError.storage` naming the URL with its password redacted: a malformed
    ///   URL, a server that cannot be reached, a missing database or role, a refused password.
    package init(url raw: String) throws(StoreError) {
        let url = PGConnectionURL(raw)
        self.url = url
        let operation = "connect to \(url.redacted)"
        // Parsed first, so that a malformed URL is reported as such rather than as a failed
        // connection to some default server.
        var parseError: UnsafeMutablePointer<CChar>?
        if let options = PQconninfoParse(raw, &parseError) {
            PQconninfoFree(options)
        } else {
            let message = parseError.map { String(cString: $0) } ?? "out of memory"
            if let parseError { PQfreemem(parseError) }
            throw PGError.storage(operation, sqlState: nil, message: "not a PostgreSQL connection URL: \(message)", url: url)
        }
        // Started rather than made in one call, so that the notice processor is in place before
        // the server can send anything: libpq prints notices and warnings on standard error by
        // default (a server going down sends "terminating connection due to immediate shutdown
        // command", even to a connection still starting), mixing them into the CLI's own
        // messages. What matters of them reaches the caller as the error of the call that fails.
        guard let connection = PQconnectStart(raw) else {
            throw PGError.storage(operation, sqlState: nil, message: "libpq could not allocate a connection", url: url)
        }
        PQsetNoticeProcessor(connection, { _, _ in }, nil)
        if let message = Self.finishConnecting(connection) {
            PQfinish(connection)
            throw PGError.storage(operation, sqlState: nil, message: message, url: url)
        }
        handle = connection
    }

    deinit { PQfinish(handle) }

    /// Drives a started connection to the end of its startup (`PQconnectPoll`), waiting on its
    /// socket in between as libpq asks. libpq applies the URL's `connect_timeout` itself only in
    /// `PQconnectdb`; here the whole startup is bounded by it when given.
    /// - Returns: nil when the connection is ready, else why it is not.
    private static func finishConnecting(_ connection: OpaquePointer) -> String? {
        let deadline = connectTimeout(of: connection).map { ContinuousClock.now + $0 }
        var state = PGRES_POLLING_WRITING
        while PQstatus(connection) != CONNECTION_BAD, state != PGRES_POLLING_FAILED {
            if state == PGRES_POLLING_OK { return nil }
            var descriptor = pollfd(fd: PQsocket(connection), events: Int16(state == PGRES_POLLING_READING ? POLLIN : POLLOUT), revents: 0)
            let remaining = deadline.map { ContinuousClock.now.duration(to: $0) }
            if let remaining, remaining <= .zero { return "timeout expired (connect_timeout)" }
            let milliseconds = remaining.map { Int32(clamping: $0.components.seconds * 1_000 + $0.components.attoseconds / 1_000_000_000_000_000 + 1) } ?? -1
            guard poll(&descriptor, 1, milliseconds) >= 0 || errno == EINTR else { return "could not wait for the server: errno \(errno)" }
            state = PQconnectPoll(connection)
        }
        return String(cString: PQerrorMessage(connection))
    }

    /// The `connect_timeout` the connection was given, if any (libpq treats 0 as none, and a
    /// value under 2 seconds as 2).
    private static func connectTimeout(of connection: OpaquePointer) -> Duration? {
        guard let options = PQconninfo(connection) else { return nil }
        defer { PQconninfoFree(options) }
        var option = options
        while let keyword = option.pointee.keyword {
            if String(cString: keyword) == "connect_timeout", let value = option.pointee.val {
                guard let seconds = Int(String(cString: value)), seconds > 0 else { return nil }
                return .seconds(max(seconds, 2))
            }
            option += 1
        }
        return nil
    }

    /// Whether the connection is still usable (the server may have gone away).
    var isHealthy: Bool { PQstatus(handle) == CONNECTION_OK }

    /// Whether a connection that sat idle is still open. It reads, without waiting, whatever
    /// the server sent meanwhile: a server that restarted or ended the session closed the
    /// connection, which libpq notices only on a read, and the connection is then not healthy.
    var survivedIdling: Bool {
        var descriptor = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
        // A few rounds at most: a live connection has little or nothing to read while idle.
        var rounds = 0
        while rounds < 4, isHealthy, descriptor.fd >= 0, poll(&descriptor, 1, 0) > 0, PQconsumeInput(handle) == 1 {
            rounds += 1
        }
        return isHealthy
    }

    /// Runs one statement with `parameters` as $1, $2, ... and returns its rows (in binary).
    /// - Parameter operation: what the statement does, for the error.
    @discardableResult
    package func execute(_ sql: String, _ parameters: [PGParameter] = [], operation: String) throws(StoreError) -> PGResult {
        let types = parameters.map(\.typeOID)
        let result = Self.withWireParameters(parameters) { count, values, lengths, formats in
            PQexecParams(handle, sql, count, types, values, lengths, formats, 1)
        }
        guard let result else {
            throw PGError.storage(operation, sqlState: nil, message: String(cString: PQerrorMessage(handle)), url: url)
        }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK:
            return PGResult(result)
        default:
            let state = PGError.sqlState(of: result)
            let message = String(cString: PQresultErrorMessage(result))
            PQclear(result)
            throw PGError.storage(operation, sqlState: state, message: message, url: url)
        }
    }

    /// The SQLSTATE of a storage error this connection threw, if it carried one.
    static func sqlState(of error: StoreError) -> String? {
        guard case let .storage(_, _, message) = error, let start = message.lastRange(of: "(SQLSTATE ") else { return nil }
        return String(message[start.upperBound...].prefix(5))
    }
}

extension String {
    func lastRange(of needle: String) -> Range<String.Index>? {
        var found: Range<String.Index>?
        var from = startIndex
        while let range = self[from...].firstRange(of: needle) {
            found = range
            from = range.upperBound
        }
        return found
    }
}
