import GroupCore
import GroupTestSupport
import Testing

/// `updateFieldPolicy` (SPEC section 11): a super admin changes one operation's policy of a
/// registered field, from the next commit on, checked in section 4's steps.
struct UpdateFieldPolicyTests {
    static let announcement = WellKnownFields.announcement
    /// A configured field the group does not register at creation.
    static let motto = FieldDescriptor(
        id: ComponentID(0xC100), name: "MOTTO", type: .string, insert: .allowAll, update: .allowAll, delete: .allowAll)

    /// alix (super admin), bo (admin) and caro (member), with the immutable FOUNDED registered.
    static func group() throws -> TestGroup {
        var group = TestGroup(.alix, CreateConversation(members: [.bo, .caro], fields: [TestFields.founded]))
        try #require(group.commit(.alix, .addAdmin(.bo)) == .applied)
        return group
    }

    static func change(_ field: FieldReference, _ operation: FieldOperation, _ policy: Policy) -> Change {
        .updateFieldPolicy(field: field, operation: operation, policy: policy)
    }

    static func set(_ field: FieldReference, _ text: String?) -> Change {
        .updateMetadataField(field: field, mutation: .replace(text.map(FieldValue.string)))
    }

    @Test func aSuperAdminChangesOneOperationFromTheNextCommitOn() throws {
        var group = try Self.group()
        let before = try #require(group.state?.registry[Self.announcement])
        #expect(before.update == .adminOnly)

        // The write later in the same commit is judged by the old adminOnly, which alix passes.
        let opened = group.commit(.alix, Self.change(.name("ANNOUNCEMENT"), .update, .allowAll), Self.set(.id(Self.announcement), "v1"))
        try #require(opened == .applied)
        #expect(group.replica.lastEvents.first == .fieldPolicyChanged(Self.announcement, .update, .allowAll))
        let after = try #require(group.state?.registry[Self.announcement])
        #expect(after == before.replacingPolicy(for: .update, with: .allowAll), "only the named operation changes")

        // From the next commit a member may update it, but still not delete it.
        #expect(group.commit(.caro, Self.set(.name("ANNOUNCEMENT"), "v2")) == .applied)
        #expect(group.commit(.caro, Self.set(.name("ANNOUNCEMENT"), nil)).code == "permissionDenied")
    }

    @Test func aStricterPolicyDoesNotBindTheRestOfItsCommit() throws {
        var group = try Self.group()
        try #require(group.commit(.alix, Self.change(.name("ANNOUNCEMENT"), .insert, .denyAll), Self.set(.name("ANNOUNCEMENT"), "hi")) == .applied)
        try #require(group.commit(.alix, Self.set(.name("ANNOUNCEMENT"), nil)) == .applied)
        #expect(group.commit(.alix, Self.set(.name("ANNOUNCEMENT"), "again")).code == "permissionDenied")
    }

    /// A refusal, the change that fails and the state unchanged.
    static func expectRejected(_ group: inout TestGroup, _ actor: InboxID, _ changes: [Change], code: String, reason: Rejection? = nil,
                               at index: Int = 0, sourceLocation: SourceLocation = #_sourceLocation) {
        let before = group.state
        let outcome = group.commit(actor, changes)
        #expect(outcome.code == code, sourceLocation: sourceLocation)
        if let reason { #expect(outcome.rejection?.reason == reason, sourceLocation: sourceLocation) }
        #expect(outcome.changeIndex == index, sourceLocation: sourceLocation)
        #expect(group.state == before, sourceLocation: sourceLocation)
    }

    @Test func itsRefusalsComeInSection4sOrder() throws {
        var group = try Self.group()
        let byAdmin = Rejection.permissionDenied(PermissionDenial(actor: .bo, actorRole: .admin, rule: .superAdminRequired))
        // Step 3: a field the group lacks, by name or ID, even for an admin (before step 4).
        Self.expectRejected(&group, .alix, [Self.change(.name("MOTTO"), .insert, .adminOnly)], code: "unknownField", reason: .unknownField("MOTTO"))
        Self.expectRejected(&group, .alix, [Self.change(.id(Self.motto.id), .insert, .adminOnly)], code: "unknownField")
        Self.expectRejected(&group, .bo, [Self.change(.name("MOTTO"), .insert, .adminOnly)], code: "unknownField")
        // A field registered earlier in the same commit is not registered yet.
        Self.expectRejected(&group, .alix, [.registerFields([.descriptor(Self.motto)]), Self.change(.name("MOTTO"), .insert, .adminOnly)],
                            code: "unknownField", reason: .unknownField("MOTTO"), at: 1)
        // Step 4: super admins only.
        Self.expectRejected(&group, .bo, [Self.change(.name("ANNOUNCEMENT"), .update, .allowAll)], code: "permissionDenied", reason: byAdmin)
        // Step 5: the policy, then the field.
        Self.expectRejected(&group, .alix, [Self.change(.name("ANNOUNCEMENT"), .update, .any([]))], code: "invalidPolicy")
        Self.expectRejected(&group, .alix, [Self.change(.name("FOUNDED"), .update, .all([.adminOnly, .any([])]))], code: "invalidPolicy")
        Self.expectRejected(&group, .alix, [Self.change(.name("FOUNDED"), .update, .adminOnly)], code: "immutableField",
                            reason: .immutableField(field: "FOUNDED"))
        // Registered, its policy may change from the next commit.
        try #require(group.commit(.alix, .registerFields([.descriptor(Self.motto)])) == .applied)
        #expect(group.commit(.alix, Self.change(.name("MOTTO"), .insert, .adminOnly)) == .applied)
        #expect(group.state?.registry[Self.motto.id]?.insert == .adminOnly)
    }

    @Test func inADMItIsDMForbiddenBeforeAnythingElse() {
        var dm = TestGroup(.alix, CreateConversation(kind: .dm, members: [.bo]))
        Self.expectRejected(&dm, .alix, [Self.change(.name("USER_DISPLAY_NAME"), .insert, .allowAll)], code: "dmForbidden",
                            reason: .dmForbidden(op: "updateFieldPolicy"))
        Self.expectRejected(&dm, .bo, [Self.change(.name("ANNOUNCEMENT"), .insert, .allowAll)], code: "dmForbidden")
    }

    /// GROUP_IMAGE took the updateImageURL policy at registration: `updatePermission` leaves it,
    /// `updateFieldPolicy` changes it.
    @Test func groupImageFollowsUpdateFieldPolicyNotUpdatePermission() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo], policySet: .adminOnly))
        let image = WellKnownFields.groupImage
        let registered = try #require(group.state?.registry[image])
        #expect(registered.insert == .adminOnly)
        try #require(group.commit(.alix, .updatePermission(slot: .updateImageURL, policy: .allowAll)) == .applied)
        #expect(group.state?.registry[image] == registered)
        try #require(group.commit(.alix, Self.change(.id(image), .insert, .allowAll)) == .applied)
        #expect(group.state?.registry[image]?.insert == .allowAll)
        #expect(group.commit(.bo, .updateMetadataField(field: .id(image), mutation: .replace(.bytes([1, 2, 3])))) == .applied)
    }
}
