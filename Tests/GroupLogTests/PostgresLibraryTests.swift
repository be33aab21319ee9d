import GroupLog
import GroupTestSupport
import Testing

/// The library on a PostgreSQL store: `GroupLogStore(url:)` opens it, and the same calls behave
/// as on LMDB; a second store object (another app server) sees the first's commits.
struct PostgresLibraryTests {
    let named = GroupID.named("team")

    @Test func aGroupMadeThroughOneStoreObjectIsReadThroughAnother() async throws {
        _ = try await PostgresTestSchema.with { schema in
            let clock = CountingClock()
            let first = try GroupLogStore(url: schema.url, options: .init(create: true, now: clock.now))
            defer { first.close() }
            #expect(first.path.hasPrefix("postgresql://"))
            let group = try await first.conversations(as: .alix).newGroup(with: [.bo, .caro], options: CreateGroupOptions(groupId: named))
            try await group.updateName(name: "Design")
            let rejected = await error { () async throws(GroupLogError) in try await group.acting(as: .bo).addAdmin(inboxId: .caro) }
            #expect(rejected != nil)

            let second = try GroupLogStore(url: schema.url, options: .init(now: clock.now))
            defer { second.close() }
            let seen = try #require(try await second.conversations(as: .bo).findGroup(groupId: named))
            let state = try await seen.state()
            #expect(state.name == "Design")
            #expect(try await seen.members().map(\.inboxId).sorted() == ["alix", "bo", "caro"])
        }
    }

    @Test func aWrongURLIsAStoreErrorWithoutThePassword() async throws {
        _ = try await PostgresTestSchema.with { schema in
            let missing = schema.url
                .replacingOccurrences(of: "postgresql://postgres@", with: "postgresql://postgres:pa55word@")
                .replacingOccurrences(of: "/grouplog_test?", with: "/no_such_database?")
            do {
                _ = try GroupLogStore(url: missing)
                Issue.record("a missing database opened")
            } catch {
                #expect(!"\(error)".contains("pa55word") && "\(error)".contains("no_such_database"), "\(error)")
            }
        }
    }
}
