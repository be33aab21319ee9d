import Foundation
import GroupCodec
import GroupLog
import GroupTestSupport
import Testing

/// The library's signing keys: made, read and written through key files, and never shown.
struct SigningKeyTests {
    /// RFC 8032, section 7.1, TEST 1: the seed and its public key.
    static let seed: [UInt8] = hex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")
    static let publicKey: [UInt8] = hex("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a")

    static func hex(_ text: String) -> [UInt8] {
        let digits = Array(text.utf8)
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
    }

    /// The texts a key's secret shows as: its seed in base64 and hexadecimal, and its PEM body.
    static func secrets(of key: SigningKey) -> [String] {
        let seed = key.privateKey.seed()
        let pem = String(decoding: key.privateKey.pem(), as: UTF8.self)
        return [PublicKey(bytes: seed)!.base64, seed.map { String(format: "%02x", $0) }.joined()]
            + pem.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("-----") }
    }

    static func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test func aSeedGivesItsPublicKey() throws {
        let key = try SigningKey(seed: Self.seed)
        #expect(key.publicKey.bytes == Self.publicKey)
        #expect(key.publicKeyBase64 == key.publicKey.base64)
        #expect(key.privateKey.seed() == Self.seed)
        #expect(try SigningKey(seed: Self.seed) == key)
    }

    @Test func aSeedMustBe32Bytes() {
        for count in [0, 31, 33] {
            let seed = [UInt8](repeating: 0xAB, count: count)
            #expect(throws: GroupLogError.invalidArgument("a signing key's seed is 32 bytes, not \(count)")) { try SigningKey(seed: seed) }
        }
    }

    @Test func generatedKeysDifferAndSign() throws {
        let first = SigningKey.generate(), second = SigningKey.generate()
        #expect(first != second)
        let signature = first.privateKey.sign([1, 2, 3])
        #expect(Ed25519.verify(signature, of: [1, 2, 3], by: first.publicKey))
    }

    @Test func writesAKeyFileOnlyItsOwnerMayReadAndReadsItBack() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let key = SigningKey.generate()
        let path = folder.path("alix.key")
        try key.write(to: path)
        #expect(try Self.mode(path) == 0o600)
        #expect(String(decoding: try folder.read("alix.key"), as: UTF8.self).hasPrefix("-----BEGIN PRIVATE KEY-----\n"))
        let read = try SigningKey(contentsOf: path)
        #expect(read == key)
        #expect(read.permissionWarning == nil)
    }

    @Test func neverOverwritesAFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("alix.key")
        try SigningKey.generate().write(to: path)
        let before = try folder.read("alix.key")
        let error = try #require(throws: GroupLogError.self) { try SigningKey.generate().write(to: path) }
        #expect(error == .keyFile(KeyFileError(path: path, reason: .exists)))
        #expect(error.description == "\(path) exists; a key file is never overwritten (remove it, or choose another name)")
        #expect(try folder.read("alix.key") == before)
    }

    @Test func aKeyFileOthersMayReadIsReadWithAWarning() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let key = SigningKey.generate()
        let path = folder.path("alix.key")
        try key.write(to: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let read = try SigningKey(contentsOf: path)
        #expect(read == key)
        let warning = try #require(read.permissionWarning)
        #expect(warning.description == "\(path) is readable by its group and others (mode 0644); chmod 600 \(path)")
    }

    @Test func aBadKeyFileIsAKeyFileErrorNamingItsPath() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let missing = folder.path("missing.key")
        #expect(throws: GroupLogError.keyFile(KeyFileError(path: missing, reason: .missing))) { try SigningKey(contentsOf: missing) }
        let garbage = try folder.write("garbage.key", Array("hello\n".utf8))
        let error = try #require(throws: GroupLogError.self) { try SigningKey(contentsOf: garbage) }
        #expect(error == .keyFile(KeyFileError(path: garbage, reason: .notPEM)))
        #expect(error.description.hasPrefix("\(garbage) holds no PEM private key"))
    }

    @Test func nothingShowsThePrivateKey() throws {
        let key = try SigningKey(seed: Self.seed)
        var dumped = ""
        dump(key, to: &dumped)
        var dumpedList = ""
        dump([key], to: &dumpedList)
        let mirror = Mirror(reflecting: key)
        let texts = [
            key.description, key.debugDescription, String(describing: key), String(reflecting: key), "\(key)",
            dumped, dumpedList, String(reflecting: [key]), String(reflecting: Optional(key)),
            mirror.children.map { "\($0.label ?? ""): \(String(reflecting: $0.value))" }.joined(separator: ", "),
        ]
        for text in texts {
            #expect(text.contains(key.publicKeyBase64), "\(text)")
            for secret in Self.secrets(of: key) { #expect(!text.contains(secret), "\(text)") }
        }
        #expect(key.description == "signing key \(key.publicKeyBase64)")
        #expect(key.debugDescription == "SigningKey(publicKey: \(key.publicKeyBase64))")
        #expect(mirror.children.map(\.label) == ["publicKey"])
    }
}
