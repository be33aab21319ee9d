internal import CPostgres

#if canImport(Glibc)
import Glibc
#endif

/// libpq's own trace of the protocol messages a connection sends and receives (`PQtrace`),
/// kept in memory from `init` until `stop()`: what tests count a call's round trips and
/// statements from, as the server saw them rather than as this module's code says it sent them.
package final class PGTrace {
    /// One message of the trace: who sent it, and its type (`Parse`, `Execute`, `ReadyForQuery`, ...).
    package struct Message: Equatable, Sendable {
        package let fromClient: Bool
        package let name: String
        /// The SQLSTATE of an `ErrorResponse` (its `C` field), else empty.
        package let sqlState: String
    }

    private let connection: PGConnection
    /// The memory stream's buffer and size, which `open_memstream` updates until the stream is closed.
    private let buffer = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: 1)
    private let size = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    private var stream: UnsafeMutablePointer<FILE>?
    private var traced: [Message] = []

    /// Starts tracing `connection`, without timestamps; nil when no memory stream can be opened.
    package init?(_ connection: PGConnection) {
        self.connection = connection
        buffer.initialize(to: nil)
        size.initialize(to: 0)
        guard let stream = open_memstream(buffer, size) else {
            buffer.deallocate()
            size.deallocate()
            return nil
        }
        self.stream = stream
        PQtrace(connection.handle, stream)
        PQsetTraceFlags(connection.handle, PQTRACE_SUPPRESS_TIMESTAMPS)
    }

    deinit {
        _ = stop()
        free(buffer.pointee)
        buffer.deallocate()
        size.deallocate()
    }

    /// Stops tracing and returns the messages traced, in order (the same on every later call).
    package func stop() -> [Message] {
        guard let stream else { return traced }
        PQuntrace(connection.handle)
        fclose(stream)
        self.stream = nil
        guard let text = buffer.pointee else { return traced }
        // Each line: F or B, the message's length, its type, then its fields, tab-separated.
        traced = String(cString: text).split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 3, fields[0] == "F" || fields[0] == "B" else { return nil }
            // An error's fields: S "ERROR" V "ERROR" C "23502" M "..." (the code before any text).
            let code = fields[2] == "ErrorResponse" ? line.firstRange(of: " C \"").map { String(line[$0.upperBound...].prefix(5)) } : nil
            return Message(fromClient: fields[0] == "F", name: String(fields[2]), sqlState: code ?? "")
        }
        return traced
    }
}
