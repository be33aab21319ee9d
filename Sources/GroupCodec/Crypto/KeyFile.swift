#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A private key file: an Ed25519 key as a PKCS#8 PEM block (``Ed25519/PrivateKey/pem()``, what
/// `openssl genpkey -algorithm ed25519` writes), in a file only its owner may read.
///
/// Reading one says what is wrong with a bad file, naming its path, and warns (without refusing)
/// when others than its owner may read or write it. Writing one never overwrites anything: the
/// file is created with mode 0600, written and synced, or removed again if any of that fails.
/// Both the command line and the library read and write keys through this one type.
public struct KeyFile: Sendable {
    /// The most bytes a key file may hold; an Ed25519 key file holds about 120.
    public static let maximumByteCount = 16 * 1024

    /// The path as it was given.
    public let path: String
    /// The key the file holds.
    public let key: Ed25519.PrivateKey
    /// Set when others than the file's owner may read or write it.
    public let warning: KeyFileWarning?

    /// Reads the private key file at `path`.
    /// - Throws: ``KeyFileError`` naming the path: no such file, not readable, a directory or
    ///   another file that is not a regular one, too large, empty, no PEM private key in it, an
    ///   encrypted or damaged one, or a key that is not Ed25519.
    public init(contentsOf path: String) throws(KeyFileError) {
        func failure(_ reason: KeyFileError.Reason) -> KeyFileError { KeyFileError(path: path, reason: reason) }
        // Non-blocking, so that a FIFO at the path is refused below rather than waited on.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw failure(Posix.readingReason(errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure(.unreadable(Posix.text(errno))) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw failure(.isDirectory)
        default: throw failure(.notAFile)
        }
        guard status.st_size <= KeyFile.maximumByteCount else { throw failure(.tooLarge(byteCount: Int(status.st_size))) }
        // One byte more than the most allowed, in case the file grew since fstat.
        var bytes = [UInt8](repeating: 0, count: KeyFile.maximumByteCount + 1)
        defer { bytes.zeroize() }
        let count: Int
        do {
            count = try Posix.readAll(descriptor, into: &bytes)
        } catch {
            throw failure(.unreadable(Posix.text(error.code)))
        }
        guard count <= KeyFile.maximumByteCount else { throw failure(.tooLarge(byteCount: count)) }
        var pem = Array(bytes[..<count])
        defer { pem.zeroize() }
        var seed: [UInt8]
        do {
            seed = try PEMKeyReader.seed(of: pem)
        } catch {
            throw KeyFileError(path: path, error)
        }
        defer { seed.zeroize() }
        do {
            key = try Ed25519.PrivateKey(seed: seed)
        } catch {
            throw failure(.damaged(error.detail))
        }
        self.path = path
        warning = KeyFileWarning(path: path, mode: UInt32(status.st_mode) & 0o7777)
    }

    /// Writes `key` to a new file at `path`, readable and writable by its owner only (mode
    /// 0600, whatever the umask), and syncs it and its folder to the disk.
    /// - Throws: ``KeyFileError`` naming the path: something is there already (a key file is
    ///   never overwritten, and the file there is left as it was), the file cannot be created,
    ///   or writing it failed (the new file is removed: nothing is left behind).
    public static func write(_ key: Ed25519.PrivateKey, to path: String) throws(KeyFileError) {
        func failure(_ reason: KeyFileError.Reason) -> KeyFileError { KeyFileError(path: path, reason: reason) }
        var pem = key.pem()
        defer { pem.zeroize() }
        // O_EXCL: created here or not at all, even when a link is at the path.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            throw failure(code == EEXIST ? .exists : .cannotCreate(Posix.text(code)))
        }
        var problem: Int32?
        if fchmod(descriptor, 0o600) != 0 { problem = errno }
        if problem == nil {
            do { try Posix.writeAll(descriptor, pem) } catch { problem = error.code }
        }
        if problem == nil, fsync(descriptor) != 0 { problem = errno }
        // close is called once whatever happens; its failure is a failed write too.
        if close(descriptor) != 0, problem == nil { problem = errno }
        if problem == nil, let code = Posix.syncFolder(of: path) { problem = code }
        if let problem {
            unlink(path)
            throw failure(.writeFailed(Posix.text(problem)))
        }
    }
}

/// The system calls of key files, away from `KeyFile`'s own `write`.
enum Posix {
    struct Failure: Error {
        let code: Int32
    }

    /// Reads until the end of the file or until `buffer` is full; the number of bytes read.
    static func readAll(_ descriptor: Int32, into buffer: inout [UInt8]) throws(Failure) -> Int {
        var count = 0
        while count < buffer.count {
            let result = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if result < 0 {
                if errno == EINTR { continue }
                throw Failure(code: errno)
            }
            if result == 0 { break }
            count += result
        }
        return count
    }

    /// Writes every byte of `bytes`.
    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) throws(Failure) {
        var count = 0
        while count < bytes.count {
            let result = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + count, $0.count - count) }
            if result < 0 {
                if errno == EINTR { continue }
                throw Failure(code: errno)
            }
            count += result
        }
    }

    /// Syncs the folder that holds `path`, so that the new file's name is on the disk too; the
    /// error code if that fails.
    static func syncFolder(of path: String) -> Int32? {
        let folder = path.lastIndex(of: "/").map { index in index == path.startIndex ? "/" : String(path[..<index]) } ?? "."
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return errno }
        defer { close(descriptor) }
        return fsync(descriptor) == 0 ? nil : errno
    }

    /// What a failed `open` of a file to read means.
    static func readingReason(_ code: Int32) -> KeyFileError.Reason {
        switch code {
        case ENOENT, ENOTDIR: .missing
        case EACCES, EPERM: .permissionDenied
        case EISDIR: .isDirectory
        default: .unreadable(text(code))
        }
    }

    /// The system's text for an error code: `No space left on device`.
    static func text(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
