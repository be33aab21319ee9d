import CCrypto
import GroupCore

/// Ed25519 signatures (RFC 8032) through OpenSSL's libcrypto: the signatures of signed commits
/// (SPEC section 14). No cryptography is written here; this only hands bytes to OpenSSL.
///
/// Ed25519 is deterministic: the same key and message always give the same signature, so a
/// signed commit has one encoding and one hash.
public enum Ed25519 {
    /// The number of bytes of a private key's seed.
    public static let seedByteCount = 32

    /// A private key: its 32-byte seed held by OpenSSL, and the public key it gives.
    ///
    /// Owns an OpenSSL key handle, released when the key is. The seed never appears in a
    /// description, a debug description or a dump: each shows the public half only.
    public final class PrivateKey: Equatable, @unchecked Sendable, CustomStringConvertible, CustomDebugStringConvertible,
        CustomReflectable {
        // An EVP_PKEY is not changed after it is made; OpenSSL lets threads sign with one at once.
        // Internal for Ed25519+PEM.swift, which hands it to OpenSSL's PEM writer.
        let handle: OpaquePointer
        /// The public key that verifies this key's signatures.
        public let publicKey: PublicKey

        /// The key of a 32-byte seed (RFC 8032's private key).
        /// - Throws: ``Ed25519Error`` when the seed is not 32 bytes or OpenSSL refuses it.
        public init(seed: [UInt8]) throws(Ed25519Error) {
            guard seed.count == Ed25519.seedByteCount else {
                throw Ed25519Error(operation: "reading a private key", detail: "a seed is 32 bytes, not \(seed.count)")
            }
            guard let handle = seed.withUnsafeBufferPointer({ EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, nil, $0.baseAddress, $0.count) }) else {
                throw Ed25519Error.fromOpenSSL("reading a private key")
            }
            var raw = [UInt8](repeating: 0, count: PublicKey.byteCount)
            var length = raw.count
            guard EVP_PKEY_get_raw_public_key(handle, &raw, &length) == 1, length == PublicKey.byteCount,
                  let publicKey = PublicKey(bytes: raw) else {
                EVP_PKEY_free(handle)
                throw Ed25519Error.fromOpenSSL("deriving a public key")
            }
            self.handle = handle
            self.publicKey = publicKey
        }

        deinit {
            EVP_PKEY_free(handle)
        }

        /// A new key from a seed of OpenSSL's random generator: for `grouplog key generate`,
        /// never for the reducer, which uses no randomness.
        /// - Throws: ``Ed25519Error`` when the generator cannot give random bytes.
        public static func generate() throws(Ed25519Error) -> PrivateKey {
            var seed = [UInt8](repeating: 0, count: Ed25519.seedByteCount)
            defer { for index in seed.indices { seed[index] = 0 } }
            guard RAND_bytes(&seed, Int32(seed.count)) == 1 else { throw Ed25519Error.fromOpenSSL("generating a seed") }
            return try PrivateKey(seed: seed)
        }

        /// The 32-byte seed, for writing the key to a file; keep it out of every output and log.
        public func seed() -> [UInt8] {
            var raw = [UInt8](repeating: 0, count: Ed25519.seedByteCount)
            var length = raw.count
            // The key was made from a raw seed, which OpenSSL always gives back.
            guard EVP_PKEY_get_raw_private_key(handle, &raw, &length) == 1, length == raw.count else {
                fatalError("OpenSSL could not give back the seed of an Ed25519 key")
            }
            return raw
        }

        /// The 64-byte signature of `message`.
        ///
        /// Stops the process if OpenSSL itself fails (it cannot allocate a context): with a valid
        /// key, signing has no other way to fail, and no signature could stand in.
        public func sign(_ message: UnsafeRawBufferPointer) -> [UInt8] {
            guard let context = EVP_MD_CTX_new() else { fatalError("OpenSSL could not allocate a signing context") }
            defer { EVP_MD_CTX_free(context) }
            var signature = [UInt8](repeating: 0, count: CommitSignature.byteCount)
            var length = signature.count
            // Ed25519 hashes the message itself: no digest is named (RFC 8032's PureEdDSA).
            guard EVP_DigestSignInit(context, nil, nil, nil, handle) == 1,
                  EVP_DigestSign(context, &signature, &length, message.baseAddress?.assumingMemoryBound(to: UInt8.self), message.count) == 1,
                  length == CommitSignature.byteCount else {
                fatalError("OpenSSL could not sign with Ed25519: \(Ed25519Error.fromOpenSSL("signing"))")
            }
            return signature
        }

        /// The 64-byte signature of `message`.
        public func sign(_ message: [UInt8]) -> [UInt8] {
            message.withUnsafeBytes { sign($0) }
        }

        /// Two keys are equal when they have the same seed, which their public keys tell apart.
        public static func == (lhs: PrivateKey, rhs: PrivateKey) -> Bool { lhs.publicKey == rhs.publicKey }

        /// `Ed25519 private key of KEY`: the public half only.
        public var description: String { "Ed25519 private key of \(publicKey)" }

        /// The same as ``description``: the public half only.
        public var debugDescription: String { description }

        /// The public key as the only child, so that `dump` and debuggers show no handle to
        /// follow to the seed.
        public var customMirror: Mirror { Mirror(self, children: ["publicKey": publicKey], displayStyle: .class) }
    }

    /// Whether `signature` is `key`'s signature of `message`. Any failure (a signature of the
    /// wrong length, bytes that are no valid key or signature) is a signature that does not verify.
    public static func verify(_ signature: [UInt8], of message: UnsafeRawBufferPointer, by key: PublicKey) -> Bool {
        guard signature.count == CommitSignature.byteCount else { return false }
        // A failed verification leaves a reason in OpenSSL's error queue: drop it, so that it is
        // never blamed on a later, unrelated call.
        defer { ERR_clear_error() }
        guard let handle = key.withUnsafeBytes({ EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, nil, $0.baseAddress?.assumingMemoryBound(to: UInt8.self), $0.count) }) else {
            return false
        }
        defer { EVP_PKEY_free(handle) }
        guard let context = EVP_MD_CTX_new() else { fatalError("OpenSSL could not allocate a verifying context") }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestVerifyInit(context, nil, nil, nil, handle) == 1 else { return false }
        return EVP_DigestVerify(context, signature, signature.count, message.baseAddress?.assumingMemoryBound(to: UInt8.self), message.count) == 1
    }

    /// Whether `signature` is `key`'s signature of `message`.
    public static func verify(_ signature: [UInt8], of message: [UInt8], by key: PublicKey) -> Bool {
        message.withUnsafeBytes { verify(signature, of: $0, by: key) }
    }
}

/// Why OpenSSL would not make an Ed25519 key: what was being done, and OpenSSL's reason.
public struct Ed25519Error: Error, Equatable, Sendable, CustomStringConvertible {
    /// `reading a private key`, `generating a seed`.
    public let operation: String
    public let detail: String

    public init(operation: String, detail: String) {
        self.operation = operation
        self.detail = detail
    }

    /// The error of the OpenSSL call that just failed, from its error queue, which it empties.
    static func fromOpenSSL(_ operation: String) -> Ed25519Error {
        let code = ERR_get_error()
        ERR_clear_error()
        guard code != 0 else { return Ed25519Error(operation: operation, detail: "OpenSSL gave no reason") }
        var text = [CChar](repeating: 0, count: 256)
        ERR_error_string_n(code, &text, text.count)
        let end = text.firstIndex(of: 0) ?? text.endIndex
        return Ed25519Error(operation: operation, detail: String(decoding: text[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    public var description: String { "Ed25519 failed while \(operation): \(detail)" }
}
