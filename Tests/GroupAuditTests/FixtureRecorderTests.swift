import GroupCodec
import GroupCore
import GroupFixtures
import GroupStore
import GroupTestSupport
import Testing
@testable import GroupAudit

struct FixtureRecorderTests {
    /// Records `first...last` of `source` for a file named `window.json` and checks that the
    /// fixture passes when run as that file would be.
    private func recordAndRun(_ source: LogSource, from first: UInt64? = nil, through last: UInt64? = nil) throws -> (RecordedFixture, Fixture) {
        let recorded = try FixtureRecorder(source: source, replayedAs: .named("window")).record(from: first, through: last)
        let fixture = try readBack(recorded.text)
        let run = try FixtureRunner.run(fixture, groupID: .named("window"))
        #expect(run.difference == nil, "commits \(recorded.first)...\(recorded.last): \(String(describing: run.difference))")
        return (recorded, fixture)
    }

    @Test func wholeLogOfAStoreGroupRecordsEveryOutcomeAndTheFinalState() throws {
        try withAuditStore { store in
            try importSmallLog(into: store)
            let (recorded, fixture) = try recordAndRun(try LogSource(store: store, group: .test))
            #expect((recorded.first, recorded.last, recorded.applied, recorded.rejected) == (0, 3, 3, 1))
            #expect(fixture.start == nil)
            #expect(fixture.commits.map(\.expect) == [.applied, .applied, .rejected(code: "permissionDenied"), .applied])
            let final = try #require(try store.state(of: .test).state)
            #expect(fixture.expect?.members == [.alix: .superAdmin, .bo: .admin, .caro: .member])
            #expect(fixture.expect?.stateHash == StateCodec.hash(final.relabeled(as: .named("window"))))
        }
    }

    @Test func windowInTheMiddleCarriesTheStateBeforeIt() throws {
        try withAuditStore { store in
            try importSmallLog(into: store)
            let (recorded, fixture) = try recordAndRun(try LogSource(store: store, group: .test), from: 2, through: 2)
            #expect((recorded.first, recorded.last, recorded.commits) == (2, 2, 1))
            let start = try #require(fixture.start)
            #expect(start.sequence == 1)
            #expect(start.state == (try store.state(of: .test, at: 1).state))
            #expect(fixture.commits.map(\.actor) == [.bo])
            #expect(fixture.expect?.members == [.alix: .superAdmin, .bo: .admin])
        }
    }

    @Test func windowStartingAtCommitZeroNeedsNoStart() throws {
        try withAuditStore { store in
            try importSmallLog(into: store)
            let (recorded, fixture) = try recordAndRun(try LogSource(store: store, group: .test), from: 0, through: 1)
            #expect(recorded.commits == 2)
            #expect(fixture.start == nil)
            #expect(fixture.expect?.members == [.alix: .superAdmin, .bo: .admin])
        }
    }

    @Test func fixtureTargetRecordsLikeAStoreGroup() throws {
        let source = try LogSource(fixture: smallFixture(), groupID: .named("small"), name: "small.json")
        let (recorded, fixture) = try recordAndRun(source, from: 1)
        #expect((recorded.first, recorded.last) == (1, 3))
        #expect(fixture.start?.state?.member(.bo)?.role == .member)
        #expect(fixture.expect?.members == [.alix: .superAdmin, .bo: .admin, .caro: .member])
    }

    @Test func recordingOfARecordedWindowKeepsItsStart() throws {
        let source = try LogSource(fixture: smallFixture(), groupID: .named("small"), name: "small.json")
        let window = try readBack(try FixtureRecorder(source: source, replayedAs: .named("window")).record(from: 2).text)
        let again = try LogSource(fixture: window, groupID: .named("window"), name: "window.json")
        #expect((again.firstSequence, again.headSequence) == (2, 3))
        let (_, fixture) = try recordAndRun(again)
        #expect(fixture.start?.sequence == 1)
        #expect(fixture.start?.state == window.start?.state?.relabeled(as: .named("window")))
        #expect(fixture.commits == window.commits)
    }

    @Test func logWithNoGroupRecordsANullStart() throws {
        var fixture = smallFixture()
        fixture.commits[0] = FixtureCommit(actor: .alix, time: 1_000, changes: [.create(CreateConversation(members: [.alix]))],
                                           expect: .rejected(code: "duplicateInbox"))
        for index in 1..<fixture.commits.count {
            let commit = fixture.commits[index]
            fixture.commits[index] = FixtureCommit(actor: commit.actor, time: commit.time, changes: commit.changes,
                                                   expect: .rejected(code: "groupNotFound"))
        }
        let source = try LogSource(fixture: fixture, groupID: .test, name: "none.json")
        let (recorded, window) = try recordAndRun(source, from: 2)
        #expect(recorded.rejected == 2)
        var before: Commit?
        try source.forEachCommit(from: 1, through: 1) { before = $0 }
        #expect(window.start == FixtureStart(sequence: 1, state: nil, previousHash: CommitCodec.hash(try #require(before))))
        #expect(window.expect == nil)
    }

    /// Many windows of random logs, with the lifecycle and without, against a store: every
    /// recording passes and expects exactly the outcomes the store's log had.
    @Test(arguments: [(UInt64(11), false), (23, true), (37, false), (58, true)])
    func randomWindowsOfAStoreLogPass(_ seed: UInt64, _ lifecycle: Bool) throws {
        try withAuditStore { store in
            let commits = try ingestRandomLog(into: store, seed: seed, count: 160, lifecycle: lifecycle)
            var replica = Replica()
            let outcomes = commits.map { replica.fold($0) }
            let source = try LogSource(store: store, group: .test)
            var random = SeededGenerator(seed: seed)
            var windows: [(UInt64, UInt64)] = [(0, 159), (0, 0), (159, 159), (1, 40)]
            for _ in 0..<8 {
                let first = UInt64(random.int(0...159))
                windows.append((first, UInt64(random.int(Int(first)...159))))
            }
            var mixes = Set<[Bool]>()
            for (first, last) in windows {
                let (_, fixture) = try recordAndRun(source, from: first, through: last)
                let expected = outcomes[Int(first)...Int(last)].map { outcome -> ExpectedOutcome in
                    if case let .rejected(rejection) = outcome { return .rejected(code: rejection.reason.code) }
                    return .applied
                }
                #expect(fixture.commits.map(\.expect) == expected, "seed \(seed), commits \(first)...\(last)")
                mixes.insert([expected.contains(.applied), expected.contains { $0 != .applied }])
            }
            #expect(mixes.contains([true, true]), "seed \(seed): no window mixed applied and rejected commits")
        }
    }

    @Test func identityClaimedAfterACommitRecordedItUnresolvedStaysUnresolved() throws {
        try withAuditStore { store in
            var log = LogBuilder()
            let commits = chained([
                log.commit(.alix, .create(CreateConversation(members: [.bo], policySet: .allMembers))),
                log.commit(.bo, .addMembers(inboxes: [], identities: [ResolvedIdentity(.handle("dav.eth"), inbox: nil)])),
                log.commit(.alix, .add(.davon)),
            ])
            _ = try store.ingest(commits)
            try store.claim(.handle("dav.eth"), for: .davon)
            try store.claim(.handle("davon.eth"), for: .davon)
            let (_, fixture) = try recordAndRun(try LogSource(store: store, group: .test))
            #expect(fixture.commits.map(\.expect) == [.applied, .rejected(code: "identityNotFound"), .applied])
            #expect(fixture.identities == [IdentityClaims(inbox: .davon, claims: [.handle("davon.eth")])])
        }
    }

    @Test func badWindowsAreRefusedNamingTheOption() throws {
        try withAuditStore { store in
            try importSmallLog(into: store)
            let recorder = FixtureRecorder(source: try LogSource(store: store, group: .test), replayedAs: .test)
            #expect(throws: LogSourceError("--from 4 is past the log's last commit, 3")) { try recorder.record(from: 4) }
            #expect(throws: LogSourceError("--to 9 is past the log's last commit, 3")) { try recorder.record(through: 9) }
            #expect(throws: LogSourceError("--from 3 is after --to 1")) { try recorder.record(from: 3, through: 1) }
        }
    }

    @Test func aFixtureThatStartsMidLogCannotBeImported() throws {
        try withAuditStore { store in
            try importSmallLog(into: store)
            let recorded = try FixtureRecorder(source: try LogSource(store: store, group: .test), replayedAs: .test).record(from: 2)
            let fixture = try readBack(recorded.text)
            #expect(throws: StoreError.ingestRefused(.named("copy"), sequence: 2,
                                                     reason: "the fixture starts after commit 1, but a stored log begins at commit 0")) {
                try store.importFixture(fixture, as: .named("copy"))
            }
            #expect(throws: StoreError.self) { try store.headSequence(of: .named("copy")) }
        }
    }
}

/// Recording the end of a long stored log.
struct LongLogRecordingTests {
    /// A 100,000-commit log over a group grown to 200 members, ingested in batches. The
    /// window's start state comes from the store's nearest snapshot (`LogSource.replica(before:)`),
    /// so the recording reads a few hundred commits, not the whole log.
    @Test func windowNearTheEndOfA100000CommitLogPasses() throws {
        try withAuditStore { store in
            var batch: [Commit] = []
            var previous: Digest?
            for commit in RandomLog(seed: 5).growingCommits(count: 100_000, members: 200, batchSize: 50) {
                let linked = chained([commit], after: previous)[0]
                previous = CommitCodec.hash(linked)
                batch.append(linked)
                if batch.count == 10_000 {
                    _ = try store.ingest(batch)
                    batch.removeAll(keepingCapacity: true)
                }
            }
            let source = try LogSource(store: store, group: .test)
            #expect(source.headSequence == 99_999)
            let recorded = try FixtureRecorder(source: source, replayedAs: .named("tail")).record(from: 99_990)
            #expect((recorded.first, recorded.last, recorded.commits) == (99_990, 99_999, 10))
            let fixture = try readBack(recorded.text)
            #expect(fixture.start?.sequence == 99_989)
            #expect(fixture.start?.state == (try store.state(of: .test, at: 99_989).state))
            #expect(fixture.start?.state?.allMembers.count ?? 0 > 150)
            #expect(try FixtureRunner.run(fixture, groupID: .named("tail")).passed)
        }
    }

    /// A signature covers the commit's previous hash: a window of a signed log starts from the
    /// hash of the commit before it, so that its commits chain, and verify, as stored.
    @Test func aSignedWindowChainsAsStoredAndKeepsItsSignatures() throws {
        try withAuditStore { store in
            let commits = try SignedLog.ingest(into: store, requireSignatures: true)
            let source = try LogSource(store: store, group: .test)
            let recorded = try FixtureRecorder(source: source, replayedAs: .named("window")).record(from: 2)
            #expect(recorded.text.contains("\"previousHash\": \"\(CommitCodec.hash(commits[1]).hex)\""))
            let fixture = try readBack(recorded.text)
            #expect(fixture.start?.previousHash == CommitCodec.hash(commits[1]))
            #expect(fixture.group == .test, "a log holding signatures names its group: they cover it")
            #expect(fixture.keys.isEmpty, "a stored log has no private key")
            #expect(fixture.commits.map { if case let .recorded(signature) = $0.signing { signature } else { nil } }
                == commits[2...].map(\.signature))
            #expect(fixture.commits.map(\.expect) == [.rejected(code: "wrongSigningKey"), .rejected(code: "unsignedCommit"), .applied])
            let run = try FixtureRunner.run(fixture, groupID: .named("window"))
            #expect(run.difference == nil, "\(String(describing: run.difference))")
            #expect(run.commits == Array(commits[2...]), "the fixture's commits are the stored ones: chain and signatures")
            #expect(fixture.expect?.stateHash == StateCodec.hash(try #require(try store.state(of: .test).state)))

            let whole = try readBack(try FixtureRecorder(source: source, replayedAs: .named("window")).record().text)
            #expect(whole.start == nil)
            #expect(try FixtureRunner.run(whole, groupID: .named("window")).commits == commits)
        }
    }
}
