import GroupCodec
import GroupCore
import GroupFixtures
import GroupStore
import GroupTestSupport

/// A log whose commits are signed with real Ed25519 keys, for the audit tools' signature marks.
///
/// alix creates a group of bo and caro recording each one's key (requiring signatures or not),
/// signed with alix's key; #1 bo renames it, signed with bo's key; #2 caro renames it, signed
/// with bo's key (a key not caro's); #3 bo sets the description, unsigned; #4 alix makes bo an
/// admin, signed with alix's key. In a group that requires signatures #2 is `wrongSigningKey`
/// and #3 `unsignedCommit`; in one that does not, every commit applies.
enum SignedLog {
    static let alixKey = Ed25519.PrivateKey.seeded(0xA1)
    static let boKey = Ed25519.PrivateKey.seeded(0xB0)
    static let caroKey = Ed25519.PrivateKey.seeded(0xCA)

    static var alix: PublicKey { alixKey.publicKey }
    static var bo: PublicKey { boKey.publicKey }
    static var caro: PublicKey { caroKey.publicKey }

    /// The commits, chained from commit 0 and signed as the summary says.
    /// - Parameter forging: the index of a commit whose signature is then replaced by one that
    ///   does not verify (see ``forged(_:)``); the commits after it chain to it as it is, so
    ///   that theirs still verify.
    static func commits(requireSignatures: Bool, group: GroupID = .test, forging: Int? = nil) -> [Commit] {
        var log = LogBuilder(groupID: group)
        // The member limit given, as a submitter writes it, so that a fixture's runner, which
        // writes the configuration's limit into a create that gives none, keeps the commit as signed.
        let create = CreateConversation(
            members: [.bo, .caro], memberLimit: GroupSettings.defaultMemberLimit, requireSignatures: requireSignatures,
            keys: [.alix: [alix], .bo: [bo], .caro: [caro]])
        return chainedAndSigned([
            (log.commit(.alix, .create(create)), alixKey),
            (log.commit(.bo, .updateName("by bo")), boKey),
            (log.commit(.caro, .updateName("forged")), boKey),
            (log.commit(.bo, .updateDescription("unsigned")), nil),
            (log.commit(.alix, .addAdmin(.bo)), alixKey),
        ], forging: forging)
    }

    /// Each commit chained to the one before it (from `previous`), then signed with its key:
    /// the signature covers the previous hash, and the next hash covers the signature.
    static func chainedAndSigned(_ commits: [(Commit, Ed25519.PrivateKey?)], after previous: Digest? = nil, forging: Int? = nil) -> [Commit] {
        var previous = previous
        return commits.enumerated().map { index, entry in
            let (commit, key) = entry
            var linked = Commit(groupID: commit.groupID, sequence: commit.sequence, actor: commit.actor, time: commit.time,
                                changes: commit.changes, previousHash: previous)
            if let key { linked = linked.signed(with: key) }
            if index == forging { linked = forged(linked) }
            previous = CommitCodec.hash(linked)
            return linked
        }
    }

    /// `commit` carrying a signature of its key that was made over other bytes: one that does
    /// not verify, as a commit edited after it was signed carries.
    static func forged(_ commit: Commit) -> Commit {
        let key = commit.signature?.publicKey ?? bo
        return commit.with(signature: CommitSignature(publicKey: key, bytes: [UInt8](repeating: 7, count: CommitSignature.byteCount))!)
    }

    /// Ingests the log into `group` of `store`; every signature verifies.
    @discardableResult
    static func ingest(into store: GroupStore, requireSignatures: Bool, group: GroupID = .test) throws -> [Commit] {
        let commits = commits(requireSignatures: requireSignatures, group: group)
        _ = try store.ingest(commits)
        return commits
    }

    /// The log as a fixture whose commits carry their signatures as recorded (as `export` writes
    /// them), so that one of them can be made not to verify; nil `forging` forges none.
    static func fixture(requireSignatures: Bool, forging index: Int? = nil) -> Fixture {
        let entries = commits(requireSignatures: requireSignatures, forging: index).map { commit in
            FixtureCommit(actor: commit.actor, time: commit.time, changes: commit.changes,
                          signing: commit.signature.map(FixtureSigning.recorded) ?? .unsigned)
        }
        return Fixture(name: "signed", group: .test, commits: entries)
    }
}

extension JSONValue {
    /// The member `key` of an object; nil for another value or a missing key.
    func member(_ key: String) -> JSONValue? {
        guard case let .object(object) = self else { return nil }
        return object[key]
    }
}
