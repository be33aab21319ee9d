import Foundation
import GroupCore
import GroupTestSupport
import Testing
@testable import GroupStore

/// How store errors read: each is reported as what it is, with plain values a caller can use.
struct StoreErrorTests {
    /// An LMDB failure becomes `.storage` with the operation, code and text as plain values, and
    /// prints as the CLI has always printed it.
    @Test func storageErrorCarriesPlainFields() {
        let error = StoreError(LMDBError(code: ENOSPC, operation: "mdb_txn_commit /srv/store"))
        #expect(error == .storage(operation: "mdb_txn_commit /srv/store", code: ENOSPC, message: "No space left on device"))
        #expect(error.description == "storage error: mdb_txn_commit /srv/store: No space left on device (\(ENOSPC))")
    }

    /// LMDB's own codes keep LMDB's text.
    @Test func storageErrorKeepsLMDBsText() {
        let error = StoreError(LMDBError(code: -30792, operation: "mdb_put commits"))
        guard case let .storage(operation, code, message) = error else {
            Issue.record("expected .storage, got \(error)")
            return
        }
        #expect(operation == "mdb_put commits")
        #expect(code == -30792)
        #expect(message == "MDB_MAP_FULL: Environment mapsize limit reached")
        #expect(LMDBError(code: code, operation: operation).isMapFull)
    }

    /// A stored record that does not decode is reported as corrupt, naming the group and the
    /// commit it belongs to.
    @Test func undecodableOutcomeNamesItsGroupAndSequence() throws {
        try withNewStore { store throws in
            try store.submit(to: .test, actor: .alix, time: 1, changes: [.create(CreateConversation(members: [.bo]))])
            try store.submit(to: .test, actor: .alix, time: 2, changes: [.updateName("renamed")])
            try store.environment.write { txn throws(StoreError) in
                let head = try store.existingHead(of: .test, in: txn)
                try txn.put(store.databases.outcomes, key: StoreKeys.entry(head.number, 1), value: [0xFF])
            }
            let error = #expect(throws: StoreError.self) { try store.commits(of: .test) }
            guard case let .corrupt(group, sequence, reason)? = error else {
                Issue.record("expected .corrupt, got \(String(describing: error))")
                return
            }
            #expect(group == .test)
            #expect(sequence == 1)
            #expect(reason.hasPrefix("its outcome: "), "\(reason)")
            #expect(error?.description.hasPrefix("corrupt record in group \(GroupID.test) at commit 1: its outcome") == true)
        }
    }

    /// A group head that does not decode names its group (it belongs to no one commit).
    @Test func undecodableHeadNamesItsGroup() throws {
        try withNewStore { store throws in
            try store.submit(to: .test, actor: .alix, time: 1, changes: [.create(CreateConversation(members: [.bo]))])
            try store.environment.write { txn throws(StoreError) in
                try txn.put(store.databases.groups, key: StoreKeys.group(.test), value: [0xFF])
            }
            let error = #expect(throws: StoreError.self) { try store.headSequence(of: .test) }
            guard case let .corrupt(group, sequence, reason)? = error else {
                Issue.record("expected .corrupt, got \(String(describing: error))")
                return
            }
            #expect(group == .test)
            #expect(sequence == nil)
            #expect(reason.hasPrefix("its head record: "), "\(reason)")
        }
    }

    /// Two inboxes' claim lists naming one identity are a corrupt directory: reported as such,
    /// saying whose claims, rather than as whatever building the directory in memory threw.
    @Test func contradictoryClaimsAreACorruptDirectory() throws {
        try withNewStore { store throws in
            try store.claim(.handle("alix.eth"), for: .alix)
            try store.claim(.handle("bo.eth"), for: .bo)
            // Bo's list now names alix.eth too, which the reverse index gives to alix.
            try store.environment.write { txn throws(StoreError) in
                let alixClaims = try txn.get(store.databases.claims, key: StoreKeys.inbox(.alix)).map { Array($0) } ?? []
                try txn.put(store.databases.claims, key: StoreKeys.inbox(.bo), value: alixClaims)
            }
            let error = #expect(throws: StoreError.self) { try store.directory(for: [.alix, .bo]) }
            guard case let .corrupt(group, sequence, reason)? = error else {
                Issue.record("expected .corrupt, got \(String(describing: error))")
                return
            }
            #expect(group == nil)
            #expect(sequence == nil)
            #expect(reason.hasPrefix("the directory's claims of \(InboxID.bo): "), "\(reason)")
            #expect(reason.contains("already claimed by \(InboxID.alix)"), "\(reason)")
        }
    }
}
