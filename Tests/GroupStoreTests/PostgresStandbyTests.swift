import Foundation
import GroupCore
import GroupTestSupport
import Testing
@testable import GroupStore
@testable import GroupStorePostgres

/// A store opened on a hot standby (a streaming replica, as docs/scaling.md's readers use):
/// every read works, a write is refused with a clear error that names the primary, and waiters,
/// which a standby cannot notify (it refuses LISTEN), see the primary's commits by polling.
@Suite(.serialized, .enabled(if: TestBackend.postgresURL != nil, "no PostgreSQL server for this run: start one with scripts/postgres.sh"))
struct PostgresStandbyTests {
    @Test(.timeLimit(.minutes(3))) func aStandbyReadsRefusesWritesAndSeesThePrimarysCommits() async throws {
        _ = try await PostgresCluster.with { primary in
            let writer = try PostgresStore(url: primary.url, options: StoreOptions(create: true))
            try writer.submit(to: .test, actor: .alix, time: 1, changes: [.create(CreateConversation(members: [.bo]))])
            try writer.submit(to: .test, actor: .alix, time: 2, changes: [.updateName("before the standby")])
            #expect(!writer.isStandby)
            try await primary.withStandby { standby in
                let reader = try PostgresStore(url: standby.url)
                #expect(reader.isStandby)
                #expect(try reader.headSequence(of: .test) == 1)
                #expect(try reader.state(of: .test).state == writer.state(of: .test).state)
                #expect(try reader.verify() == [])

                #expect { try reader.submit(to: .test, actor: .alix, time: 3, changes: [.updateName("refused")]) } throws: { error in
                    "\(error)".contains("the server is a read-only standby: write to the primary")
                }
                #expect { try reader.claim(.handle("bo.eth"), for: .bo) } throws: { "\($0)".contains("read-only standby") }

                // A wait on the standby ends when the primary's commit has streamed over.
                try writer.submit(to: .test, actor: .alix, time: 4, changes: [.updateName("after")])
                // Off the concurrency pool: the waits block a thread.
                let head = try await OffPool.run { () throws -> UInt64 in
                    let deadline = ContinuousClock.now + .seconds(60)
                    var head: UInt64 = 1
                    while head < 2, ContinuousClock.now < deadline {
                        head = try reader.blockUntilCommits(in: .test, after: 1, timeout: .milliseconds(100))
                    }
                    return head
                }
                #expect(head == 2)
                #expect(try reader.state(of: .test).state == writer.state(of: .test).state)
                // A quiet wait on a standby cannot vouch for what it did not hear.
                #expect(!reader.blockUntilChanges(after: reader.changeCursor(), timeout: .milliseconds(10)).complete)
            }
        }
    }
}
