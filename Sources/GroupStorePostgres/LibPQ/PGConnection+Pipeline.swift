internal import CPostgres
import GroupStore

/// One statement to send in a pipeline: its SQL, its parameters (sent apart from it, as
/// `execute` sends them) and what it does, for its error.
struct PGStatement {
    let sql: String
    let parameters: [PGParameter]
    let operation: String

    init(_ sql: String, _ parameters: [PGParameter] = [], operation: String) {
        self.sql = sql
        self.parameters = parameters
        self.operation = operation
    }

    /// The name it is prepared under: the same for the same SQL and parameter types, in every
    /// process (a 64-bit FNV-1a hash of both), so that a connection prepares it once.
    var preparedName: String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        func mix(_ byte: UInt8) {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        sql.utf8.forEach(mix)
        for type in parameters.map(\.typeOID) {
            mix(0)
            for shift in stride(from: 24, through: 0, by: -8) { mix(UInt8(truncatingIfNeeded: type >> UInt32(shift))) }
        }
        return "grouplog_" + String(hash, radix: 36)
    }
}

/// Pipelines (libpq's pipeline mode): statements sent one after the other without waiting for
/// each one's result, then their results read, so that a run of statements costs one round trip
/// to the server rather than one each. The server runs them in order, exactly as if each had
/// been sent alone.
///
/// Each statement is prepared once per connection (in the pipeline that first sends it) and
/// executed by name from then on, so that the server parses and plans it once per session rather
/// than on every use: for the short statements of a batch of submits, planning is most of their cost.
extension PGConnection {
    /// Runs `statements` in order in one round trip (none when there are none) and returns
    /// their results, in order.
    ///
    /// Every statement is sent before any result is read, which libpq's blocking mode allows
    /// while the results are small (command tags, a few rows), as they are for the statements
    /// of this module: a pipeline whose results could fill the socket's buffers would stall.
    /// - Throws: `storage` with the first failure. The server skips every statement after a
    ///   failed one; in a transaction block, the transaction can then only roll back.
    @discardableResult
    func execute(pipelined statements: [PGStatement]) throws(StoreError) -> [PGResult] {
        guard !statements.isEmpty else { return [] }
        guard PQenterPipelineMode(handle) == 1 else {
            throw PGError.storage(statements[0].operation, sqlState: nil, message: String(cString: PQerrorMessage(handle)), url: url)
        }
        /// What was sent, in order: each statement's preparation (when its first) and execution.
        var sent: [(statement: Int, preparing: String?)] = []
        var failure: StoreError?
        for (index, statement) in statements.enumerated() {
            let name = statement.preparedName
            let types = statement.parameters.map(\.typeOID)
            if !preparedStatements.contains(name) && !sent.contains(where: { $0.preparing == name }) {
                guard PQsendPrepare(handle, name, statement.sql, Int32(types.count), types) == 1 else {
                    failure = PGError.storage(statement.operation, sqlState: nil, message: String(cString: PQerrorMessage(handle)), url: url)
                    break
                }
                sent.append((index, name))
            }
            let accepted = Self.withWireParameters(statement.parameters) { count, values, lengths, formats in
                PQsendQueryPrepared(handle, name, count, values, lengths, formats, 1)
            }
            guard accepted == 1 else {
                failure = PGError.storage(statement.operation, sqlState: nil, message: String(cString: PQerrorMessage(handle)), url: url)
                break
            }
            sent.append((index, nil))
        }
        // The sync ends the pipeline and sends it (what was sent before a failure still runs).
        if PQpipelineSync(handle) != 1, failure == nil {
            failure = PGError.storage(statements[0].operation, sqlState: nil, message: String(cString: PQerrorMessage(handle)), url: url)
        }
        // Each item's results end with a null; the sync's own result comes last.
        var results: [PGResult] = []
        var item = 0
        var synced = false
        while !synced {
            guard let result = PQgetResult(handle) else {
                item += 1
                // A connection that failed has nothing more to give.
                if item > sent.count || PQstatus(handle) != CONNECTION_OK { break }
                continue
            }
            let current = sent.indices.contains(item) ? sent[item] : nil
            switch PQresultStatus(result) {
            case PGRES_PIPELINE_SYNC:
                PQclear(result)
                synced = true
            case PGRES_COMMAND_OK, PGRES_TUPLES_OK:
                // Prepared statements outlive a transaction that rolls back: only the session's end drops them.
                if let name = current?.preparing {
                    preparedStatements.insert(name)
                    PQclear(result)
                } else {
                    results.append(PGResult(result))
                }
            case PGRES_PIPELINE_ABORTED:
                // Skipped after an earlier failure, which is the one reported.
                PQclear(result)
            default:
                if failure == nil {
                    failure = PGError.storage(statements[current?.statement ?? statements.count - 1].operation, sqlState: PGError.sqlState(of: result),
                                              message: String(cString: PQresultErrorMessage(result)), url: url)
                }
                PQclear(result)
            }
        }
        // A statement the session no longer has (a pooler reset it, say) is prepared again next time.
        if let failure, PGConnection.sqlState(of: failure) == PGError.undefinedPreparedStatement { preparedStatements = [] }
        if PQexitPipelineMode(handle) != 1, failure == nil {
            failure = PGError.storage("end a pipeline", sqlState: nil, message: String(cString: PQerrorMessage(handle)), url: url)
        }
        if let failure { throw failure }
        return results
    }

    /// A read-write transaction in as few round trips as its statements allow: `opening` is sent
    /// with the BEGIN, `body` gets their results (and may run statements of its own) and returns
    /// its value with the statements that finish the work, which are sent with the COMMIT.
    ///
    /// Committed when everything succeeds; when anything throws, the transaction is rolled back
    /// (unless the failure already ended it, as a failed COMMIT does) and the error rethrown.
    func transaction<T>(
        opening: [PGStatement], _ body: (_ opened: [PGResult], PGConnection) throws(StoreError) -> (value: T, closing: [PGStatement])
    ) throws(StoreError) -> T {
        do throws(StoreError) {
            let opened = try execute(pipelined: [PGStatement("BEGIN", operation: "begin a transaction")] + opening)
            let (value, closing) = try body(Array(opened.dropFirst()), self)
            try execute(pipelined: closing + [PGStatement("COMMIT", operation: "commit a transaction")])
            return value
        } catch {
            // The connection may be gone; the first error is the one to report.
            if PQtransactionStatus(handle) != PQTRANS_IDLE { _ = try? execute("ROLLBACK", operation: "roll back a transaction") }
            throw error
        }
    }

    /// A whole read-write transaction in one round trip: BEGIN, `statements` and COMMIT sent
    /// together. Returns the statements' results; when one fails, the transaction is rolled back
    /// and the failure rethrown, so nothing is written.
    func transaction(sending statements: [PGStatement]) throws(StoreError) -> [PGResult] {
        do throws(StoreError) {
            let results = try execute(pipelined: [PGStatement("BEGIN", operation: "begin a transaction")] + statements
                                          + [PGStatement("COMMIT", operation: "commit a transaction")])
            return Array(results.dropFirst().dropLast())
        } catch {
            if PQtransactionStatus(handle) != PQTRANS_IDLE { _ = try? execute("ROLLBACK", operation: "roll back a transaction") }
            throw error
        }
    }

    /// Calls `body` with `parameters` as libpq takes them: count, values (each ending in a NUL,
    /// since text is read up to one), lengths and formats, valid during the call.
    static func withWireParameters<T>(_ parameters: [PGParameter], _ body: (Int32, [UnsafePointer<CChar>?], [Int32], [Int32]) -> T) -> T {
        let values = parameters.map(\.wireBytes)
        let buffers: [UnsafeMutablePointer<CChar>?] = values.map { bytes in
            guard let bytes else { return nil }
            let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            buffer[bytes.count] = 0
            bytes.withUnsafeBytes { raw in
                if let base = raw.baseAddress { UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: bytes.count) }
            }
            return buffer
        }
        defer { buffers.forEach { $0?.deallocate() } }
        return body(Int32(parameters.count), buffers.map { UnsafePointer($0) }, values.map { Int32($0?.count ?? 0) }, parameters.map(\.format))
    }
}
