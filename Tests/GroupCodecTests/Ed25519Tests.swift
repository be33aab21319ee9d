import GroupCodec
import GroupCore
import GroupTestSupport
import Testing

/// Ed25519 through OpenSSL: RFC 8032's test vectors (section 7.1), and refusals.
struct Ed25519Tests {
    struct Vector: Sendable, CustomTestStringConvertible {
        let name: String
        let secretKey: String
        let publicKey: String
        let message: String
        let signature: String

        var testDescription: String { name }
    }

    /// RFC 8032, section 7.1, TEST 1 to 3: the secret key (the 32-byte seed), the public key,
    /// the message and the signature, in hexadecimal as the RFC prints them.
    static let vectors = [
        Vector(
            name: "TEST 1", secretKey: "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
            publicKey: "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", message: "",
            signature: "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155"
                + "5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"),
        Vector(
            name: "TEST 2", secretKey: "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
            publicKey: "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", message: "72",
            signature: "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da"
                + "085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"),
        Vector(
            name: "TEST 3", secretKey: "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
            publicKey: "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025", message: "af82",
            signature: "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac"
                + "18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a"),
    ]

    static func bytes(_ hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
    }

    @Test(arguments: vectors)
    func signsAsTheRFCSays(_ vector: Vector) throws {
        let key = try Ed25519.PrivateKey(seed: Self.bytes(vector.secretKey))
        #expect(key.publicKey.bytes == Self.bytes(vector.publicKey))
        let signature = key.sign(Self.bytes(vector.message))
        #expect(signature == Self.bytes(vector.signature))
        // Deterministic: the same key and message give the same signature.
        #expect(key.sign(Self.bytes(vector.message)) == signature)
        #expect(key.seed() == Self.bytes(vector.secretKey))
    }

    @Test(arguments: vectors)
    func verifiesTheRFCsSignatures(_ vector: Vector) throws {
        let publicKey = try #require(PublicKey(bytes: Self.bytes(vector.publicKey)))
        #expect(Ed25519.verify(Self.bytes(vector.signature), of: Self.bytes(vector.message), by: publicKey))
    }

    @Test(arguments: vectors)
    func refusesAWrongKeyATamperedMessageAndATamperedSignature(_ vector: Vector) throws {
        let publicKey = try #require(PublicKey(bytes: Self.bytes(vector.publicKey)))
        let message = Self.bytes(vector.message)
        let signature = Self.bytes(vector.signature)
        // Another vector's key.
        let other = try #require(Self.vectors.first { $0.name != vector.name })
        #expect(!Ed25519.verify(signature, of: message, by: try #require(PublicKey(bytes: Self.bytes(other.publicKey)))))
        // A message one byte longer, or with one bit changed.
        #expect(!Ed25519.verify(signature, of: message + [0], by: publicKey))
        if !message.isEmpty {
            var flipped = message
            flipped[0] ^= 0x01
            #expect(!Ed25519.verify(signature, of: flipped, by: publicKey))
        }
        // Every byte of the signature matters, and a signature of the wrong length is no signature.
        for index in signature.indices {
            var damaged = signature
            damaged[index] ^= 0x40
            #expect(!Ed25519.verify(damaged, of: message, by: publicKey), "byte \(index)")
        }
        #expect(!Ed25519.verify(Array(signature.dropLast()), of: message, by: publicKey))
        #expect(!Ed25519.verify(signature + [0], of: message, by: publicKey))
        #expect(!Ed25519.verify([], of: message, by: publicKey))
    }

    @Test func aSeedMustBe32Bytes() {
        for count in [0, 31, 33, 64] {
            #expect(throws: Ed25519Error.self) { try Ed25519.PrivateKey(seed: [UInt8](repeating: 1, count: count)) }
        }
    }

    @Test func aKeyThatIsNoCurvePointVerifiesNothing() throws {
        // Not every 32 bytes encode a point of the curve; OpenSSL refuses such a key at
        // verification, and that is a signature that does not verify, never a crash.
        let key = Ed25519.PrivateKey.seeded(3)
        let signature = key.sign([1, 2, 3])
        for byte: UInt8 in [0x00, 0xFF, 0x02] {
            #expect(!Ed25519.verify(signature, of: [1, 2, 3], by: PublicKey.filled(byte)))
        }
        #expect(Ed25519.verify(signature, of: [1, 2, 3], by: key.publicKey))
    }

    @Test func generatedKeysDifferAndSign() throws {
        let first = try Ed25519.PrivateKey.generate()
        let second = try Ed25519.PrivateKey.generate()
        #expect(first != second)
        let signature = first.sign([7])
        #expect(Ed25519.verify(signature, of: [7], by: first.publicKey))
        #expect(!Ed25519.verify(signature, of: [7], by: second.publicKey))
        #expect(try Ed25519.PrivateKey(seed: first.seed()) == first)
    }

    @Test func aPrivateKeyNeverPrintsItsSeed() {
        let key = Ed25519.PrivateKey.seeded(0x42)
        // 32 bytes, written the way keys are, as a key would be.
        let seedText = PublicKey(bytes: key.seed())!.base64
        for text in [key.description, String(describing: key), "\(key)"] {
            #expect(!text.contains(seedText))
            #expect(text.contains(key.publicKey.base64))
        }
    }
}

