import Foundation
import GroupAudit
import GroupCodec
import GroupCore
import GroupTestSupport
import Testing
@testable import GroupStore

/// Copying a whole store through the seam (`StoreCopy`), here LMDB to LMDB; the CLI's tests copy
/// to and from PostgreSQL. Small batches make every log and the directory take several pages.
struct StoreCopyTests {
    private static let gus = PublicIdentity.handle("gus.eth")

    /// Two fresh stores in one temporary directory, deleted afterwards.
    private func withTwoStores<T>(_ body: (GroupStore, GroupStore) throws -> T) throws -> T {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("grouplog-copy-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        let options = StoreOptions(snapshotInterval: 2, create: true)
        return try body(try GroupStore(path: url.path + "/source", options: options), try GroupStore(path: url.path + "/destination", options: options))
    }

    /// A store with three groups (one with a rejected commit, a DM, one of a single commit), the
    /// small log's claims and a claim no commit names.
    private func fill(_ store: GroupStore) throws {
        try importSmallLog(into: store, group: .named("alpha"))
        try store.claim(.handle("caro.eth"), for: .caro)
        try store.claim(.account("0xca"), for: .caro)
        try store.claim(.handle("bo.eth"), for: .bo)
        try store.claim(Self.gus, for: .gus)
        let dm = GroupID.dm(between: .alix, and: .bo)
        try store.submit(to: dm, actor: .alix, time: 5_000, changes: [.create(CreateConversation(kind: .dm, members: [.bo]))])
        try store.submit(to: dm, actor: .bo, time: 6_000, changes: [.updateName("us")])
        try store.submit(to: .named("beta"), actor: .caro, time: 7_000, changes: [
            .create(CreateConversation(members: [], identities: [ResolvedIdentity(.handle("bo.eth"), inbox: nil)])),
        ])
    }

    /// What a copy must carry over: the groups and heads, every commit with its stored outcome,
    /// the states and the claims.
    private func contents(_ store: GroupStore) throws -> [String] {
        var lines: [String] = []
        for summary in try store.groups() {
            lines.append("\(summary.group) head \(summary.headSequence)")
            for stored in try store.storedCommits(of: summary.group, from: 0, limit: .max) {
                lines.append("  \(stored.commit.sequence) \(CommitCodec.hash(stored.commit).hex) \(stored.outcome)")
            }
            lines.append("  state \(try store.state(of: summary.group).state.map { StateCodec.hash($0).hex } ?? "none")")
        }
        for entry in try store.claims(after: nil, limit: .max) { lines.append("\(entry.inbox) claims \(entry.claims)") }
        return lines
    }

    @Test func copiesEveryLogWithItsOutcomesAndEveryClaim() throws {
        try withTwoStores { source, destination throws in
            try fill(source)
            var reports: [StoreCopyProgress] = []
            let done = try StoreCopy(from: source, to: destination, batchSize: 3).run { reports.append($0) }
            #expect(try contents(destination) == contents(source))
            #expect(try destination.verify() == [])
            #expect(try destination.inbox(claiming: Self.gus) == .gus)
            #expect(done.groups == 3 && done.totalGroups == 3 && done.groupsAlreadyThere == 0)
            #expect(done.commits == 7 && done.totalCommits == 7)
            #expect(done.inboxes == 3 && done.group == nil)
            // The claims, then alpha's 4 commits in two batches, beta's one, the DM's two.
            #expect(reports.map(\.commits) == [0, 3, 4, 5, 7])
            #expect(reports.map { $0.group?.rawValue } == [nil, "alpha", "alpha", "beta", GroupID.dm(between: .alix, and: .bo).rawValue])
            #expect(reports.map(\.groupHead) == [nil, 2, 3, 0, 1])
            #expect(reports.map(\.groups) == [0, 0, 0, 1, 2])
        }
    }

    /// A destination that holds a group is refused before anything is written: its claims and
    /// logs stay as they were.
    @Test func refusesADestinationThatHoldsAGroup() throws {
        try withTwoStores { source, destination throws in
            try fill(source)
            try destination.submit(to: .named("mine"), actor: .alix, time: 1, changes: [.create(CreateConversation())])
            let before = try contents(destination)
            #expect(throws: StoreCopyError.destinationNotEmpty(groups: 1, first: .named("mine"))) {
                try StoreCopy(from: source, to: destination).run()
            }
            #expect(try contents(destination) == before)
            #expect(try destination.inbox(claiming: Self.gus) == nil)
        }
    }

    /// A claim the destination gives another inbox is refused before anything is written.
    @Test func refusesAClaimTheDestinationGivesAnotherInbox() throws {
        try withTwoStores { source, destination throws in
            try fill(source)
            try destination.claim(Self.gus, for: .fen)
            #expect(throws: StoreCopyError.destination(.identityClaimed(Self.gus, owner: .fen))) {
                try StoreCopy(from: source, to: destination).run()
            }
            #expect(try destination.claims(after: nil, limit: .max) == [IdentityClaims(inbox: .fen, claims: [Self.gus])])
            #expect(try destination.groups() == [])
        }
    }

    /// A copy that stopped part way leaves each group holding the start of its log; resumed, it
    /// skips the whole groups and goes on from each group's head, and brings over what the
    /// source gained since.
    @Test func resumingGoesOnFromEachGroupsHead() throws {
        try withTwoStores { source, destination throws in
            try fill(source)
            // As a copy stopped after alpha's first batch, with beta already whole.
            try destination.ingest(try source.storedCommits(of: .named("alpha"), from: 0, limit: 2).map(\.commit))
            try destination.ingest(try source.storedCommits(of: .named("beta"), from: 0, limit: 1).map(\.commit))
            try source.submit(to: .named("beta"), actor: .caro, time: 8_000, changes: [.updateName("later")])
            #expect(throws: StoreCopyError.destinationNotEmpty(groups: 2, first: .named("alpha"))) {
                try StoreCopy(from: source, to: destination).run()
            }
            let done = try StoreCopy(from: source, to: destination, batchSize: 2).run(resuming: true)
            #expect(try contents(destination) == contents(source))
            #expect(try destination.verify() == [])
            #expect(done.groups == 3 && done.groupsAlreadyThere == 0 && done.commits == 8)

            // Run again, everything is there already and nothing changes.
            let again = try StoreCopy(from: source, to: destination).run(resuming: true)
            #expect(again.groups == 3 && again.groupsAlreadyThere == 3 && again.commits == 8)
            #expect(try contents(destination) == contents(source))
        }
    }

    /// Resuming refuses a destination whose log is not the start of the source's (another
    /// commit at its head, a group the source lacks, a longer log), with nothing written.
    @Test func resumingRefusesALogThatIsNotTheSourcesStart() throws {
        try withTwoStores { source, destination throws in
            try fill(source)
            try destination.submit(to: .named("alpha"), actor: .alix, time: 1, changes: [.create(CreateConversation())])
            let before = try contents(destination)
            #expect(throws: StoreCopyError.destinationDiffers(.named("alpha"), reason: "its commit 0 is not the source's")) {
                try StoreCopy(from: source, to: destination).run(resuming: true)
            }
            #expect(try contents(destination) == before)
        }
        try withTwoStores { source, destination throws in
            try fill(source)
            try destination.submit(to: .named("zeta"), actor: .alix, time: 1, changes: [.create(CreateConversation())])
            #expect(throws: StoreCopyError.destinationDiffers(.named("zeta"), reason: "the source has no such group")) {
                try StoreCopy(from: source, to: destination).run(resuming: true)
            }
        }
        try withTwoStores { source, destination throws in
            try fill(source)
            try StoreCopy(from: source, to: destination).run()
            try destination.submit(to: .named("beta"), actor: .caro, time: 9_000, changes: [.updateName("only here")])
            #expect(throws: StoreCopyError.destinationDiffers(.named("beta"), reason: "it holds 2 commits, the source 1")) {
                try StoreCopy(from: source, to: destination).run(resuming: true)
            }
        }
    }

    /// A stored outcome the destination's judgement contradicts stops the copy, naming the group
    /// and the commit.
    @Test func anOutcomeThatDiffersStopsTheCopyNamingTheCommit() throws {
        try withTwoStores { source, destination throws in
            try fill(source)
            // alpha's commit 2 was rejected; make the source say it applied.
            try source.environment.write { txn throws(StoreError) in
                let head = try source.existingHead(of: .named("alpha"), in: txn)
                try txn.put(source.databases.outcomes, key: StoreKeys.entry(head.number, 2), value: OutcomeCodec.encode(.applied))
            }
            let error = #expect(throws: StoreCopyError.self) { try StoreCopy(from: source, to: destination).run() }
            guard case let .outcomeMismatch(group, sequence, stored, judged)? = error else {
                Issue.record("expected outcomeMismatch, got \(String(describing: error))")
                return
            }
            #expect(group == .named("alpha") && sequence == 2 && stored == .applied && !judged.isApplied)
            #expect(error?.description.hasPrefix("group alpha commit 2: the source stored applied, the destination judged it rejected permissionDenied") == true)
        }
    }
}
