import Foundation
import GroupCodec
import GroupCore
import GroupTestSupport
import Testing
@testable import GroupStore

/// Ingest: a commit made elsewhere is appended when its sequence and previous hash fit, judged
/// like any other, and refused at the door otherwise with nothing written (SPEC sections 4, 12).
struct IngestTests {
    // MARK: Refusals write nothing

    @Test(arguments: TestBackend.all)
    func wrongSequenceIsRefusedAndWritesNothing(backend: TestBackend) throws {
        try backend.withSampleStore { sample throws in
            let next = sample.next(.updateName("next"))
            for sequence: UInt64 in [0, 2, 3, 5, 100, .max] {
                let error = try sample.expectNothingWritten { () throws(StoreError) in
                    try sample.store.ingest(next.with(sequence: sequence))
                }
                #expect(Self.refusal(error)?.group == .test)
                #expect(Self.refusal(error)?.sequence == sequence)
                #expect(Self.refusal(error)?.reason.contains("next sequence is 4") == true, "\(String(describing: error))")
            }
            // A new group must start at 0.
            let stray = Commit(groupID: .named("new"), sequence: 1, actor: .alix, time: 1, changes: [.updateName("x")])
            let error = try sample.expectNothingWritten { () throws(StoreError) in try sample.store.ingest(stray) }
            #expect(Self.refusal(error)?.group == .named("new"))
            #expect(throws: StoreError.groupNotFound(.named("new"))) { try sample.store.headSequence(of: .named("new")) }
            // The commit that fits is taken.
            #expect(try sample.store.ingest(next) == .applied)
            #expect(try sample.store.headSequence(of: .test) == 4)
        }
    }

    @Test(arguments: TestBackend.all)
    func wrongPreviousHashIsRefusedAndWritesNothing(backend: TestBackend) throws {
        try backend.withSampleStore { sample throws in
            let next = sample.next(.updateName("next"))
            let wrong: [Digest?] = [
                nil,
                Digest(bytes: [UInt8](repeating: 0xAB, count: 32)),
                CommitCodec.hash(sample.log[1]),
                CommitCodec.hash(next),
                // The head's hash with one bit flipped.
                Digest(bytes: { var bytes = CommitCodec.hash(sample.log[3]).bytes; bytes[31] ^= 1; return bytes }()),
            ]
            for previous in wrong {
                let error = try sample.expectNothingWritten { () throws(StoreError) in
                    try sample.store.ingest(next.with(previousHash: previous))
                }
                #expect(Self.refusal(error)?.group == .test)
                #expect(Self.refusal(error)?.sequence == 4)
                #expect(Self.refusal(error)?.reason.contains("previous hash") == true, "\(String(describing: error))")
            }
            // Commit 0 of a new group has no previous commit.
            let zero = Commit(groupID: .named("new"), sequence: 0, actor: .alix, time: 1,
                              changes: [.create(CreateConversation(members: [.bo]))], previousHash: CommitCodec.hash(sample.log[0]))
            let error = try sample.expectNothingWritten { () throws(StoreError) in try sample.store.ingest(zero) }
            #expect(Self.refusal(error)?.group == .named("new"))
            #expect(try sample.store.ingest(zero.with(previousHash: nil)) == .applied)
        }
    }

    /// Versions this build does not read: 0, the next one, and two far beyond.
    @Test(arguments: TestBackend.all, [UInt8(0), CommitCodec.version + 1, 0x7F, 0xFF])
    func unknownFormatVersionIsRefused(backend: TestBackend, version: UInt8) throws {
        try backend.withSampleStore { sample throws in
            let next = sample.next(.updateName("next"))
            var bytes = CommitCodec.encode(next)
            #expect(bytes[0] == CommitCodec.version(of: next))
            bytes[0] = version
            let error = try sample.expectNothingWritten { () throws(StoreError) in try sample.store.ingest(encoded: bytes) }
            #expect(Self.refusal(error) != nil)
            #expect(error.map(String.init(describing:))?.contains("unsupported format version \(version)") == true,
                    "\(String(describing: error))")
            // The same commit in this version's encoding is taken.
            #expect(try sample.store.ingest(encoded: CommitCodec.encode(next)) == .applied)
            let logged = try sample.store.commits(of: .test, from: 4)
            #expect(logged.map(\.commit) == [next])
            #expect(logged.map(\.outcome) == [.applied])
        }
    }

    /// Every proper prefix of a valid encoding, and the encoding with bytes after it, is refused.
    @Test(arguments: TestBackend.all)
    func truncatedAndExtendedEncodingsAreRefused(backend: TestBackend) throws {
        try backend.withSampleStore { sample throws in
            let next = sample.next(.updateDescription("a description long enough to truncate in many places"))
            let bytes = CommitCodec.encode(next)
            let before = try sample.contents()
            for length in 0..<bytes.count {
                #expect(throws: StoreError.self, "prefix of \(length) bytes") { try sample.store.ingest(encoded: Array(bytes[0..<length])) }
            }
            for extra: [UInt8] in [[0], [1], [0xFF, 0xFF]] {
                #expect(throws: StoreError.self) { try sample.store.ingest(encoded: bytes + extra) }
            }
            #expect(try sample.contents() == before)
            #expect(sample.storedBytesAreUnchanged, "the stored bytes changed")
            #expect(try sample.store.ingest(encoded: bytes) == .applied)
        }
    }

    @Test(arguments: TestBackend.all)
    func randomBytesAreRefused(backend: TestBackend) throws {
        try backend.withSampleStore { sample throws in
            var random = SeededGenerator(seed: 20_240_611)
            let before = try sample.contents()
            let valid = CommitCodec.encode(sample.next(.updateName("next")))
            var refused = 0
            for trial in 0..<3_000 {
                var bytes = (0..<random.int(0...300)).map { _ in UInt8.random(in: 0...255, using: &random) }
                // Get past the version check most of the time, and now and then past the group ID.
                if !bytes.isEmpty && trial % 4 != 0 { bytes[0] = CommitCodec.version }
                if trial % 3 == 0 { bytes = Array(valid.prefix(random.int(1...12))) + bytes }
                switch Result(catching: { () throws(StoreError) in try sample.store.ingest(encoded: bytes) }) {
                case .success:
                    Issue.record("random bytes (trial \(trial), seed \(random.seed)) were ingested: \(bytes)")
                case .failure(.ingestRefused):
                    refused += 1
                case let .failure(error):
                    Issue.record("random bytes (trial \(trial)) gave \(error), not ingestRefused")
                }
            }
            #expect(refused == 3_000)
            #expect(try sample.contents() == before)
            #expect(sample.storedBytesAreUnchanged, "the stored bytes changed")
        }
    }

    /// A valid commit whose changes are replaced by random bytes: refused at the door, or, when
    /// the bytes happen to decode, appended whole and judged like any commit. Never a crash.
    @Test(arguments: TestBackend.all)
    func commitsWithRandomChangesAreRefusedOrAppendedWhole(backend: TestBackend) throws {
        try backend.withSampleStore { sample throws in
            var random = SeededGenerator(seed: 77)
            var replica = Replica()
            for commit in sample.log { replica.fold(commit) }
            var head = sample.log[3]
            for _ in 0..<1_500 {
                let proper = Commit(groupID: .test, sequence: head.sequence + 1, actor: .alix, time: head.time + 1,
                                    changes: [.updateName("n")], previousHash: CommitCodec.hash(head))
                let encoded = CommitCodec.encode(proper)
                // The last bytes are the change list: a count of 1, tag 13, the string "n" (3 bytes).
                var bytes = Array(encoded.dropLast(4))
                bytes += (0..<random.int(0...40)).map { _ in UInt8.random(in: 0...255, using: &random) }
                let decoded = try? CommitCodec.decode(bytes)
                switch Result(catching: { () throws(StoreError) in try sample.store.ingest(encoded: bytes) }) {
                case let .success(outcome):
                    guard let commit = decoded else {
                        Issue.record("undecodable bytes were ingested: \(bytes)")
                        continue
                    }
                    #expect(outcome == replica.fold(commit))
                    head = commit
                case .failure(.ingestRefused):
                    #expect(decoded == nil, "a decodable commit that fits was refused: \(bytes)")
                case let .failure(error):
                    Issue.record("\(error) is not ingestRefused")
                }
            }
            #expect(try sample.store.headSequence(of: .test) == head.sequence)
            #expect(try sample.store.state(of: .test).state == replica.state)
            #expect(try sample.store.verify() == [])
        }
    }

    @Test(arguments: TestBackend.all)
    func batchWhoseThirdCommitDoesNotFitWritesNothing(backend: TestBackend) throws {
        try backend.withSampleStore { sample throws in
            let fourth = sample.next(.updateName("four"))
            let fifth = Commit(groupID: .test, sequence: 5, actor: .bo, time: 60_000, changes: [.updateDescription("five")],
                               previousHash: CommitCodec.hash(fourth))
            let sixth = Commit(groupID: .test, sequence: 6, actor: .bo, time: 61_000, changes: [.updateName("six")],
                               previousHash: CommitCodec.hash(fifth))
            let seventh = Commit(groupID: .test, sequence: 7, actor: .bo, time: 62_000, changes: [.updateName("seven")],
                                 previousHash: CommitCodec.hash(sixth))
            let fresh = Commit(groupID: .named("fresh"), sequence: 0, actor: .davon, time: 1, changes: [.create(CreateConversation(members: [.eri]))])
            let claims = [IdentityClaims(inbox: .davon, claims: [.handle("davon.eth")])]
            let badThirds: [(String, Commit)] = [
                ("a skipped sequence", sixth.with(sequence: 7)),
                ("a repeated sequence", fifth),
                ("a wrong previous hash", sixth.with(previousHash: CommitCodec.hash(fourth))),
                ("no previous hash", sixth.with(previousHash: nil)),
            ]
            for (what, third) in badThirds {
                let error = try sample.expectNothingWritten(inboxes: [.davon, .eri]) { () throws(StoreError) in
                    try sample.store.ingest([fourth, fifth, third, seventh], claims: claims)
                }
                #expect(Self.refusal(error)?.group == .test, "\(what)")
                #expect(Self.refusal(error)?.sequence == third.sequence, "\(what)")
                // A batch over two groups: the other group's commit is not written either.
                let mixed = try sample.expectNothingWritten(inboxes: [.davon, .eri]) { () throws(StoreError) in
                    try sample.store.ingest([fourth, fresh, fifth, third, seventh], claims: claims)
                }
                #expect(Self.refusal(mixed)?.sequence == third.sequence, "\(what)")
            }
            #expect(try sample.store.inbox(claiming: .handle("davon.eth")) == nil)
            // The same batch with the right third commit is taken whole.
            let outcomes = try sample.store.ingest([fourth, fresh, fifth, sixth, seventh], claims: claims)
            #expect(outcomes == [.applied, .applied, .applied, .applied, .applied])
            #expect(try sample.store.headSequence(of: .test) == 7)
            #expect(try sample.store.headSequence(of: .named("fresh")) == 0)
            #expect(try sample.store.inbox(claiming: .handle("davon.eth")) == .davon)
            #expect(try sample.store.verify() == [])
        }
    }

    // MARK: What ingest takes

    @Test(arguments: TestBackend.all)
    func rejectedCommitIsStoredWithItsOutcomeAndAdvancesTheHead(backend: TestBackend) throws {
        try backend.withSampleStore { sample throws in
            let before = try #require(try sample.store.state(of: .test).state)
            // bo is a plain member: granting admin is denied under the default policies.
            let denied = sample.next(.addAdmin(.caro), actor: .bo)
            let outcome = try sample.store.ingest(denied)
            var replica = Replica()
            for commit in sample.log { replica.fold(commit) }
            #expect(outcome == replica.fold(denied))
            #expect(outcome.code == "permissionDenied")
            #expect(try sample.store.headSequence(of: .test) == 4)
            let logged = try sample.store.commits(of: .test, from: 4)
            #expect(logged.map(\.commit) == [denied])
            #expect(logged.map(\.outcome) == [outcome])
            #expect(logged.map(\.events) == [[]])
            let after = try #require(try sample.store.state(of: .test).state)
            #expect(after == before)
            #expect(StateCodec.hash(after) == StateCodec.hash(before))
            // The next commit chains on the rejected one.
            let next = Commit(groupID: .test, sequence: 5, actor: .alix, time: 90_000, changes: [.addAdmin(.caro)], previousHash: CommitCodec.hash(denied))
            #expect(try sample.store.ingest(next) == .applied)
            #expect(try sample.store.state(of: .test).state?.isAdmin(.caro) == true)
            #expect(try sample.store.verify() == [])
            // Submit refuses what ingest stores: the same denied change submitted writes nothing.
            #expect(throws: StoreError.self) { try sample.store.submit(to: .test, actor: .bo, time: 91_000, changes: [.addAdmin(.davon)]) }
            #expect(try sample.store.headSequence(of: .test) == 5)
        }
    }

    @Test(arguments: TestBackend.all)
    func rejectedCommitZeroLeavesAGroupWithoutState(backend: TestBackend) throws {
        try backend.withNewStore(snapshotInterval: 2) { store throws in
            let log = chained([
                Commit(groupID: .test, sequence: 0, actor: .alix, time: 1, changes: [.updateName("not a create")]),
                Commit(groupID: .test, sequence: 1, actor: .alix, time: 2, changes: [.create(CreateConversation(members: [.bo]))]),
                Commit(groupID: .test, sequence: 2, actor: .alix, time: 3, changes: [.updateName("x")]),
                Commit(groupID: .test, sequence: 3, actor: .bo, time: 4, changes: [.leave]),
                Commit(groupID: .test, sequence: 4, actor: .alix, time: 5, changes: [.add(.caro)]),
            ])
            let outcomes = try store.ingest(log)
            #expect(outcomes.map(\.code) == ["invalidCommit", "groupNotFound", "groupNotFound", "groupNotFound", "groupNotFound"])
            #expect(try store.groups() == [GroupSummary(group: .test, headSequence: 4)])
            // Snapshots of no group (at 2 and 4) are written and read back as no group.
            for sequence: UInt64 in 0...4 {
                #expect(try store.state(of: .test, at: sequence).state == nil)
            }
            try backend.forgetCaches(of: store)
            let stored = try store.state(of: .test)
            #expect(stored.state == nil)
            #expect(stored.headSequence == 4)
            #expect(try store.groups(containing: .alix) == [])
            #expect(try store.verify() == [])
            // A submit to it is judged like the fold judges commit 5: groupNotFound.
            let error = #expect(throws: StoreError.self) {
                try store.submit(to: .test, actor: .alix, time: 6, changes: [.updateName("x")])
            }
            guard case let .rejected(rejection)? = error else {
                Issue.record("expected .rejected(groupNotFound), got \(String(describing: error))")
                return
            }
            #expect(rejection.reason == .groupNotFound)
        }
    }

    /// Three groups' random logs ingested interleaved, one by one and in mixed batches: each
    /// group's log, outcomes and states are its own fold's, also after reopening.
    @Test(arguments: TestBackend.all, [UInt64(3), 33, 333])
    func groupsIngestedInterleaved(backend: TestBackend, seed: UInt64) throws {
        let groups = ["zeta", "alpha", "mid"].map(GroupID.named)
        let logs = groups.enumerated().map { index, group in randomChainedLog(seed: seed &* 10 &+ UInt64(index), count: 70, group: group) }
        let folds = logs.map { Folded($0) }
        var random = SeededGenerator(seed: seed)
        try backend.withPlace { place throws in
            do {
                let store = try place.open(snapshotInterval: 6)
                var positions = [0, 0, 0]
                while positions != [70, 70, 70] {
                    var batch: [Commit] = []
                    var expected: [CommitOutcome] = []
                    for _ in 0..<random.int(1...6) {
                        let open = (0..<3).filter { positions[$0] < 70 }
                        guard let index = open.isEmpty ? nil : random.pick(open) else { break }
                        batch.append(logs[index][positions[index]])
                        expected.append(folds[index].outcomes[positions[index]])
                        positions[index] += 1
                    }
                    let outcomes = batch.count == 1 ? [try store.ingest(batch[0])] : try store.ingest(batch)
                    #expect(outcomes == expected, "seed \(seed)")
                }
                try Self.expectLogs(store, groups, logs, folds, seed: seed)
            }
            let reopened = try place.open(snapshotInterval: 6)
            try Self.expectLogs(reopened, groups, logs, folds, seed: seed)
        }
    }

    /// Random lifecycle logs of three groups, interleaved, ingested in one batch and one commit
    /// at a time into two stores: the memberships, the directory and the DMs come out the same
    /// (a batch files each index once, at its end, with the last value of each entry).
    @Test(arguments: TestBackend.all, [UInt64(5), 55, 555])
    func aBatchFilesTheIndexesAsOneCommitAtATimeDoes(backend: TestBackend, seed: UInt64) throws {
        var interleaved: [Commit] = []
        var pool: [InboxID] = []
        let logs = ["x-one", "a-two", "m-three"].enumerated().map { index, name in
            var settings = RandomLog(seed: seed &* 7 &+ UInt64(index))
            settings.groupID = .named(name)
            settings.lifecycle = true
            pool = settings.inboxes
            return chained(settings.commits(count: 80))
        }
        for position in 0..<80 { for log in logs { interleaved.append(log[position]) } }
        try backend.withPlace { batched throws in
            try backend.withPlace { single throws in
                let one = try batched.open(), other = try single.open()
                let outcomes = try one.ingest(interleaved)
                #expect(try interleaved.map { commit throws(StoreError) in try other.ingest(commit) } == outcomes, "seed \(seed)")
                for inbox in pool {
                    #expect(try one.groups(containing: inbox) == other.groups(containing: inbox), "seed \(seed) inbox \(inbox)")
                    for partner in pool where partner > inbox {
                        #expect(try one.dms(between: inbox, and: partner) == other.dms(between: inbox, and: partner), "seed \(seed)")
                    }
                }
                #expect(try one.directory(limit: 100).items == other.directory(limit: 100).items, "seed \(seed)")
                #expect(try one.verify() == [] && other.verify() == [], "seed \(seed)")
            }
        }
    }

    @Test(arguments: TestBackend.all)
    func submitAndIngestChainOnEachOther(backend: TestBackend) throws {
        try backend.withSampleStore { sample throws in
            let submitted = try sample.store.submit(to: .test, actor: .alix, time: 50_000, changes: [.updateName("submitted")])
            #expect(submitted.commit.previousHash == CommitCodec.hash(sample.log[3]))
            let ingested = Commit(groupID: .test, sequence: 5, actor: .bo, time: 51_000, changes: [.updateName("ingested")], previousHash: submitted.hash)
            #expect(try sample.store.ingest(ingested) == .applied)
            let again = try sample.store.submit(to: .test, actor: .alix, time: 52_000, changes: [.updateName("again")])
            #expect(again.commit.previousHash == CommitCodec.hash(ingested))
            #expect(try sample.store.state(of: .test).state?.metadata.name == "again")
            #expect(try sample.store.verify() == [])
        }
    }

    // MARK: Helpers

    private static func refusal(_ error: StoreError?) -> (group: GroupID?, sequence: UInt64?, reason: String)? {
        guard case let .ingestRefused(group, sequence, reason)? = error else { return nil }
        return (group, sequence, reason)
    }

    private static func expectLogs(_ store: any GroupLogStorage, _ groups: [GroupID], _ logs: [[Commit]], _ folds: [Folded], seed: UInt64) throws {
        #expect(try store.groups() == groups.sorted().map { GroupSummary(group: $0, headSequence: 69) }, "seed \(seed)")
        for (group, (log, fold)) in zip(groups, zip(logs, folds)) {
            let logged = try store.commits(of: group)
            #expect(logged.map(\.commit) == log, "seed \(seed) group \(group)")
            #expect(logged.map(\.outcome) == fold.outcomes, "seed \(seed) group \(group)")
            for sequence in 0..<log.count {
                #expect(try store.state(of: group, at: UInt64(sequence)).state == fold.states[sequence], "seed \(seed) group \(group) at \(sequence)")
            }
        }
        #expect(try store.verify() == [], "seed \(seed)")
    }
}

/// A store holding two groups: `test` (alix creates it with bo and caro, then three updates,
/// commits 0 to 3) and `other`; with a way to check that an attempt writes nothing.
struct SampleStore {
    let store: any GroupLogStorage
    let place: StorePlace
    let log: [Commit]
    /// The backend's stored bytes as they were when the sample was made (nil where it cannot
    /// show them).
    let storedBytes: [UInt8]?

    /// Whether the backend stores the same bytes as when the sample was made (compared here, so
    /// that a failure does not print them all).
    var storedBytesAreUnchanged: Bool { place.storedBytes() == storedBytes }

    /// Commit 4 of `test`, chained on commit 3.
    func next(_ change: Change, actor: InboxID = .alix) -> Commit {
        Commit(groupID: .test, sequence: 4, actor: actor, time: 40_000, changes: [change], previousHash: CommitCodec.hash(log[3]))
    }

    func contents(_ inboxes: [InboxID] = []) throws -> StoreContents {
        try StoreContents(store, inboxes: [.alix, .bo, .caro] + inboxes)
    }

    /// Runs `attempt`, which must throw, and checks that the store's contents and its stored
    /// bytes are as they were. Returns the error.
    @discardableResult
    func expectNothingWritten(
        inboxes: [InboxID] = [], sourceLocation: SourceLocation = #_sourceLocation, _ attempt: () throws(StoreError) -> Void
    ) throws -> StoreError? {
        let before = try contents(inboxes)
        let bytes = place.storedBytes()
        var caught: StoreError?
        switch Result(catching: attempt) {
        case .success: Issue.record("the attempt was not refused", sourceLocation: sourceLocation)
        case let .failure(error): caught = error
        }
        #expect(try contents(inboxes) == before, "\(String(describing: caught))", sourceLocation: sourceLocation)
        let unchanged = place.storedBytes() == bytes
        #expect(unchanged, "the stored bytes changed after \(String(describing: caught))", sourceLocation: sourceLocation)
        return caught
    }
}

extension TestBackend {
    /// Runs `body` with a fresh ``SampleStore`` of this backend, deleted afterwards.
    func withSampleStore(_ body: (SampleStore) throws -> Void) throws {
        try withPlace { place throws in
            let store = try place.open(snapshotInterval: 2)
            let log = chained([
                Commit(groupID: .test, sequence: 0, actor: .alix, time: 10_000, changes: [.create(CreateConversation(members: [.bo, .caro]))]),
                Commit(groupID: .test, sequence: 1, actor: .bo, time: 20_000, changes: [.updateName("Team")]),
                Commit(groupID: .test, sequence: 2, actor: .alix, time: 25_000, changes: [.add(.davon)]),
                Commit(groupID: .test, sequence: 3, actor: .caro, time: 30_000, changes: [.updateDescription("about")]),
            ])
            try store.ingest(Array(log[0..<2]))
            try store.ingest(log[2])
            try store.submit(to: .named("other"), actor: .bo, time: 1, changes: [.create(CreateConversation(members: [.alix]))])
            try store.ingest(log[3])
            try body(SampleStore(store: store, place: place, log: log, storedBytes: place.storedBytes()))
        }
    }
}
