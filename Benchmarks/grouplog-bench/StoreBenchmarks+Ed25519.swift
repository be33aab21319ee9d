import GroupCodec
import GroupCore

/// The raw cost of one Ed25519 signature and one verification (OpenSSL, through GroupCodec), as
/// context for the signed-commit figures: the signed bytes of typical commits (a member's
/// rename, chained), prepared beforehand so that only the cryptography is timed.
extension StoreBenchmarks {
    static let ed25519Names = ["ed25519.sign", "ed25519.verify"]

    func measureEd25519(into table: inout SummaryTable) {
        let key = BenchmarkKeys.key(of: InboxID(unchecked: "m1"))
        let messages = (0..<sizes.signatureOperations).map { index in
            CommitCodec.signedBytes(Commit(
                groupID: GroupID(unchecked: "signatures"), sequence: UInt64(index + 1), actor: InboxID(unchecked: "m1"),
                time: 1_000 + UInt64(index), changes: [.updateName("name \(index)")],
                previousHash: SHA256.hash(Array("commit \(index)".utf8))))
        }
        print("ed25519 workload: \(messages.count) messages of \(messages[0].count) bytes (the signed bytes of a rename)")
        var signatures: [[UInt8]] = []
        let sign = harness.measure("ed25519.sign", units: messages.count, unitName: "ops", prepare: {}) { _ in
            signatures = messages.map { key.sign($0) }
        }
        if signatures.isEmpty { signatures = messages.map { key.sign($0) } }
        var failures = 0
        let verify = harness.measure("ed25519.verify", units: messages.count, unitName: "ops", prepare: {}) { _ in
            for (message, signature) in zip(messages, signatures) where !Ed25519.verify(signature, of: message, by: key.publicKey) {
                failures += 1
            }
        }
        if failures > 0 { exitWithMessage("ed25519.verify: \(failures) signatures did not verify") }
        for result in [sign, verify].compactMap({ $0 }) {
            table.figures.append(Figure(result.name, result.median / Double(result.units) * 1e6, "us/op"))
        }
    }
}
