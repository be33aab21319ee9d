#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutex with one condition variable, for a type whose threads wait for a change of its
/// state (`SubmitQueue`'s served batches, `TransactionGate`'s readers and writer).
///
/// `Synchronization.Mutex` has no condition variable, so this holds a pthread pair, allocated
/// once so that their addresses never move (a pthread type stored inline in a class has no
/// address Swift promises to keep) and destroyed with the lock.
final class ConditionLock: @unchecked Sendable {
    // @unchecked: the pthread mutex and condition are made for use from many threads.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deinitialize(count: 1)
        condition.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Takes the mutex; pair with `unlock()`. For a caller that must let go of it partway
    /// through a scope; otherwise use `withLock`.
    func lock() { pthread_mutex_lock(mutex) }

    /// Gives the mutex back.
    func unlock() { pthread_mutex_unlock(mutex) }

    /// Runs `body` with the mutex held.
    @inline(__always)
    func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Lets go of the mutex until `broadcast()` is called (or a spurious wake-up), then takes it
    /// again. Call with the mutex held, in a loop that checks what it waits for.
    func wait() { pthread_cond_wait(condition, mutex) }

    /// Wakes every thread in `wait()`.
    func broadcast() { pthread_cond_broadcast(condition) }
}
