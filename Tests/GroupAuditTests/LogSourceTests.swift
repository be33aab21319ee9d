import Foundation
import GroupCore
import GroupFixtures
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

/// Opening a target, replaying it to a sequence and reading the state at one: what the read
/// commands of the CLI do with a group of a store and a fixture file alike.
struct LogSourceTargetTests {
    /// `smallFixture()` as a file holds it.
    static let smallFixtureText = """
    {"name": "small", "commits": [
      {"actor": "alix", "time": 1000, "changes": [{"op": "create", "kind": "group", "members": ["bo"], "policySet": "allMembers"}]},
      {"actor": "alix", "time": 2000, "changes": [{"op": "addAdmin", "inbox": "bo"}]},
      {"actor": "bo", "time": 3000, "changes": [{"op": "addSuperAdmin", "inbox": "bo"}], "expect": {"rejected": "permissionDenied"}},
      {"actor": "bo", "time": 4000, "changes": [{"op": "addMembers", "inboxes": ["caro"]}]}
    ]}
    """

    /// The small log as a fixture file named `name` in a fresh directory.
    private func withFixtureFile<T>(named name: String = "small.json", _ body: (String) throws -> T) throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("grouplog-source-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent(name).path
        try Data(Self.smallFixtureText.utf8).write(to: URL(fileURLWithPath: path))
        return try body(path)
    }

    @Test func aTargetNamesAFixtureFileWhenItExistsOrEndsInJSON() throws {
        #expect(FixtureFile.isNamed(by: "missing.json"))
        #expect(!FixtureFile.isNamed(by: "team"))
        try withFixtureFile(named: "small") { path in
            #expect(FixtureFile.isNamed(by: path))
            // A directory, such as a store named like its group, names the group.
            #expect(!FixtureFile.isNamed(by: URL(fileURLWithPath: path).deletingLastPathComponent().path))
        }
    }

    @Test func aFixtureFilesGroupIDIsItsNameWithoutJSON() {
        #expect(FixtureFile.groupID(for: "/tmp/x/team-chat.json") == .named("team-chat"))
        #expect(FixtureFile.groupID(for: "/tmp/x/has space.json") == .named("fixture"), "not a valid group ID")
    }

    @Test func aFixtureTargetOpensWithoutAStore() throws {
        try withFixtureFile { path in
            let source = try LogSource.open(path) { () throws(StoreError) -> GroupStore in
                Issue.record("the store was opened for a fixture")
                throw StoreError.notAStore(path: path, reason: "not wanted")
            }
            #expect(source.name == path)
            #expect(source.headSequence == 3)
            #expect(source.fixture?.name == "small")
        }
    }

    @Test func anUnreadableFixtureFileIsAFixtureErrorNamingIt() {
        #expect(throws: FixtureError(file: "/nonexistent/small.json", path: "$", message: "cannot read the file")) {
            try LogSource.open("/nonexistent/small.json") { () throws(StoreError) -> GroupStore in throw StoreError.notAStore(path: "", reason: "not wanted") }
        }
    }

    @Test func aGroupTargetOpensTheStoreGroup() throws {
        try withAuditStore { store in
            try importSmallLog(into: store)
            let source = try LogSource.open(GroupID.test.rawValue) { () throws(StoreError) in store }
            #expect(source.name == GroupID.test.rawValue && source.fixture == nil && source.headSequence == 3)
            #expect(throws: LogSourceError(#"invalid group ID "a b": it has a space or a byte that is not printable ASCII at byte 1"#)) {
                try LogSource.open("a b") { () throws(StoreError) in store }
            }
        }
    }

    @Test func replayHandsEveryCommitWithItsOutcomeAndStopsAtTheSequence() throws {
        try withFixtureFile { path in
            let source = try LogSource(fixtureFile: path)
            var seen: [(UInt64, Bool)] = []
            let replayed = try source.replay(through: 2, option: "--at") { commit, outcome, _ in
                seen.append((commit.sequence, outcome.isApplied))
            }
            #expect(seen.map(\.0) == [0, 1, 2] && seen.map(\.1) == [true, true, false])
            #expect(replayed.sequence == 2)
            #expect(replayed.state?.member(.bo)?.role == .admin && replayed.state?.member(.caro) == nil)
            #expect(try source.replay(through: nil, option: "--at") { _, _, _ in }.sequence == 3)
            #expect(throws: LogSourceError("--at 4 is past the log's last commit, 3")) {
                try source.replay(through: 4, option: "--at") { _, _, _ in }
            }
        }
    }

    /// A store group and the fixture it was imported from reach the same states, with the same
    /// events, whether replayed or read at a sequence.
    @Test func aStoreGroupReplaysAndReadsAsItsFixtureDoes() throws {
        try withAuditStore { store in
            try withFixtureFile(named: GroupID.test.rawValue + ".json") { path in
                try importSmallLog(into: store)
                try store.claim(try PublicIdentity(.handle, "caro.eth"), for: .caro)
                let group = try LogSource(store: store, group: .test), file = try LogSource(fixtureFile: path)
                var groupEvents: [[DomainEvent]] = [], fileEvents: [[DomainEvent]] = []
                let fromGroup = try group.replay(through: nil, option: "--at") { _, _, events in groupEvents.append(events) }
                let fromFile = try file.replay(through: nil, option: "--at") { _, _, events in fileEvents.append(events) }
                #expect(groupEvents == fileEvents && fromGroup.state == fromFile.state && fromGroup.sequence == 3)
                for sequence: UInt64 in 0...3 {
                    let atGroup = try group.state(at: sequence, option: "--at"), atFile = try file.state(at: sequence, option: "--at")
                    #expect(atGroup.state == atFile.state && atGroup.sequence == sequence && atFile.sequence == sequence)
                    #expect(atGroup.state == (try group.state(after: sequence)))
                }
                // The store's directory names the state's members' claims as they stand now.
                #expect(try group.state(at: nil, option: "--at").directory.handles(of: .caro).handle == "caro.eth")
                #expect(throws: StoreError.sequencePastHead(.test, sequence: 9, head: 3)) { try group.state(at: 9, option: "--at") }
                #expect(throws: LogSourceError("--at 9 is past the log's last commit, 3")) { try file.state(at: 9, option: "--at") }
            }
        }
    }

    @Test func aLogWhoseFirstCommitWasRejectedHasNoExistingState() throws {
        let fixture = Fixture(name: "refused", commits: [
            FixtureCommit(actor: .alix, time: 1_000, changes: [.addAdmin(.bo)], expect: .rejected(code: "groupNotFound")),
        ])
        let source = try LogSource(fixture: fixture, groupID: .test, name: "refused.json")
        let read = try source.state(at: nil, option: "--at")
        #expect(read.state == nil)
        #expect(throws: LogSourceError("no group: commit 0 of the log was not applied")) { try read.existing() }
    }
}
