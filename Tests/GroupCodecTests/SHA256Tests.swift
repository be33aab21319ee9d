import GroupCodec
import GroupCore
import Testing

/// SHA-256 through OpenSSL's low-level interface gives the standard's digests at every length
/// around the block and padding boundaries, and digests keep their 32 bytes in order.
struct SHA256Tests {
    /// Digests of the bytes `i * 7 % 251` for `i` below the length, from Python's hashlib.
    static let vectors: [(Int, String)] = [
        (0, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        (1, "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d"),
        (31, "2197034814f92b080202a844385a3348b50636db471788080cc382724b8eb8fc"),
        (32, "2dfd602a7a260b7a12905fd2ebd4b9acf49eed561758b9cb89cbccee389ae02d"),
        (55, "8af594de0e003fdee5c8bb088216c824349b4137070f559574f4a4bddd27b714"),
        (56, "db81bc2bfd43620591df192139062da77d4c376f1888ea3d2190bd07c8d901f9"),
        (63, "bd535b38bf0d0d1a09d370b7e34b2696cea3767801a45d5611a4aaa6954e8527"),
        (64, "292be91abe8c0909fe3d26575af5755eee74d23816dc68c3ba41765136967654"),
        (65, "ba65aedf7884642499a59ae124894611d986cf429e69f569488048af3a99e25a"),
        (119, "d367ab298e74477421127b0b448667c37c006c636f5738f081c39388756e5fad"),
        (120, "be7beb9c82089eb08da8fe6eb30c13b9d56869014e228a8c3eb0fdfe832efab2"),
        (200, "fcfa8eb2ae47de09df3e42e48371d9ea7446fb378097f8ef9bf743d9856f50b6"),
        (1_000, "59425e4412e296fc74736673ce067027f384203f59c0d2c3e6be7b13347b3ffc"),
    ]

    @Test func digestsMatchKnownAnswersAroundEveryBoundary() {
        for (length, hex) in Self.vectors {
            let message = (0..<length).map { UInt8($0 * 7 % 251) }
            #expect(SHA256.hash(message).hex == hex, "length \(length)")
            #expect(message.withUnsafeBytes { SHA256.hash($0) }.hex == hex, "length \(length), from a buffer")
        }
    }

    @Test func fipsKnownAnswers() {
        // FIPS 180-2, appendix B.1 and B.3: "abc" and a million "a".
        #expect(SHA256.hash(Array("abc".utf8)).hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hash([UInt8](repeating: 0x61, count: 1_000_000)).hex == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
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
