import Foundation
import GroupCore
import GroupTestSupport
import Testing
@testable import GroupStore
@testable import GroupStorePostgres

/// The PostgreSQL backend's own tests: bad connection input, the schema version, and writers
/// and waiters on separate connections of one database.
struct PostgresStoreTests {
    /// With GROUPLOG_REQUIRE_POSTGRES=1 (scripts/test.sh) a run without a server fails here
    /// rather than skipping the backend quietly.
    @Test func aRequiredServerIsThere() {
        if ProcessInfo.processInfo.environment["GROUPLOG_REQUIRE_POSTGRES"] == "1" {
            #expect(TestBackend.postgresURL != nil, "GROUPLOG_REQUIRE_POSTGRES=1 but GROUPLOG_TEST_POSTGRES_URL is not set: start the server with scripts/postgres.sh")
        }
    }

    @Test func aPasswordNeverAppearsInTheURLAsShown() {
        let url = PGConnectionURL("postgresql://writer:s3cret-pw@db.example:5432/logs?sslmode=require&password=other-pw")
        #expect(!url.redacted.contains("s3cret-pw") && !url.redacted.contains("other-pw"))
        #expect(url.redacted.contains("writer:***@db.example"))
        #expect(url.redacting("failed for s3cret-pw") == "failed for ***")
    }

    @Test func aMalformedURLIsAStorageErrorWithoutThePassword() throws {
        do {
            _ = try PostgresStore(url: "postgresql://u:hunter2-pw@/db?nosuchoption=1", options: StoreOptions(create: true))
            Issue.record("a malformed URL opened a store")
        } catch {
            guard case let .storage(operation, _, message) = error else { Issue.record("\(error)"); return }
            #expect(message.contains("not a PostgreSQL connection URL"))
            #expect(!"\(error)".contains("hunter2-pw") && operation.contains("***"))
        }
    }

    @Test func aMissingDatabaseOrRoleIsAClearStorageError() throws {
        let url = try #require(TestBackend.postgresURL)
        let missingDatabase = url.replacingOccurrences(of: "/grouplog_test?", with: "/no_such_database?")
        #expect { try PostgresStore(url: missingDatabase) } throws: { "\($0)".contains("no_such_database") && "\($0)".contains("does not exist") }
        let wrongUser = url.replacingOccurrences(of: "postgres@", with: "nobody:topsecret-pw@")
        #expect { try PostgresStore(url: wrongUser) } throws: { "\($0)".contains("nobody") && !"\($0)".contains("topsecret-pw") }
    }

    /// A server that accepts the connection but never answers (a hung host, a firewall that
    /// swallows packets) is given up on after the URL's `connect_timeout`, with a clear error.
    @Test(.timeLimit(.minutes(1))) func aServerThatNeverAnswersTimesOutAfterConnectTimeout() throws {
        let silent = try SilentListener()
        let started = ContinuousClock.now
        #expect { try PostgresStore(url: "postgresql://u:hush-pw@127.0.0.1:\(silent.port)/db?connect_timeout=2") } throws: { error in
            "\(error)".contains("timeout") && !"\(error)".contains("hush-pw")
        }
        let waited = ContinuousClock.now - started
        #expect(waited >= .seconds(2) && waited < .seconds(30), "gave up after \(waited)")
    }

    /// A batch is tried again request by request only when nothing of it can have been written:
    /// the server refused it, or no connection was made. A lost connection leaves the COMMIT in
    /// doubt, and the error says so instead of risking a second copy of each commit.
    @Test func aBatchIsTriedAgainOnlyWhenNothingOfItCanHaveBeenWritten() {
        let url = PGConnectionURL("postgresql://writer:pw@db.example/logs")
        func failure(_ operation: String, _ sqlState: String?) -> StoreError {
            PGError.storage(operation, sqlState: sqlState, message: "failed", url: url)
        }
        #expect(PostgresStore.serverRefused(failure("commit a transaction", PGError.deadlockDetected)))
        #expect(PostgresStore.serverRefused(failure("commit a transaction", PGError.readOnlyTransaction)))
        #expect(PostgresStore.serverRefused(failure("connect to \(url.redacted)", nil)))
        #expect(!PostgresStore.serverRefused(failure("commit a transaction", nil)))
        #expect(!PostgresStore.serverRefused(failure("commit a transaction", "08006")))
        #expect(!PostgresStore.serverRefused(failure("append 3 commits", "57P01")))
        let doubt = PostgresStore.inDoubt(failure("commit a transaction", nil))
        #expect("\(doubt)".contains("may have been written") && "\(doubt)".contains("--expect-sequence"))
    }

    @Test func anEmptyDatabaseWithoutCreateIsNotAStore() throws {
        _ = try TestBackend.postgres.withPlace { place throws in
            #expect { try place.open(StoreOptions()) } throws: { error in
                guard case .notAStore? = error as? StoreError else { return false }
                return true
            }
        }
    }

    @Test func aNewerSchemaIsRefused() throws {
        try TestBackend.postgres.withPlace { place throws in
            let store = try #require(try place.open(StoreOptions(create: true)) as? PostgresStore)
            _ = try store.writing { connection throws(StoreError) in
                try connection.execute("UPDATE grouplog_schema_version SET version = 99", operation: "pretend a newer GroupLog")
            }
            #expect { try place.open(StoreOptions(create: true)) } throws: { "\($0)".contains("schema version 99 is newer") }
        }
    }

    @Test func twoStoresRacingForOneSequenceGetOneSuccessAndOneConflict() throws {
        try TestBackend.postgres.withPlace { place throws in
            let one = try place.open(StoreOptions(create: true)), other = try place.open(StoreOptions(create: true))
            try one.submit(to: .test, actor: .alix, time: 1, changes: [.create(CreateConversation(kind: .group, members: [.bo]))])
            let results = [one, other].map { store in
                Result { () throws(StoreError) in
                    try store.submit(to: .test, actor: .alix, time: 2, changes: [.updateName("race")], expectedSequence: 1)
                }
            }
            // One after the other on two connections: the second sees the first's head.
            #expect(results.filter { (try? $0.get()) != nil }.count == 1)
            #expect(results.contains { if case .failure(.sequenceConflict) = $0 { true } else { false } })
            #expect(try other.headSequence(of: .test) == 1)
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func aCommitThroughOneStoreWakesAWaiterOnAnother() async throws {
        let place = try TestBackend.postgres.makePlace()
        defer { place.remove() }
        let writer = try place.open(StoreOptions(create: true)), watcher = try place.open(StoreOptions(create: true))
        try writer.submit(to: .test, actor: .alix, time: 1, changes: [.create(CreateConversation(kind: .group, members: [.bo]))])
        let waiting = Task { try await watcher.waitForCommits(in: .test, after: 0, timeout: .seconds(3600)) }
        while try TestBackend.postgres.waitingCount(of: .test, in: watcher) == 0 { try await Task.sleep(for: .milliseconds(10)) }
        try writer.submit(to: .test, actor: .alix, time: 2, changes: [.updateName("woken")])
        #expect(try await waiting.value == 1)
    }
}
