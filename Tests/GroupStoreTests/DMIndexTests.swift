import GroupCodec
import GroupCore
import GroupTestSupport
import Testing
@testable import GroupStore

/// The DM index (`dms(between:and:)`) and the pair's group ID (`GroupID.dm(between:and:)`) that
/// `findOrCreateDm` creates a DM under. Part of the seam's suite.
struct DMIndexTests {
    /// The pair's ID is the same whichever inbox is named first, and never changes: stores and
    /// processes of every version and backend must agree on it.
    @Test func thePairsIDIsFixedAndSymmetric() {
        let id = GroupID.dm(between: .alix, and: .bo)
        #expect(id == GroupID.dm(between: .bo, and: .alix))
        // "dm-" and the first 32 hex digits of the SHA-256 of "alix\0bo\0".
        #expect(id.rawValue == "dm-3461c1d8da170ac9db473e99199deba5")
        #expect(GroupID.dm(between: .alix, and: .caro) != id)
    }

    /// A DM is filed under its pair once its create applied, under either order of the pair;
    /// groups of two, rejected creates and other pairs are not.
    @Test(arguments: TestBackend.all)
    func aDMIsFiledUnderItsPairOnceItsCreateApplied(backend: TestBackend) throws {
        try backend.withNewStore { store throws in
            let pair = GroupID.dm(between: .alix, and: .bo)
            #expect(try store.dms(between: .alix, and: .bo) == [])
            try store.submit(to: pair, actor: .alix, time: 1, changes: [.create(CreateConversation(kind: .dm, members: [.bo]))], expectedSequence: 0)
            #expect(try store.dms(between: .alix, and: .bo) == [pair])
            #expect(try store.dms(between: .bo, and: .alix) == [pair])
            #expect(try store.dms(between: .alix, and: .caro) == [])

            // A second create under the pair's ID conflicts: one log, one DM.
            #expect(throws: StoreError.sequenceConflict(pair, expected: 0, actual: 1)) {
                try store.submit(to: pair, actor: .bo, time: 2, changes: [.create(CreateConversation(kind: .dm, members: [.alix]))], expectedSequence: 0)
            }
            // A group of the same two is not a DM; a DM create the reducer rejects writes nothing.
            try store.submit(to: .named("pair-group"), actor: .alix, time: 3, changes: [.create(CreateConversation(members: [.bo]))])
            #expect(throws: StoreError.self) {
                try store.submit(to: .named("crowd"), actor: .alix, time: 4, changes: [.create(CreateConversation(kind: .dm, members: [.bo, .caro]))])
            }
            #expect(try store.dms(between: .alix, and: .bo) == [pair])
        }
    }

    /// DMs made under other IDs (by ingest, as another replica made them) are filed too, oldest
    /// first; one whose commit 0 was rejected is not.
    @Test(arguments: TestBackend.all)
    func ingestedDMsAreFiledOldestFirst(backend: TestBackend) throws {
        try backend.withNewStore { store throws in
            let first = GroupID.named("z-made-first"), second = GroupID.named("a-made-second")
            try store.ingest([Commit(groupID: first, sequence: 0, actor: .bo, time: 1, changes: [.create(CreateConversation(kind: .dm, members: [.alix]))])])
            try store.ingest([Commit(groupID: second, sequence: 0, actor: .alix, time: 2, changes: [.create(CreateConversation(kind: .dm, members: [.bo]))])])
            let rejected = try store.ingest(Commit(groupID: .named("stillborn"), sequence: 0, actor: .alix, time: 3,
                                                   changes: [.create(CreateConversation(kind: .dm, members: [.bo, .caro]))]))
            #expect(!rejected.isApplied)
            #expect(try store.dms(between: .alix, and: .bo) == [first, second])
            _ = try store.rebuild()
            #expect(try store.dms(between: .bo, and: .alix) == [first, second])
            #expect(try store.verify() == [])
        }
    }
}
