import Foundation
import GroupTestSupport
import Testing
@testable import grouplog

/// `grouplog replicate --from SRC --to DST --once`: a replica catches up with PostgreSQL (or
/// LMDB), and a second run brings over only what is new; bad options are clear errors; a replica
/// that is not a copy of the source is refused. Following live, SIGTERM and kill -9 are tested
/// with real processes (PostgresReplicateKilledTests).
struct ReplicateCommandTests {
    private func submit(_ store: String, _ group: String, _ actor: String, _ time: Int, _ change: String) {
        let result = grouplog("--store", store, "submit", group, "--actor", actor, "--time", "\(time)", "--changes", change)
        #expect(result.status == .success, "\(result.stderr)")
    }

    /// The groups, each group's state hash and the claims of alix and bo.
    private func summary(of store: String) -> [String] {
        var lines = [grouplog("--store", store, "groups").stdout]
        for group in grouplog("--store", store, "groups").lines where group.hasSuffix("commits") {
            let state = grouplog("--store", store, "state", String(group.split(separator: " ")[0]), "--json").stdout
            lines.append(state.split(separator: "\n").first { $0.contains("\"stateHash\"") }.map(String.init) ?? "no hash in \(state)")
        }
        for inbox in ["alix", "bo"] { lines.append(grouplog("--store", store, "identity", "show", inbox).stdout) }
        return lines
    }

    @Test func aReplicaCatchesUpAndASecondRunCopiesOnlyWhatIsNew() async throws {
        _ = try await PostgresTestSchema.with { schema in
            try withTemporaryDirectory { directory in
                let replica = directory.path("replica")
                #expect(grouplog("--store", schema.url, "init").status == .success)
                submit(schema.url, "team", "alix", 1, #"{"op": "create", "members": ["bo"]}"#)
                submit(schema.url, "team", "alix", 2, #"{"op": "updateName", "name": "Team"}"#)
                #expect(grouplog("--store", schema.url, "identity", "claim", "bo", "--handle", "bo.eth").status == .success)

                let first = grouplog("replicate", "--from", schema.url, "--to", replica, "--once")
                #expect(first.status == .success, "\(first.stderr)")
                #expect(first.stdout.hasPrefix("replicated 1 groups (2 commits) from postgresql://"), "\(first.stdout)")
                #expect(first.stderr.hasSuffix("replicate: caught up: 1 groups, 2 commits\n"), "\(first.stderr)")
                #expect(summary(of: replica) == summary(of: schema.url))

                submit(schema.url, "team", "bo", 3, #"{"op": "updateDescription", "description": "d"}"#)
                submit(schema.url, "crew", "bo", 4, #"{"op": "create"}"#)
                #expect(grouplog("--store", schema.url, "identity", "claim", "alix", "--handle", "alix.eth").status == .success)
                let second = grouplog("replicate", "--from", schema.url, "--to", replica, "--once")
                #expect(second.status == .success, "\(second.stderr)")
                // Only team's new commit and crew are copied; team's first two were there.
                #expect(second.stderr.contains("replicate: group 2 of 2 (team) through commit 2; 4 of 4 commits\n"), "\(second.stderr)")
                #expect(!second.stderr.contains("through commit 1;"), "\(second.stderr)")
                #expect(summary(of: replica) == summary(of: schema.url))
                #expect(grouplog("--store", replica, "verify").stdout == "verify: no problems\n")
            }
        }
    }

    @Test func badOptionsAreClearErrors() throws {
        try withTemporaryDirectory { directory in
            let source = directory.path("source")
            #expect(grouplog("--store", source, "init").status == .success)
            let cases: [([String], grouplog.ExitStatus, String)] = [
                (["--to", directory.path("x")], .usage, "grouplog: replicate needs --from SRC\n"),
                (["--from", source], .usage, "grouplog: replicate needs --to DST\n"),
                (["--from", source, "--to", source], .usage, "grouplog: --from and --to name the same store\n"),
                (["--from", source, "--to", directory.path("x"), "extra"], .usage, "grouplog: replicate takes no arguments besides --from SRC and --to DST\n"),
                (["--from", source, "--to", directory.path("x"), "--wait", "0"], .usage, "grouplog: --wait takes milliseconds from 1 to 3600000, not 0\n"),
                (["--from", source, "--to", directory.path("x"), "--wait", "soon"], .usage, "grouplog: --wait takes a whole number, not \"soon\"\n"),
                (["--from", directory.path("missing"), "--to", directory.path("x")], .noStore, "grouplog: --from \(directory.path("missing")): "),
                (["--from", source, "--to", "postgresql://postgres@/db?sslmode=sometimes"], .storeError,
                 "grouplog: --to postgresql://postgres@/db?sslmode=sometimes: "),
            ]
            for (words, status, message) in cases {
                let result = grouplog(["replicate"] + words)
                #expect(result.status == status, "\(words): \(result.stderr)")
                #expect(result.stderr.hasPrefix(message), "\(words): \(result.stderr)")
            }
            #expect(!FileManager.default.fileExists(atPath: directory.path("x")))
        }
    }

    /// A replica holding a log that is not the start of the source's is refused, exit 2, and
    /// keeps what it held.
    @Test func aReplicaThatIsNotACopyIsRefused() throws {
        try withTemporaryDirectory { directory in
            let source = directory.path("source"), replica = directory.path("replica")
            #expect(grouplog("--store", source, "init").status == .success)
            submit(source, "team", "alix", 1, #"{"op": "create"}"#)
            #expect(grouplog("--store", replica, "init").status == .success)
            submit(replica, "team", "bo", 1, #"{"op": "create"}"#)
            let before = summary(of: replica)
            let refused = grouplog("replicate", "--from", source, "--to", replica, "--once")
            #expect(refused.status == .badInput)
            #expect(refused.stderr.hasSuffix("the destination's log of group team is not a copy of the source's: its commit 0 is not the source's; nothing was written\n"),
                    "\(refused.stderr)")
            #expect(summary(of: replica) == before)
        }
    }
}
