import Foundation
import GroupCodec
import GroupCore
import GroupTestSupport
import Testing
@testable import GroupStore
@testable import GroupStorePostgres

/// The PostgreSQL schema's version 2: the commits are append-only in the database (a trigger
/// refuses any change to a stored one, for every role), a version 1 store is migrated by an open
/// with `create` and keeps every commit, and a newer version is refused.
struct PostgresSchemaTests {
    /// A connection to `place`'s schema as the server's superuser, as an operator's psql would be.
    private func superuser(in place: StorePlace) throws -> PGConnection {
        try PGConnection(url: TestBackend.url(try #require(TestBackend.postgresURL), schema: place.root))
    }

    /// A store with two groups and a DM: a rejected commit among the ingested ones, a claim,
    /// memberships and directory entries, so that every table has rows.
    private func fill(_ store: any GroupLogStorage) throws {
        try store.claim(PublicIdentity(unchecked: .handle, "caro.eth"), for: .caro)
        let log = chained([
            Commit(groupID: .test, sequence: 0, actor: .alix, time: 10_000, changes: [.create(CreateConversation(members: [.bo, .caro]))]),
            Commit(groupID: .test, sequence: 1, actor: .bo, time: 20_000, changes: [.addAdmin(.caro)]),
            Commit(groupID: .test, sequence: 2, actor: .alix, time: 30_000, changes: [.updateName("Team")]),
        ])
        let outcomes = try store.ingest(log)
        #expect(outcomes[1].code == "permissionDenied")
        try store.submit(to: .named("open"), actor: .bo, time: 1, changes: [
            .create(CreateConversation(members: [.alix], name: "Open", joinRule: .open)),
        ])
        try store.submit(to: .dm(between: .alix, and: .bo), actor: .alix, time: 2,
                         changes: [.create(CreateConversation(kind: .dm, members: [.bo]))], expectedSequence: 0)
    }

    /// Everything a reader sees of every group: its commits with their outcomes and events, and
    /// the state's hash at its head.
    private func everything(in store: any GroupLogStorage) throws -> [GroupID: ([LoggedCommit], Digest?)] {
        var seen: [GroupID: ([LoggedCommit], Digest?)] = [:]
        for summary in try store.groups() {
            let state = try store.state(of: summary.group).state
            seen[summary.group] = (try store.commits(of: summary.group), state.map(StateCodec.hash))
        }
        return seen
    }

    @Test func aStoredCommitCannotBeUpdatedDeletedOrTruncatedEvenByASuperuser() throws {
        try TestBackend.postgres.withPlace { place throws in
            let store = try place.open(StoreOptions(create: true))
            try fill(store)
            let raw = try superuser(in: place)
            let refusals = [
                ("UPDATE grouplog_commits SET commit_bytes = ''::bytea WHERE sequence = 1", "cannot be updated"),
                ("UPDATE grouplog_commits SET sequence = sequence + 10", "cannot be updated"),
                ("DELETE FROM grouplog_commits WHERE group_id = 'test-group' AND sequence = 2", "commit 2 of group test-group cannot be deleted"),
                ("TRUNCATE grouplog_commits", "cannot be truncated"),
                ("TRUNCATE grouplog_commits CASCADE", "cannot be truncated"),
            ]
            for (statement, message) in refusals {
                #expect("\(statement)", performing: { try raw.execute(statement, operation: "tamper") }, throws: { error in
                    "\(error)".contains("append-only") && "\(error)".contains(message) && "\(error)".contains("SQLSTATE 23001")
                })
            }
            // Triggers that replication turns off are still on: this one is enabled ALWAYS.
            try raw.execute("SET session_replication_role = replica", operation: "act as a replication apply")
            #expect(performing: { try raw.execute("DELETE FROM grouplog_commits", operation: "tamper") }, throws: { "\($0)".contains("append-only") })
            // Appending is all the table allows: the store carries on, and its logs verify.
            try store.submit(to: .test, actor: .alix, time: 40_000, changes: [.updateDescription("still here")])
            #expect(try store.headSequence(of: .test) == 3)
            #expect(try store.verify() == [])
        }
    }

    @Test func rebuildWritesOnlyDerivedTablesAndRestoresAMissingOutcome() throws {
        try TestBackend.postgres.withPlace { place throws in
            let store = try place.open(StoreOptions(create: true))
            try fill(store)
            let before = try everything(in: store)
            let raw = try superuser(in: place)
            try raw.execute("DELETE FROM grouplog_outcomes WHERE group_id = 'test-group' AND sequence = 1", operation: "lose an outcome")
            try TestBackend.postgres.forgetCaches(of: store)
            #expect(try store.verify().map(\.message) == ["its outcome is missing; run 'grouplog rebuild'"])
            #expect(performing: { try store.commits(of: .test) }, throws: { "\($0)".contains("its outcome is missing") })
            // The trigger would refuse rebuild any change to a commit: it succeeds, so it made none.
            let report = try store.rebuild()
            #expect(report.commits == 5)
            #expect(try store.verify() == [])
            let after = try everything(in: store)
            #expect(after.keys == before.keys)
            for (group, (logged, hash)) in before {
                #expect(after[group]?.0 == logged && after[group]?.1 == hash, "\(group)")
            }
        }
    }

    @Test func aVersion1StoreIsMigratedByAnOpenWithCreateAndKeepsEveryCommit() throws {
        try TestBackend.postgres.withPlace { source throws in
            let original = try source.open(StoreOptions(create: true))
            try fill(original)
            let expected = try everything(in: original)
            try TestBackend.postgres.withPlace { place throws in
                // Version 1 as its code made it: its tables, its version row, each commit stored
                // with its outcome in one row.
                let raw = try superuser(in: place)
                for statement in PostgresSchema.createVersion1 { try raw.execute(statement, operation: "create version 1") }
                let from = source.root
                for statement in [
                    "INSERT INTO grouplog_schema_version (version) VALUES (1)",
                    """
                    INSERT INTO grouplog_commits (group_id, sequence, commit_bytes, outcome)
                    SELECT c.group_id, c.sequence, c.commit_bytes, o.outcome
                    FROM \(from).grouplog_commits c JOIN \(from).grouplog_outcomes o USING (group_id, sequence)
                    """,
                    "INSERT INTO grouplog_groups SELECT * FROM \(from).grouplog_groups",
                    "INSERT INTO grouplog_claims (kind, value, inbox) SELECT kind, value, inbox FROM \(from).grouplog_claims ORDER BY claim_order",
                    "INSERT INTO grouplog_memberships SELECT * FROM \(from).grouplog_memberships",
                    "INSERT INTO grouplog_directory SELECT * FROM \(from).grouplog_directory",
                    "INSERT INTO grouplog_dms (first_inbox, second_inbox, group_id) SELECT first_inbox, second_inbox, group_id FROM \(from).grouplog_dms ORDER BY filed",
                ] {
                    try raw.execute(statement, operation: "write a version 1 store")
                }
                #expect(try raw.execute("SELECT count(*) FROM grouplog_commits", operation: "count").int64(0, 0) == 5)

                // Without create, version 1 is refused with the command that migrates it, and left as it is.
                #expect(performing: { try place.open(StoreOptions()) }, throws: { error in
                    guard case let .notAStore(_, reason)? = error as? StoreError else { return false }
                    return reason.contains("schema version 1 is older than this build's (4)") && reason.contains("run 'grouplog init'")
                })
                #expect(try raw.execute("SELECT max(version) FROM grouplog_schema_version", operation: "read").int64(0, 0) == 1)

                let migrated = try place.open(StoreOptions(create: true))
                #expect(try raw.execute("SELECT max(version), count(*) FROM grouplog_schema_version", operation: "read").int64(0, 0) == 4)
                #expect(try migrated.verify() == [])
                let seen = try everything(in: migrated)
                #expect(seen.keys == expected.keys)
                for (group, (logged, hash)) in expected {
                    #expect(seen[group]?.0 == logged && seen[group]?.1 == hash, "\(group)")
                }
                #expect(try migrated.identities(of: .caro) == [PublicIdentity(unchecked: .handle, "caro.eth")])
                #expect(try migrated.dms(between: .bo, and: .alix) == [.dm(between: .alix, and: .bo)])
                // The migrated commits are append-only too, and the store goes on appending.
                #expect(performing: { try raw.execute("DELETE FROM grouplog_commits", operation: "tamper") }, throws: { "\($0)".contains("append-only") })
                try migrated.submit(to: .test, actor: .alix, time: 40_000, changes: [.updateDescription("migrated")])
                #expect(try migrated.verify() == [])
                // Opening it again, with or without create, changes nothing.
                let again = try place.open(StoreOptions(create: true))
                #expect(try again.headSequence(of: .test) == 3)
                _ = try place.open(StoreOptions())
                #expect(try raw.execute("SELECT count(*) FROM grouplog_schema_version", operation: "read").int64(0, 0) == 1)
            }
        }
    }

    @Test(arguments: [5, 99])
    func aSchemaNewerThanThisBuildsIsRefused(version: Int64) throws {
        try TestBackend.postgres.withPlace { place throws in
            _ = try place.open(StoreOptions(create: true))
            try superuser(in: place).execute("UPDATE grouplog_schema_version SET version = $1", [.int64(version)], operation: "pretend a newer GroupLog")
            for options in [StoreOptions(), StoreOptions(create: true)] {
                #expect(performing: { try place.open(options) }, throws: { error in
                    guard case let .notAStore(_, reason)? = error as? StoreError else { return false }
                    return reason.contains("schema version \(version) is newer than this build reads (4)")
                })
            }
        }
    }
}
