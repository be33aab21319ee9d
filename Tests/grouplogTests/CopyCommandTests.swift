import Foundation
import GroupTestSupport
import Testing
@testable import grouplog

/// `grouplog copy --from SRC --to DST`: a store goes from LMDB to PostgreSQL and back with the
/// same groups, state hashes and claims; a destination that holds a group is refused with
/// nothing written; a bad address is a clear error; progress goes to standard error.
struct CopyCommandTests {
    /// An LMDB store with a group that has a rejected commit and claims, a DM, a group made
    /// through a claimed handle, and a claim no commit names.
    private func fill(_ store: String, in directory: TemporaryDirectory) throws {
        let fixture = try directory.write("team.json", SampleFixture.passing)
        let steps: [[String]] = [
            ["init"],
            ["import", fixture],
            ["identity", "claim", "bo", "--handle", "bo.eth"],
            ["identity", "claim", "gus", "--handle", "gus.eth"],
            ["dm", "bo", "--as", "alix", "--create", "--time", "5000"],
            ["submit", "crew", "--actor", "caro", "--time", "6000", "--changes",
             #"{"op": "create", "identities": [{"handle": "bo.eth"}], "name": "Crew"}"#],
            ["submit", "crew", "--actor", "caro", "--time", "7000", "--changes", #"{"op": "updateDescription", "description": "d"}"#],
        ]
        for words in steps {
            let result = grouplog(["--store", store] + words)
            #expect(result.status == .success, "\(words): \(result.stderr)")
        }
    }

    /// What a copy must keep: the groups listing, each group's state hash, the claims, and a
    /// clean verify.
    private func summary(of store: String) -> [String] {
        var lines = [grouplog("--store", store, "groups").stdout, grouplog("--store", store, "verify").stdout]
        for group in grouplog("--store", store, "groups").lines where group.hasSuffix("commits") {
            let state = grouplog("--store", store, "state", String(group.split(separator: " ")[0]), "--json").stdout
            lines.append(state.split(separator: "\n").first { $0.contains("\"stateHash\"") }.map(String.init) ?? "no hash in \(state)")
        }
        for inbox in ["alix", "bo", "caro", "gus"] { lines.append(grouplog("--store", store, "identity", "show", inbox).stdout) }
        return lines
    }

    @Test func aStoreGoesToPostgresAndBackUnchanged() async throws {
        _ = try await PostgresTestSchema.with { schema in
            try withTemporaryDirectory { directory in
                let original = directory.path("original"), back = directory.path("back")
                try fill(original, in: directory)
                let expected = summary(of: original)
                #expect(expected[1] == "verify: no problems\n")
                #expect(expected.contains { $0.contains("gus.eth") })

                let there = grouplog("copy", "--from", original, "--to", schema.url)
                #expect(there.status == .success, "\(there.stderr)")
                #expect(there.stdout.hasPrefix("copied 3 groups (6 commits) and the claims of 3 inboxes from \(original) to postgresql://"),
                        "\(there.stdout)")
                #expect(there.stderr.contains("copy: claims of 3 inboxes; 3 groups, 6 commits to copy\n"), "\(there.stderr)")
                #expect(there.stderr.contains("copy: group 3 of 3 (team) through commit 2; 6 of 6 commits\n"), "\(there.stderr)")
                #expect(summary(of: schema.url) == expected)

                let home = grouplog("copy", "--from", schema.url, "--to", back)
                #expect(home.status == .success, "\(home.stderr)")
                #expect(summary(of: back) == expected)
            }
        }
    }

    /// A destination holding a group is refused, exit 2, and keeps what it held; --resume on a
    /// finished copy finds every group there and writes nothing.
    @Test func aDestinationThatHoldsAGroupIsRefused() throws {
        try withTemporaryDirectory { directory in
            let source = directory.path("source"), destination = directory.path("destination")
            try fill(source, in: directory)
            #expect(grouplog("--store", destination, "init").status == .success)
            #expect(grouplog("--store", destination, "submit", "mine", "--actor", "alix", "--time", "1", "--changes", #"{"op": "create"}"#).status == .success)
            let before = summary(of: destination)
            let refused = grouplog("copy", "--from", source, "--to", destination)
            #expect(refused.status == .badInput)
            #expect(refused.stderr == "grouplog: copy from \(source) to \(destination): the destination already holds 1 group (mine first); nothing was written\n")
            #expect(summary(of: destination) == before)

            let other = directory.path("other")
            #expect(grouplog("copy", "--from", source, "--to", other).status == .success)
            let again = grouplog("copy", "--from", source, "--to", other, "--resume")
            #expect(again.status == .success, "\(again.stderr)")
            #expect(again.stdout.hasSuffix("; 3 groups were already there\n"), "\(again.stdout)")
            #expect(summary(of: other) == summary(of: source))
        }
    }

    @Test func badAddressesAreClearErrors() throws {
        try withTemporaryDirectory { directory in
            let source = directory.path("source")
            try fill(source, in: directory)
            let cases: [([String], grouplog.ExitStatus, String)] = [
                (["--to", directory.path("x")], .usage, "grouplog: copy needs --from SRC\n"),
                (["--from", source], .usage, "grouplog: copy needs --to DST\n"),
                (["--from", "", "--to", directory.path("x")], .usage, "grouplog: --from SRC is empty: give a directory or a postgresql:// URL\n"),
                (["--from", source, "--to", source], .usage, "grouplog: --from and --to name the same store\n"),
                (["--from", directory.path("missing"), "--to", directory.path("x")], .noStore, "grouplog: --from \(directory.path("missing")): "),
                (["--from", "postgresql://postgres@/db?sslmode=sometimes", "--to", directory.path("x")], .storeError,
                 "grouplog: --from postgresql://postgres@/db?sslmode=sometimes: "),
                (["--from", source, "--to", "postgresql://postgres@/db?sslmode=sometimes"], .storeError,
                 "grouplog: --to postgresql://postgres@/db?sslmode=sometimes: "),
            ]
            for (words, status, message) in cases {
                let result = grouplog(["copy"] + words)
                #expect(result.status == status, "\(words): \(result.stderr)")
                #expect(result.stderr.hasPrefix(message), "\(words): \(result.stderr)")
            }
            #expect(grouplog("copy", "--from", "postgresql://postgres@/db?sslmode=sometimes", "--to", directory.path("x")).stderr.contains("sslmode"))
            #expect(!FileManager.default.fileExists(atPath: directory.path("x")))
        }
    }

    /// A stored outcome that the destination's judgement contradicts stops the copy with exit
    /// 5, naming the group and the commit (here the source is PostgreSQL, damaged with psql).
    @Test func anOutcomeThatDiffersIsReportedWithItsGroupAndCommit() async throws {
        _ = try await PostgresTestSchema.with { schema in
            try withTemporaryDirectory { directory in
                let source = directory.path("source")
                try fill(source, in: directory)
                #expect(grouplog("copy", "--from", source, "--to", schema.url).status == .success)
                // team's commit 1 was rejected: give it commit 0's outcome, applied.
                try psql(schema.url, """
                    UPDATE grouplog_outcomes SET outcome = (SELECT outcome FROM grouplog_outcomes WHERE group_id = 'team' AND sequence = 0)
                    WHERE group_id = 'team' AND sequence = 1
                    """)
                let result = grouplog("copy", "--from", schema.url, "--to", directory.path("back"))
                #expect(result.status == .corrupt)
                #expect(result.stderr.contains(": group team commit 1: the source stored applied, the destination judged it rejected permissionDenied"),
                        "\(result.stderr)")
            }
        }
    }

    private func psql(_ url: String, _ statement: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
        process.arguments = ["--quiet", "--no-psqlrc", "-v", "ON_ERROR_STOP=1", "--dbname", url, "--command", statement]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "psql failed on: \(statement)")
    }
}
