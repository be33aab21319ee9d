import Foundation
import GroupCodec
import GroupCore
import GroupTestSupport
import Testing
@testable import grouplog

/// `grouplog key generate` and `key show`: the public key on standard output, the private key
/// in a file of mode 0600 that is never overwritten, a warning for a file others may read, a
/// clear refusal naming the file for each kind of bad one, and no private key in any output.
struct KeyCommandTests {
    /// The texts a key's secret shows as: its seed in base64 and hexadecimal, and its PEM body.
    static func secrets(of key: Ed25519.PrivateKey) -> [String] {
        let seed = key.seed()
        return [PublicKey(bytes: seed)!.base64, seed.map { String(format: "%02x", $0) }.joined()]
            + String(decoding: key.pem(), as: UTF8.self).split(separator: "\n").map(String.init).filter { !$0.hasPrefix("-----") }
    }

    /// Requires that no output of `result` shows any of `secrets`.
    static func expectNoSecret(_ result: CLIResult, _ secrets: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        for secret in secrets {
            #expect(!result.stdout.contains(secret), "stdout shows a secret", sourceLocation: sourceLocation)
            #expect(!result.stderr.contains(secret), "stderr shows a secret", sourceLocation: sourceLocation)
        }
    }

    static func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test func generateWritesAKeyFileAndPrintsOnlyItsPublicKey() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("alix.key")
            let result = grouplog("key", "generate", "-o", path)
            #expect(result.status == .success)
            #expect(result.stderr == "")
            let file = try KeyFile(contentsOf: path)
            #expect(result.stdout == file.key.publicKey.base64 + "\n")
            #expect(file.warning == nil)
            #expect(try Self.mode(path) == 0o600)
            #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self).hasPrefix("-----BEGIN PRIVATE KEY-----\n"))
            Self.expectNoSecret(result, Self.secrets(of: file.key))
            // --output is -o's long form; each run makes a new key.
            let other = grouplog("key", "generate", "--output", directory.path("bo.key"))
            #expect(other.status == .success)
            #expect(other.stdout != result.stdout)
        }
    }

    @Test func generateNeverOverwritesAFileAndExits6() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("alix.key")
            #expect(grouplog("key", "generate", "-o", path).status == .success)
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            let key = try KeyFile(contentsOf: path).key
            let again = grouplog("key", "generate", "-o", path)
            #expect(again.status == .keyFileExists)
            #expect(again.status.rawValue == 6)
            #expect(again.stdout == "")
            #expect(again.stderr == "grouplog: \(path) exists; a key file is never overwritten (remove it, or choose another name)\n")
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
            #expect(try Self.mode(path) == 0o600)
            Self.expectNoSecret(again, Self.secrets(of: key))
            // Any file, not only a key file, is left as it was.
            let notes = try directory.write("notes.txt", "keep me")
            #expect(grouplog("key", "generate", "-o", notes).status == .keyFileExists)
            #expect(try String(contentsOfFile: notes, encoding: .utf8) == "keep me")
        }
    }

    @Test func showPrintsThePublicKeyAndWarnsOfAFileOthersMayRead() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("alix.key")
            let generated = grouplog("key", "generate", "-o", path)
            let key = try KeyFile(contentsOf: path).key
            let shown = grouplog("key", "show", path)
            #expect(shown.status == .success)
            #expect(shown.stdout == generated.stdout)
            #expect(shown.stderr == "")
            Self.expectNoSecret(shown, Self.secrets(of: key))

            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
            let warned = grouplog("key", "show", path)
            #expect(warned.status == .success)
            #expect(warned.stdout == generated.stdout)
            #expect(warned.stderr == "grouplog: warning: \(path) is readable by its group and others (mode 0644); chmod 600 \(path)\n")
            Self.expectNoSecret(warned, Self.secrets(of: key))
        }
    }

    /// A bad key file of each kind: its name, its contents (nil: made otherwise), the words of
    /// its message after the path.
    static let badFiles: [(name: String, contents: String?, words: String)] = [
        ("missing.key", nil, ": no such key file"),
        ("folder", nil, " is a directory, not a key file"),
        ("empty.key", "", " is empty"),
        ("garbage.key", "alix's key, honest\n", " holds no PEM private key"),
        ("truncated.key", String(decoding: Ed25519.PrivateKey.seeded(7).pem().prefix(60), as: UTF8.self),
         " holds a PEM private key that cannot be read (truncated or damaged: bad end line)"),
        ("alix.pub", """
            -----BEGIN PUBLIC KEY-----
            MCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=
            -----END PUBLIC KEY-----

            """, " holds a public key, not a private key"),
        ("big.key", String(repeating: "A", count: KeyFile.maximumByteCount + 1), " is too large for a key file"),
    ]

    @Test(arguments: badFiles.indices)
    func showRefusesABadFileNamingItWithExit2(_ index: Int) throws {
        let (name, contents, words) = Self.badFiles[index]
        try withTemporaryDirectory { directory in
            let path = directory.path(name)
            if let contents { try directory.write(name, contents) }
            if name == "folder" { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false) }
            let result = grouplog("key", "show", path)
            #expect(result.status == .badInput, "\(name)")
            #expect(result.stdout == "", "\(name)")
            #expect(result.stderr.hasPrefix("grouplog: \(path)\(words)"), "\(name): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(name): \(result.stderr)")
            Self.expectNoSecret(result, Self.secrets(of: Ed25519.PrivateKey.seeded(7)))
        }
    }

    @Test(.enabled(if: OpenSSLTool.isInstalled, "the openssl tool is not installed (Debian package openssl)"),
          arguments: [
            (["-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:1024"], "RSA"),
            (["-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256"], "EC"),
          ])
    func showRefusesAnotherAlgorithmsKeyWithoutShowingIt(_ options: [String], type: String) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("other.key")
        _ = try await OpenSSLTool.succeed(["genpkey"] + options + ["-out", path])
        let result = grouplog("key", "show", path)
        #expect(result.status == .badInput)
        #expect(result.stdout == "")
        #expect(result.stderr == "grouplog: \(path) holds a key of type \(type), not an Ed25519 key\n")
        let body = String(decoding: try folder.read("other.key"), as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("-----") }
        for line in body { #expect(!result.stderr.contains(line)) }
    }

    @Test(.enabled(if: OpenSSLTool.isInstalled, "the openssl tool is not installed (Debian package openssl)"))
    func theOpenSSLToolAndGrouplogReadEachOthersKeys() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // OpenSSL's key, shown by grouplog: the public key openssl derives.
        let theirs = folder.path("theirs.key")
        _ = try await OpenSSLTool.succeed(["genpkey", "-algorithm", "ed25519", "-out", theirs])
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: theirs)
        let publicPEM = try await OpenSSLTool.succeed(["pkey", "-in", theirs, "-pubout"]).stdout
        let shown = grouplog("key", "show", theirs)
        #expect(shown.status == .success)
        #expect(shown.stderr == "")
        let publicKey = try #require(shown.lines.first)
        #expect(publicPEM.contains(Self.subjectPublicKeyInfoBase64(publicKey)), "\(publicPEM)")
        // grouplog's key, read by openssl: the same public key.
        let ours = folder.path("ours.key")
        let generated = grouplog("key", "generate", "-o", ours)
        let ourPublicPEM = try await OpenSSLTool.succeed(["pkey", "-in", ours, "-pubout"]).stdout
        #expect(ourPublicPEM.contains(Self.subjectPublicKeyInfoBase64(try #require(generated.lines.first))))
    }

    /// The base64 of an Ed25519 public key's SubjectPublicKeyInfo (RFC 8410), given the key in
    /// base64: what `openssl pkey -pubout` prints between its PEM lines.
    static func subjectPublicKeyInfoBase64(_ key: String) -> String {
        let bytes = Array(Data(base64Encoded: key) ?? Data())
        return Data([0x30, 0x2A, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x03, 0x21, 0x00] + bytes).base64EncodedString()
    }

    @Test(arguments: [
        (["key"], "key needs a subcommand: generate or show"),
        (["key", "generate"], "key generate needs -o FILE"),
        (["key", "generate", "-o", "-"], "never to standard output"),
        (["key", "generate", "-o", "a.key", "b.key"], "key generate takes no arguments but -o FILE"),
        (["key", "show"], "key show takes exactly one key file"),
        (["key", "show", "a.key", "b.key"], "key show takes exactly one key file"),
        (["key", "rotate"], "unknown key subcommand \"rotate\""),
    ])
    func aWrongCommandLineIsAUsageError(_ words: [String], message: String) {
        let result = grouplog(words)
        #expect(result.status == .usage)
        #expect(result.stdout == "")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func helpAndTheOverviewDescribeTheKeyCommands() {
        let overview = grouplog("--help").stdout
        #expect(overview.contains("Signing keys (no store needed):\n  key generate -o FILE"))
        #expect(overview.contains("  key show FILE"))
        #expect(overview.contains("6 the key file to write exists"))
        let page = grouplog("help", "key")
        #expect(page.status == .success)
        #expect(page.stdout.hasPrefix("Usage: grouplog key generate -o FILE\n       grouplog key show FILE\n"))
        #expect(page.stdout.contains("mode 0600"))
    }

    // The real process: a strict umask and a write that fails, which only a process of its
    // own can have.

    @Test(.enabled(if: BuiltBinary.url != nil, "the grouplog binary was not found next to the test bundle"))
    func generateMakesMode0600WhateverTheUmask() async throws {
        let binary = try #require(BuiltBinary.url)
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // umask 0277 alone would leave the file 0400; 0000 would make it no wider than 0600.
        for (umask, name) in [("0277", "strict.key"), ("0000", "open.key")] {
            let run = try await Self.shell("umask \(umask); '\(binary.path)' key generate -o '\(folder.path(name))'")
            #expect(run.status == 0, "\(run.stderr)")
            #expect(try Self.mode(folder.path(name)) == 0o600, "umask \(umask)")
        }
    }

    @Test(.enabled(if: BuiltBinary.url != nil, "the grouplog binary was not found next to the test bundle"))
    func aWriteThatFailsLeavesNoFileBehind() async throws {
        let binary = try #require(BuiltBinary.url)
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("alix.key")
        // No file may grow past 0 blocks; SIGXFSZ is ignored, so the write fails with EFBIG
        // after the file was created.
        let run = try await Self.shell("ulimit -f 0; trap '' XFSZ; '\(binary.path)' key generate -o '\(path)'")
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stdout == "")
        #expect(run.stderr == "grouplog: cannot write the key file \(path): File too large; it was removed\n")
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }

    /// Runs `command` with /bin/sh, off the concurrency pool. Its output goes through pipes,
    /// which a file-size limit does not touch; it is a line or two, so neither fills up.
    static func shell(_ command: String) async throws -> (status: Int32, stdout: String, stderr: String) {
        try await OffPool.run {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", command]
            let output = Pipe(), errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            let out = output.fileHandleForReading.readDataToEndOfFile()
            let err = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
        }
    }
}
