import Foundation
import GroupCodec
import GroupCore
import GroupFixtures
import Testing
@testable import grouplog

/// Signed commits from the command line (SPEC section 14): keys claimed and revoked in the
/// directory, `submit --key`, a group that requires signatures, and export and import keeping
/// the signatures, a tampered one refused at the door.
struct SigningCommandTests {
    static let alixKey = try! Ed25519.PrivateKey(seed: [UInt8](repeating: 21, count: 32))
    static let boKey = try! Ed25519.PrivateKey(seed: [UInt8](repeating: 22, count: 32))

    /// A store where alix and bo claim their keys, and alix's group "vault" requires signatures;
    /// with the key files' paths.
    static func makeStore(in directory: TemporaryDirectory) throws -> (store: SampleStore, alix: String, bo: String) {
        let store = SampleStore(path: directory.path("store"))
        try store.succeed("init")
        let alix = directory.path("alix.key"), bo = directory.path("bo.key")
        try KeyFile.write(alixKey, to: alix)
        try KeyFile.write(boKey, to: bo)
        try store.succeed("identity", "claim", "alix", "--key", alixKey.publicKey.base64)
        try store.succeed("identity", "claim", "bo", "--key", boKey.publicKey.base64)
        let created = store.run(
            "submit", "vault", "--actor", "alix", "--key", alix, "--time", "1000", "--json",
            "--changes", #"{"op": "create", "members": ["bo"], "requireSignatures": true}"#)
        try #require(created.status == .success, "\(created.stderr)")
        #expect(try JSONParser.parse(Array(created.stdout.utf8))["signedBy"]?.stringValue == alixKey.publicKey.base64)
        return (store, alix, bo)
    }

    /// What no output may hold: a key's seed, in base64 and hexadecimal, and its PEM body.
    static func secrets(_ key: Ed25519.PrivateKey) -> [String] {
        let seed = key.seed()
        return [Base64.encode(seed), seed.map { String(format: "%02x", $0) }.joined()]
            + String(decoding: key.pem(), as: UTF8.self).split(separator: "\n").map(String.init).filter { !$0.hasPrefix("-----") }
    }

    @Test func aGroupThatRequiresSignaturesTakesItsMembersSignedCommitsOnly() throws {
        try withTemporaryDirectory { directory in
            let (store, alix, bo) = try Self.makeStore(in: directory)
            var outputs: [CLIResult] = []

            let unsigned = store.run("submit", "vault", "--actor", "bo", "--time", "2000", "--changes", #"{"op": "updateName", "name": "x"}"#)
            #expect(unsigned.status == .expectationsNotMet)
            #expect(unsigned.stderr.contains("unsignedCommit"), "\(unsigned.stderr)")
            let forged = store.run(
                "submit", "vault", "--actor", "bo", "--key", alix, "--time", "2000", "--changes", #"{"op": "updateName", "name": "x"}"#)
            #expect(forged.status == .expectationsNotMet)
            #expect(forged.stderr.contains("wrongSigningKey"), "\(forged.stderr)")
            let signed = store.run(
                "submit", "vault", "--actor", "bo", "--key", bo, "--time", "2000", "--changes", #"{"op": "updateName", "name": "signed"}"#)
            #expect(signed.status == .success, "\(signed.stderr)")
            #expect(signed.lines == ["1"])
            outputs += [unsigned, forged, signed]

            let verified = store.run("verify")
            #expect(verified.status == .success, "\(verified.stdout)\(verified.stderr)")
            outputs.append(verified)

            // The directory: bo's key is revoked for good, and shown so.
            let revoked = store.run("identity", "revoke-key", "bo", "--key", Self.boKey.publicKey.base64)
            #expect(revoked.status == .success, "\(revoked.stderr)")
            let shown = store.run("identity", "show", "bo")
            #expect(shown.lines.contains("  signing keys  \(Self.boKey.publicKey.base64) (revoked)"), "\(shown.stdout)")
            let json = try JSONParser.parse(Array(store.run("identity", "show", "bo", "--json").stdout.utf8))
            #expect(json["signingKeys"]?[0]?["key"]?.stringValue == Self.boKey.publicKey.base64)
            #expect(json["signingKeys"]?[0]?["revoked"]?.boolValue == true)
            outputs += [revoked, shown]

            for output in outputs {
                for secret in Self.secrets(Self.alixKey) + Self.secrets(Self.boKey) {
                    #expect(!output.stdout.contains(secret) && !output.stderr.contains(secret))
                }
            }
        }
    }

    /// Export keeps the signatures and import verifies them: the log moves as it was; a commit
    /// changed in the file after it was signed is refused, naming its group and sequence, and
    /// nothing is written.
    @Test func exportAndImportKeepSignaturesAndRefuseATamperedOne() throws {
        try withTemporaryDirectory { directory in
            let (store, _, bo) = try Self.makeStore(in: directory)
            try store.succeed("submit", "vault", "--actor", "bo", "--key", bo, "--time", "2000", "--changes", #"{"op": "updateName", "name": "signed"}"#)
            let exported = directory.path("vault.json")
            try store.succeed("export", "vault", "-o", exported)
            let text = try String(contentsOfFile: exported, encoding: .utf8)
            #expect(text.contains(#""signature""#))

            let copy = SampleStore(path: directory.path("copy"))
            try copy.succeed("init")
            let imported = copy.run("import", exported, "--group", "vault")
            #expect(imported.status == .success, "\(imported.stderr)")
            #expect(copy.run("verify").status == .success)
            #expect(copy.run("log", "vault").stdout == store.run("log", "vault").stdout)

            let tampered = try directory.write("tampered.json", text.replacingOccurrences(of: #""signed""#, with: #""forged""#))
            let other = SampleStore(path: directory.path("other"))
            try other.succeed("init")
            let refused = other.run("import", tampered, "--group", "vault")
            #expect(refused.status == .badInput)
            #expect(refused.stderr.contains("commit 1") && refused.stderr.contains("signature"), "\(refused.stderr)")
            #expect(other.run("groups").lines == ["0 groups"])
        }
    }

    @Test func badKeysAreBadInputAndChangeNothing() throws {
        try withTemporaryDirectory { directory in
            let (store, _, _) = try Self.makeStore(in: directory)
            let log = store.run("log", "vault").stdout
            let notBase64 = store.run("identity", "claim", "caro", "--key", "not a key")
            #expect(notBase64.status == .badInput)
            #expect(notBase64.stderr.contains("not standard padded base64"), "\(notBase64.stderr)")
            let short = store.run("identity", "claim", "caro", "--key", Base64.encode([1, 2, 3]))
            #expect(short.status == .badInput)
            #expect(short.stderr.contains("32 bytes, not 3"), "\(short.stderr)")
            let taken = store.run("identity", "claim", "caro", "--key", Self.boKey.publicKey.base64)
            #expect(taken.status == .badInput)
            #expect(taken.stderr.contains("already claimed by bo"), "\(taken.stderr)")
            let notHers = store.run("identity", "revoke-key", "caro", "--key", Self.boKey.publicKey.base64)
            #expect(notHers.status == .badInput)
            #expect(store.run("identity", "show", "caro").lines.contains("  signing keys  none"))
            let both = store.run("identity", "claim", "caro", "--handle", "caro.eth", "--key", Self.boKey.publicKey.base64)
            #expect(both.status == .usage)
            let missing = store.run(
                "submit", "vault", "--actor", "bo", "--key", directory.path("nowhere.key"), "--changes", #"{"op": "updateName", "name": "x"}"#)
            #expect(missing.status == .badInput)
            #expect(missing.stderr.contains(directory.path("nowhere.key")), "\(missing.stderr)")
            #expect(store.run("log", "vault").stdout == log)
        }
    }

    /// A key file others may read still signs, with a warning naming the file.
    @Test func aKeyFileReadableByOthersSignsWithAWarning() throws {
        try withTemporaryDirectory { directory in
            let (store, _, bo) = try Self.makeStore(in: directory)
            #expect(chmod(bo, 0o644) == 0)
            let signed = store.run(
                "submit", "vault", "--actor", "bo", "--key", bo, "--time", "2000", "--changes", #"{"op": "updateName", "name": "x"}"#)
            #expect(signed.status == .success, "\(signed.stderr)")
            #expect(signed.stderr.contains("warning") && signed.stderr.contains(bo), "\(signed.stderr)")
            for secret in Self.secrets(Self.boKey) { #expect(!signed.stderr.contains(secret) && !signed.stdout.contains(secret)) }
        }
    }
}
