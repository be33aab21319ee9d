import CCrypto
import GroupCore

/// SHA-256 for many messages in a row, such as every commit of a replay: one OpenSSL digest
/// context and one fetched SHA-256 implementation, reused for each message.
///
/// `SHA256.hash(_:)` goes through `EVP_Digest`, which looks the algorithm up in OpenSSL's
/// provider and sets up a fresh context for every call: for a short commit that setup costs more
/// than the hashing. Not for use from two threads at once: each reader makes its own.
public final class SHA256Hasher {
    private let algorithm: OpaquePointer
    private let context: OpaquePointer

    /// Stops the process if OpenSSL cannot fetch SHA-256 or allocate a context, as
    /// `SHA256.hash(_:)` does: there is no right digest to return without them.
    public init() {
        // SHA-256 is in OpenSSL's default provider; only a broken installation or no memory
        // makes these fail, and without a hasher no log can be read or written safely.
        guard let algorithm = EVP_MD_fetch(nil, "SHA256", nil) else {
            fatalError("OpenSSL could not fetch SHA-256")
        }
        guard let context = EVP_MD_CTX_new() else {
            EVP_MD_free(algorithm)
            fatalError("OpenSSL could not allocate a digest context")
        }
        self.algorithm = algorithm
        self.context = context
    }

    deinit {
        EVP_MD_CTX_free(context)
        EVP_MD_free(algorithm)
    }

    /// The SHA-256 digest of `bytes`, which need to stay valid only during the call; the same
    /// digest as `SHA256.hash(bytes)`.
    public func hash(_ bytes: UnsafeRawBufferPointer) -> Digest {
        var output: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        var length: UInt32 = 0
        let status = withUnsafeMutableBytes(of: &output) { out -> Int32 in
            guard EVP_DigestInit_ex2(context, algorithm, nil) == 1,
                  EVP_DigestUpdate(context, bytes.baseAddress, bytes.count) == 1 else { return 0 }
            return EVP_DigestFinal_ex(context, out.baseAddress?.assumingMemoryBound(to: UInt8.self), &length)
        }
        // As in `SHA256.hash(_:)`: only a failure inside OpenSSL itself gets here, and a made-up
        // digest would silently break the chain.
        guard status == 1, length == 32, let digest = withUnsafeBytes(of: output, { Digest($0) }) else {
            fatalError("OpenSSL could not compute SHA-256 (status \(status), \(length) bytes)")
        }
        return digest
    }
}
