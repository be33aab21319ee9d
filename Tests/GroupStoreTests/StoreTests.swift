import Foundation
import GroupCodec
import GroupCore
import GroupTestSupport
import Testing
@testable import GroupStore

/// The store's reads and writes against the reducer: what `submit` writes, what the reads return
/// (compared with a plain `Replica` fold of the same commits), snapshots, `rebuild`, the
/// cross-group index. Part of the seam's suite: each test runs against every backend, in a
/// fresh store.
struct StoreTests {
    static let seeds: [UInt64] = [1, 7, 42, 1_234, 90_001]

    // MARK: Submit

    /// The longest identifiers SPEC section 1 allows fit every key the store makes of them.
    @Test(arguments: TestBackend.all)
    func longestIdentifiersFit(backend: TestBackend) throws {
        let group = GroupID.named(String(repeating: "g", count: 127) + "~")
        let owner = InboxID.named(String(repeating: "o", count: 128))
        let member = InboxID.named(String(repeating: "m", count: 128))
        let handle = PublicIdentity.handle(String(repeating: "\u{E9}", count: 128))
        try backend.withNewStore(snapshotInterval: 1) { store throws in
            try store.claim(handle, for: member)
            try store.submit(to: group, actor: owner, time: 1, changes: [.create(CreateConversation())])
            try store.submit(to: group, actor: owner, time: 2, changes: [.addMembers(inboxes: [], identities: [ResolvedIdentity(handle, inbox: nil)])])
            #expect(try store.groups(containing: member) == [group])
            #expect(try store.groups(containing: owner) == [group])
            #expect(try store.identities(of: member) == [handle])
            #expect(try store.inbox(claiming: handle) == member)
            #expect(try store.state(of: group, at: 1).state?.member(member)?.isCurrent == true)
            #expect(try store.verify() == [])
            #expect(try store.rebuild().commits == 2)
        }
    }

    @Test(arguments: TestBackend.all)
    func submitAppliesAndReturnsTheSequence(backend: TestBackend) throws {
        try backend.withNewStore { store throws in
            let created = try store.submit(to: .test, actor: .alix, time: 1_000, changes: [.create(CreateConversation(members: [.bo]))])
            #expect(created.commit.sequence == 0)
            #expect(created.commit.previousHash == nil)
            #expect(created.hash == CommitCodec.hash(created.commit))
            let renamed = try store.submit(to: .test, actor: .bo, time: 2_000, changes: [.updateName("Team")])
            #expect(renamed.commit.sequence == 1)
            #expect(renamed.commit.previousHash == created.hash)
            #expect(renamed.commit.actor == .bo)
            #expect(renamed.commit.time == 2_000)
            #expect(renamed.commit.changes == [.updateName("Team")])
            #expect(try store.headSequence(of: .test) == 1)
            #expect(try store.state(of: .test).state?.metadata.name == "Team")
            let logged = try store.commits(of: .test)
            #expect(logged.map(\.commit) == [created.commit, renamed.commit])
            #expect(logged.map(\.outcome) == [.applied, .applied])
            #expect(logged.last?.events == [.metadataChanged("name")])
            #expect(try store.groups() == [GroupSummary(group: .test, headSequence: 1)])
            #expect(try store.verify() == [])
        }
    }

    @Test(arguments: TestBackend.all)
    func rejectedSubmitThrowsTheReducersReasonAndWritesNothing(backend: TestBackend) throws {
        try backend.withNewStore { store throws in
            try store.submit(to: .test, actor: .alix, time: 1_000, changes: [.create(CreateConversation(members: [.bo, .caro]))])
            let before = try StoreContents(store, inboxes: [.alix, .bo, .caro])
            // Under the default allMembers policies a plain member cannot grant admin.
            let error = #expect(throws: StoreError.self) {
                try store.submit(to: .test, actor: .bo, time: 2_000, changes: [.updateName("ok"), .addAdmin(.caro)])
            }
            guard case let .rejected(rejection)? = error else {
                Issue.record("expected .rejected, got \(String(describing: error))")
                return
            }
            #expect(rejection.reason.code == "permissionDenied")
            #expect(rejection.changeIndex == 1)
            // The same commit folded by a replica gets the same rejection.
            var replica = Replica()
            replica.fold(try store.commits(of: .test)[0].commit)
            let commit = Commit(groupID: .test, sequence: 1, actor: .bo, time: 2_000, changes: [.updateName("ok"), .addAdmin(.caro)])
            #expect(replica.fold(commit) == .rejected(rejection))
            #expect(try StoreContents(store, inboxes: [.alix, .bo, .caro]) == before)
            #expect(try store.headSequence(of: .test) == 0)
            #expect(try store.verify() == [])
            // The store still takes the next commit at sequence 1.
            #expect(try store.submit(to: .test, actor: .bo, time: 3_000, changes: [.updateName("ok")]).commit.sequence == 1)
        }
    }

    @Test(arguments: TestBackend.all)
    func rejectedCreateWritesNoGroup(backend: TestBackend) throws {
        try backend.withNewStore { store throws in
            let error = #expect(throws: StoreError.self) {
                try store.submit(to: .test, actor: .alix, time: 1_000, changes: [.create(CreateConversation(kind: .dm, members: [.bo, .caro]))])
            }
            guard case let .rejected(rejection)? = error else {
                Issue.record("expected .rejected, got \(String(describing: error))")
                return
            }
            #expect(rejection.reason.code == "invalidCommit")
            #expect(try store.groups() == [])
            #expect(throws: StoreError.groupNotFound(.test)) { try store.headSequence(of: .test) }
            #expect(try store.groups(containing: .alix) == [])
        }
    }

    @Test(arguments: TestBackend.all)
    func submitToAMissingGroupIsGroupNotFound(backend: TestBackend) throws {
        try backend.withNewStore { store throws in
            #expect(throws: StoreError.groupNotFound(.test)) {
                try store.submit(to: .test, actor: .alix, time: 1_000, changes: [.updateName("x")])
            }
            try store.submit(to: .named("other"), actor: .alix, time: 1_000, changes: [.create(CreateConversation(members: [.bo]))])
            #expect(throws: StoreError.groupNotFound(.test)) {
                try store.submit(to: .test, actor: .alix, time: 2_000, changes: [.addAdmin(.bo)])
            }
            #expect(throws: StoreError.groupNotFound(.test)) { try store.state(of: .test) }
            #expect(throws: StoreError.groupNotFound(.test)) { try store.commits(of: .test) }
            #expect(try store.groups().map(\.group) == [.named("other")])
        }
    }

    @Test(arguments: TestBackend.all)
    func expectedSequenceMismatchIsSequenceConflictAndWritesNothing(backend: TestBackend) throws {
        try backend.withNewStore { store throws in
            try store.submit(to: .test, actor: .alix, time: 1_000, changes: [.create(CreateConversation(members: [.bo]))], expectedSequence: 0)
            try store.submit(to: .test, actor: .alix, time: 2_000, changes: [.updateName("one")], expectedSequence: 1)
            let before = try StoreContents(store, inboxes: [.alix, .bo])
            for stale: UInt64 in [0, 1, 3, 100] {
                #expect(throws: StoreError.sequenceConflict(.test, expected: stale, actual: 2)) {
                    try store.submit(to: .test, actor: .alix, time: 3_000, changes: [.updateName("two")], expectedSequence: stale)
                }
            }
            // A conflict is reported even when the changes would be rejected: nothing is judged.
            #expect(throws: StoreError.sequenceConflict(.test, expected: 1, actual: 2)) {
                try store.submit(to: .test, actor: .bo, time: 3_000, changes: [.addAdmin(.bo)], expectedSequence: 1)
            }
            #expect(try StoreContents(store, inboxes: [.alix, .bo]) == before)
            #expect(try store.submit(to: .test, actor: .alix, time: 3_000, changes: [.updateName("two")], expectedSequence: 2).commit.sequence == 2)
        }
    }

    @Test(arguments: TestBackend.all)
    func identitiesInAddMembersAreResolvedThroughTheDirectoryAtSubmit(backend: TestBackend) throws {
        try backend.withNewStore { store throws in
            try store.claim(.handle("caro.eth"), for: .caro)
            try store.claim(.account("0xd4"), for: .davon)
            try store.claim(.handle("caro.old"), for: .caro)
            // Claiming one it already holds changes nothing; another inbox's is refused.
            try store.claim(.handle("caro.eth"), for: .caro)
            #expect(throws: StoreError.identityClaimed(.handle("caro.eth"), owner: .caro)) {
                try store.claim(.handle("caro.eth"), for: .bo)
            }
            #expect(try store.identities(of: .caro) == [.handle("caro.eth"), .handle("caro.old")])
            #expect(try store.inbox(claiming: .account("0xd4")) == .davon)
            #expect(try store.inbox(claiming: .handle("nobody")) == nil)
            let directory = try store.directory(for: [.caro, .davon, .eri])
            #expect(directory.identities(of: .caro) == [.handle("caro.eth"), .handle("caro.old")])
            #expect(directory.identities(of: .davon) == [.account("0xd4")])
            #expect(directory.identities(of: .eri) == [])

            try store.submit(to: .test, actor: .alix, time: 1_000, changes: [.create(CreateConversation(members: [.bo]))])
            let unresolved = [ResolvedIdentity(.handle("caro.old"), inbox: nil), ResolvedIdentity(.account("0xd4"), inbox: nil)]
            let submitted = try store.submit(to: .test, actor: .alix, time: 2_000, changes: [.addMembers(inboxes: [.eri], identities: unresolved)])
            let resolved = [ResolvedIdentity(.handle("caro.old"), inbox: .caro), ResolvedIdentity(.account("0xd4"), inbox: .davon)]
            #expect(submitted.commit.changes == [.addMembers(inboxes: [.eri], identities: resolved)])
            #expect(try store.commits(of: .test, from: 1)[0].commit == submitted.commit)
            let state = try #require(try store.state(of: .test).state)
            #expect(Set(state.allMembers.map(\.inbox)) == [.alix, .bo, .caro, .davon, .eri])
            for inbox in [InboxID.caro, .davon, .eri] {
                #expect(try store.groups(containing: inbox) == [.test])
            }

            // An identity nobody claims is the reducer's identityNotFound, and nothing is written.
            let error = #expect(throws: StoreError.self) {
                try store.submit(to: .test, actor: .alix, time: 3_000, changes: [.addMembers(inboxes: [], identities: [ResolvedIdentity(.handle("fen.eth"), inbox: nil)])])
            }
            #expect(error.flatMap(Self.code) == "identityNotFound")
            #expect(try store.headSequence(of: .test) == 1)
            // Once claimed, the same submit resolves.
            try store.claim(.handle("fen.eth"), for: .fen)
            let later = try store.submit(to: .test, actor: .alix, time: 3_000, changes: [.addMembers(inboxes: [], identities: [ResolvedIdentity(.handle("fen.eth"), inbox: nil)])])
            #expect(later.commit.changes == [.addMembers(inboxes: [], identities: [ResolvedIdentity(.handle("fen.eth"), inbox: .fen)])])
            #expect(try store.verify() == [])
        }
    }

    @Test(arguments: TestBackend.all)
    func createWithoutMemberLimitGetsTheStoresDefaultWrittenIn(backend: TestBackend) throws {
        try backend.withNewStore(defaultMemberLimit: 3) { store throws in
            let created = try store.submit(to: .test, actor: .alix, time: 1_000, changes: [.create(CreateConversation(members: [.bo]))])
            #expect(created.commit.changes == [.create(CreateConversation(members: [.bo], memberLimit: 3))])
            #expect(try store.commits(of: .test)[0].commit == created.commit)
            #expect(try store.state(of: .test).state?.settings.memberLimit == 3)
            try store.submit(to: .test, actor: .alix, time: 2_000, changes: [.add(.caro)])
            let error = #expect(throws: StoreError.self) {
                try store.submit(to: .test, actor: .alix, time: 3_000, changes: [.add(.davon)])
            }
            #expect(error.flatMap(Self.code) == "memberLimitExceeded")
            // The limit is in the log: a replica with another default folds the same state.
            var replica = Replica(defaultMemberLimit: 1_000)
            for logged in try store.commits(of: .test) { #expect(replica.fold(logged.commit) == logged.outcome) }
            #expect(replica.state == (try store.state(of: .test).state))

            // An explicit limit is kept.
            let explicit = try store.submit(to: .named("big"), actor: .alix, time: 1_000, changes: [.create(CreateConversation(members: [.bo], memberLimit: 10))])
            #expect(explicit.commit.changes == [.create(CreateConversation(members: [.bo], memberLimit: 10))])
        }
        try backend.withNewStore { store throws in
            let created = try store.submit(to: .test, actor: .alix, time: 1_000, changes: [.create(CreateConversation(members: [.bo]))])
            #expect(created.commit.changes == [.create(CreateConversation(members: [.bo], memberLimit: GroupSettings.defaultMemberLimit))])
        }
    }

    /// Submitting a random log's proposals one by one: the store writes exactly the commits a
    /// replica applies, with the same rejection for the others, and chains what it writes.
    @Test(arguments: TestBackend.all, seeds)
    func submitWritesExactlyWhatTheFoldApplies(backend: TestBackend, seed: UInt64) throws {
        let proposals = RandomLog(seed: seed).commits(count: 150)
        try backend.withNewStore(snapshotInterval: 7) { store throws in
            var replica = Replica()
            var previous: Digest?
            var next: UInt64 = 0
            var written: [Commit] = []
            for proposal in proposals {
                let kind = replica.state?.kind ?? Self.createdKind(proposal.changes.first)
                let changes = proposal.changes.map { StoreOptions().configuration.preparing($0, in: kind) }
                let candidate = Commit(groupID: .test, sequence: next, actor: proposal.actor, time: proposal.time, changes: changes, previousHash: previous)
                var trial = replica
                let outcome = trial.fold(candidate)
                let result = Result { () throws(StoreError) in
                    try store.submit(to: .test, actor: proposal.actor, time: proposal.time, changes: proposal.changes, expectedSequence: next)
                }
                switch result {
                case let .success(submitted):
                    #expect(outcome == .applied, "seed \(seed): the store wrote commit \(next), which a replica rejects: \(outcome)")
                    #expect(submitted.commit == candidate, "seed \(seed) commit \(next)")
                    #expect(submitted.hash == CommitCodec.hash(candidate), "seed \(seed) commit \(next)")
                    replica = trial
                    previous = submitted.hash
                    written.append(submitted.commit)
                    next += 1
                case let .failure(.rejected(rejection)):
                    #expect(outcome == .rejected(rejection), "seed \(seed) at \(next)")
                case .failure(.groupNotFound):
                    #expect(next == 0 && !Self.isCreate(proposal.changes.first), "seed \(seed): groupNotFound with \(next) commits written")
                case let .failure(error):
                    Issue.record("seed \(seed) at \(next): \(error)")
                }
            }
            guard next > 0 else { return }
            #expect(try store.verify() == [], "seed \(seed)")
            let logged = try store.commits(of: .test)
            #expect(logged.map(\.commit) == written, "seed \(seed)")
            #expect(logged.allSatisfy { $0.outcome == .applied }, "seed \(seed)")
            #expect(try store.state(of: .test).state == replica.state, "seed \(seed)")
            let folded = Folded(written)
            for sequence in 0..<next {
                #expect(try store.state(of: .test, at: sequence).state == folded.states[Int(sequence)], "seed \(seed) at \(sequence)")
            }
        }
    }

    // MARK: Reads against the fold

    /// Snapshot plus tail equals a full replay: the state after every commit, read with a small
    /// snapshot interval, equals a replica's fold (`==` and state hash); so do `replay` and
    /// states read after reopening (no cached head), and after reopening with another interval.
    @Test(arguments: TestBackend.all, seeds)
    func stateAtEverySequenceEqualsTheFold(backend: TestBackend, seed: UInt64) throws {
        let log = randomChainedLog(seed: seed, count: 160)
        let folded = Folded(log)
        var random = SeededGenerator(seed: seed)
        try backend.withPlace { place throws in
            do {
                let store = try place.open(snapshotInterval: 7)
                var start = 0
                while start < 120 {
                    let end = min(120, start + random.int(1...15))
                    let outcomes = end - start == 1 ? [try store.ingest(log[start])] : try store.ingest(Array(log[start..<end]))
                    #expect(outcomes == Array(folded.outcomes[start..<end]), "seed \(seed) commits \(start)..<\(end)")
                    start = end
                }
                for sequence in 0..<120 {
                    let stored = try store.state(of: .test, at: UInt64(sequence))
                    #expect(stored.sequence == UInt64(sequence))
                    #expect(stored.headSequence == 119)
                    #expect(stored.state == folded.states[sequence], "seed \(seed) at \(sequence)")
                    #expect(stateHash(stored.state) == stateHash(folded.states[sequence]), "seed \(seed) at \(sequence)")
                }
                #expect(try store.verify() == [], "seed \(seed)")
            }
            do {
                // Reopened: nothing cached, so every read starts from a snapshot.
                let store = try place.open(snapshotInterval: 7)
                for _ in 0..<30 {
                    let sequence = random.int(0...119)
                    #expect(try store.state(of: .test, at: UInt64(sequence)).state == folded.states[sequence], "seed \(seed) at \(sequence)")
                    var replayed: [CommitOutcome] = []
                    let replay = try store.replay(.test, through: UInt64(sequence)) { _, outcome, _ in replayed.append(outcome) }
                    #expect(replay.state == folded.states[sequence], "seed \(seed) replay through \(sequence)")
                    #expect(replayed == Array(folded.outcomes[0...sequence]), "seed \(seed) replay through \(sequence)")
                }
                #expect(stateHash(try store.state(of: .test).state) == stateHash(folded.states[119]))
            }
            do {
                // Reopened with another interval: old snapshots still serve, new ones are written at the new one.
                let store = try place.open(snapshotInterval: 5)
                #expect(try store.ingest(Array(log[120...])) == Array(folded.outcomes[120...]), "seed \(seed)")
                for sequence in 0..<log.count {
                    #expect(try store.state(of: .test, at: UInt64(sequence)).state == folded.states[sequence], "seed \(seed) at \(sequence)")
                }
                #expect(try store.verify() == [], "seed \(seed)")
            }
        }
    }

    @Test(arguments: TestBackend.all, seeds)
    func commitsReturnTheFoldsOutcomes(backend: TestBackend, seed: UInt64) throws {
        let log = randomChainedLog(seed: seed, count: 90)
        let folded = Folded(log)
        try backend.withNewStore(snapshotInterval: 7) { store throws in
            try store.ingest(log)
            let all = try store.commits(of: .test)
            #expect(all.map(\.commit) == log)
            #expect(all.map(\.outcome) == folded.outcomes, "seed \(seed)")
            var random = SeededGenerator(seed: seed)
            for _ in 0..<30 {
                let first = random.int(0...89)
                let limit = random.int(1...40)
                let window = try store.commits(of: .test, from: UInt64(first), limit: limit)
                let end = min(90, first + limit)
                #expect(window == Array(all[first..<end]), "seed \(seed) from \(first) limit \(limit)")
            }
            #expect(try store.commits(of: .test, from: 89, limit: .max) == [all[89]])
            #expect(try store.commits(of: .test, from: 5, limit: 0) == [])
            #expect(throws: StoreError.sequencePastHead(.test, sequence: 90, head: 89)) { try store.commits(of: .test, from: 90) }
            #expect(throws: StoreError.sequencePastHead(.test, sequence: 90, head: 89)) { try store.state(of: .test, at: 90) }
            #expect(throws: StoreError.sequencePastHead(.test, sequence: 95, head: 89)) { try store.replay(.test, through: 95) { _, _, _ in } }
        }
    }

    // MARK: Rebuild

    @Test(arguments: TestBackend.all)
    func rebuildMakesTheDerivedRecordsAgain(backend: TestBackend) throws {
        let first = randomChainedLog(seed: 5, count: 75, group: .named("first"))
        let second = randomChainedLog(seed: 6, count: 40, group: .named("second"))
        // A log whose commit 0 is rejected: the group exists in the store, with no state.
        let stillborn = chained([
            Commit(groupID: .named("stillborn"), sequence: 0, actor: .alix, time: 1, changes: [.create(CreateConversation(kind: .dm, members: [.bo, .caro]))]),
            Commit(groupID: .named("stillborn"), sequence: 1, actor: .alix, time: 2, changes: [.updateName("x")]),
        ])
        let inboxes = RandomLog(seed: 5).inboxes + [.alix, .bo, .caro, .davon]
        try backend.withNewStore(snapshotInterval: 7) { store throws in
            try store.ingest(first)
            try store.ingest(stillborn)
            try store.ingest(second)
            try store.submit(to: .named("hand"), actor: .alix, time: 1, changes: [.create(CreateConversation(members: [.bo, .caro], leaveRule: .direct))])
            for time: Milliseconds in 2...16 {
                try store.submit(to: .named("hand"), actor: .alix, time: time, changes: [.updateName("n\(time)")])
            }
            try store.submit(to: .named("hand"), actor: .alix, time: 20, changes: [.remove(.bo)])
            try store.submit(to: .named("hand"), actor: .caro, time: 21, changes: [.leave])

            let before = try StoreContents(store, inboxes: inboxes)
            #expect(before.problems == [])
            #expect(before.stateHashes[.named("stillborn")] == .some(nil))
            let statesBefore = try Self.everyState(store)

            // Lose the derived records, as a damaged store might: verify sees it, rebuild repairs it.
            try backend.dropSnapshotsAndMemberships(of: store)
            #expect(try store.verify().contains { $0.message.contains("cross-group index lacks") })

            let report = try store.rebuild()
            let heads: [UInt64] = [74, 1, 39, 17]
            #expect(report == RebuildReport(groups: 4, commits: heads.reduce(0) { $0 + Int($1) + 1 }, snapshots: heads.reduce(0) { $0 + Int($1 / 7) }))
            #expect(try StoreContents(store, inboxes: inboxes) == before)
            #expect(try Self.everyState(store) == statesBefore)

            #expect(try store.rebuild() == report)
            #expect(try StoreContents(store, inboxes: inboxes) == before)
            #expect(try Self.everyState(store) == statesBefore)
            // And the store takes new commits after it.
            try store.submit(to: .named("hand"), actor: .alix, time: 30, changes: [.updateName("after")])
            #expect(try store.verify() == [])
        }
    }

    // MARK: The cross-group index

    @Test(arguments: TestBackend.all)
    func groupsContainingFollowsAddsRemovalsAndLeaves(backend: TestBackend) throws {
        let team = GroupID.named("team"), pair = GroupID.named("pair"), dm = GroupID.named("dm")
        try backend.withNewStore { store throws in
            func groups(_ inbox: InboxID) throws -> [GroupID] { try store.groups(containing: inbox) }
            try store.submit(to: team, actor: .alix, time: 1, changes: [.create(CreateConversation(members: [.bo, .caro], leaveRule: .direct))])
            try store.submit(to: pair, actor: .alix, time: 1, changes: [.create(CreateConversation(members: [.bo]))])
            try store.submit(to: dm, actor: .davon, time: 1, changes: [.create(CreateConversation(kind: .dm, members: [.alix]))])
            #expect(try groups(.alix) == [dm, pair, team])
            #expect(try groups(.bo) == [pair, team])
            #expect(try groups(.caro) == [team])
            #expect(try groups(.davon) == [dm])
            #expect(try groups(.eri) == [])
            // An inbox whose ID starts with another's is a different inbox.
            let bob = InboxID.named("bob")
            try store.submit(to: .named("bobs"), actor: bob, time: 1, changes: [.create(CreateConversation(members: [.named("b")]))])
            #expect(try groups(bob) == [.named("bobs")])
            #expect(try groups(.named("b")) == [.named("bobs")])
            #expect(try groups(.bo) == [pair, team])

            try store.submit(to: pair, actor: .alix, time: 2, changes: [.add(.eri, .caro)])
            #expect(try groups(.caro) == [pair, team])
            #expect(try groups(.eri) == [pair])

            try store.submit(to: team, actor: .alix, time: 3, changes: [.remove(.bo)])
            #expect(try groups(.bo) == [pair])
            try store.submit(to: team, actor: .caro, time: 4, changes: [.leave])
            #expect(try groups(.caro) == [pair])
            #expect(try groups(.alix) == [dm, pair, team])

            // Asking to leave keeps the inbox a current member (pending removal).
            try store.submit(to: pair, actor: .eri, time: 5, changes: [.requestRemoval])
            #expect(try groups(.eri) == [pair])
            // A rejected commit changes nothing.
            #expect(throws: StoreError.self) { try store.submit(to: pair, actor: .bo, time: 6, changes: [.remove(.caro)]) }
            #expect(try groups(.caro) == [pair])

            // Re-adding a former member lists the group again; a commit that adds and removes in one go leaves it out.
            try store.submit(to: team, actor: .alix, time: 7, changes: [.add(.bo)])
            #expect(try groups(.bo) == [pair, team])
            try store.submit(to: team, actor: .alix, time: 8, changes: [.add(.fen), .remove(.fen)])
            #expect(try groups(.fen) == [])
            // An ingested rejected commit changes nothing either.
            let head = try store.commits(of: team).last!.commit
            let rejected = Commit(groupID: team, sequence: head.sequence + 1, actor: .gus, time: 9, changes: [.add(.gus)], previousHash: CommitCodec.hash(head))
            #expect(try store.ingest(rejected).code == "notAMember")
            #expect(try groups(.gus) == [])
            #expect(try store.verify() == [])
        }
    }

    /// The index agrees with the folded states, for every inbox of the pool, over random logs of
    /// several groups.
    @Test(arguments: TestBackend.all, seeds)
    func groupsContainingAgreesWithTheStates(backend: TestBackend, seed: UInt64) throws {
        let groups = ["g-a", "g-b", "g-c"].map(GroupID.named)
        let logs = groups.enumerated().map { index, group in randomChainedLog(seed: seed &+ UInt64(index), count: 60, group: group) }
        try backend.withNewStore { store throws in
            for log in logs { try store.ingest(log) }
            let finals = logs.map { Folded($0).final }
            for inbox in RandomLog(seed: seed).inboxes {
                let expected = zip(groups, finals).compactMap { group, state in state?.member(inbox)?.isCurrent == true ? group : nil }
                #expect(try store.groups(containing: inbox) == expected, "seed \(seed) inbox \(inbox)")
            }
        }
    }

    // MARK: Helpers

    private static func code(_ error: StoreError) -> String? {
        if case let .rejected(rejection) = error { return rejection.reason.code }
        return nil
    }

    private static func isCreate(_ change: Change?) -> Bool {
        if case .create = change { return true }
        return false
    }

    /// The kind a `create` asks for.
    private static func createdKind(_ change: Change?) -> ConversationKind? {
        if case let .create(request) = change { return request.kind }
        return nil
    }

    /// The state hash after every commit of every group.
    private static func everyState(_ store: any GroupLogStorage) throws -> [GroupID: [Digest?]] {
        var states: [GroupID: [Digest?]] = [:]
        for summary in try store.groups() {
            states[summary.group] = try (0...summary.headSequence).map { stateHash(try store.state(of: summary.group, at: $0).state) }
        }
        return states
    }
}
