#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Tracks the transactions one environment has open in this process, so that the map is resized
/// only when there are none: `mdb_env_set_mapsize` unmaps the memory every open transaction reads
/// through, and LMDB leaves it to the caller to make sure nothing is open.
///
/// It is also the process-wide write lock. Read and write bodies are synchronous closures, so a
/// transaction stays on the thread that began it, and the gate can refuse, rather than deadlock
/// on, a write begun by a thread that already holds a transaction of the same environment.
final class TransactionGate: @unchecked Sendable {
    // @unchecked: every stored var below is read and written only with `lock` held.
    /// Guards the state below. Its condition is broadcast when the last reader or the writer
    /// leaves, and when a resize is done.
    private let lock = ConditionLock()
    /// One entry per open read transaction: the thread that began it.
    private var readers: [pthread_t] = []
    /// The thread in `write` (or opening a database), if any.
    private var writer: pthread_t?
    /// A resize is waiting for the readers to finish: new readers wait until it is done.
    private var resizing = false

    init(expectedReaders: Int) {
        readers.reserveCapacity(max(0, expectedReaders))
    }

    /// Runs `body` with the lock held.
    func locked<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        try lock.withLock(body)
    }

    /// Registers a read transaction of the calling thread, first waiting out a resize.
    func enterRead() {
        let me = pthread_self()
        locked {
            // The thread that resizes holds no transaction while it waits, so this cannot deadlock.
            while resizing { lock.wait() }
            readers.append(me)
        }
    }

    /// Unregisters one read transaction of the calling thread.
    func exitRead() {
        let me = pthread_self()
        locked {
            if let index = readers.lastIndex(where: { pthread_equal($0, me) != 0 }) {
                readers.swapAt(index, readers.count - 1)
                readers.removeLast()
            }
            if readers.isEmpty { lock.broadcast() }
        }
    }

    /// Takes the write slot, waiting for the current writer, if any, to finish.
    /// - Throws: `LMDBError` with `EDEADLK` if the calling thread already holds the write slot or a
    ///   read transaction, where waiting would never end.
    func enterWrite(_ purpose: @autoclosure () -> String) throws(LMDBError) {
        let me = pthread_self()
        try locked { () throws(LMDBError) in
            try refuseWriteIfHolding(me, purpose())
            while writer != nil { lock.wait() }
            writer = me
        }
    }

    /// Throws what `enterWrite` would throw on the calling thread, without taking the write slot:
    /// for a caller that hands its write to another thread, and must not wait for that thread
    /// while holding a transaction (the other thread's write could then wait for it forever).
    func ensureCanWrite(_ purpose: @autoclosure () -> String) throws(LMDBError) {
        let me = pthread_self()
        try locked { () throws(LMDBError) in try refuseWriteIfHolding(me, purpose()) }
    }

    /// Refuses a write to a thread that holds the write slot or a read transaction. Call with the lock held.
    private func refuseWriteIfHolding(_ me: pthread_t, _ purpose: @autoclosure () -> String) throws(LMDBError) {
        if let writer, pthread_equal(writer, me) != 0 {
            throw LMDBError(code: EDEADLK, operation: "\(purpose()): this thread is already writing to this environment")
        }
        if readers.contains(where: { pthread_equal($0, me) != 0 }) {
            throw LMDBError(
                code: EDEADLK,
                operation: "\(purpose()): this thread has a read transaction of this environment open; "
                    + "finish reading before writing (growing the map needs every read transaction closed)"
            )
        }
    }

    /// Gives the write slot back.
    func exitWrite() {
        locked {
            writer = nil
            lock.broadcast()
        }
    }

    /// Runs `body` once no read transaction is open, holding new ones off until it returns.
    ///
    /// The caller must hold the write slot with no write transaction begun, so `body` runs with
    /// no transaction of this environment open in this process.
    func exclusively<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        try locked { () throws(E) -> T in
            resizing = true
            defer {
                resizing = false
                lock.broadcast()
            }
            while !readers.isEmpty { lock.wait() }
            return try body()
        }
    }
}
