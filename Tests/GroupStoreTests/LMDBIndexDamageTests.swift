import GroupCodec
import GroupCore
import GroupTestSupport
import Testing
@testable import GroupStore

/// The LMDB backend's cross-group index and directory, damaged record by record: `verify()`
/// reports each kind of damage and `rebuild()` makes both again byte for byte. The seam's suite
/// (CrossGroupTests) checks what every backend's indexes hold; these write LMDB's records.
struct LMDBIndexDamageTests {
    /// `rebuild()` drops both indexes and makes them again, byte for byte.
    @Test func rebuildMakesTheIndexAndDirectoryAgainIdentically() throws {
        try withNewStore(snapshotInterval: 3) { store throws in
            var scenario = Lifecycle(store)
            try scenario.runAll()
            let memberships = try rawEntries(store, \.memberships)
            let directory = try rawEntries(store, \.directory)
            let reads = try CrossGroupReads(store)
            #expect(!memberships.isEmpty)
            #expect(!directory.isEmpty)

            _ = try store.rebuild()
            #expect(try rawEntries(store, \.memberships) == memberships)
            #expect(try rawEntries(store, \.directory) == directory)
            #expect(try CrossGroupReads(store) == reads)

            // Emptied, they come back the same.
            try store.environment.write { txn throws(StoreError) in
                try txn.drop(store.databases.memberships)
                try txn.drop(store.databases.directory)
            }
            #expect(try store.directory(limit: 10).total == 0)
            #expect(try store.groups(containing: .alix) == [])
            #expect(!(try store.verify()).isEmpty)
            _ = try store.rebuild()
            #expect(try rawEntries(store, \.memberships) == memberships)
            #expect(try rawEntries(store, \.directory) == directory)
            #expect(try CrossGroupReads(store) == reads)
            #expect(try store.verify() == [])
        }
    }

    /// A directory entry that disagrees with its group's state, in each way it can, is reported
    /// by `verify()` for that group, and `rebuild()` repairs it.
    @Test(arguments: DirectoryDamage.allCases)
    func verifyReportsADamagedDirectoryEntry(_ damage: DirectoryDamage) throws {
        try withNewStore { store throws in
            var scenario = Lifecycle(store)
            try scenario.runAll()
            #expect(try store.verify() == [])
            let before = try rawEntries(store, \.directory)
            let key = Array(damage.group.rawValue.utf8)
            let stored = before.first { $0.key == key }?.value
            // The entry to write in place of the stored one; nil to delete it.
            let damaged: [UInt8]?
            switch damage {
            case .wrongMemberCount:
                var bytes = try #require(stored)
                // Version, name (length, bytes), member count (one varint byte while below 128), join rule.
                #expect(bytes[bytes.count - 2] == 3)
                bytes[bytes.count - 2] = 9
                damaged = bytes
            case .wrongName:
                var bytes = try #require(stored)
                bytes[2] = UInt8(ascii: "X")
                damaged = bytes
            case .missing:
                damaged = nil
            case .inviteOnlyListed, .dmListed:
                damaged = [1, 1, UInt8(ascii: "I"), 2, 0]
            case .unreadable:
                damaged = [9, 0]
            }
            try store.environment.write { txn throws(StoreError) in
                if let damaged {
                    try txn.put(store.databases.directory, key: key, value: damaged)
                } else {
                    #expect(try txn.delete(store.databases.directory, key: key))
                }
            }
            #expect(try store.verify() == [
                VerifyProblem(group: damage.group, sequence: nil, message: "the group directory's entry differs from the group's state"),
            ])
            if damage == .unreadable {
                let error = #expect(throws: StoreError.self) { try store.directory(limit: 10) }
                if case let .corrupt(group, _, _)? = error { #expect(group == damage.group) } else {
                    Issue.record("expected a corrupt error naming \(damage.group), got \(String(describing: error))")
                }
            }
            _ = try store.rebuild()
            #expect(try rawEntries(store, \.directory) == before)
            #expect(try store.verify() == [])
        }
    }

    /// A directory entry for a group the store does not have lists a group nobody can open:
    /// `verify()` must report it.
    @Test func verifyReportsADirectoryEntryForAMissingGroup() throws {
        try withNewStore { store throws in
            var scenario = Lifecycle(store)
            try scenario.runAll()
            try store.environment.write { txn throws(StoreError) in
                try txn.put(store.databases.directory, key: Array("ghost".utf8), value: [1, 5] + Array("Ghost".utf8) + [4, 0])
            }
            #expect(try store.directory(limit: 10).items.map(\.group).contains(.named("ghost")))
            let problems = try store.verify()
            #expect(!problems.isEmpty, "verify reports nothing for a directory entry of the missing group ghost")
            _ = try store.rebuild()
            #expect(try !store.directory(limit: 10).items.map(\.group).contains(.named("ghost")))
        }
    }

    /// An index entry for an inbox the group never had lists the group among that inbox's:
    /// `verify()` must report it ("no one else does").
    @Test func verifyReportsAnIndexEntryForAnInboxTheGroupNeverHad() throws {
        try withNewStore { store throws in
            var scenario = Lifecycle(store)
            try scenario.runAll()
            let stranger = InboxID.named("stranger")
            try store.environment.write { txn throws(StoreError) in
                try txn.put(store.databases.memberships, key: StoreKeys.membership(stranger, Lifecycle.gate), value: [UInt8]())
            }
            #expect(try store.groups(containing: stranger) == [Lifecycle.gate])
            let problems = try store.verify()
            #expect(problems.contains { $0.group == Lifecycle.gate }, "verify reports nothing for gate's index entry of \(stranger): \(problems)")
            _ = try store.rebuild()
            #expect(try store.groups(containing: stranger) == [])
        }
    }

    @Test func verifyReportsIndexEntriesMissingOrLeftBehind() throws {
        try withNewStore { store throws in
            var scenario = Lifecycle(store)
            try scenario.runAll()
            try store.environment.write { txn throws(StoreError) in
                #expect(try txn.delete(store.databases.memberships, key: StoreKeys.membership(.davon, Lifecycle.gate)))
                try txn.put(store.databases.memberships, key: StoreKeys.membership(.fen, Lifecycle.invite), value: [UInt8]())
            }
            #expect(try store.verify() == [
                VerifyProblem(group: Lifecycle.gate, sequence: nil, message: "the cross-group index lacks member davon"),
                VerifyProblem(group: Lifecycle.invite, sequence: nil, message: "the cross-group index still lists former member fen"),
            ])
            _ = try store.rebuild()
            #expect(try store.verify() == [])
        }
    }
}

// MARK: - Helpers

/// Ways a directory entry can disagree with its group's state.
enum DirectoryDamage: String, CaseIterable, Sendable {
    case wrongMemberCount, wrongName, missing, inviteOnlyListed, dmListed, unreadable

    var group: GroupID {
        switch self {
        case .wrongMemberCount, .wrongName, .missing, .unreadable: Lifecycle.gate
        case .inviteOnlyListed: Lifecycle.invite
        case .dmListed: Lifecycle.dm
        }
    }
}

/// One key and value of an LMDB database.
struct RawEntry: Equatable {
    let key: [UInt8]
    let value: [UInt8]
}

/// Every entry of one of the store's databases, in key order.
func rawEntries(_ store: GroupStore, _ database: KeyPath<GroupStore.Databases, LMDBDatabase>) throws -> [RawEntry] {
    try store.environment.read { txn throws(StoreError) in
        try txn.withCursor(store.databases[keyPath: database]) { cursor throws(StoreError) in
            var entries: [RawEntry] = []
            try cursor.forEach { entry in
                entries.append(RawEntry(key: Array(entry.key), value: Array(entry.value)))
                return .next
            }
            return entries
        }
    }
}
