@testable import GroupLog
import GroupTestSupport
import Testing

/// XMTPiOS's `PublicIdentity(kind:identifier:)` cannot fail, so an identity outside 1 to 256
/// bytes is refused where it is used, with a typed error and nothing written, never a trap.
struct UncheckedIdentityTests {
    static let bad: [PublicIdentity] = [
        PublicIdentity(kind: .ethereum, identifier: ""),
        PublicIdentity(kind: .handle, identifier: String(repeating: "h", count: 257)),
    ]

    @Test(arguments: bad)
    func everyCallRefusesItWithNothingWritten(_ identity: PublicIdentity) async throws {
        try await withStore { store in
            let alix = store.conversations(as: .alix)
            let group = try await alix.newGroup(with: ["bo"])
            let calls: [(String, () async throws(GroupLogError) -> Void)] = [
                ("claim", { () async throws(GroupLogError) in try await store.claim(identity, for: .caro) }),
                ("newGroupWithIdentities", { () async throws(GroupLogError) in _ = try await alix.newGroupWithIdentities(identities: [identity]) }),
                ("addMembersByIdentity", { () async throws(GroupLogError) in _ = try await group.addMembersByIdentity(identities: [identity]) }),
                ("removeMembersByIdentity", { () async throws(GroupLogError) in _ = try await group.removeMembersByIdentity(identities: [identity]) }),
                ("findOrCreateDmWithIdentity", { () async throws(GroupLogError) in _ = try await alix.findOrCreateDmWithIdentity(identity) }),
                ("findDmByIdentity", { () async throws(GroupLogError) in _ = try await alix.findDmByIdentity(identity) }),
                ("findDmByIdentity(publicIdentity:)", { () async throws(GroupLogError) in _ = try await alix.findDmByIdentity(publicIdentity: identity) }),
            ]
            for (name, call) in calls {
                #expect(await error(of: call)?.isInvalidArgument == true, "\(name)")
            }
            #expect(try await alix.groups().count == 1)
            #expect(try group.current().0.lastAppliedSequence == 0)
        }
    }
}
