import GroupCodec
import GroupCore
import GroupTestSupport
import Testing
@testable import GroupStore

/// A signed log edited by hand (SPEC section 14): whoever can write the store's files changes a
/// signed commit's actor, time or changes. Written in place, the chain shows it; written with the
/// head's hash made to match (the edit hidden from the chain), the signature still does. Either
/// way `verify` names the group and the commit.
struct SignedTamperTests {
    static let alixKey = try! Ed25519.PrivateKey(seed: [UInt8](repeating: 7, count: 32))

    enum Edit: String, CaseIterable, Sendable {
        case actor, time, changes

        func applied(to commit: Commit) -> Commit {
            Commit(
                groupID: commit.groupID, sequence: commit.sequence,
                actor: self == .actor ? .bo : commit.actor, time: self == .time ? commit.time + 1 : commit.time,
                changes: self == .changes ? [.updateName("not what alix signed")] : commit.changes,
                previousHash: commit.previousHash, signature: commit.signature)
        }
    }

    /// Edits the head commit, keeping its signature; with `rechained`, also writes the edited
    /// bytes' hash into the head record, so that the chain holds.
    static func tamper(_ store: GroupStore, _ edit: Edit, rechained: Bool) throws {
        let head = try store.reading { txn throws(StoreError) in try store.existingHead(of: .test, in: txn) }
        let stored = try #require(try store.commits(of: .test, from: head.sequence, limit: 1).first?.commit)
        let edited = CommitCodec.encode(edit.applied(to: stored))
        try store.environment.write { (txn: borrowing WriteTransaction<StoreError>) throws(StoreError) in
            try txn.put(store.databases.commits, key: StoreKeys.entry(head.number, head.sequence), value: edited)
            if rechained {
                let forged = GroupHead(number: head.number, sequence: head.sequence, hash: SHA256.hash(edited))
                try txn.put(store.databases.groups, key: StoreKeys.group(.test), value: forged.encoded())
            }
        }
    }

    static func signedLog(_ store: GroupStore) throws {
        try store.claim(key: alixKey.publicKey, for: .alix)
        try store.submit(
            to: .test, actor: .alix, time: 1, changes: [.create(CreateConversation(members: [.bo]))], expectedSequence: nil,
            signingKey: alixKey)
        try store.submit(to: .test, actor: .alix, time: 2, changes: [.updateName("signed")], expectedSequence: nil, signingKey: alixKey)
        #expect(try store.verify() == [])
    }

    @Test(arguments: Edit.allCases, [false, true])
    func verifyCatchesAHandEditedSignedCommit(_ edit: Edit, rechained: Bool) throws {
        try withNewStore { store throws in
            try Self.signedLog(store)
            try Self.tamper(store, edit, rechained: rechained)
            let problems = try store.verify()
            #expect(problems.contains { $0.group == .test && $0.sequence == 1 }, "\(problems)")
            if rechained {
                #expect(problems.contains { $0.sequence == 1 && $0.message.contains("signature does not verify") }, "\(problems)")
            } else {
                #expect(problems.contains { $0.sequence == 1 && $0.message.contains("was changed") }, "\(problems)")
            }
        }
    }
}
