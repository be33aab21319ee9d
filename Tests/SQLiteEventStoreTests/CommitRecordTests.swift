import Foundation
import GroupCore
import GroupTestSupport
import SQLiteEventStore
import Testing

/// Each change the JSON payload holds comes back from `JSONEncoder` and `JSONDecoder` as it went in.
struct CommitRecordTests {
    static let changes: [Change] = [
        .create(CreateConversation(members: [.bo, .caro], name: "n", description: "d", imageURL: "i", appData: "a", memberLimit: 40)),
        .create(CreateConversation(kind: .dm, members: [.bo], policySet: .adminOnly)),
        .create(CreateConversation(
            policySet: .custom([.addMember: .any([.selfOnly, .adminOnly]), .updateName: .all([.allowAll, .any([])])]),
            leaveRule: .direct, joinRule: .approval, invitesNeedConsent: true, admission: .review, style: .publicOpenJoin)),
        .addMembers(inboxes: [.bo], identities: [ResolvedIdentity(.handle("@d"), inbox: .davon), ResolvedIdentity(.account("0xe"), inbox: nil)]),
        .removeMembers(inboxes: [.bo, .caro], withMessages: true),
        .addAdmin(.bo), .removeAdmin(.bo), .addSuperAdmin(.bo), .removeSuperAdmin(.bo), .transferOwnership(.caro),
        .setRole(inboxes: [.bo], role: .moderator),
        .updatePermission(slot: .manageLinks, policy: .superAdminOnly),
        .updatePermission(slot: .removeMember, policy: .any([.selfOnly, .all([.formerMember, .author])])),
        .requestRemoval, .leave,
        .updateName("Team ☕"), .updateDescription("about \"it\"\n"), .updateImageURL("https://x/y.png"),
        .updateAppData(data: "v2", expected: "v1"), .updateAppData(data: "", expected: nil),
        .updateDisappearingMessages(DisappearingMessages(fromNs: -5, inNs: 9_000_000_000)), .updateDisappearingMessages(nil),
        .registerFields([.unknown(name: "topic")]),
        .updateMetadataField(field: .name("topic"), mutation: .replace(.string("t"))),
        .updateMetadataField(field: .id(ComponentID(0xC001)), mutation: .replace(nil)),
        .updateMetadataField(field: .name("tags"), mutation: .mapDelta(.update, key: .string("k"), value: .bytes([0, 255, 7]))),
        .updateMetadataField(field: .name("tags"), mutation: .mapDelta(.delete, key: .bytes([]), value: nil)),
        .updateMetadataField(field: .name("set"), mutation: .setDelta(.insert, key: .string("s"))),
        .updateUserData([UserFieldUpdate(field: .name("USER_DISPLAY_NAME"), value: .string("Bo")),
                         UserFieldUpdate(field: .id(ComponentID(0x8001)), value: nil)]),
        .acceptInvitation, .declineInvitation, .join(link: "l1"), .join(link: nil),
        .approveJoin(.bo, role: .admin), .approveJoin(.bo, role: nil), .rejectJoin(.bo),
        .createLink("l1", role: .observer), .updateLinkRole("l1", role: .member), .deleteLink("l1"),
        .blockForAll(inboxes: [.bo], blocked: true), .mute(inboxes: [.bo, .caro], until: 1_700_000_000_000), .unmute([.bo]),
        .muteAll(true), .allowListAdd([.bo]), .allowListRemove([.bo]), .ban([.bo]), .unban([.bo]),
        .blockGroup(false), .deleteGroup,
    ]

    @Test(arguments: changes)
    func changeRoundTripsThroughJSON(change: Change) throws {
        let commit = Commit(groupID: .test, sequence: 7, actor: .alix, time: 42, changes: [change],
                            previousHash: Digest(bytes: Array(repeating: 0xAB, count: 32)))
        let json = try JSONEncoder().encode(CommitRecord(commit))
        let decoded = try JSONDecoder().decode(CommitRecord.self, from: json).commit()
        #expect(decoded == commit, "\(String(decoding: json, as: UTF8.self))")
    }

    @Test func everyOpIsCovered() {
        let covered = Set(Self.changes.map(\.op))
        #expect(covered.count == 38)
    }

    @Test func aFieldDescriptorHasNoPayload() throws {
        let descriptor = try #require(WellKnownFields.descriptors(for: .group, policies: .allMembers).first)
        #expect(throws: SQLiteEventStoreError.unsupportedChange("registerFields with a field descriptor")) {
            try ChangeRecord(.registerFields([.descriptor(descriptor)]))
        }
    }

    @Test func aPayloadWithABadIdentifierIsCorrupt() throws {
        let json = Data(#"{"groupID":"g","sequence":3,"actor":"has space","time":1,"changes":[{"op":"leave"}]}"#.utf8)
        let record = try JSONDecoder().decode(CommitRecord.self, from: json)
        #expect(throws: SQLiteEventStoreError.self) { try record.commit() }
    }
}
