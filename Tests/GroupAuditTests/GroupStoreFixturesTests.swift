import GroupAudit
import GroupCodec
import GroupCore
import GroupFixtures
import GroupStore
import GroupTestSupport
import Testing

/// Fixtures in and out of a store (`importFixture`, `exportFixture`): every package fixture
/// survives the round trip with its outcomes and state hash, and an import is all or nothing.
struct GroupStoreFixturesTests {
    @Test func fixturesArePresent() {
        #expect(!PackageFixtures.files.isEmpty, "no fixtures in \(PackageFixtures.folder.path)")
    }

    /// A fixture imported under its own group ID gives the outcomes and state hash of
    /// `FixtureRunner.run`; its export passes as a fixture, and re-imported into another store
    /// gives the same log, outcomes and state hash.
    @Test(arguments: PackageFixtures.files)
    func fixtureImportExportReimport(_ name: String) throws {
        let fixture = try PackageFixtures.read(name)
        let group = PackageFixtures.groupID(of: name)
        let run = try FixtureRunner.run(fixture, groupID: group)
        try withAuditStore(snapshotInterval: 3) { store throws in
            let outcomes = try store.importFixture(fixture, as: group)
            #expect(outcomes == run.outcomes)
            let stored = try store.state(of: group)
            #expect(stored.state == run.state)
            #expect(stored.state.map(StateCodec.hash) == run.state.map(StateCodec.hash))
            #expect(try store.verify() == [])
            #expect(throws: StoreError.self) { try store.importFixture(fixture, as: group) }

            let exported = try store.exportFixture(group)
            let reread = try FixtureReader.read(Array(JSONWriter.write(exported, pretty: true).utf8), file: "export of \(name)")
            let rerun = try FixtureRunner.run(reread, groupID: group)
            #expect(rerun.difference == nil, "the export of \(name) fails as a fixture: \(rerun.difference.map(String.init(describing:)) ?? "")")

            try withAuditStore { second throws in
                #expect(try second.importFixture(reread, as: group) == outcomes)
                #expect(try second.commits(of: group) == (try store.commits(of: group)))
                #expect(try second.state(of: group).state.map(StateCodec.hash) == stored.state.map(StateCodec.hash))
                #expect(try second.verify() == [])
            }
        }
    }

    /// An import whose directory contradicts the store's (an identity another inbox claims) is
    /// refused whole: no commit and no claim is written.
    @Test func importWithAConflictingClaimWritesNothing() throws {
        let fixture = Fixture(
            name: "claims caro.eth for bo",
            identities: [IdentityClaims(inbox: .bo, claims: [.handle("bo.eth"), .handle("caro.eth")])],
            commits: [FixtureCommit(actor: .alix, time: 1, changes: [.create(CreateConversation(members: [.bo]))])])
        try withAuditStore { store throws in
            try store.claim(.handle("caro.eth"), for: .caro)
            #expect(throws: StoreError.identityClaimed(.handle("caro.eth"), owner: .caro)) { try store.importFixture(fixture, as: .test) }
            #expect(try store.groups() == [])
            #expect(try store.inbox(claiming: .handle("bo.eth")) == nil)
            #expect(try store.identities(of: .bo) == [])
        }
    }

    /// A log whose commit 0 is refused holds no group; its export is still a fixture, one that
    /// expects the same refusals.
    @Test func logWithoutAGroupExports() throws {
        let fixture = Fixture(name: "no group", commits: [
            FixtureCommit(actor: .alix, time: 1, changes: [.updateName("not a create")], expect: .rejected(code: "invalidCommit")),
            FixtureCommit(actor: .alix, time: 2, changes: [.updateName("x")], expect: .rejected(code: "groupNotFound")),
        ])
        try withAuditStore { store throws in
            let outcomes = try store.importFixture(fixture, as: .test)
            #expect(outcomes.map(\.code) == ["invalidCommit", "groupNotFound"])
            #expect(try store.state(of: .test).state == nil)
            let exported = try store.exportFixture(.test)
            let reread = try FixtureReader.read(Array(JSONWriter.write(exported, pretty: true).utf8), file: "export of no group")
            #expect(reread.commits.map(\.expect) == fixture.commits.map(\.expect))
            let rerun = try FixtureRunner.run(reread, groupID: .test)
            #expect(rerun.difference == nil, "\(rerun.difference.map(String.init(describing:)) ?? "")")
        }
    }
}
