import Foundation
import GroupCodec
import GroupCore
import GroupTestSupport
import Testing

/// Key files: written with mode 0600 and never over anything, read with a clear error naming
/// the path for every kind of bad file, a warning for a file others may read, and no key bytes
/// in any of that text.
struct KeyFileTests {
    static func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    static func chmod(_ path: String, _ mode: Int) throws {
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    }

    /// The texts a key's secret shows as: its seed in base64 and its PEM body.
    static func secrets(of key: Ed25519.PrivateKey) -> [String] {
        [PublicKey(bytes: key.seed())!.base64] + Ed25519PEMTests.body(key.pem())
    }

    @Test func writesMode0600AndReadsBackWithoutAWarning() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let key = Ed25519.PrivateKey.seeded(1)
        let path = folder.path("alix.key")
        // (The umask is the process's: grouplogTests checks a write under a strict one in a
        // process of its own.)
        try KeyFile.write(key, to: path)
        #expect(try Self.mode(path) == 0o600)
        #expect(try folder.read("alix.key") == key.pem())
        let file = try KeyFile(contentsOf: path)
        #expect(file.key == key)
        #expect(file.path == path)
        #expect(file.warning == nil)
    }

    @Test func neverOverwritesAnythingAndLeavesItAsItWas() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let key = Ed25519.PrivateKey.seeded(2)
        // Another key's file, a file that is no key, a directory and a dangling link.
        try KeyFile.write(Ed25519.PrivateKey.seeded(3), to: folder.path("other.key"))
        let other = try folder.read("other.key")
        try folder.write("notes.txt", Array("keep me".utf8))
        try FileManager.default.createDirectory(atPath: folder.path("folder"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: folder.path("link"), withDestinationPath: folder.path("nowhere"))
        for name in ["other.key", "notes.txt", "folder", "link"] {
            let error = try #require(throws: KeyFileError.self) { try KeyFile.write(key, to: folder.path(name)) }
            #expect(error.reason == .exists)
            #expect(error.description.contains(folder.path(name)))
            #expect(error.description.contains("never overwritten"))
        }
        #expect(try folder.read("other.key") == other)
        #expect(try Self.mode(folder.path("other.key")) == 0o600)
        #expect(try folder.read("notes.txt") == Array("keep me".utf8))
        #expect(!FileManager.default.fileExists(atPath: folder.path("nowhere")))
    }

    @Test func aFolderThatIsMissingCreatesNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("missing/alix.key")
        let error = try #require(throws: KeyFileError.self) { try KeyFile.write(Ed25519.PrivateKey.seeded(4), to: path) }
        #expect(error.reason == .cannotCreate("No such file or directory"))
        #expect(error.description == "cannot create the key file \(path): No such file or directory")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }

    @Test(arguments: [
        (0o644, "is readable by its group and others (mode 0644)"),
        (0o640, "is readable by its group (mode 0640)"),
        (0o604, "is readable by others (mode 0604)"),
        (0o660, "is readable and writable by its group (mode 0660)"),
        (0o622, "is writable by its group and others (mode 0622)"),
        (0o666, "is readable and writable by its group and others (mode 0666)"),
        (0o610, "is accessible to its group (mode 0610)"),
    ])
    func aFileOthersMayReadOrWriteIsReadWithAWarning(mode: Int, words: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let key = Ed25519.PrivateKey.seeded(5)
        let path = folder.path("alix.key")
        try KeyFile.write(key, to: path)
        try Self.chmod(path, mode)
        let file = try KeyFile(contentsOf: path)
        #expect(file.key == key)
        let warning = try #require(file.warning)
        #expect(warning.mode == UInt32(mode))
        #expect(warning.description == "\(path) \(words); chmod 600 \(path)")
        for secret in Self.secrets(of: key) { #expect(!warning.description.contains(secret)) }
    }

    @Test(arguments: [0o600, 0o400, 0o700])
    func aFileOnlyItsOwnerMayUseHasNoWarning(mode: Int) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("alix.key")
        try KeyFile.write(Ed25519.PrivateKey.seeded(6), to: path)
        try Self.chmod(path, mode)
        #expect(try KeyFile(contentsOf: path).warning == nil)
    }

    /// A bad key file of each kind: how to make it, the reason, and words of its message.
    struct BadFile: Sendable, CustomTestStringConvertible {
        let name: String
        let make: @Sendable (TemporaryFolder, String) throws -> Void
        let reason: KeyFileError.Reason?
        let words: String

        var testDescription: String { name }
    }

    static let pem = Ed25519.PrivateKey.seeded(7).pem()

    static let badFiles: [BadFile] = [
        BadFile(name: "missing", make: { _, _ in }, reason: .missing, words: "no such key file"),
        BadFile(name: "in a missing folder", make: { _, _ in }, reason: .missing, words: "no such key file"),
        BadFile(name: "a directory", make: { _, path in try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false) },
                reason: .isDirectory, words: "is a directory, not a key file"),
        BadFile(name: "a FIFO", make: { _, path in _ = mkfifo(path, 0o600) }, reason: .notAFile, words: "is not a regular file"),
        BadFile(name: "empty", make: { _, path in try Data().write(to: URL(fileURLWithPath: path)) }, reason: .empty, words: "is empty"),
        BadFile(name: "garbage", make: { _, path in try Data("alix's key, honest\n".utf8).write(to: URL(fileURLWithPath: path)) },
                reason: .notPEM, words: "holds no PEM private key"),
        BadFile(name: "truncated", make: { _, path in try Data(pem.prefix(pem.count / 2)).write(to: URL(fileURLWithPath: path)) },
                reason: nil, words: "holds a PEM private key that cannot be read (truncated or damaged"),
        BadFile(name: "too large", make: { _, path in
                    try Data(pem + [UInt8](repeating: UInt8(ascii: "\n"), count: KeyFile.maximumByteCount)).write(to: URL(fileURLWithPath: path))
                }, reason: .tooLarge(byteCount: pem.count + KeyFile.maximumByteCount), words: "is too large for a key file"),
        BadFile(name: "a public key", make: { _, path in
                    try Data(Ed25519PEMTests.rfc8410PublicKeyPEM.utf8).write(to: URL(fileURLWithPath: path))
                }, reason: .publicKeyOnly, words: "holds a public key, not a private key"),
    ]

    @Test(arguments: badFiles)
    func aBadFileIsRefusedNamingItsPath(_ bad: BadFile) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = bad.name == "in a missing folder" ? folder.path("nowhere/alix.key") : folder.path("alix.key")
        try bad.make(folder, path)
        let error = try #require(throws: KeyFileError.self) { try KeyFile(contentsOf: path) }
        if let reason = bad.reason { #expect(error.reason == reason) }
        #expect(error.path == path)
        #expect(error.description.hasPrefix(path), "\(error)")
        #expect(error.description.contains(bad.words), "\(error)")
        for secret in Self.secrets(of: Ed25519.PrivateKey.seeded(7)) { #expect(!error.description.contains(secret)) }
    }

    @Test(.enabled(if: geteuid() != 0, "root reads any file"))
    func aFileItsReaderMayNotReadIsRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("alix.key")
        try KeyFile.write(Ed25519.PrivateKey.seeded(8), to: path)
        try Self.chmod(path, 0o000)
        let error = try #require(throws: KeyFileError.self) { try KeyFile(contentsOf: path) }
        #expect(error.reason == .permissionDenied)
        #expect(error.description == "\(path): cannot read the key file: permission denied")
    }

    @Test(.enabled(if: OpenSSLTool.isInstalled, "the openssl tool is not installed (Debian package openssl)"),
          arguments: [(["-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:1024"], "RSA"), (["-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256"], "EC")])
    func anotherAlgorithmsKeyFileIsRefused(_ options: [String], type: String) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("other.key")
        _ = try await OpenSSLTool.succeed(["genpkey"] + options + ["-out", path])
        let error = try #require(throws: KeyFileError.self) { try KeyFile(contentsOf: path) }
        #expect(error.reason == .notEd25519(type: type))
        #expect(error.description == "\(path) holds a key of type \(type), not an Ed25519 key")
    }

    @Test(.enabled(if: OpenSSLTool.isInstalled, "the openssl tool is not installed (Debian package openssl)"))
    func aKeyFileOfOpenSSLsToolIsRead() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("tool.key")
        _ = try await OpenSSLTool.succeed(["genpkey", "-algorithm", "ed25519", "-out", path])
        try Self.chmod(path, 0o600)
        let file = try KeyFile(contentsOf: path)
        #expect(file.warning == nil)
        #expect(try folder.read("tool.key") == file.key.pem())
    }
}
