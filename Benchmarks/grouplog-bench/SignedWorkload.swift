import GroupCodec
import GroupCore

/// The mixed workload twice, for the signed-commit benchmarks: as it is (unsigned, in a group that
/// does not require signatures, no keys recorded), and in a group that requires signatures,
/// every member's key recorded by the create or the `addMembers` that makes it a member and
/// every commit signed with its actor's key, as a group with signing turned on would log it.
struct SignedWorkload {
    let signed: ChainedLog
    let unsigned: ChainedLog
    /// How many inboxes have a key (and so how many keys were derived).
    let keyCount: Int

    init(_ workload: MixedWorkload, mixedCommits: Int) {
        let log = workload.log(mixedCommits: mixedCommits)
        var keys: [InboxID: Ed25519.PrivateKey] = [:]
        for commit in log {
            for inbox in [commit.actor] + commit.changes.flatMap({ $0.inboxesRecordingKeys(actor: commit.actor) }) where keys[inbox] == nil {
                keys[inbox] = BenchmarkKeys.key(of: inbox)
            }
        }
        let recorded = keys.mapValues { [$0.publicKey] }
        let keyed = log.map { commit in
            Commit(
                groupID: commit.groupID, sequence: commit.sequence, actor: commit.actor, time: commit.time,
                changes: commit.changes.map { change in
                    switch change {
                    case var .create(request):
                        request.requireSignatures = true
                        request.keys = [commit.actor: recorded[commit.actor]!]
                        return .create(request)
                    case let .addMembers(inboxes, identities, _):
                        let table = Dictionary(uniqueKeysWithValues: inboxes.map { ($0, recorded[$0]!) })
                        return .addMembers(inboxes: inboxes, identities: identities, keys: table)
                    default:
                        return change
                    }
                })
        }
        let signers = keys
        signed = ChainedLog(chaining: keyed) { signers[$0.actor] }
        unsigned = ChainedLog(chaining: log)
        keyCount = keys.count
    }
}
