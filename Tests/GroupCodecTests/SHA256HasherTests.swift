import GroupCodec
import GroupCore
import GroupTestSupport
import Testing

/// The reusable hasher the chain check uses gives the digests of the one-shot `SHA256.hash`, and
/// digests keep their 32 bytes in order whichever way they are made.
struct SHA256HasherTests {
    @Test func matchesTheOneShotDigestAcrossManyMessages() {
        let hasher = SHA256Hasher()
        var generator = SeededGenerator(seed: 11)
        for length in [0, 1, 31, 32, 55, 56, 63, 64, 65, 200, 1_000] {
            let message = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let reused = message.withUnsafeBytes { hasher.hash($0) }
            #expect(reused == SHA256.hash(message), "length \(length)")
        }
    }

    @Test func knownAnswer() {
        // FIPS 180-2, appendix B.1: SHA-256("abc").
        let digest = Array("abc".utf8).withUnsafeBytes { SHA256Hasher().hash($0) }
        #expect(digest.hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func digestBytesRoundTripInOrder() throws {
        let bytes = (0..<32).map { UInt8($0 * 7 + 1) }
        let digest = try #require(Digest(bytes: bytes))
        #expect(digest.bytes == bytes)
        #expect(Digest(hex: digest.hex) == digest)
        #expect(bytes.withUnsafeBytes { Digest($0) } == digest)
        #expect(Digest(bytes: Array(bytes.dropLast())) == nil)
        var changed = bytes
        changed[31] ^= 1
        #expect(Digest(bytes: changed) != digest)
    }
}
