import CCrypto
import GroupCore

/// SHA-256 through OpenSSL's libcrypto: the commit chain's links and the state hash
/// (SPEC section 4).
public enum SHA256 {
    /// The SHA-256 digest of `bytes`, which need to stay valid only during the call.
    ///
    /// Through OpenSSL's low-level SHA-256 (`grouplog_sha256`, Sources/CCrypto/shim.h): no
    /// context to allocate or algorithm to look up per call, so hashing every commit of a replay
    /// costs what the hashing costs. Stops the process if OpenSSL itself fails: there is no right
    /// digest to return, and a wrong one would silently break the chain.
    public static func hash(_ bytes: UnsafeRawBufferPointer) -> Digest {
        var output: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        // The output is a stack buffer: no array is made per digest.
        let status = withUnsafeMutableBytes(of: &output) { out in
            grouplog_sha256(bytes.baseAddress, bytes.count, out.baseAddress?.assumingMemoryBound(to: UInt8.self))
        }
        guard status == 1, let digest = withUnsafeBytes(of: output, { Digest($0) }) else {
            fatalError("OpenSSL could not compute SHA-256")
        }
        return digest
    }

    /// The SHA-256 digest of `bytes`.
    public static func hash(_ bytes: [UInt8]) -> Digest {
        bytes.withUnsafeBytes { hash($0) }
    }
}
