@testable import GroupCore
import GroupTestSupport
import Testing

/// Application fields the tests register at creation, as an operator's configuration would.
enum TestFields {
    static let category = FieldDescriptor(
        id: ComponentID(0xC001), name: "CATEGORY", type: .string, insert: .allowAll, update: .adminOnly, delete: .superAdminOnly)
    static let tags = FieldDescriptor(
        id: ComponentID(0xC002), name: "TAGS", type: .set(key: .string), insert: .allowAll, update: .allowAll, delete: .any([.author, .adminOnly]))
    static let settings = FieldDescriptor(
        id: ComponentID(0xC003), name: "SETTINGS", type: .map(key: .string, value: .string), insert: .allowAll, update: .allowAll, delete: .allowAll)
    static let status = FieldDescriptor(
        id: ComponentID(0xC004), name: "STATUS", type: .inboxMap(value: .string), insert: .selfOnly, update: .selfOnly, delete: .adminOnly)
    static let avatar = FieldDescriptor(
        id: ComponentID(0xC005), name: "AVATAR", type: .inboxMap(value: .bytes), insert: .selfOnly, update: .selfOnly, delete: .any([.selfOnly, .formerMember]))
    static let blobs = FieldDescriptor(
        id: ComponentID(0xC006), name: nil, type: .map(key: .bytes, value: .bytes), insert: .allowAll, update: .allowAll, delete: .allowAll)
    static let founded = FieldDescriptor(
        id: ComponentID(0xFD00), name: "FOUNDED", type: .string, insert: .allowAll, update: .allowAll, delete: .allowAll)
    static let ledger = FieldDescriptor(
        id: ComponentID(0xFD01), name: "LEDGER", type: .map(key: .string, value: .string), insert: .allowAll, update: .allowAll, delete: .allowAll)
    static let badges = FieldDescriptor(
        id: ComponentID(0xBE00), name: "BADGES", type: .set(key: .bytes), insert: .allowAll, update: .allowAll, delete: .allowAll)
    static let future = FieldDescriptor(
        id: ComponentID(0xC007), name: "FUTURE", type: .unsupported("list"), insert: .allowAll, update: .allowAll, delete: .allowAll)

    static let all = [category, tags, settings, status, avatar, blobs, founded, ledger, badges, future]
}

/// `updateMetadataField` naming the field by name.
private func write(_ field: String, _ mutation: FieldMutation) -> Change {
    .updateMetadataField(field: .name(field), mutation: mutation)
}

private func replace(_ field: String, _ value: FieldValue?) -> Change { write(field, .replace(value)) }

private func mapDelta(_ field: String, _ operation: FieldOperation, _ key: String, _ value: FieldValue? = nil) -> Change {
    write(field, .mapDelta(operation, key: .string(key), value: value))
}

private func setDelta(_ field: String, _ operation: FieldOperation, _ key: FieldValue) -> Change {
    write(field, .setDelta(operation, key: key))
}

private func userData(_ entries: (String, FieldValue?)...) -> Change {
    .updateUserData(entries.map { UserFieldUpdate(field: .name($0.0), value: $0.1) })
}

private func text(_ count: Int, _ character: Character = "x") -> String { String(repeating: character, count: count) }

/// The rules of SPEC section 11, one by one, through real commits.
struct FieldTests {
    /// A group of alix (super admin), bo, caro and davon with every test field registered.
    static func group(_ policySet: PolicySetChoice = .allMembers, members: [InboxID] = [.bo, .caro, .davon],
                      leaveRule: LeaveRule? = nil) -> TestGroup {
        TestGroup(.alix, CreateConversation(members: members, policySet: policySet, leaveRule: leaveRule, fields: TestFields.all))
    }

    static func denial(_ actor: InboxID, _ role: Role, _ field: String, _ operation: FieldOperation, _ policy: Policy) -> Rejection {
        .permissionDenied(PermissionDenial(actor: actor, actorRole: role, rule: .fieldPolicy(field: field, operation: operation, policy: policy)))
    }

    /// Commits and requires the commit to be applied.
    static func apply(_ group: inout TestGroup, _ actor: InboxID, _ changes: Change..., sourceLocation: SourceLocation = #_sourceLocation) throws {
        let outcome = group.commit(actor, changes)
        try #require(outcome == .applied, "\(changes.map(\.op)): \(outcome)", sourceLocation: sourceLocation)
    }

    /// Commits, expects the rejection at the change, and that the state did not change.
    static func expectRejected(_ group: inout TestGroup, _ actor: InboxID, _ changes: [Change], rejected reason: Rejection, at index: Int = 0,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        let before = group.state
        let outcome = group.commit(actor, changes)
        #expect(outcome.rejection?.reason == reason, sourceLocation: sourceLocation)
        #expect(outcome.changeIndex == index, sourceLocation: sourceLocation)
        #expect(group.state == before, "a rejected commit changes nothing", sourceLocation: sourceLocation)
    }

    // MARK: The registry

    @Test func aNewGroupRegistersTheWellKnownFieldsAndTheConfiguredOnes() throws {
        let group = Self.group()
        let state = try #require(group.state)
        let ids = state.metadataFields().map(\.id.rawValue)
        #expect(ids == [0x8100, 0x8101, 0x8102, 0x8103, 0x8104, 0x8105, 0xBE00, 0xC001, 0xC002, 0xC003, 0xC004, 0xC005, 0xC006, 0xC007, 0xFD00, 0xFD01])
        let displayName = try #require(state.metadataField(name: "USER_DISPLAY_NAME"))
        #expect(displayName == FieldDescriptor(
            id: WellKnownFields.userDisplayName, name: "USER_DISPLAY_NAME", type: .inboxMap(value: .string),
            insert: .selfOnly, update: .selfOnly, delete: .any([.selfOnly, .formerMember])))
        #expect(displayName.isUserField)
        #expect(state.metadataField(name: "GROUP_IMAGE") == FieldDescriptor(
            id: WellKnownFields.groupImage, name: "GROUP_IMAGE", type: .bytes, insert: .allowAll, update: .allowAll, delete: .allowAll))
        for name in ["ANNOUNCEMENT", "WELCOME_MESSAGE"] {
            let field = try #require(state.metadataField(name: name))
            #expect(field.type == .string && field.insert == .adminOnly && field.update == .adminOnly && field.delete == .adminOnly)
            #expect(!field.isUserField)
        }
        #expect(state.metadataField(name: "GROUP_PREFERENCES") == FieldDescriptor(
            id: WellKnownFields.groupPreferences, name: "GROUP_PREFERENCES", type: .map(key: .string, value: .string),
            insert: .adminOnly, update: .adminOnly, delete: .adminOnly))
        #expect(state.metadataField(name: "SHARED_FILES") == FieldDescriptor(
            id: WellKnownFields.sharedFiles, name: "SHARED_FILES", type: .map(key: .string, value: .bytes),
            insert: .allowAll, update: .author, delete: .any([.author, .adminOnly])))
        #expect(state.metadataField(name: "CATEGORY") == TestFields.category)
        #expect(state.metadataFields().filter(\.isUserField).map(\.name) == ["USER_DISPLAY_NAME", "STATUS", "AVATAR"])
        // Registration sets no value.
        #expect(state.metadataValue(.name("CATEGORY")) == .scalar(nil))
        #expect(state.metadataValue(.name("TAGS")) == .set([]))
        #expect(state.metadataValue(.name("SHARED_FILES")) == .map([]))
    }

    @Test(arguments: [
        (PolicySetChoice.allMembers, Policy.allowAll),
        (.adminOnly, .adminOnly),
        (.custom([.addMember: .allowAll, .removeMember: .adminOnly, .addAdmin: .superAdminOnly, .removeAdmin: .superAdminOnly,
                  .updateName: .allowAll, .updateDescription: .allowAll, .updateImageURL: .any([.moderatorOnly, .adminOnly]),
                  .updateAppData: .allowAll, .updateDisappearingMessages: .adminOnly]), .any([.moderatorOnly, .adminOnly])),
    ])
    func groupImageTakesTheUpdateImageURLPolicyAtRegistration(_ policySet: PolicySetChoice, _ policy: Policy) throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo, .caro], policySet: policySet))
        let image = try #require(group.state?.metadataField(name: "GROUP_IMAGE"))
        #expect(image.insert == policy && image.update == policy && image.delete == policy)
        let write = replace("GROUP_IMAGE", .bytes([0x89, 0x50]))
        if policy == .allowAll {
            try Self.apply(&group, .bo, write)
        } else {
            Self.expectRejected(&group, .bo, [write], rejected: Self.denial(.bo, .member, "GROUP_IMAGE", .insert, policy))
            try Self.apply(&group, .alix, .addAdmin(.caro))
            try Self.apply(&group, .caro, write)
        }
        #expect(group.state?.metadataValue(.name("GROUP_IMAGE")) == .scalar(.bytes([0x89, 0x50])))

        // A later change of the slot does not reach the registered field.
        try Self.apply(&group, .alix, .updatePermission(slot: .updateImageURL, policy: .denyAll))
        #expect(group.state?.metadataField(name: "GROUP_IMAGE") == image)
        #expect(group.commit(.alix, .updateImageURL("https://example.com/x.png")).code == "permissionDenied")
        try Self.apply(&group, .alix, replace("GROUP_IMAGE", nil))
        #expect(group.state?.metadataValue(.name("GROUP_IMAGE")) == .scalar(nil))
    }

    @Test func aDMRegistersTheDisplayNameAndItsConfiguredFieldsOnly() throws {
        let forDMs = FieldDescriptor(id: ComponentID(0xC010), name: "THEME", type: .string, insert: .allowAll, update: .allowAll, delete: .allowAll)
        let locked = FieldDescriptor(id: ComponentID(0xC011), name: "LOCKED", type: .string, insert: .adminOnly, update: .adminOnly, delete: .adminOnly)
        var dm = TestGroup(.alix, CreateConversation(kind: .dm, members: [.bo], fields: [forDMs, locked]))
        let state = try #require(dm.state)
        #expect(state.metadataFields().map(\.name) == ["USER_DISPLAY_NAME", "THEME", "LOCKED"])
        for name in ["GROUP_IMAGE", "ANNOUNCEMENT", "WELCOME_MESSAGE", "GROUP_PREFERENCES", "SHARED_FILES"] {
            #expect(state.metadataField(name: name) == nil)
            Self.expectRejected(&dm, .alix, [replace(name, .string("x"))], rejected: .unknownField(name))
        }
        // Both participants write their own display names and the shared field...
        try Self.apply(&dm, .alix, userData(("USER_DISPLAY_NAME", .string("Alix"))), replace("THEME", .string("dark")))
        try Self.apply(&dm, .bo, userData(("USER_DISPLAY_NAME", .string("Bo"))), replace("THEME", .string("light")))
        #expect(dm.state?.metadataValue(.name("THEME")) == .scalar(.string("light")))
        // ...but a field keeps its registry policy in a DM, where nobody is an admin.
        for actor in [InboxID.alix, .bo] {
            Self.expectRejected(&dm, actor, [replace("LOCKED", .string("x"))], rejected: Self.denial(actor, .member, "LOCKED", .insert, .adminOnly))
        }
        // Registering needs a super admin, which a DM has none of.
        let extra = FieldDescriptor(id: ComponentID(0xC012), name: "EXTRA", type: .bytes, insert: .allowAll, update: .allowAll, delete: .allowAll)
        #expect(dm.commit(.alix, .registerFields([.descriptor(extra)])).code == "permissionDenied")
    }

    @Test func aSuperAdminRegistersFieldsThatCanBeWrittenFromTheNextCommit() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo]))
        let category = TestFields.category
        // unknownField comes before permissionDenied.
        Self.expectRejected(&group, .bo, [.registerFields([.descriptor(category), .unknown(name: "MOOD")])], rejected: .unknownField("MOOD"))
        Self.expectRejected(&group, .bo, [.registerFields([.descriptor(category)])],
                    rejected: .permissionDenied(PermissionDenial(actor: .bo, actorRole: .member, rule: .superAdminRequired)))
        Self.expectRejected(&group, .alix, [.registerFields([.descriptor(category)]), replace("CATEGORY", .string("sports"))],
                    rejected: .unknownField("CATEGORY"), at: 1)
        try Self.apply(&group, .alix, .registerFields([.descriptor(category)]))
        #expect(group.state?.metadataField(name: "CATEGORY") == category)
        #expect(group.state?.metadataValue(.id(category.id)) == .scalar(nil))
        try Self.apply(&group, .bo, replace("CATEGORY", .string("sports")))
        #expect(group.state?.metadataValue(.name("CATEGORY")) == .scalar(.string("sports")))

        // Taken IDs and names, in the registry or earlier in the same change.
        Self.expectRejected(&group, .alix, [.registerFields([.descriptor(category)])], rejected: .fieldAlreadyRegistered("CATEGORY"))
        let sameName = FieldDescriptor(id: ComponentID(0xC0FF), name: "CATEGORY", type: .bytes, insert: .allowAll, update: .allowAll, delete: .allowAll)
        Self.expectRejected(&group, .alix, [.registerFields([.descriptor(sameName)])], rejected: .fieldAlreadyRegistered("CATEGORY"))
        let wellKnownName = FieldDescriptor(id: ComponentID(0xC0FE), name: "ANNOUNCEMENT", type: .string, insert: .allowAll, update: .allowAll, delete: .allowAll)
        Self.expectRejected(&group, .alix, [.registerFields([.descriptor(wellKnownName)])], rejected: .fieldAlreadyRegistered("ANNOUNCEMENT"))
        let unnamed = FieldDescriptor(id: ComponentID(0xC0FD), name: nil, type: .bytes, insert: .allowAll, update: .allowAll, delete: .allowAll)
        Self.expectRejected(&group, .alix, [.registerFields([.descriptor(unnamed), .descriptor(unnamed)])], rejected: .fieldAlreadyRegistered("0xC0FD"))
        Self.expectRejected(&group, .alix, [.updateName("ok"), .registerFields([.descriptor(TestFields.tags)]), .registerFields([.descriptor(TestFields.tags)])],
                    rejected: .fieldAlreadyRegistered("TAGS"), at: 2)
        // An ID outside the field ranges is no field.
        for raw: UInt16 in [0x7FFF, 0xFF00, 0xFFFF] {
            let notAField = FieldDescriptor(id: ComponentID(raw), name: nil, type: .string, insert: .allowAll, update: .allowAll, delete: .allowAll)
            Self.expectRejected(&group, .alix, [.registerFields([.descriptor(notAField)])], rejected: .unknownField(ComponentID(raw).hex))
        }
        try Self.apply(&group, .alix, .registerFields([.descriptor(unnamed), .descriptor(TestFields.tags)]))
        #expect(group.state?.metadataFields().suffix(3).map(\.id.rawValue) == [0xC001, 0xC002, 0xC0FD])
        try Self.apply(&group, .bo, .updateMetadataField(field: .id(ComponentID(0xC0FD)), mutation: .replace(.bytes([1, 2]))))
        #expect(group.state?.metadataValue(.id(ComponentID(0xC0FD))) == .scalar(.bytes([1, 2])))
    }

    @Test func createRefusesFieldsThatAreNoFieldsOrTaken() {
        let notAField = FieldDescriptor(id: ComponentID(0x7FFF), name: "LOW", type: .string, insert: .allowAll, update: .allowAll, delete: .allowAll)
        var low = TestGroup(.alix, CreateConversation(fields: [notAField]))
        #expect(low.lastOutcome?.rejection == CommitRejection(changeIndex: 0, reason: .unknownField("LOW")))
        #expect(low.state == nil)
        #expect(low.commit(.alix, .updateName("x")).code == "groupNotFound")

        let clash = FieldDescriptor(id: WellKnownFields.userDisplayName, name: "NICK", type: .string, insert: .allowAll, update: .allowAll, delete: .allowAll)
        let taken = TestGroup(.alix, CreateConversation(fields: [clash]))
        #expect(taken.lastOutcome?.rejection == CommitRejection(changeIndex: 0, reason: .fieldAlreadyRegistered("NICK")))
        let twice = TestGroup(.alix, CreateConversation(fields: [TestFields.tags, TestFields.tags]))
        #expect(twice.lastOutcome?.rejection == CommitRejection(changeIndex: 0, reason: .fieldAlreadyRegistered("TAGS")))
    }

    // MARK: Mutations

    @Test func aScalarWriteIsAnInsertAnUpdateOrADelete() throws {
        // CATEGORY: insert allowAll, update adminOnly, delete superAdminOnly.
        var group = Self.group()
        try Self.apply(&group, .alix, .addAdmin(.caro))
        try Self.apply(&group, .bo, replace("CATEGORY", .string("sports")))
        #expect(group.state?.metadataValue(.name("CATEGORY")) == .scalar(.string("sports")))
        Self.expectRejected(&group, .bo, [replace("CATEGORY", .string("music"))], rejected: Self.denial(.bo, .member, "CATEGORY", .update, .adminOnly))
        try Self.apply(&group, .caro, replace("CATEGORY", .string("music")))
        #expect(group.state?.metadataValue(.name("CATEGORY")) == .scalar(.string("music")))
        Self.expectRejected(&group, .caro, [replace("CATEGORY", nil)], rejected: Self.denial(.caro, .admin, "CATEGORY", .delete, .superAdminOnly))
        try Self.apply(&group, .alix, replace("CATEGORY", nil))
        #expect(group.state?.metadataValue(.name("CATEGORY")) == .scalar(nil))

        // Unsetting an unset scalar changes nothing and is no error, but needs the delete policy.
        let before = try #require(group.state)
        try Self.apply(&group, .alix, replace("CATEGORY", nil))
        #expect(group.state?.fieldRecords.map { $0.content } == before.fieldRecords.map { $0.content })
        Self.expectRejected(&group, .bo, [replace("CATEGORY", nil)], rejected: Self.denial(.bo, .member, "CATEGORY", .delete, .superAdminOnly))

        // Within a commit, the second write is an update (the running state), judged by the
        // actor's role before the commit.
        Self.expectRejected(&group, .bo, [replace("CATEGORY", .string("a")), replace("CATEGORY", .string("b"))],
                    rejected: Self.denial(.bo, .member, "CATEGORY", .update, .adminOnly), at: 1)
        try Self.apply(&group, .caro, replace("CATEGORY", .string("a")), replace("CATEGORY", .string("b")))
        #expect(group.state?.metadataValue(.name("CATEGORY")) == .scalar(.string("b")))
    }

    @Test func mapDeltasInsertUpdateAndDeleteKeys() throws {
        var group = Self.group()
        try Self.apply(&group, .bo, mapDelta("SETTINGS", .insert, "theme", .string("dark")), mapDelta("SETTINGS", .insert, "lang", .string("en")))
        #expect(group.state?.mapValue(.name("SETTINGS"), key: .string("theme")) == .string("dark"))
        Self.expectRejected(&group, .caro, [mapDelta("SETTINGS", .insert, "theme", .string("light"))],
                    rejected: .keyExists(field: "SETTINGS", key: #""theme""#))
        Self.expectRejected(&group, .caro, [mapDelta("SETTINGS", .update, "font", .string("serif"))],
                    rejected: .keyNotFound(field: "SETTINGS", key: #""font""#))
        Self.expectRejected(&group, .caro, [mapDelta("SETTINGS", .delete, "font")], rejected: .keyNotFound(field: "SETTINGS", key: #""font""#))
        try Self.apply(&group, .caro, mapDelta("SETTINGS", .update, "theme", .string("light")), mapDelta("SETTINGS", .delete, "lang"))
        #expect(group.state?.metadataValue(.name("SETTINGS")) == .map([FieldMapEntry(key: .string("theme"), value: .string("light"), author: .bo)]))

        // Subjects come from the running state: insert then update, delete then insert.
        try Self.apply(&group, .davon, mapDelta("SETTINGS", .insert, "font", .string("serif")), mapDelta("SETTINGS", .update, "font", .string("sans")),
                       mapDelta("SETTINGS", .delete, "theme"), mapDelta("SETTINGS", .insert, "theme", .string("blue")))
        #expect(group.state?.metadataValue(.name("SETTINGS")) == .map([
            FieldMapEntry(key: .string("font"), value: .string("sans"), author: .davon),
            FieldMapEntry(key: .string("theme"), value: .string("blue"), author: .davon),
        ]))
        Self.expectRejected(&group, .bo, [mapDelta("SETTINGS", .insert, "x", .string("1")), mapDelta("SETTINGS", .insert, "x", .string("2"))],
                    rejected: .keyExists(field: "SETTINGS", key: #""x""#), at: 1)
        Self.expectRejected(&group, .bo, [mapDelta("SETTINGS", .delete, "font"), mapDelta("SETTINGS", .update, "font", .string("mono"))],
                    rejected: .keyNotFound(field: "SETTINGS", key: #""font""#), at: 1)

        // Bytes keys and values, named by ID.
        let blobs = FieldReference.id(TestFields.blobs.id)
        try Self.apply(&group, .bo, .updateMetadataField(field: blobs, mutation: .mapDelta(.insert, key: .bytes([2]), value: .bytes([]))))
        try Self.apply(&group, .bo, .updateMetadataField(field: blobs, mutation: .mapDelta(.insert, key: .bytes([1, 0]), value: .bytes([9]))))
        #expect(group.state?.metadataValue(blobs) == .map([
            FieldMapEntry(key: .bytes([1, 0]), value: .bytes([9]), author: .bo),
            FieldMapEntry(key: .bytes([2]), value: .bytes([]), author: .bo),
        ]))
        Self.expectRejected(&group, .bo, [.updateMetadataField(field: blobs, mutation: .mapDelta(.delete, key: .bytes([3]), value: nil))],
                    rejected: .keyNotFound(field: "0xC006", key: "1 bytes"))
    }

    @Test func setDeltasInsertAndDeleteKeys() throws {
        var group = Self.group()
        try Self.apply(&group, .bo, setDelta("TAGS", .insert, .string("b")), setDelta("TAGS", .insert, .string("a")))
        try Self.apply(&group, .caro, setDelta("TAGS", .insert, .string("c")))
        #expect(group.state?.metadataValue(.name("TAGS")) == .set([.string("a"), .string("b"), .string("c")]))
        #expect(group.state?.mapValue(.name("TAGS"), key: .string("a")) == nil, "a set key holds no value")
        Self.expectRejected(&group, .caro, [setDelta("TAGS", .insert, .string("a"))], rejected: .keyExists(field: "TAGS", key: #""a""#))
        Self.expectRejected(&group, .alix, [setDelta("TAGS", .delete, .string("z"))], rejected: .keyNotFound(field: "TAGS", key: #""z""#))
        // For a member, an absent key has no author: the policy fails first.
        Self.expectRejected(&group, .caro, [setDelta("TAGS", .delete, .string("z"))],
                    rejected: Self.denial(.caro, .member, "TAGS", .delete, .any([.author, .adminOnly])))
        // TAGS deletes: any(author, adminOnly).
        Self.expectRejected(&group, .caro, [setDelta("TAGS", .delete, .string("a"))],
                    rejected: Self.denial(.caro, .member, "TAGS", .delete, .any([.author, .adminOnly])))
        try Self.apply(&group, .bo, setDelta("TAGS", .delete, .string("a")))
        try Self.apply(&group, .alix, setDelta("TAGS", .delete, .string("c")))
        #expect(group.state?.metadataValue(.name("TAGS")) == .set([.string("b")]))
        try Self.apply(&group, .caro, setDelta("TAGS", .insert, .string("a")))
        #expect(group.state?.metadataValue(.name("TAGS")) == .set([.string("a"), .string("b")]))
    }

    static let wrongTypes: [(String, Change)] = [
        ("replace on a map", replace("SETTINGS", .string("x"))),
        ("replace on a set", replace("TAGS", nil)),
        ("replace on a user field", replace("STATUS", .string("x"))),
        ("mapDelta on a scalar", mapDelta("CATEGORY", .insert, "k", .string("v"))),
        ("mapDelta on a set", mapDelta("TAGS", .insert, "k", .string("v"))),
        ("setDelta on a map", setDelta("SETTINGS", .insert, .string("k"))),
        ("setDelta on a scalar", setDelta("CATEGORY", .delete, .string("k"))),
        ("setDelta update", setDelta("TAGS", .update, .string("k"))),
        ("bytes into a string scalar", replace("CATEGORY", .bytes([1]))),
        ("text into a bytes scalar", replace("GROUP_IMAGE", .string("png"))),
        ("a bytes key in a string set", setDelta("TAGS", .insert, .bytes([1]))),
        ("a text key in a bytes set", setDelta("BADGES", .insert, .string("gold"))),
        ("a bytes key in a string map", write("SETTINGS", .mapDelta(.insert, key: .bytes([1]), value: .string("v")))),
        ("a text value in a bytes map", mapDelta("SHARED_FILES", .insert, "a.txt", .string("text"))),
        ("mapDelta insert without a value", mapDelta("SETTINGS", .insert, "k")),
        ("mapDelta update without a value", mapDelta("SETTINGS", .update, "k")),
        ("mapDelta delete with a value", mapDelta("SETTINGS", .delete, "k", .string("v"))),
        ("an inboxMap key that is not an inbox ID", mapDelta("USER_DISPLAY_NAME", .insert, "has space", .string("x"))),
        ("a bytes key in an inboxMap", write("USER_DISPLAY_NAME", .mapDelta(.insert, key: .bytes(Array("bo".utf8)), value: .string("x")))),
        ("a bytes value in a string inboxMap", mapDelta("USER_DISPLAY_NAME", .insert, "bo", .bytes([1]))),
        ("user data of the wrong kind", userData(("AVATAR", .string("me.png")))),
    ]

    @Test(arguments: wrongTypes)
    func aMutationThatDoesNotFitTheTypeIsWrongType(_ label: String, _ change: Change) throws {
        var group = Self.group()
        let outcome = group.commit(.bo, .updateName("ok"), change)
        guard case .wrongType? = outcome.rejection?.reason else {
            Issue.record("\(label): \(outcome)")
            return
        }
        #expect(outcome.changeIndex == 1)
    }

    @Test func aFieldOfAnUnsupportedTypeCannotBeWritten() throws {
        var group = Self.group()
        try Self.apply(&group, .alix, .assign(.observer, to: .bo))
        for mutation: FieldMutation in [.replace(.string("x")), .replace(nil), .mapDelta(.insert, key: .string("k"), value: .string("v")), .setDelta(.insert, key: .string("k"))] {
            // unsupportedType comes before permissionDenied: an observer gets it, not observerReadOnly.
            Self.expectRejected(&group, .bo, [write("FUTURE", mutation)], rejected: .unsupportedType(field: "FUTURE", type: "list"))
        }
        Self.expectRejected(&group, .bo, [userData(("FUTURE", .string("x")))], rejected: .unsupportedType(field: "FUTURE", type: "list"))
        #expect(group.state?.metadataField(name: "FUTURE")?.type == .unsupported("list"))
        #expect(group.state?.metadataValue(.name("FUTURE")) == .scalar(nil))
    }

    // MARK: Order of checks

    @Test func fieldChecksFollowTheOrderOfSection4() throws {
        var group = Self.group(members: [.bo, .caro, .davon, .eri])
        try Self.apply(&group, .alix, .assign(.observer, to: .eri))
        // The actor first: a non-member writing an unknown field.
        Self.expectRejected(&group, .fen, [replace("NOPE", .string("x"))], rejected: .notAMember(.fen))
        // Then the field and the shape, before authority: an observer and a plain member.
        Self.expectRejected(&group, .eri, [replace("NOPE", .string("x"))], rejected: .unknownField("NOPE"))
        Self.expectRejected(&group, .bo, [replace("ANNOUNCEMENT", .bytes([1]))],
                    rejected: .wrongType(field: "ANNOUNCEMENT", reason: "the value is bytes, but ANNOUNCEMENT holds string"))
        // Authority before argument values: too long but not allowed.
        Self.expectRejected(&group, .bo, [replace("ANNOUNCEMENT", .string(text(8_193)))],
                    rejected: Self.denial(.bo, .member, "ANNOUNCEMENT", .insert, .adminOnly))
        // Argument values before subjects: tooLong before immutableField and keyExists.
        try Self.apply(&group, .bo, replace("FOUNDED", .string("2024")), mapDelta("LEDGER", .insert, "k", .string("v")),
                       mapDelta("SETTINGS", .insert, "k", .string("v")))
        Self.expectRejected(&group, .bo, [replace("FOUNDED", .string(text(8_193)))], rejected: .tooLong(field: "FOUNDED", bytes: 8_193, limit: 8_192))
        Self.expectRejected(&group, .bo, [mapDelta("SETTINGS", .insert, "k", .string(text(8_193)))],
                    rejected: .tooLong(field: "SETTINGS", bytes: 8_193, limit: 8_192))
        // immutableField before keyExists.
        Self.expectRejected(&group, .bo, [mapDelta("LEDGER", .insert, "k", .string("w"))], rejected: .immutableField(field: "LEDGER"))
        // unknownField of a later entry of updateUserData before the notUserField of an earlier one.
        Self.expectRejected(&group, .bo, [userData(("ANNOUNCEMENT", .string("x")), ("NOPE", .string("y")))], rejected: .unknownField("NOPE"))
        // notUserField before duplicateField, duplicateField before wrongType.
        Self.expectRejected(&group, .bo, [userData(("STATUS", .string("a")), ("STATUS", .string("b")), ("CATEGORY", .string("x")))],
                    rejected: .notUserField("CATEGORY"))
        Self.expectRejected(&group, .bo, [userData(("AVATAR", .string("wrong")), ("STATUS", .string("a")), ("STATUS", .string("b")))],
                    rejected: .duplicateField("STATUS"))
    }

    // MARK: Policies

    /// Which roles pass each base policy for a scalar, which has no subject and no author.
    @Test(arguments: [
        (Policy.allowAll, [Role.superAdmin, .admin, .moderator, .member]),
        (.denyAll, []),
        (.moderatorOnly, [.superAdmin, .admin, .moderator]),
        (.adminOnly, [.superAdmin, .admin]),
        (.superAdminOnly, [.superAdmin]),
        (.selfOnly, []),
        (.formerMember, []),
        (.author, []),
        (.any([.superAdminOnly, .moderatorOnly]), [.superAdmin, .admin, .moderator]),
        (.all([.allowAll, .adminOnly]), [.superAdmin, .admin]),
        (.any([.selfOnly, .formerMember, .author]), []),
    ] as [(Policy, [Role])])
    func scalarPoliciesByRole(_ policy: Policy, _ passing: [Role]) throws {
        let field = FieldDescriptor(id: ComponentID(0xC100), name: "NOTE", type: .string, insert: policy, update: policy, delete: policy)
        var group = TestGroup(.alix, CreateConversation(members: [.bo, .caro, .davon, .eri], fields: [field]))
        try Self.apply(&group, .alix, .addAdmin(.bo), .assign(.moderator, to: .caro), .assign(.observer, to: .eri))
        let roles: [(InboxID, Role)] = [(.alix, .superAdmin), (.bo, .admin), (.caro, .moderator), (.davon, .member), (.eri, .observer)]
        var lastWriter: InboxID?
        for (actor, role) in roles {
            let outcome = group.commit(actor, replace("NOTE", .string("by \(actor)")))
            if passing.contains(role) {
                #expect(outcome == .applied, "\(role) should pass \(policy)")
                lastWriter = actor
            } else if role == .observer {
                #expect(outcome.rejection?.reason == .permissionDenied(PermissionDenial(actor: actor, actorRole: role, rule: .observerReadOnly)))
            } else {
                // The first write is an insert, the later ones updates.
                let operation: FieldOperation = lastWriter == nil ? .insert : .update
                #expect(outcome.rejection?.reason == Self.denial(actor, role, "NOTE", operation, policy), "\(role) should not pass \(policy)")
            }
        }
        #expect(group.state?.metadataValue(.name("NOTE")) == .scalar(lastWriter.map { .string("by \($0)") }))
    }

    @Test func authorIsTheInboxThatInsertedTheEntry() throws {
        // SHARED_FILES: insert allowAll, update author, delete any(author, adminOnly).
        var group = Self.group()
        let updatePolicy = Policy.author
        let deletePolicy = Policy.any([.author, .adminOnly])
        try Self.apply(&group, .bo, mapDelta("SHARED_FILES", .insert, "a.txt", .bytes([1])))
        Self.expectRejected(&group, .caro, [mapDelta("SHARED_FILES", .update, "a.txt", .bytes([2]))], rejected: Self.denial(.caro, .member, "SHARED_FILES", .update, updatePolicy))
        Self.expectRejected(&group, .alix, [mapDelta("SHARED_FILES", .update, "a.txt", .bytes([2]))], rejected: Self.denial(.alix, .superAdmin, "SHARED_FILES", .update, updatePolicy))
        try Self.apply(&group, .bo, mapDelta("SHARED_FILES", .update, "a.txt", .bytes([2])))
        #expect(group.state?.metadataValue(.name("SHARED_FILES")) == .map([FieldMapEntry(key: .string("a.txt"), value: .bytes([2]), author: .bo)]))
        Self.expectRejected(&group, .caro, [mapDelta("SHARED_FILES", .delete, "a.txt")], rejected: Self.denial(.caro, .member, "SHARED_FILES", .delete, deletePolicy))
        try Self.apply(&group, .bo, mapDelta("SHARED_FILES", .delete, "a.txt"))

        // An admin deletes anyone's entry; an update keeps the inserter as author.
        try Self.apply(&group, .caro, mapDelta("SHARED_FILES", .insert, "b.txt", .bytes([3])))
        try Self.apply(&group, .caro, mapDelta("SHARED_FILES", .update, "b.txt", .bytes([4])))
        #expect(group.state?.metadataValue(.name("SHARED_FILES")) == .map([FieldMapEntry(key: .string("b.txt"), value: .bytes([4]), author: .caro)]))
        try Self.apply(&group, .alix, mapDelta("SHARED_FILES", .delete, "b.txt"))

        // An absent key has no author, so the policy fails before keyNotFound.
        Self.expectRejected(&group, .bo, [mapDelta("SHARED_FILES", .update, "c.txt", .bytes([1]))], rejected: Self.denial(.bo, .member, "SHARED_FILES", .update, updatePolicy))
        // The author is judged on the state before the commit: inserting and updating at once fails.
        Self.expectRejected(&group, .bo, [mapDelta("SHARED_FILES", .insert, "c.txt", .bytes([1])), mapDelta("SHARED_FILES", .update, "c.txt", .bytes([2]))],
                    rejected: Self.denial(.bo, .member, "SHARED_FILES", .update, updatePolicy), at: 1)
        // A key deleted and inserted again by someone else has a new author.
        try Self.apply(&group, .bo, mapDelta("SHARED_FILES", .insert, "d.txt", .bytes([1])))
        try Self.apply(&group, .alix, mapDelta("SHARED_FILES", .delete, "d.txt"), mapDelta("SHARED_FILES", .insert, "d.txt", .bytes([5])))
        #expect(group.state?.metadataValue(.name("SHARED_FILES")) == .map([FieldMapEntry(key: .string("d.txt"), value: .bytes([5]), author: .alix)]))
        Self.expectRejected(&group, .bo, [mapDelta("SHARED_FILES", .update, "d.txt", .bytes([6]))], rejected: Self.denial(.bo, .member, "SHARED_FILES", .update, updatePolicy))
    }

    @Test func selfAndFormerMemberJudgeTheInboxThatKeysAUserField() throws {
        // USER_DISPLAY_NAME: insert and update self; delete any(self, formerMember).
        var group = Self.group()
        let deletePolicy = Policy.any([.selfOnly, .formerMember])
        try Self.apply(&group, .bo, mapDelta("USER_DISPLAY_NAME", .insert, "bo", .string("Bo")))
        try Self.apply(&group, .caro, userData(("USER_DISPLAY_NAME", .string("Caro"))))
        try Self.apply(&group, .davon, userData(("USER_DISPLAY_NAME", .string("Davon"))))
        Self.expectRejected(&group, .bo, [mapDelta("USER_DISPLAY_NAME", .update, "caro", .string("C"))],
                    rejected: Self.denial(.bo, .member, "USER_DISPLAY_NAME", .update, .selfOnly))
        Self.expectRejected(&group, .alix, [mapDelta("USER_DISPLAY_NAME", .insert, "alix2", .string("x"))],
                    rejected: Self.denial(.alix, .superAdmin, "USER_DISPLAY_NAME", .insert, .selfOnly))
        Self.expectRejected(&group, .bo, [mapDelta("USER_DISPLAY_NAME", .delete, "caro")],
                    rejected: Self.denial(.bo, .member, "USER_DISPLAY_NAME", .delete, deletePolicy))
        try Self.apply(&group, .bo, mapDelta("USER_DISPLAY_NAME", .update, "bo", .string("Bo B.")))

        // A former member's entry stays, and anyone may delete it.
        try Self.apply(&group, .alix, .remove(.caro))
        #expect(group.state?.mapValue(.name("USER_DISPLAY_NAME"), key: .string("caro")) == .string("Caro"))
        try Self.apply(&group, .bo, mapDelta("USER_DISPLAY_NAME", .delete, "caro"))
        #expect(group.state?.mapValue(.name("USER_DISPLAY_NAME"), key: .string("caro")) == nil)
        // formerMember is judged on the state before the commit: removing and deleting at once fails.
        Self.expectRejected(&group, .alix, [.remove(.davon), mapDelta("USER_DISPLAY_NAME", .delete, "davon")],
                    rejected: Self.denial(.alix, .superAdmin, "USER_DISPLAY_NAME", .delete, deletePolicy), at: 1)
        // An inbox the group never had is no current member either, but it has no entry.
        Self.expectRejected(&group, .bo, [mapDelta("USER_DISPLAY_NAME", .delete, "zed")], rejected: .keyNotFound(field: "USER_DISPLAY_NAME", key: #""zed""#))
        // self means the key, not the field: a scalar has no subject.
        let mine = FieldDescriptor(id: ComponentID(0xC200), name: "MINE", type: .string, insert: .selfOnly, update: .selfOnly, delete: .selfOnly)
        try Self.apply(&group, .alix, .registerFields([.descriptor(mine)]))
        Self.expectRejected(&group, .bo, [replace("MINE", .string("x"))], rejected: Self.denial(.bo, .member, "MINE", .insert, .selfOnly))
    }

    @Test func observersWriteOnlyTheirOwnUserFields() throws {
        var group = Self.group()
        try Self.apply(&group, .alix, .assign(.observer, to: .bo))
        try Self.apply(&group, .bo, userData(("USER_DISPLAY_NAME", .string("Bo")), ("STATUS", .string("reading"))))
        try Self.apply(&group, .bo, mapDelta("USER_DISPLAY_NAME", .update, "bo", .string("Bo B.")))
        #expect(group.state?.userData(inboxes: [.bo]).first?.values.map { $0.value } == [.string("Bo B."), .string("reading")])
        let readOnly = Rejection.permissionDenied(PermissionDenial(actor: .bo, actorRole: .observer, rule: .observerReadOnly))
        for change in [mapDelta("SETTINGS", .insert, "k", .string("v")), replace("GROUP_IMAGE", .bytes([1])),
                       setDelta("TAGS", .insert, .string("t")), mapDelta("USER_DISPLAY_NAME", .insert, "caro", .string("C"))] {
            Self.expectRejected(&group, .bo, [change], rejected: readOnly)
        }
        // A user field whose policy needs a member or above refuses the observer's own entry.
        let open = FieldDescriptor(id: ComponentID(0xC300), name: "OPEN", type: .inboxMap(value: .string), insert: .allowAll, update: .allowAll, delete: .allowAll)
        try Self.apply(&group, .alix, .registerFields([.descriptor(open)]))
        Self.expectRejected(&group, .bo, [userData(("OPEN", .string("x")))], rejected: Self.denial(.bo, .observer, "OPEN", .insert, .allowAll))
        try Self.apply(&group, .caro, userData(("OPEN", .string("x"))))
    }

    @Test func aMemberPendingRemovalMayOnlyWriteItsOwnUserFields() throws {
        var group = Self.group(members: [.bo, .caro])
        try Self.apply(&group, .bo, .requestRemoval)
        try Self.apply(&group, .bo, userData(("USER_DISPLAY_NAME", .string("Bo")), ("AVATAR", .bytes([1]))))
        try Self.apply(&group, .bo, mapDelta("USER_DISPLAY_NAME", .update, "bo", .string("Bo, leaving")))
        try Self.apply(&group, .bo, write("AVATAR", .mapDelta(.update, key: .string("bo"), value: .bytes([2]))))
        try Self.apply(&group, .bo, userData(("AVATAR", nil)), mapDelta("USER_DISPLAY_NAME", .delete, "bo"))
        #expect(group.state?.userData(inboxes: [.bo]).first?.values.isEmpty == true)
        for changes: [Change] in [
            [setDelta("TAGS", .insert, .string("t"))],
            [mapDelta("USER_DISPLAY_NAME", .insert, "caro", .string("C"))],
            [userData(("USER_DISPLAY_NAME", .string("Bo"))), .updateName("x")],
        ] {
            let outcome = group.commit(.bo, changes)
            #expect(outcome.rejection?.reason == .notActive(.bo, state: "pendingRemoval"), "\(changes.map(\.op))")
        }
        // An invited inbox may not.
        var invited = TestGroup(.alix, CreateConversation(members: [.bo], invitesNeedConsent: true))
        try Self.apply(&invited, .alix, .add(.caro))
        #expect(invited.commit(.caro, userData(("USER_DISPLAY_NAME", .string("Caro")))).rejection?.reason == .notActive(.caro, state: "invited"))
        // A former member is no member at all.
        try Self.apply(&group, .alix, .remove(.bo))
        #expect(group.commit(.bo, userData(("USER_DISPLAY_NAME", .string("Bo")))).code == "notAMember")
    }

    // MARK: Immutable fields

    @Test func anImmutableScalarIsSetOnce() throws {
        var group = Self.group()
        // Unsetting it while unset changes nothing and is no error.
        try Self.apply(&group, .bo, replace("FOUNDED", nil))
        try Self.apply(&group, .bo, replace("FOUNDED", .string("2024")))
        for value: FieldValue? in [.string("2025"), .string("2024"), nil] {
            Self.expectRejected(&group, .alix, [replace("FOUNDED", value)], rejected: .immutableField(field: "FOUNDED"))
        }
        Self.expectRejected(&group, .caro, [.updateName("x"), .updateMetadataField(field: .id(TestFields.founded.id), mutation: .replace(.string("x")))],
                    rejected: .immutableField(field: "FOUNDED"), at: 1)
        var fresh = Self.group()
        Self.expectRejected(&fresh, .bo, [replace("FOUNDED", .string("a")), replace("FOUNDED", .string("b"))], rejected: .immutableField(field: "FOUNDED"), at: 1)
        #expect(group.state?.metadataValue(.name("FOUNDED")) == .scalar(.string("2024")))
    }

    @Test func eachKeyOfAnImmutableCollectionIsSetOnce() throws {
        var group = Self.group()
        try Self.apply(&group, .bo, mapDelta("LEDGER", .insert, "2024", .string("founded")))
        try Self.apply(&group, .caro, mapDelta("LEDGER", .insert, "2025", .string("grew")))
        for change in [mapDelta("LEDGER", .update, "2024", .string("x")), mapDelta("LEDGER", .delete, "2024"), mapDelta("LEDGER", .insert, "2024", .string("x"))] {
            Self.expectRejected(&group, .alix, [change], rejected: .immutableField(field: "LEDGER"))
        }
        Self.expectRejected(&group, .alix, [mapDelta("LEDGER", .update, "2026", .string("x"))], rejected: .keyNotFound(field: "LEDGER", key: #""2026""#))
        Self.expectRejected(&group, .alix, [mapDelta("LEDGER", .insert, "2026", .string("a")), mapDelta("LEDGER", .update, "2026", .string("b"))],
                    rejected: .immutableField(field: "LEDGER"), at: 1)
        #expect(group.state?.metadataValue(.name("LEDGER")) == .map([
            FieldMapEntry(key: .string("2024"), value: .string("founded"), author: .bo),
            FieldMapEntry(key: .string("2025"), value: .string("grew"), author: .caro),
        ]))

        // The well-known immutable range too (0xBE00-0xBFFF).
        #expect(TestFields.badges.id.isImmutable)
        try Self.apply(&group, .bo, setDelta("BADGES", .insert, .bytes([1])))
        Self.expectRejected(&group, .alix, [setDelta("BADGES", .delete, .bytes([1]))], rejected: .immutableField(field: "BADGES"))
        Self.expectRejected(&group, .alix, [setDelta("BADGES", .insert, .bytes([1]))], rejected: .immutableField(field: "BADGES"))
        try Self.apply(&group, .alix, setDelta("BADGES", .insert, .bytes([2])))
        #expect(group.state?.metadataValue(.name("BADGES")) == .set([.bytes([1]), .bytes([2])]))
    }

    // MARK: Limits

    @Test func scalarsKeysAndValuesHoldAtMost8192Bytes() throws {
        var group = Self.group()
        try Self.apply(&group, .alix, replace("ANNOUNCEMENT", .string(text(8_192))), replace("WELCOME_MESSAGE", .string(text(4_096, "é"))),
                       replace("GROUP_IMAGE", .bytes(Array(repeating: 7, count: 8_192))), userData(("USER_DISPLAY_NAME", .string(text(8_192)))),
                       mapDelta("SETTINGS", .insert, text(8_192), .string(text(8_192))))
        let cases: [(Change, Rejection)] = [
            (replace("ANNOUNCEMENT", .string(text(8_193))), .tooLong(field: "ANNOUNCEMENT", bytes: 8_193, limit: 8_192)),
            (replace("WELCOME_MESSAGE", .string(text(4_096, "é") + "x")), .tooLong(field: "WELCOME_MESSAGE", bytes: 8_193, limit: 8_192)),
            (replace("GROUP_IMAGE", .bytes(Array(repeating: 7, count: 8_193))), .tooLong(field: "GROUP_IMAGE", bytes: 8_193, limit: 8_192)),
            (userData(("USER_DISPLAY_NAME", .string(text(8_193)))), .tooLong(field: "USER_DISPLAY_NAME", bytes: 8_193, limit: 8_192)),
            (mapDelta("SETTINGS", .insert, text(8_193), .string("v")), .tooLong(field: "SETTINGS", bytes: 8_193, limit: 8_192)),
            (mapDelta("SETTINGS", .update, text(8_192), .string(text(8_193))), .tooLong(field: "SETTINGS", bytes: 8_193, limit: 8_192)),
            (setDelta("TAGS", .insert, .string(text(8_193))), .tooLong(field: "TAGS", bytes: 8_193, limit: 8_192)),
        ]
        for (change, reason) in cases {
            Self.expectRejected(&group, .alix, [change], rejected: reason)
        }
    }

    @Test func aCollectionHoldsAtMost65536BytesCountingEightPerEntry() throws {
        var group = Self.group()
        // Eight entries of 2 + 8,182 + 8 bytes: 65,536 exactly.
        let fill = (0..<8).map { mapDelta("SETTINGS", .insert, "k\($0)", .string(text(8_182))) }
        try Self.apply(&group, .bo, fill[0], fill[1], fill[2], fill[3])
        try Self.apply(&group, .caro, fill[4], fill[5], fill[6], fill[7])
        // One more entry, even an empty one, is 9 bytes over.
        Self.expectRejected(&group, .bo, [mapDelta("SETTINGS", .insert, "x", .string(""))], rejected: .tooLong(field: "SETTINGS", bytes: 65_545, limit: 65_536))
        // Growing an entry by one byte is one byte over.
        Self.expectRejected(&group, .bo, [mapDelta("SETTINGS", .update, "k0", .string(text(8_183)))], rejected: .tooLong(field: "SETTINGS", bytes: 65_537, limit: 65_536))
        // The size counts the changes earlier in the commit: shrink one, then the insert fits.
        try Self.apply(&group, .bo, mapDelta("SETTINGS", .update, "k0", .string(text(8_173))), mapDelta("SETTINGS", .insert, "x", .string("")))
        Self.expectRejected(&group, .bo, [mapDelta("SETTINGS", .insert, "y", .string(""))], rejected: .tooLong(field: "SETTINGS", bytes: 65_545, limit: 65_536))
        try Self.apply(&group, .bo, mapDelta("SETTINGS", .delete, "k1"), mapDelta("SETTINGS", .insert, "y", .string(text(8_000))))

        // A set counts its keys and 8 bytes each.
        let keys = (0..<8).map { setDelta("TAGS", .insert, .string("\($0)" + text(8_183))) }
        try Self.apply(&group, .bo, keys[0], keys[1], keys[2], keys[3], keys[4], keys[5], keys[6], keys[7])
        Self.expectRejected(&group, .bo, [setDelta("TAGS", .insert, .string(""))], rejected: .tooLong(field: "TAGS", bytes: 65_544, limit: 65_536))

        // A user field counts the inbox IDs that key it.
        var users = TestGroup(.alix, CreateConversation(members: (0..<8).map { InboxID.named("u\($0)") }))
        for index in 0..<8 {
            // "u0" + 8,182 + 8 = 8,192.
            try Self.apply(&users, .named("u\(index)"), userData(("USER_DISPLAY_NAME", .string(text(8_182)))))
        }
        Self.expectRejected(&users, .alix, [userData(("USER_DISPLAY_NAME", .string("")))], rejected: .tooLong(field: "USER_DISPLAY_NAME", bytes: 65_548, limit: 65_536))
    }

    // MARK: User data

    @Test func userDataWritesTheActorsOwnEntriesAllAtOnce() throws {
        var group = Self.group()
        try Self.apply(&group, .bo, userData(("USER_DISPLAY_NAME", .string("Bo")), ("STATUS", .string("here")), ("AVATAR", .bytes([1, 2]))))
        #expect(group.state?.mapValue(.name("STATUS"), key: .string("bo")) == .string("here"))
        #expect(group.state?.metadataValue(.name("AVATAR")) == .map([FieldMapEntry(key: .string("bo"), value: .bytes([1, 2]), author: .bo)]))
        // An update, and nil removes the entry.
        try Self.apply(&group, .bo, userData(("STATUS", .string("away")), ("AVATAR", nil)))
        #expect(group.state?.userData(inboxes: [.bo]).first?.values.map { $0.field.id } == [WellKnownFields.userDisplayName, TestFields.status.id])
        #expect(group.state?.mapValue(.name("STATUS"), key: .string("bo")) == .string("away"))
        #expect(group.state?.mapValue(.name("AVATAR"), key: .string("bo")) == nil)
        // Clearing an absent entry changes nothing and is no error...
        let contents = try #require(group.state).fieldRecords.map { $0.content }
        try Self.apply(&group, .bo, userData(("AVATAR", nil)))
        #expect(group.state?.fieldRecords.map { $0.content } == contents)
        // ...but still needs the delete policy (STATUS: delete adminOnly).
        Self.expectRejected(&group, .caro, [userData(("STATUS", nil))], rejected: Self.denial(.caro, .member, "STATUS", .delete, .adminOnly))
        Self.expectRejected(&group, .bo, [userData(("STATUS", nil))], rejected: Self.denial(.bo, .member, "STATUS", .delete, .adminOnly))
        // All or nothing: a later entry's failure undoes the earlier ones.
        Self.expectRejected(&group, .caro, [userData(("USER_DISPLAY_NAME", .string("Caro")), ("STATUS", .string(text(8_193))))],
                    rejected: .tooLong(field: "STATUS", bytes: 8_193, limit: 8_192))
        // The errors of the listed fields.
        Self.expectRejected(&group, .caro, [userData(("NOPE", .string("x")))], rejected: .unknownField("NOPE"))
        Self.expectRejected(&group, .caro, [userData(("SETTINGS", .string("x")))], rejected: .notUserField("SETTINGS"))
        Self.expectRejected(&group, .caro, [.updateUserData([
            UserFieldUpdate(field: .name("STATUS"), value: .string("a")), UserFieldUpdate(field: .id(TestFields.status.id), value: .string("b")),
        ])], rejected: .duplicateField("STATUS"))
        Self.expectRejected(&group, .caro, [userData(("STATUS", .bytes([1])))],
                    rejected: .wrongType(field: "STATUS", reason: "a value of STATUS is string, not bytes"))
    }

    // MARK: Reads

    @Test func readsListAndLookUpFields() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo], fields: [TestFields.settings, TestFields.category, TestFields.blobs]))
        let state0 = try #require(group.state)
        #expect(state0.metadataFields().map(\.id.rawValue) == [0x8100, 0x8101, 0x8102, 0x8103, 0x8104, 0x8105, 0xC001, 0xC003, 0xC006])
        #expect(state0.metadataField(name: "SETTINGS") == TestFields.settings)
        #expect(state0.metadataField(name: "0xC006") == nil)
        #expect(state0.metadataField(name: "NOPE") == nil)

        try Self.apply(&group, .alix, replace("CATEGORY", .string("sports")), mapDelta("SETTINGS", .insert, "b", .string("2")),
                       mapDelta("SETTINGS", .insert, "a", .string("1")), replace("ANNOUNCEMENT", .string("hello")))
        let state = try #require(group.state)
        #expect(state.metadataValue(.name("CATEGORY")) == .scalar(.string("sports")))
        #expect(state.metadataValue(.id(ComponentID(0xC001))) == .scalar(.string("sports")))
        #expect(state.metadataValue(.name("WELCOME_MESSAGE")) == .scalar(nil))
        #expect(state.metadataValue(.name("NOPE")) == nil)
        #expect(state.metadataValue(.id(ComponentID(0xC0AA))) == nil)
        #expect(state.metadataValue(.name("SETTINGS")) == .map([
            FieldMapEntry(key: .string("a"), value: .string("1"), author: .alix), FieldMapEntry(key: .string("b"), value: .string("2"), author: .alix),
        ]))

        let values = state.metadataValues([.name("SETTINGS"), .name("NOPE"), .id(WellKnownFields.announcement), .name("CATEGORY")])
        #expect(values.map { $0.field } == [.name("SETTINGS"), .name("NOPE"), .id(WellKnownFields.announcement), .name("CATEGORY")])
        #expect(values.map { $0.value } == [state.metadataValue(.name("SETTINGS")), nil, .scalar(.string("hello")), .scalar(.string("sports"))])
        #expect(state.metadataValues([]).isEmpty)

        #expect(state.mapValue(.name("SETTINGS"), key: .string("a")) == .string("1"))
        #expect(state.mapValue(.id(TestFields.settings.id), key: .string("b")) == .string("2"))
        #expect(state.mapValue(.name("SETTINGS"), key: .string("c")) == nil)
        #expect(state.mapValue(.name("SETTINGS"), key: .bytes(Array("a".utf8))) == nil)
        #expect(state.mapValue(.name("NOPE"), key: .string("a")) == nil)
        #expect(state.mapValue(.name("CATEGORY"), key: .string("a")) == nil)
    }

    @Test func userDataReadsFollowTheFilterRules() throws {
        var group = Self.group(members: [.bo, .caro, .davon])
        try Self.apply(&group, .bo, userData(("STATUS", .string("here")), ("USER_DISPLAY_NAME", .string("Bo"))))
        try Self.apply(&group, .caro, userData(("USER_DISPLAY_NAME", .string("Caro")), ("AVATAR", .bytes([7]))))
        try Self.apply(&group, .davon, userData(("USER_DISPLAY_NAME", .string("Davon"))))
        try Self.apply(&group, .alix, .remove(.davon))
        let state = try #require(group.state)
        let displayName = try #require(state.metadataField(name: "USER_DISPLAY_NAME"))
        let status = TestFields.status
        let avatar = TestFields.avatar

        func summary(_ records: [UserDataRecord]) -> [String] {
            records.map { record in "\(record.inbox): " + record.values.map { "\($0.field.label)=\($0.value)" }.joined(separator: ", ") }
        }

        // No filters: every user field, in ID order, for current members, in join order.
        #expect(summary(state.userData()) == [
            "alix: ",
            #"bo: USER_DISPLAY_NAME="Bo", STATUS="here""#,
            #"caro: USER_DISPLAY_NAME="Caro", AVATAR=1 bytes"#,
        ])
        #expect(state.userData().map(\.inbox) == [.alix, .bo, .caro])
        #expect(state.userData()[1].values.map { $0.field } == [displayName, status])
        // Fields in the order asked; fields that are not user fields, or not registered, are skipped.
        #expect(summary(state.userData(fields: [.name("AVATAR"), .name("SETTINGS"), .name("NOPE"), .id(WellKnownFields.userDisplayName)])) == [
            "alix: ", #"bo: USER_DISPLAY_NAME="Bo""#, #"caro: AVATAR=1 bytes, USER_DISPLAY_NAME="Caro""#,
        ])
        #expect(state.userData(fields: [.name("AVATAR")])[2].values.map { $0.field } == [avatar])
        // An empty filter selects nothing.
        #expect(summary(state.userData(fields: [])) == ["alix: ", "bo: ", "caro: "])
        #expect(state.userData(inboxes: []).isEmpty)
        #expect(state.userData(fields: [], inboxes: []).isEmpty)
        // Inboxes in the order asked; a former member is read by naming it; an inbox with no
        // values, or one the group never had, maps to an empty list.
        #expect(summary(state.userData(inboxes: [.davon, .caro, .named("zed"), .alix])) == [
            #"davon: USER_DISPLAY_NAME="Davon""#, #"caro: USER_DISPLAY_NAME="Caro", AVATAR=1 bytes"#, "zed: ", "alix: ",
        ])
        #expect(summary(state.userData(fields: [.name("STATUS")], inboxes: [.bo, .caro])) == [#"bo: STATUS="here""#, "caro: "])
    }

    // MARK: Sizes

    /// Random field writes keep each collection's counted size equal to a recount of its entries.
    @Test(arguments: [UInt64(1), 7, 0xF1E1_D5])
    func collectionSizesStayEqualToARecount(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let actors: [InboxID] = [.alix, .bo, .caro, .davon]
        var group = TestGroup(.alix, CreateConversation(members: Array(actors.dropFirst()), fields: TestFields.all))
        try Self.apply(&group, .alix, .addAdmin(.bo))
        let sharedFiles = try #require(group.state?.metadataField(name: "SHARED_FILES"))
        let keys = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]
        func length() -> Int {
            let small = random.int(0...40)
            let large = random.int(1_000...8_192)
            return random.weighted([(8, small), (4, large), (1, 8_193)])
        }
        func key() -> FieldValue {
            let name = random.pick(keys)
            let long = random.int(1_000...8_000)
            return random.chance(80) ? .string(name) : .string(name + text(long))
        }
        /// Mostly the operation that fits the key's presence, sometimes the one that does not.
        func operation(_ field: FieldDescriptor, _ key: FieldValue, set: Bool = false) -> FieldOperation {
            let present = group.state?.fieldContents[field.id]?.entries[key] != nil
            let fitting: [FieldOperation] = present ? (set ? [.delete] : [.update, .delete]) : [.insert]
            return random.chance(85) ? random.pick(fitting) : random.pick(set ? [.insert, .delete] : FieldOperation.allCases)
        }
        func mapChange(_ field: FieldDescriptor, _ kind: ValueKind) -> Change {
            let key = key()
            let operation = operation(field, key)
            let count = length()
            let value: FieldValue = kind == .string ? .string(text(count)) : .bytes(Array(repeating: 1, count: count))
            return .updateMetadataField(field: .id(field.id), mutation: .mapDelta(operation, key: key, value: operation == .delete ? nil : value))
        }
        func change() -> Change {
            switch random.int(0...9) {
            case 0...2:
                return mapChange(TestFields.settings, .string)
            case 3...4:
                return mapChange(sharedFiles, .bytes)
            case 5...6:
                let key = key()
                return write("TAGS", .setDelta(operation(TestFields.tags, key, set: true), key: key))
            case 7:
                return mapChange(TestFields.ledger, .string)
            case 8:
                let count = length()
                let field = random.pick(["USER_DISPLAY_NAME", "STATUS"])
                return userData((field, random.chance(80) ? .string(text(count)) : nil))
            default:
                return write("CATEGORY", .replace(random.chance(70) ? .string(text(random.int(0...100))) : nil))
            }
        }
        var applied = 0
        var largest = 0
        for index in 0..<400 {
            let changes = (0..<random.int(1...3)).map { _ in change() }
            let before = try #require(group.state)
            if group.commit(random.pick(actors), changes) == .applied {
                applied += 1
            } else {
                #expect(group.state == before, "seed \(seed), commit \(index)")
            }
            let state = try #require(group.state)
            for (field, content) in state.fieldContents {
                let recount = content.entries.reduce(0) { $0 + $1.key.byteCount + ($1.value.value?.byteCount ?? 0) + 8 }
                #expect(content.byteSize == recount, "seed \(seed), commit \(index), field \(field)")
                #expect(content.byteSize <= FieldLimits.collection, "seed \(seed), commit \(index), field \(field)")
                largest = max(largest, content.byteSize)
            }
        }
        // The generator must reach the interesting cases: many applied commits, full collections.
        #expect(applied > 100, "seed \(seed): only \(applied) commits were applied")
        #expect(largest > 60_000, "seed \(seed): the largest collection held only \(largest) bytes")
    }
}
