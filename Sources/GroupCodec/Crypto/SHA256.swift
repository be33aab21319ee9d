import CCrypto
import GroupCore

/// SHA-256 through OpenSSL's libcrypto: the commit chain's links and the state hash
/// (SPEC section 4).
public enum SHA256 {
    /// The SHA-256 digest of `bytes`, which need to stay valid only during the call.
    ///
    /// Stops the process if OpenSSL itself fails (it cannot allocate a context): there is no
    /// right digest to return, and a wrong one would silently break the chain.
    public static func hash(_ bytes: UnsafeRawBufferPointer) -> Digest {
        var output: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        var length: UInt32 = 0
        let status = withUnsafeMutableBytes(of: &output) { out in
            EVP_Digest(bytes.baseAddress, bytes.count, out.baseAddress?.assumingMemoryBound(to: UInt8.self), &length, EVP_sha256(), nil)
        }
        // EVP_Digest fails only when OpenSSL cannot allocate a context or load its default
        // provider: like running out of memory, nothing a caller could recover from, and a made-up
        // digest would silently break the chain. `output` always holds 32 bytes, so the digest
        // itself cannot fail. The output is a stack buffer: no array is made per digest.
        guard status == 1, length == 32, let digest = withUnsafeBytes(of: output, { Digest($0) }) else {
            fatalError("OpenSSL could not compute SHA-256 (EVP_Digest returned \(status), \(length) bytes)")
        }
        return digest
    }

    /// The SHA-256 digest of `bytes`.
    public static func hash(_ bytes: [UInt8]) -> Digest {
        bytes.withUnsafeBytes { hash($0) }
    }
}
