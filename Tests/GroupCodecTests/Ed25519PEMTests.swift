import CCrypto
import Foundation
import GroupCodec
import GroupCore
import GroupTestSupport
import Testing

/// Private keys as PKCS#8 PEM through OpenSSL: round trips, RFC 8410's example, the `openssl`
/// tool's keys read here and ours read there, and refusals that never quote the key.
struct Ed25519PEMTests {
    /// RFC 8410, section 10.3: an Ed25519 private key in PEM, and its public key.
    static let rfc8410PEM = """
    -----BEGIN PRIVATE KEY-----
    MC4CAQAwBQYDK2VwBCIEINTuctv5E1hK1bbY8fdp+K06/nwoy/HU++CXqI9EdVhC
    -----END PRIVATE KEY-----

    """
    static let rfc8410PublicKeyPEM = """
    -----BEGIN PUBLIC KEY-----
    MCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=
    -----END PUBLIC KEY-----

    """
    static let rfc8410PublicKey = "19bf44096984cdfe8541bac167dc3b96c85086aa30b6b6cb0c5c38ad703166e1"

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// The base64 lines between the BEGIN and END lines: the encoded key.
    static func body(_ pem: [UInt8]) -> [String] {
        text(pem).split(separator: "\n").map(String.init).filter { !$0.hasPrefix("-----") }
    }

    @Test func aKeyWritesPKCS8PEMAndReadsItBack() throws {
        let key = Ed25519.PrivateKey.seeded(0x21)
        let pem = key.pem()
        let lines = Self.text(pem).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "-----BEGIN PRIVATE KEY-----")
        #expect(lines.dropLast().last == "-----END PRIVATE KEY-----")
        #expect(lines.last == "")
        let read = try Ed25519.PrivateKey(pem: pem)
        #expect(read == key)
        #expect(read.seed() == key.seed())
        // The same key always gives the same text.
        #expect(try Ed25519.PrivateKey(seed: key.seed()).pem() == pem)
        #expect(ERR_peek_error() == 0)
    }

    @Test func readsRFC8410sExample() throws {
        let key = try Ed25519.PrivateKey(pem: Array(Self.rfc8410PEM.utf8))
        #expect(key.publicKey.bytes == Ed25519Tests.bytes(Self.rfc8410PublicKey))
        #expect(Self.text(key.pem()) == Self.rfc8410PEM)
    }

    /// Bytes that are no Ed25519 private key in PEM, each with the words its error must hold.
    static let refused: [(name: String, bytes: [UInt8], words: String)] = {
        let pem = Self.rfc8410PEM
        let lines = pem.split(separator: "\n").map(String.init)
        return [
            ("empty", [], "is empty"),
            ("garbage", Array("this is not a key\n".utf8), "no PEM private key"),
            ("binary", [0, 1, 2, 0xFF, 0xFE, 0x80], "no PEM private key"),
            ("no end line", Array(lines.dropLast().joined(separator: "\n").utf8), "cannot be read"),
            ("half the body", Array((lines[0] + "\n" + lines[1].prefix(30) + "\n" + lines[2] + "\n").utf8), "cannot be read"),
            ("damaged base64", Array(pem.replacingOccurrences(of: "MC4C", with: "M!4C").utf8), "cannot be read"),
            ("RFC 8410's public key", Array(rfc8410PublicKeyPEM.utf8), "a public key, not a private key"),
        ]
    }()

    @Test(arguments: refused.indices)
    func refusesWhatIsNoPEMPrivateKeyWithoutQuotingIt(_ index: Int) {
        let (name, bytes, words) = Self.refused[index]
        do {
            _ = try Ed25519.PrivateKey(pem: bytes)
            Issue.record("\(name): read as a key")
        } catch {
            #expect(error.description.contains(words), "\(name): \(error)")
            for line in Self.body(bytes) where line.count > 8 {
                #expect(!error.description.contains(line), "\(name): \(error)")
            }
        }
        #expect(ERR_peek_error() == 0, "\(name): OpenSSL's error queue was left with an error")
    }

    @Test(.enabled(if: OpenSSLTool.isInstalled, "the openssl tool is not installed (Debian package openssl)"))
    func readsTheKeysOfOpenSSLsTool() async throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        let file = directory.path("tool.key"), publicFile = directory.path("tool.pub")
        _ = try await OpenSSLTool.succeed(["genpkey", "-algorithm", "ed25519", "-out", file])
        _ = try await OpenSSLTool.succeed(["pkey", "-in", file, "-pubout", "-outform", "DER", "-out", publicFile])
        let key = try Ed25519.PrivateKey(pem: Array(try Data(contentsOf: URL(fileURLWithPath: file))))
        let der = Array(try Data(contentsOf: URL(fileURLWithPath: publicFile)))
        // The SubjectPublicKeyInfo of an Ed25519 key ends with the 32 bytes of the key.
        #expect(Array(der.suffix(32)) == key.publicKey.bytes)
        // The tool writes the same text for the key as we do.
        #expect(key.pem() == Array(try Data(contentsOf: URL(fileURLWithPath: file))))
    }

    @Test(.enabled(if: OpenSSLTool.isInstalled, "the openssl tool is not installed (Debian package openssl)"))
    func openSSLsToolReadsOurKeysAndSignsAsTheyDo() async throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        let key = Ed25519.PrivateKey.seeded(0x5A)
        let file = directory.path("ours.key"), message = directory.path("message"), signature = directory.path("signature")
        try Data(key.pem()).write(to: URL(fileURLWithPath: file))
        try Data("a commit".utf8).write(to: URL(fileURLWithPath: message))
        let publicPEM = try await OpenSSLTool.succeed(["pkey", "-in", file, "-pubout"]).stdout
        #expect(publicPEM.contains(try Self.subjectPublicKeyInfoBase64(key.publicKey)))
        _ = try await OpenSSLTool.succeed(["pkeyutl", "-sign", "-inkey", file, "-rawin", "-in", message, "-out", signature])
        let signed = Array(try Data(contentsOf: URL(fileURLWithPath: signature)))
        // Ed25519 is deterministic: the tool's signature is ours, and it verifies.
        #expect(signed == key.sign(Array("a commit".utf8)))
        #expect(Ed25519.verify(signed, of: Array("a commit".utf8), by: key.publicKey))
    }

    /// The base64 of an Ed25519 public key's SubjectPublicKeyInfo (RFC 8410): a fixed 12-byte
    /// prefix, then the key; what `openssl pkey -pubout` prints between its PEM lines.
    static func subjectPublicKeyInfoBase64(_ key: PublicKey) throws -> String {
        Data([0x30, 0x2A, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x03, 0x21, 0x00] + key.bytes).base64EncodedString()
    }

    @Test(.enabled(if: OpenSSLTool.isInstalled, "the openssl tool is not installed (Debian package openssl)"),
          arguments: [
            (["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:1024"], "type RSA"),
            (["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256"], "type EC"),
            (["genpkey", "-algorithm", "ed448"], "type ED448"),
            (["genpkey", "-algorithm", "x25519"], "type X25519"),
          ])
    func refusesAnotherAlgorithmsKey(_ generate: [String], words: String) async throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        let file = directory.path("other.key")
        _ = try await OpenSSLTool.succeed(generate + ["-out", file])
        let pem = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
        let error = try #require(throws: Ed25519Error.self) { try Ed25519.PrivateKey(pem: pem) }
        #expect(error.description.contains(words), "\(error)")
        #expect(error.description.contains("not an Ed25519 key"), "\(error)")
        for line in Self.body(pem) {
            #expect(!error.description.contains(line))
        }
        #expect(ERR_peek_error() == 0)
    }

    @Test(.enabled(if: OpenSSLTool.isInstalled, "the openssl tool is not installed (Debian package openssl)"))
    func refusesAnEncryptedKeyWithoutAskingForAPassphrase() async throws {
        let directory = try TemporaryFolder()
        defer { directory.remove() }
        let plain = directory.path("plain.key"), encrypted = directory.path("encrypted.key")
        try Data(Ed25519.PrivateKey.seeded(9).pem()).write(to: URL(fileURLWithPath: plain))
        _ = try await OpenSSLTool.succeed(["pkey", "-in", plain, "-aes256", "-passout", "pass:secret", "-out", encrypted])
        let pem = Array(try Data(contentsOf: URL(fileURLWithPath: encrypted)))
        #expect(Self.text(pem).contains("ENCRYPTED"))
        // Standard input is no terminal in a test, but a prompt would still be an error: the
        // callback refuses without one.
        let error = try #require(throws: Ed25519Error.self) { try Ed25519.PrivateKey(pem: pem) }
        #expect(error.description.contains("encrypted with a passphrase"), "\(error)")
        #expect(ERR_peek_error() == 0)
    }

    @Test func dumpsAndDescriptionsShowThePublicHalfOnly() {
        let key = Ed25519.PrivateKey.seeded(0x42)
        let secrets = [PublicKey(bytes: key.seed())!.base64] + Self.body(key.pem())
        var dumped = ""
        dump(key, to: &dumped)
        for text in [key.description, key.debugDescription, String(reflecting: key), dumped, "\(Mirror(reflecting: key).children.map(\.value))"] {
            #expect(text.contains(key.publicKey.base64), "\(text)")
            for secret in secrets { #expect(!text.contains(secret), "\(text)") }
        }
        #expect(Mirror(reflecting: key).children.map(\.label) == ["publicKey"])
    }
}
