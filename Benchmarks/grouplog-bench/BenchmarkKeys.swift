import GroupCodec
import GroupCore
import GroupStore

/// The signing keys of the signed-commit benchmarks: one Ed25519 key per inbox, its seed the
/// SHA-256 of the inbox ID, so that every run signs with the same keys (and Ed25519 being
/// deterministic, makes the same signatures).
enum BenchmarkKeys {
    /// The key `inbox` signs with.
    static func key(of inbox: InboxID) -> Ed25519.PrivateKey {
        orExit("derive the signing key of \(inbox)") {
            try Ed25519.PrivateKey(seed: SHA256.hash(Array("grouplog-bench key of \(inbox)".utf8)).bytes)
        }
    }

    /// Claims each inbox's key for it in the store's directory, as a member's client would
    /// before a group records its keys.
    static func claim(_ keys: [InboxID: Ed25519.PrivateKey], in store: any GroupLogStorage) {
        for (inbox, key) in keys.sorted(by: { $0.key < $1.key }) {
            orExit("claim the signing key of \(inbox)") { try store.claim(key: key.publicKey, for: inbox) }
        }
    }
}
