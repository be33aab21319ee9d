import GroupCodec
import GroupCore
import GroupTestSupport
import Testing
@testable import GroupStore

/// The reads a copy of a whole store is made of: a log's pages with their stored outcomes
/// (`storedCommits`), and the identity directory itself (`claims(after:limit:)`). Part of the
/// seam's suite: each test runs against every backend, in a fresh store.
struct WholeStoreReadTests {
    /// A log of four commits, the third rejected: ingested, so that the rejection is stored.
    private static func logWithARejection(_ store: any GroupLogStorage) throws -> [Commit] {
        var commits: [Commit] = []
        for (actor, changes) in [
            (InboxID.alix, [Change.create(CreateConversation(members: [.bo]))]),
            (.alix, [.updateName("Team")]),
            (.bo, [.addSuperAdmin(.bo)]),
            (.alix, [.updateDescription("ours")]),
        ] {
            commits.append(Commit(groupID: .test, sequence: UInt64(commits.count), actor: actor, time: 1_000 * UInt64(commits.count + 1),
                                  changes: changes, previousHash: commits.last.map(CommitCodec.hash)))
        }
        try store.ingest(commits)
        return commits
    }

    /// A page of `storedCommits` is that part of the log with each commit's stored outcome, the
    /// rejection included, equal to what `commits(of:from:limit:)` returns without the events.
    @Test(arguments: TestBackend.all)
    func storedCommitsArePagesOfTheLogWithTheirOutcomes(backend: TestBackend) throws {
        try backend.withNewStore { store throws in
            let commits = try Self.logWithARejection(store)
            let whole = try store.storedCommits(of: .test, from: 0, limit: .max)
            #expect(whole.map(\.commit) == commits)
            #expect(whole.map(\.outcome.isApplied) == [true, true, false, true])
            #expect(whole == (try store.commits(of: .test)).map { StoredCommit(commit: $0.commit, outcome: $0.outcome) })
            #expect(try store.storedCommits(of: .test, from: 1, limit: 2) == Array(whole[1...2]))
            #expect(try store.storedCommits(of: .test, from: 3, limit: 10) == [whole[3]])
            #expect(try store.storedCommits(of: .test, from: 2, limit: 0) == [])
            #expect(throws: StoreError.sequencePastHead(.test, sequence: 4, head: 3)) {
                try store.storedCommits(of: .test, from: 4, limit: 1)
            }
            #expect(throws: StoreError.groupNotFound(.named("other"))) { try store.storedCommits(of: .named("other"), from: 0, limit: 1) }
        }
    }

    /// `claims(after:limit:)` lists every inbox with claims in inbox ID order (byte order: an
    /// upper-case letter before a lower-case one), each with its claims oldest first, in pages
    /// that go on after the inbox given, whether or not that inbox has claims.
    @Test(arguments: TestBackend.all)
    func claimsListTheWholeDirectoryInInboxOrder(backend: TestBackend) throws {
        let zed = InboxID.named("Zed")
        try backend.withNewStore { store throws in
            #expect(try store.claims(after: nil, limit: 10) == [])
            try store.claim(.handle("caro.eth"), for: .caro)
            try store.claim(.account("0xa1"), for: .alix)
            try store.claim(.handle("zed.eth"), for: zed)
            try store.claim(.handle("caro.old"), for: .caro)
            try store.claim(.account("0xca"), for: .caro)
            try store.claim(.handle("alix.eth"), for: .alix)
            let all = [
                IdentityClaims(inbox: zed, claims: [.handle("zed.eth")]),
                IdentityClaims(inbox: .alix, claims: [.account("0xa1"), .handle("alix.eth")]),
                IdentityClaims(inbox: .caro, claims: [.handle("caro.eth"), .handle("caro.old"), .account("0xca")]),
            ]
            #expect(try store.claims(after: nil, limit: .max) == all)
            #expect(try store.claims(after: nil, limit: 2) == Array(all[0...1]))
            #expect(try store.claims(after: .alix, limit: 2) == [all[2]])
            // bo has no claims: the page starts at the next inbox that has.
            #expect(try store.claims(after: .bo, limit: 5) == [all[2]])
            #expect(try store.claims(after: .caro, limit: 5) == [])
            #expect(try store.claims(after: nil, limit: 0) == [])
        }
    }
}
