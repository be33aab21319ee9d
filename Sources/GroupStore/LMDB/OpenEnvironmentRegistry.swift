#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The directories this process has an `LMDBEnvironment` open on.
///
/// LMDB forbids opening one environment twice in a process: its locks are POSIX record locks,
/// which belong to the process, so closing the second handle would drop the first one's locks.
final class OpenEnvironmentRegistry: @unchecked Sendable {
    /// A directory, by device and inode, so two spellings of one path are one entry.
    struct Identity: Hashable {
        let device: UInt64
        let inode: UInt64
    }

    /// The registry of this process.
    static let shared = OpenEnvironmentRegistry()

    // @unchecked: `open` is read and written only with `mutex` held.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var open: Set<Identity> = []

    private init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// The identity of the directory at `path`, or `nil` if it cannot be examined (then opening
    /// it fails anyway, with LMDB's own error).
    static func identity(of path: String) -> Identity? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// Records `identity` as open; `false` if it already was.
    func claim(_ identity: Identity) -> Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return open.insert(identity).inserted
    }

    /// Records `identity` as closed.
    func release(_ identity: Identity) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        open.remove(identity)
    }
}
