import Foundation
import GroupFixtures
import GroupTestSupport
import Testing
@testable import grouplog

/// The least-privilege roles of docs/postgres.md, made with exactly the SQL the page shows
/// (docs/postgres-roles.sql and docs/postgres-grants.sql, which it quotes whole): the writer
/// appends but cannot change a commit, the auditor reads and cannot write at all.
struct PostgresRolesTests {
    static let docs = PostgresTestRoles.packageRoot.appendingPathComponent("docs")
    static let rolesScript = docs.appendingPathComponent("postgres-roles.sql").path
    static let grantsScript = docs.appendingPathComponent("postgres-grants.sql").path

    private static let create = #"[{"op": "create", "members": ["bo", "caro"], "name": "Team"}]"#
    private static let promote = #"[{"op": "addAdmin", "inbox": "bo"}]"#
    private static let rename = #"[{"op": "updateName", "name": "Renamed"}]"#
    private static let caroKey = Base64.encode([UInt8](repeating: 9, count: 32))

    /// The page shows the scripts the test runs, byte for byte, so they cannot drift apart.
    @Test func thePageQuotesBothScriptsWhole() throws {
        let page = try String(contentsOf: Self.docs.appendingPathComponent("postgres.md"), encoding: .utf8)
        for script in [Self.rolesScript, Self.grantsScript] {
            let sql = try String(contentsOfFile: script, encoding: .utf8)
            #expect(page.contains("```sql\n" + sql + "```\n"), "docs/postgres.md does not quote \(script) whole")
        }
    }

    @Test func theWriterAppendsButCannotChangeACommitAndTheAuditorOnlyReads() async throws {
        _ = try await PostgresTestSchema.with { schema in
            try await PostgresTestRoles.with(in: schema) { roles in
                // As the page says: the roles as a superuser, init as the owner, the grants as the owner.
                let made = try schema.psql(file: Self.rolesScript, variables: roles.variables(in: schema))
                try #require(made.succeeded, "\(made.stderr)")
                let owner = schema.url(as: roles.owner), writer = schema.url(as: roles.writer), auditor = schema.url(as: roles.auditor)
                let initialized = grouplog("--store", owner, "init")
                try #require(initialized.status == .success, "\(initialized.stderr)")
                let granted = try schema.psql(file: Self.grantsScript, variables: roles.variables(in: schema), as: roles.owner)
                try #require(granted.succeeded, "\(granted.stderr)")

                // The writer submits, claims, verifies and rebuilds...
                for words in [
                    ["identity", "claim", "caro", "--handle", "caro.eth"],
                    ["identity", "claim", "caro", "--key", Self.caroKey], ["identity", "revoke-key", "caro", "--key", Self.caroKey],
                    ["submit", "team", "--actor", "alix", "--time", "1000", "--changes", Self.create],
                    ["submit", "team", "--actor", "alix", "--time", "2000", "--changes", Self.promote, "--expect-sequence", "1"],
                    ["verify"], ["rebuild"], ["verify"],
                ] {
                    let result = grouplog(["--store", writer] + words)
                    #expect(result.status == .success, "writer \(words[0]): \(result.stderr)")
                }
                // ...but may not change or remove a commit: its grants refuse it.
                for statement in [
                    "UPDATE grouplog_commits SET commit_bytes = ''::bytea", "DELETE FROM grouplog_commits", "TRUNCATE grouplog_commits",
                ] {
                    let refused = try schema.psql(statement, as: roles.writer)
                    #expect(!refused.succeeded && refused.stderr.contains("permission denied for table grouplog_commits"), "\(statement): \(refused.stderr)")
                }
                // The owner holds every privilege on its tables, and the trigger refuses it still.
                let tampered = try schema.psql("DELETE FROM grouplog_commits", as: roles.owner)
                #expect(!tampered.succeeded && tampered.stderr.contains("append-only"), "\(tampered.stderr)")

                // The auditor reads the log, the state and the chain...
                let log = grouplog("--store", auditor, "log", "team")
                #expect(log.status == .success && log.lines.count >= 2, "\(log.stderr)")
                for words in [["state", "team"], ["verify"], ["identity", "show", "caro"]] {
                    let result = grouplog(["--store", auditor] + words)
                    #expect(result.status == .success, "auditor \(words[0]): \(result.stderr)")
                }
                // ...and cannot write: a store error, and nothing written.
                for words in [
                    ["submit", "team", "--actor", "alix", "--time", "3000", "--changes", Self.rename],
                    ["identity", "claim", "davon", "--handle", "davon.eth"],
                    ["identity", "claim", "davon", "--key", Base64.encode([UInt8](repeating: 8, count: 32))],
                ] {
                    let refused = grouplog(["--store", auditor] + words)
                    #expect(refused.status == .storeError, "auditor \(words[0]): \(refused.stdout) \(refused.stderr)")
                    #expect(refused.stderr.contains("permission denied"), "\(refused.stderr)")
                }
                let unwritten = try schema.psql("SELECT (SELECT count(*) FROM grouplog_commits) || ' ' || (SELECT count(*) FROM grouplog_claims)")
                #expect(unwritten.stdout == "2 1\n", "\(unwritten.stdout) \(unwritten.stderr)")
                #expect(grouplog("--store", auditor, "log", "team").stdout == log.stdout)
                #expect(grouplog("--store", writer, "verify").status == .success)
            }
        }
    }
}
