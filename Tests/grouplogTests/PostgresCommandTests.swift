import GroupBackends
import GroupTestSupport
import Testing
@testable import grouplog

/// The command line on a PostgreSQL store (`--store postgresql://...`): the same commands print
/// the same log and the same state hash as on an LMDB store, a password never shows, and a
/// server that refuses the URL is a store error.
struct PostgresCommandTests {
    /// The commands of a small session, run the same way on either backend.
    private func session(store: String) -> [CLIResult] {
        let submits = [
            ("1000", #"[{"op": "create", "members": ["bo", "caro"], "name": "Team"}]"#),
            ("2000", #"[{"op": "addAdmin", "inbox": "bo"}]"#),
            ("3000", #"[{"op": "removeMembers", "inboxes": ["alix"]}]"#),
        ]
        var results = [grouplog("--store", store, "identity", "claim", "caro", "--handle", "caro.eth")]
        for (time, changes) in submits {
            results.append(grouplog("--store", store, "submit", "team", "--actor", "alix", "--time", time, "--changes", changes))
        }
        for words in [["log", "team"], ["state", "team", "--json"], ["state", "team", "--at", "1"], ["members", "team"],
                      ["groups", "--member", "bo"], ["verify"], ["identity", "show", "caro"]] {
            results.append(grouplog(["--store", store] + words))
        }
        return results
    }

    @Test func aSessionPrintsTheSameOnPostgresAsOnLMDB() async throws {
        _ = try await PostgresTestSchema.with { schema in
            try withTemporaryDirectory { directory in
                let lmdb = directory.path("store")
                #expect(grouplog("--store", lmdb, "init").status == .success)
                let created = grouplog("--store", schema.url, "init")
                #expect(created.status == .success, "\(created.stderr)")
                #expect(created.stdout.hasPrefix("store ready at postgresql://"))
                let onLMDB = session(store: lmdb)
                let onPostgres = session(store: schema.url)
                for (one, other) in zip(onLMDB, onPostgres) {
                    #expect(one.status == other.status)
                    #expect(one.stdout == other.stdout)
                    #expect(one.stderr == other.stderr)
                }
                #expect(onPostgres.allSatisfy { $0.status == .success || $0.status == .expectationsNotMet })
                // The state hash is the same: the log was judged the same way.
                #expect(onPostgres[5].stdout.contains("\"stateHash\""), "\(onPostgres[5].stdout)")
            }
        }
    }

    @Test(arguments: [
        ("postgresql://app@db.example/grouplog", true), ("POSTGRES://app@db/grouplog", true),
        ("./grouplog-data", false), ("/srv/postgresql/store", false), ("postgresql:relative", false),
    ])
    func anAddressIsPostgresOnlyForAPostgresURL(text: String, isPostgres: Bool) {
        let address = StoreLocation(path: text).address
        if case .postgres = address { #expect(isPostgres) } else { #expect(!isPostgres) }
    }

    @Test func anAddressShowsAURLWithoutItsPassword() {
        let address = StoreLocation(path: "postgresql://writer:s3cret@db.example:5432/grouplog?sslmode=require").address
        #expect("\(address)" == "postgresql://writer:***@db.example:5432/grouplog?sslmode=require")
    }

    @Test func aPasswordInTheURLIsNeverPrinted() async throws {
        _ = try await PostgresTestSchema.with { schema in
            // The throwaway cluster trusts local connections, so a password is accepted and ignored.
            let withPassword = schema.url.replacingOccurrences(of: "postgresql://postgres@", with: "postgresql://postgres:hunter2-secret@")
            let created = grouplog("--store", withPassword, "init")
            #expect(created.status == .success, "\(created.stderr)")
            #expect(!created.stdout.contains("hunter2-secret") && created.stdout.contains("***"), "\(created.stdout)")
            let missing = withPassword.replacingOccurrences(of: "/grouplog_test?", with: "/no_such_database?")
            let refused = grouplog("--store", missing, "groups")
            #expect(refused.status == .storeError)
            #expect(refused.stderr.contains("no_such_database") && !refused.stderr.contains("hunter2-secret"), "\(refused.stderr)")
        }
    }

    @Test func aMalformedURLIsAStoreErrorNamingIt() async throws {
        _ = try await PostgresTestSchema.with { _ in
            let result = grouplog("--store", "postgresql://postgres@/db?sslmode=sometimes", "groups")
            #expect(result.status == .storeError)
            #expect(result.stderr.contains("sslmode"), "\(result.stderr)")
        }
    }

    @Test func aDatabaseWithoutAStoreIsNoStoreUntilInit() async throws {
        _ = try await PostgresTestSchema.with { schema in
            let result = grouplog("--store", schema.url, "groups")
            #expect(result.status == .noStore, "\(result.stderr)")
        }
    }
}
