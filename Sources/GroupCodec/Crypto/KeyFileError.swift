/// Why a key file could not be read or written: the path, and what was wrong with it. Its text
/// names the path and never quotes the file's bytes.
public struct KeyFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong.
    public enum Reason: Equatable, Sendable {
        // Reading.
        /// Nothing at the path, or a folder on the way is missing.
        case missing
        /// The file may not be read (`EACCES`).
        case permissionDenied
        /// The path names a directory.
        case isDirectory
        /// The path names a FIFO, a device or a socket.
        case notAFile
        /// More bytes than a key file holds (``KeyFile/maximumByteCount``).
        case tooLarge(byteCount: Int)
        /// The file is empty.
        case empty
        /// No PEM private key block, nor a public key's.
        case notPEM
        /// A PEM public key, where the private key was wanted.
        case publicKeyOnly
        /// A private key encrypted with a passphrase.
        case encrypted
        /// A PEM private key block OpenSSL cannot read (truncated, damaged), with OpenSSL's reason.
        case damaged(String)
        /// A private key of another algorithm, as OpenSSL names it: `RSA`, `EC`, `ED448`.
        case notEd25519(type: String)
        /// Reading failed otherwise, with the system's reason.
        case unreadable(String)

        // Writing.
        /// Something is at the path already, a file, a directory or a link: a key file is never
        /// overwritten.
        case exists
        /// The file could not be created (a missing or read-only folder), with the system's
        /// reason; nothing was created.
        case cannotCreate(String)
        /// Writing or syncing the new file failed, with the system's reason; it was removed.
        case writeFailed(String)
    }

    /// The path as it was given.
    public let path: String
    public let reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// One line naming the path: `alix.key: no such key file`.
    public var description: String {
        switch reason {
        case .missing: "\(path): no such key file"
        case .permissionDenied: "\(path): cannot read the key file: permission denied"
        case .isDirectory: "\(path) is a directory, not a key file"
        case .notAFile: "\(path) is not a regular file, so not a key file"
        case let .tooLarge(count):
            "\(path) is too large for a key file (\(count) bytes or more; an Ed25519 key file has about 120)"
        case .empty: "\(path) \(PEMKeyProblem.empty)"
        case .notPEM: "\(path) \(PEMKeyProblem.noPrivateKey)"
        case .publicKeyOnly: "\(path) \(PEMKeyProblem.publicKeyOnly)"
        case .encrypted: "\(path) \(PEMKeyProblem.encrypted)"
        case let .damaged(detail): "\(path) \(PEMKeyProblem.damaged(detail))"
        case let .notEd25519(type): "\(path) \(PEMKeyProblem.notEd25519(type))"
        case let .unreadable(detail): "\(path): cannot read the key file: \(detail)"
        case .exists: "\(path) exists; a key file is never overwritten (remove it, or choose another name)"
        case let .cannotCreate(detail): "cannot create the key file \(path): \(detail)"
        case let .writeFailed(detail): "cannot write the key file \(path): \(detail); it was removed"
        }
    }

    /// The reason a PEM problem gives a key file.
    init(path: String, _ problem: PEMKeyProblem) {
        let reason: Reason = switch problem {
        case .empty: .empty
        case .noPrivateKey: .notPEM
        case .publicKeyOnly: .publicKeyOnly
        case .encrypted: .encrypted
        case let .damaged(detail): .damaged(detail)
        case let .notEd25519(type): .notEd25519(type: type)
        }
        self.init(path: path, reason: reason)
    }
}
