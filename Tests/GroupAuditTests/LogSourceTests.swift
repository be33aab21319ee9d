import GroupCore
import GroupStore
import GroupTestSupport
import Testing
@testable import GroupAudit

struct LogSourceTests {
    @Test func storeGroupHandsEveryCommitInOrder() throws {
        try withAuditStore { store in
            try importSmallLog(into: store)
            let source = try LogSource(store: store, group: .test)
            #expect(source.firstSequence == 0 && source.headSequence == 3)
            var seen: [UInt64] = []
            try source.forEachCommit(from: 1, through: 3) { seen.append($0.sequence) }
            #expect(seen == [1, 2, 3])
        }
    }

    @Test func replicaBeforeASequenceHoldsTheStateAfterThePreviousCommit() throws {
        try withAuditStore { store in
            try importSmallLog(into: store)
            let source = try LogSource(store: store, group: .test)
            #expect(try source.replica(before: 0).state == nil)
            let afterAdmin = try #require(try source.state(after: 1))
            #expect(afterAdmin.member(.bo)?.role == .admin)
            #expect(afterAdmin.member(.caro) == nil)
            #expect(try source.state(after: 3)?.member(.caro)?.role == .member)
        }
    }

    @Test func fixtureLogReadsLikeAStoreGroup() throws {
        let fixture = smallFixture()
        let source = try LogSource(fixture: fixture, groupID: .test, name: "small.json")
        #expect(source.headSequence == 3)
        var actors: [InboxID] = []
        try source.forEachCommit(from: 0, through: 3) { actors.append($0.actor) }
        #expect(actors == [.alix, .alix, .bo, .bo])
        #expect(try source.state(after: 3)?.member(.caro)?.role == .member)
    }

    @Test func sequencesOutsideTheLogAreRefusedWithTheOption() throws {
        try withAuditStore { store in
            try importSmallLog(into: store)
            let source = try LogSource(store: store, group: .test)
            #expect(throws: LogSourceError("--to 9 is past the log's last commit, 3")) { try source.check(9, option: "--to") }
            try source.check(3, option: "--to")
        }
    }

    @Test func unknownGroupIsAStoreError() throws {
        _ = try withAuditStore { store in
            #expect(throws: StoreError.groupNotFound(.named("absent"))) { try LogSource(store: store, group: .named("absent")) }
        }
    }
}

extension LogSourceTests {
    /// A fixture's log refuses what is outside it as a store does, instead of reading past it.
    @Test func fixtureRangesOutsideTheLogAreRefused() throws {
        let source = try LogSource(fixture: smallFixture(), groupID: .test, name: "small.json")
        #expect(throws: LogSourceError("commit 4 is past the log's last commit, 3")) {
            try source.forEachCommit(from: 2, through: 4) { _ in }
        }
        #expect(throws: LogSourceError("commit 4 is past the log's last commit, 3")) { try source.replica(before: 5) }
        #expect(throws: LogSourceError("commit \(UInt64.max) is past the log's last commit, 3")) { try source.state(after: .max) }
        #expect(try source.replica(before: 4).state?.member(.caro) != nil, "before the commit after the last is the end")
    }
}
