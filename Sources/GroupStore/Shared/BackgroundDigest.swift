import Foundation
import GroupCodec
import GroupCore

/// The SHA-256 of a large run of bytes, computed on a thread of its own while the caller reads
/// the same bytes (issue 18): a state read checks its full snapshot's checksum, about 5 ms for
/// the 5 to 10 MB of the mixed benchmark group's, a quarter of the snapshot's load, and the
/// decoder checks every byte it reads anyway, so reading ahead of the checksum is safe as long
/// as the result is dropped when the checksum then disagrees.
///
/// The caller must call ``wait()`` before the bytes go: the thread reads them until then.
final class BackgroundDigest: @unchecked Sendable {
    // @unchecked: `digest` is written by the thread before it signals `done`, and read only
    // after `wait()` has taken that signal; the bytes are only read.

    /// Below this many bytes a thread costs more to start (tens of microseconds) than it saves.
    static let minimumBytes = 1 << 20

    private let bytes: UnsafeRawBufferPointer
    private let done = DispatchSemaphore(value: 0)
    private var digest: Digest?

    /// Starts hashing `bytes`, which must stay valid until ``wait()`` returns.
    init(of bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        let thread = Thread { [self] in
            digest = SHA256.hash(self.bytes)
            done.signal()
        }
        thread.name = "grouplog snapshot checksum"
        thread.start()
    }

    /// The digest, once the thread has made it.
    func wait() -> Digest {
        done.wait()
        return digest!
    }
}
