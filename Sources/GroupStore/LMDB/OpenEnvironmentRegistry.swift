#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The directories this process has an `LMDBEnvironment` open on.
///
/// LMDB forbids opening one environment twice in a process: its locks are POSIX record locks,
/// which belong to the process, so closing the second handle would drop the first one's locks.
final class OpenEnvironmentRegistry: Sendable {
    /// A directory, by device and inode, so two spellings of one path are one entry.
    struct Identity: Hashable, Sendable {
        let device: UInt64
        let inode: UInt64
    }

    /// The registry of this process.
    static let shared = OpenEnvironmentRegistry()

    private let open = Mutex<Set<Identity>>([])

    private init() {}

    /// The identity of the directory at `path`, or `nil` if it cannot be examined (then opening
    /// it fails anyway, with LMDB's own error).
    static func identity(of path: String) -> Identity? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// Records `identity` as open; `false` if it already was.
    func claim(_ identity: Identity) -> Bool {
        open.withLockVisibleToTSan { $0.insert(identity).inserted }
    }

    /// Records `identity` as closed.
    func release(_ identity: Identity) {
        _ = open.withLockVisibleToTSan { $0.remove(identity) }
    }
}
