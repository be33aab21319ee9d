import GroupCodec
import GroupCore
import GroupTestSupport
import Testing

/// `StateDiff`: each part of the state, and completeness against equality and the state hash
/// over random logs.
struct StateDiffTests {
    static let hal = InboxID.named("hal")

    /// A group of alix (super admin), bo and caro, with a custom field of each kind.
    static func group(_ request: CreateConversation = CreateConversation(members: [.bo, .caro])) -> TestGroup {
        var request = request
        request.fields = [
            FieldDescriptor(id: ComponentID(0xC001), name: "CATEGORY", type: .string, insert: .allowAll, update: .allowAll, delete: .allowAll),
            FieldDescriptor(id: ComponentID(0xC002), name: "TAGS", type: .set(key: .string), insert: .allowAll, update: .allowAll, delete: .allowAll),
            FieldDescriptor(id: ComponentID(0xC003), name: "SETTINGS", type: .map(key: .string, value: .string),
                            insert: .allowAll, update: .allowAll, delete: .allowAll),
        ]
        return TestGroup(.alix, request)
    }

    static func state(_ group: TestGroup) throws -> GroupState { try #require(group.state) }

    static func write(_ field: String, _ mutation: FieldMutation) -> Change {
        .updateMetadataField(field: .name(field), mutation: mutation)
    }

    @Test func aStateHasNoDifferencesFromItself() throws {
        let state = try Self.state(Self.group())
        #expect(StateDiff(from: state, to: state).isEmpty)
        #expect(StateDiff(from: state, to: state).count == 0)
        #expect(StateDiff(from: nil, to: nil).isEmpty)
    }

    @Test func aMissingGroupIsReportedAsExistenceOnly() throws {
        let state = try Self.state(Self.group())
        let created = StateDiff(from: nil, to: state)
        #expect(created.existence == StateDiff.Existence(before: false, after: true))
        #expect(created.members.isEmpty && created.properties.isEmpty && created.count == 1)
        #expect(StateDiff(from: state, to: nil).existence == StateDiff.Existence(before: true, after: false))
    }

    @Test func membersJoinDepartAndChange() throws {
        var group = Self.group(CreateConversation(members: [.bo, .caro, .davon], leaveRule: .direct))
        let before = try Self.state(group)
        try #require(group.commit(.alix, .add(.eri)) == .applied)
        try #require(group.commit(.alix, .addAdmin(.bo)) == .applied)
        try #require(group.commit(.alix, .remove(.caro)) == .applied)
        try #require(group.commit(.davon, .leave) == .applied)
        let after = try Self.state(group)
        let diff = StateDiff(from: before, to: after)

        #expect(diff.members.map(\.inbox) == [.bo, .caro, .davon, .eri], "in inbox order")
        let byInbox = Dictionary(uniqueKeysWithValues: diff.members.map { ($0.inbox, $0) })
        let eri = try #require(byInbox[.eri])
        #expect(eri.kind == .joined && eri.before == nil && eri.after?.addedBy == .alix)
        #expect(eri.attributes == MemberChange.Attribute.allCases, "a new record differs in everything")
        let bo = try #require(byInbox[.bo])
        #expect(bo.kind == .changed && bo.attributes == [.role])
        #expect(bo.before?.role == .member && bo.after?.role == .admin)
        let caro = try #require(byInbox[.caro])
        #expect(caro.kind == .departed)
        #expect(caro.after?.state == .former(Departure(.removed, at: group.commits[3].time)))
        let davon = try #require(byInbox[.davon])
        #expect(davon.kind == .departed)
        #expect(davon.after?.state == .former(Departure(.left, at: group.commits[4].time)))
        // The reverse diff is the same records the other way round.
        let reverse = StateDiff(from: after, to: before)
        #expect(reverse.members.map(\.kind) == [.changed, .joined, .joined, .departed])
        #expect(reverse.members.map(\.before) == diff.members.map(\.after))
    }

    @Test func aReAddedFormerMemberJoinsAgain() throws {
        var group = Self.group()
        try #require(group.commit(.alix, .remove(.caro)) == .applied)
        let removed = try Self.state(group)
        try #require(group.commit(.alix, .add(.caro)) == .applied)
        let diff = StateDiff(from: removed, to: try Self.state(group))
        let caro = try #require(diff.members.first)
        #expect(diff.members.count == 1 && caro.kind == .joined)
        #expect(caro.attributes.contains(.state) && caro.attributes.contains(.ordinal) && caro.attributes.contains(.joinedAt))
    }

    @Test func rolesStatesAndMemberFlagsAreAttributes() throws {
        var group = Self.group(CreateConversation(members: [.bo, .caro, .davon], invitesNeedConsent: true))
        try #require(group.commit(.alix, .add(.eri)) == .applied)
        let before = try Self.state(group)
        try #require(group.commit(.eri, .acceptInvitation) == .applied)
        try #require(group.commit(.alix, .assign(.moderator, to: .bo)) == .applied)
        try #require(group.commit(.alix, .mute(inboxes: [.caro], until: 1_000_000)) == .applied)
        try #require(group.commit(.alix, .blockForAll(inboxes: [.davon], blocked: true)) == .applied)
        try #require(group.commit(.bo, .blockGroup(true)) == .applied)
        let diff = StateDiff(from: before, to: try Self.state(group))
        let attributes = Dictionary(uniqueKeysWithValues: diff.members.map { ($0.inbox, $0.attributes) })
        #expect(attributes == [.bo: [.role, .blocksGroup], .caro: [.mutedUntil], .davon: [.blockedForAll], .eri: [.state, .joinedAt]])
        #expect(diff.members.allSatisfy { $0.kind == .changed })
    }

    @Test func policiesAndMetadataAreListedInTheirOrder() throws {
        var group = Self.group()
        let before = try Self.state(group)
        try #require(group.commit(.alix, [
            .updatePermission(slot: .mute, policy: .superAdminOnly),
            .updatePermission(slot: .addMember, policy: .any([.adminOnly, .selfOnly])),
            .updateName("Team"), .updateDescription("d"), .updateImageURL("https://x"),
            .updateAppData(data: "app", expected: nil),
            .updateDisappearingMessages(DisappearingMessages(fromNs: 5, inNs: 10)),
        ]) == .applied)
        let after = try Self.state(group)
        let diff = StateDiff(from: before, to: after)
        #expect(diff.policies == [
            StateDiff.PolicyChange(slot: .addMember, before: .allowAll, after: .any([.adminOnly, .selfOnly])),
            StateDiff.PolicyChange(slot: .mute, before: .adminOnly, after: .superAdminOnly),
        ])
        #expect(diff.properties.filter { $0.property.section == .metadata } == [
            PropertyChange(property: .name, before: .text(""), after: .text("Team")),
            PropertyChange(property: .description, before: .text(""), after: .text("d")),
            PropertyChange(property: .imageURL, before: .text(""), after: .text("https://x")),
            PropertyChange(property: .appData, before: .text(""), after: .text("app")),
            PropertyChange(property: .disappearingMessages, before: .disappearing(nil), after: .disappearing(DisappearingMessages(fromNs: 5, inNs: 10))),
        ])
        #expect(diff.properties.filter { $0.property.section == .log }.map(\.property) == [.lastAppliedSequence, .lastAppliedTime])
        #expect(diff.members.isEmpty && diff.fieldValues.isEmpty)
    }

    @Test func settingsAndTheConversationItselfDiffer() throws {
        let one = try Self.state(Self.group())
        var request = CreateConversation(members: [.caro], memberLimit: 9, leaveRule: .direct, joinRule: .open, invitesNeedConsent: true)
        request.admission = .review
        let other = try Self.state(TestGroup(.bo, request, builder: LogBuilder(groupID: .named("other"), start: 5_000)))
        let diff = StateDiff(from: one, to: other)
        let changed = diff.properties.map(\.property)
        for property in [StateProperty.groupID, .creator, .createdAt, .memberLimit, .leaveRule, .joinRule, .invitesNeedConsent, .admission] {
            #expect(changed.contains(property), "\(property)")
        }
        #expect(diff.properties.first { $0.property == .memberLimit } == PropertyChange(property: .memberLimit, before: .number(250), after: .number(9)))
        #expect(diff.properties.first { $0.property == .joinRule } == PropertyChange(property: .joinRule, before: .word("inviteOnly"), after: .word("open")))
        let dm = try Self.state(TestGroup(.alix, CreateConversation(kind: .dm, members: [.bo])))
        #expect(StateDiff(from: one, to: dm).properties.contains { $0.property == .kind && $0.after == .word("dm") })
    }

    @Test func fieldValuesDifferPerScalarAndPerKey() throws {
        var group = Self.group()
        try #require(group.commit(.bo, Self.write("SETTINGS", .mapDelta(.insert, key: .string("theme"), value: .string("dark")))) == .applied)
        try #require(group.commit(.bo, Self.write("TAGS", .setDelta(.insert, key: .string("old")))) == .applied)
        let before = try Self.state(group)
        try #require(group.commit(.alix, Self.write("CATEGORY", .replace(.string("sports")))) == .applied)
        try #require(group.commit(.caro, Self.write("TAGS", .setDelta(.insert, key: .string("new")))) == .applied)
        try #require(group.commit(.alix, Self.write("TAGS", .setDelta(.delete, key: .string("old")))) == .applied)
        try #require(group.commit(.caro, Self.write("SETTINGS", .mapDelta(.update, key: .string("theme"), value: .string("light")))) == .applied)
        try #require(group.commit(.bo, .updateUserData([UserFieldUpdate(field: .name("USER_DISPLAY_NAME"), value: .string("Bo"))])) == .applied)
        let diff = StateDiff(from: before, to: try Self.state(group))
        typealias Held = FieldValueChange.Held
        #expect(diff.fieldValues == [
            FieldValueChange(field: ComponentID(0x8100), label: "USER_DISPLAY_NAME", key: .string("bo"),
                             before: nil, after: Held(value: .string("Bo"), author: .bo)),
            FieldValueChange(field: ComponentID(0xC001), label: "CATEGORY", key: nil,
                             before: nil, after: Held(value: .string("sports"), author: nil)),
            FieldValueChange(field: ComponentID(0xC002), label: "TAGS", key: .string("new"),
                             before: nil, after: Held(value: nil, author: .caro)),
            FieldValueChange(field: ComponentID(0xC002), label: "TAGS", key: .string("old"),
                             before: Held(value: nil, author: .bo), after: nil),
            FieldValueChange(field: ComponentID(0xC003), label: "SETTINGS", key: .string("theme"),
                             before: Held(value: .string("dark"), author: .bo), after: Held(value: .string("light"), author: .bo)),
        ])
        #expect(diff.fieldDescriptors.isEmpty)
    }

    @Test func aFieldWhoseCollectionEmptiedAgainDoesNotDiffer() throws {
        var group = Self.group()
        let before = try Self.state(group)
        try #require(group.commit(.bo, Self.write("TAGS", .setDelta(.insert, key: .string("x")))) == .applied)
        try #require(group.commit(.bo, Self.write("TAGS", .setDelta(.delete, key: .string("x")))) == .applied)
        let after = try Self.state(group)
        let diff = StateDiff(from: before, to: after)
        #expect(diff.fieldValues.isEmpty)
        #expect(diff.properties.map(\.property) == [.lastAppliedSequence, .lastAppliedTime])
    }

    @Test func registeredAndChangedDescriptorsAreListed() throws {
        var group = Self.group()
        let before = try Self.state(group)
        let mood = FieldDescriptor(id: ComponentID(0xC010), name: "MOOD", type: .inboxMap(value: .string),
                                   insert: .selfOnly, update: .selfOnly, delete: .adminOnly)
        try #require(group.commit(.alix, .registerFields([.descriptor(mood)])) == .applied)
        let diff = StateDiff(from: before, to: try Self.state(group))
        #expect(diff.fieldDescriptors == [FieldDescriptorChange(field: ComponentID(0xC010), before: nil, after: mood)])
        // A pinned policy is a changed descriptor.
        var pinned = try Self.state(group)
        pinned.pin(PolicyOverrides(fields: [PolicyOverrides.FieldPolicy(field: "MOOD", operation: .delete): .denyAll]))
        let pinDiff = StateDiff(from: try Self.state(group), to: pinned)
        #expect(pinDiff.fieldDescriptors.count == 1)
        #expect(pinDiff.fieldDescriptors.first?.after?.delete == .denyAll && pinDiff.fieldDescriptors.first?.after?.insert == .selfOnly)
    }

    @Test func moderationListsAndFlagsDiffer() throws {
        var group = Self.group(CreateConversation(members: [.bo, .caro, .davon]))
        try #require(group.commit(.alix, .allowListAdd([.davon])) == .applied)
        try #require(group.commit(.alix, .ban([Self.hal])) == .applied)
        try #require(group.commit(.alix, .createLink("old", role: .member)) == .applied)
        try #require(group.commit(.alix, .createLink("kept", role: .member)) == .applied)
        let before = try Self.state(group)
        try #require(group.commit(.alix, [
            .ban([.caro]), .unban([Self.hal]), .allowListAdd([.bo]), .allowListRemove([.davon]),
            .deleteLink("old"), .createLink("new", role: .observer), .updateLinkRole("kept", role: .moderator), .muteAll(true),
        ]) == .applied)
        try #require(group.commit(.alix, .deleteGroup) == .applied)
        let diff = StateDiff(from: before, to: try Self.state(group))
        #expect(diff.bans.added == [.caro] && diff.bans.removed == [Self.hal])
        #expect(diff.allowList.added == [.bo] && diff.allowList.removed == [.davon])
        #expect(diff.links == [
            StateDiff.LinkChange(link: "kept", before: .member, after: .moderator),
            StateDiff.LinkChange(link: "new", before: nil, after: .observer),
            StateDiff.LinkChange(link: "old", before: .member, after: nil),
        ])
        let moderation = diff.properties.filter { $0.property.section == .moderation }
        #expect(moderation == [
            PropertyChange(property: .muteAll, before: .flag(false), after: .flag(true)),
            PropertyChange(property: .deleted, before: .flag(false), after: .flag(true)),
        ])
        #expect(diff.members.map(\.inbox) == [.caro] && diff.members.first?.kind == .departed)
    }

    /// Completeness: over the states of random logs (with the lifecycle and without), a diff is
    /// empty exactly when the states are equal, and states with the same hash have none.
    @Test(arguments: [UInt64(3), 77, 0xD1FF])
    func aDiffIsEmptyExactlyWhenTheStatesAreEqual(seed: UInt64) {
        for lifecycle in [false, true] {
            var settings = RandomLog(seed: seed, inboxCount: 8)
            settings.lifecycle = lifecycle
            var replica = Replica()
            var states: [GroupState] = []
            for commit in settings.commits(count: 200) {
                replica.fold(commit)
                if let state = replica.state { states.append(state) }
            }
            var random = SeededGenerator(seed: seed)
            var pairs = zip(states, states.dropFirst()).map { ($0, $1) }
            for _ in 0..<200 where !states.isEmpty {
                pairs.append((random.pick(states), random.pick(states)))
            }
            for (first, second) in pairs {
                let diff = StateDiff(from: first, to: second)
                #expect(diff.isEmpty == (first == second), "seed \(seed), lifecycle \(lifecycle), after \(first.lastAppliedSequence) and \(second.lastAppliedSequence)")
                if StateCodec.hash(first) == StateCodec.hash(second) {
                    #expect(diff.isEmpty, "seed \(seed): equal hashes, yet \(diff.count) differences")
                }
                #expect(StateDiff(from: second, to: first).count == diff.count, "seed \(seed): a reverse diff counts the same")
            }
        }
    }
}
