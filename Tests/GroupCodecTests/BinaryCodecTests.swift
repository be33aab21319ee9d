import GroupCodec
import GroupCore
import GroupTestSupport
import Testing

/// The binary formats: primitives, commits, outcomes, states, and SHA-256. Seeded tests print
/// their seed with every failure.
struct BinaryCodecTests {
    // MARK: Varints and the other primitives

    @Test(arguments: [
        (UInt64(0), [0x00] as [UInt8]),
        (1, [0x01]),
        (127, [0x7F]),
        (128, [0x80, 0x01]),
        (300, [0xAC, 0x02]),
        (16_383, [0xFF, 0x7F]),
        (16_384, [0x80, 0x80, 0x01]),
        (UInt64(1) << 63, [0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01]),
        (UInt64.max, [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]),
    ] as [(UInt64, [UInt8])])
    func varintEncoding(value: UInt64, bytes: [UInt8]) throws {
        var writer = BinaryWriter()
        writer.writeVarint(value)
        #expect(writer.bytes == bytes)
        #expect(try read(bytes) { try $0.readVarint("varint") }.get() == value)
    }

    @Test(arguments: [
        [0x80, 0x00] as [UInt8],
        [0xFF, 0x00],
        [0x80, 0x80, 0x00],
        [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x00],
    ])
    func overlongVarintIsRefused(bytes: [UInt8]) {
        #expect(readError(bytes) { try $0.readVarint("varint") }?.reason == .overlongVarint)
    }

    @Test(arguments: [
        // Bit 64 set in the tenth byte.
        [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x02] as [UInt8],
        [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F],
        // Eleven bytes.
        [0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01],
        [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x81, 0x00],
    ])
    func varintOverSixtyFourBitsIsRefused(bytes: [UInt8]) {
        #expect(readError(bytes) { try $0.readVarint("varint") }?.reason == .varintOverflow)
    }

    @Test func truncatedVarintIsRefused() {
        let empty = readError([]) { try $0.readVarint("a varint") }
        #expect(empty?.reason == .unexpectedEnd(needed: 1, available: 0))
        #expect(empty?.reading == "a varint")
        let cut = readError([0x80, 0x80]) { try $0.readVarint("varint") }
        #expect(cut?.reason == .unexpectedEnd(needed: 3, available: 2))
        #expect(cut?.offset == 0)
    }

    @Test(arguments: [
        (Int64(0), UInt64(0)),
        (-1, 1),
        (1, 2),
        (-2, 3),
        (2, 4),
        (-64, 127),
        (64, 128),
        (Int64.max, UInt64.max - 1),
        (Int64.min, UInt64.max),
    ] as [(Int64, UInt64)])
    func zigzag(value: Int64, encoded: UInt64) throws {
        var writer = BinaryWriter()
        writer.writeZigzag(value)
        var expected = BinaryWriter()
        expected.writeVarint(encoded)
        #expect(writer.bytes == expected.bytes)
        #expect(try read(writer.bytes) { try $0.readZigzag("zigzag") }.get() == value)
    }

    @Test func booleansAreZeroOrOne() throws {
        #expect(try read([0]) { try $0.readBool("flag") }.get() == false)
        #expect(try read([1]) { try $0.readBool("flag") }.get() == true)
        #expect(readError([2]) { try $0.readBool("flag") }?.reason == .invalidBoolean(2))
        #expect(readError([0xFF]) { try $0.readBool("flag") }?.reason == .invalidBoolean(0xFF))
    }

    @Test(arguments: ["", "a", "héllo wörld", "👋🏽 中文", String(repeating: "x", count: 300)])
    func stringRoundTrip(text: String) throws {
        var writer = BinaryWriter()
        writer.writeString(text)
        #expect(writer.bytes.count == varintSize(UInt64(text.utf8.count)) + text.utf8.count)
        let decoded = try read(writer.bytes) { try $0.readString("text") }.get()
        #expect(decoded == text)
        #expect(Array(decoded.utf8) == Array(text.utf8))
    }

    @Test(arguments: [
        [0x01, 0x80] as [UInt8],             // a lone continuation byte
        [0x02, 0xC3, 0x28],                  // a lead byte without its continuation
        [0x02, 0xC0, 0xAF],                  // an overlong '/'
        [0x03, 0xED, 0xA0, 0x80],            // a UTF-16 surrogate
        [0x04, 0xF4, 0x90, 0x80, 0x80],      // above U+10FFFF
        [0x01, 0xFF],
    ])
    func invalidUTF8IsRefused(bytes: [UInt8]) {
        let error = readError(bytes) { try $0.readString("text") }
        #expect(error?.reason == .invalidUTF8)
        #expect(error?.offset == 1)
    }

    @Test func lengthPrefixBeyondTheInputIsRefusedBeforeAllocating() throws {
        #expect(readError([0x05, 0x61]) { try $0.readString("text") }?.reason == .lengthExceedsInput(length: 5, remaining: 1))
        let huge: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]
        #expect(readError(huge) { try $0.readByteString("bytes") }?.reason == .lengthExceedsInput(length: .max, remaining: 0))
        #expect(readError(huge) { try $0.readCount("count") }?.reason == .lengthExceedsInput(length: .max, remaining: 0))
        // A count of items of at least four bytes each must fit four times over.
        #expect(readError([0x02, 1, 2, 3, 4, 5, 6, 7]) { try $0.readCount("count", minimumSize: 4) }?.reason
            == .lengthExceedsInput(length: 2, remaining: 7))
        #expect(try read([0x02, 1, 2, 3, 4, 5, 6, 7, 8]) { try $0.readCount("count", minimumSize: 4) }.get() == 2)
    }

    @Test func byteStringsAndDigests() throws {
        let digest = try #require(Digest(bytes: Array(0..<32)))
        var writer = BinaryWriter()
        writer.writeByteString([9, 8, 7])
        writer.writeDigest(digest)
        #expect(writer.bytes.count == 1 + 3 + 32)
        let decoded = try read(writer.bytes) { reader in
            let bytes = try reader.readByteString("bytes")
            let digest = try reader.readDigest("digest")
            try reader.expectEnd("record")
            return (bytes, digest)
        }.get()
        #expect(decoded.0 == [9, 8, 7])
        #expect(decoded.1 == digest)
        let cut = readError(Array(writer.bytes.dropLast())) { reader in
            _ = try reader.readByteString("bytes")
            return try reader.readDigest("digest")
        }
        #expect(cut?.reason == .unexpectedEnd(needed: 32, available: 31))
        #expect(cut?.offset == 4)
    }

    @Test func identifiersAreValidatedAsTheyAreRead() {
        var writer = BinaryWriter()
        writer.writeString("has space")
        #expect(readError(writer.bytes) { try $0.readInbox("inbox") }?.reason == .invalidIdentifier(.notPrintableASCII(offset: 3)))
        #expect(readError([0x00]) { try $0.readGroupID("group") }?.reason == .invalidIdentifier(.empty))
        var long = BinaryWriter()
        long.writeString(String(repeating: "a", count: 129))
        #expect(readError(long.bytes) { try $0.readInbox("inbox") }?.reason == .invalidIdentifier(.tooLong(bytes: 129, limit: 128)))
    }

    // MARK: Commits

    /// One change of every op, and the argument variants each op has.
    static let everyChange: [Change] = [
        .create(CreateConversation()),
        .create(CreateConversation(
            kind: .group, members: [.bo, .caro], policySet: .adminOnly, name: "Team", description: "about ✓",
            imageURL: "https://img.example/a.png", appData: "{\"k\":1}", memberLimit: 500, leaveRule: .direct,
            joinRule: .approval, invitesNeedConsent: true, admission: .review, style: .publicJoinNeedApproval
        )),
        .create(CreateConversation(kind: .dm, members: [.bo], memberLimit: -3, leaveRule: .request, joinRule: .open)),
        .create(CreateConversation(members: [.bo], policySet: .custom([
            .addMember: .any([.adminOnly, .selfOnly]), .removeMember: .all([.moderatorOnly, .any([.formerMember, .author])]),
            .addAdmin: .superAdminOnly, .removeAdmin: .denyAll, .updateName: .allowAll, .approveJoins: .any([]),
        ]), memberLimit: Int.min, style: .privateOnlyOwnerInvite)),
        .create(CreateConversation(policySet: .custom([:]), memberLimit: Int.max)),
        .addMembers(inboxes: [.bo, .caro], identities: []),
        .addMembers(inboxes: [], identities: [
            ResolvedIdentity(.handle("@bo"), inbox: .bo), ResolvedIdentity(.account("0xnobody"), inbox: nil),
        ]),
        .addMembers(inboxes: [], identities: []),
        .removeMembers(inboxes: [.bo], withMessages: false),
        .removeMembers(inboxes: [.bo, .caro, .davon], withMessages: true),
        .addAdmin(.bo),
        .removeAdmin(.caro),
        .addSuperAdmin(.davon),
        .removeSuperAdmin(.eri),
        .setRole(inboxes: [.bo, .fen], role: .moderator),
        .setRole(inboxes: [], role: .superAdmin),
        .transferOwnership(.gus),
        .updatePermission(slot: .ban, policy: .all([.adminOnly, .any([.selfOnly, .formerMember])])),
        .updatePermission(slot: .approveJoins, policy: .author),
        .requestRemoval,
        .leave,
        .updateName("Team ✓"),
        .updateName(""),
        .updateDescription(String(repeating: "long ", count: 300)),
        .updateImageURL("https://img.example/x.png"),
        .updateAppData(data: "{}", expected: nil),
        .updateAppData(data: "", expected: ""),
        .updateAppData(data: "new", expected: "old"),
        .updateDisappearingMessages(nil),
        .updateDisappearingMessages(DisappearingMessages(fromNs: 0, inNs: 86_400_000_000_000)),
        .updateDisappearingMessages(DisappearingMessages(fromNs: Int64.min, inNs: -1)),
        .create(CreateConversation(fields: [descriptors[0]])),
        .create(CreateConversation(kind: .dm, members: [.bo], memberLimit: 2, fields: descriptors)),
        .registerFields(descriptors.map(FieldRegistration.descriptor) + [.unknown(name: "MOOD"), .unknown(name: "")]),
        .registerFields([]),
        .updateMetadataField(field: .id(ComponentID(0xC001)), mutation: .replace(.string("sports ✓"))),
        .updateMetadataField(field: .name("GROUP_IMAGE"), mutation: .replace(.bytes([0, 0xFF, 7]))),
        .updateMetadataField(field: .name(""), mutation: .replace(.bytes([]))),
        .updateMetadataField(field: .name("ANNOUNCEMENT"), mutation: .replace(nil)),
        .updateMetadataField(field: .id(ComponentID(0xFFFF)), mutation: .mapDelta(.insert, key: .string("k"), value: .bytes([]))),
        .updateMetadataField(field: .name("SETTINGS"), mutation: .mapDelta(.update, key: .bytes([1, 2]), value: .string("v"))),
        .updateMetadataField(field: .name("SETTINGS"), mutation: .mapDelta(.delete, key: .string(""), value: nil)),
        .updateMetadataField(field: .name("SETTINGS"), mutation: .mapDelta(.insert, key: .string("no value"), value: nil)),
        .updateMetadataField(field: .name("TAGS"), mutation: .setDelta(.insert, key: .bytes([]))),
        .updateMetadataField(field: .name("TAGS"), mutation: .setDelta(.delete, key: .string("t"))),
        .updateMetadataField(field: .id(ComponentID(0)), mutation: .setDelta(.update, key: .string(String(repeating: "é", count: 300)))),
        .updateUserData([
            UserFieldUpdate(field: .name("USER_DISPLAY_NAME"), value: .string("Bo")),
            UserFieldUpdate(field: .id(ComponentID(0xC005)), value: .bytes([9])),
            UserFieldUpdate(field: .name("STATUS"), value: nil),
        ]),
        .updateUserData([]),
        .acceptInvitation,
        .declineInvitation,
        .join(link: nil),
        .join(link: "invite-✓"),
        .approveJoin(.bo, role: nil),
        .approveJoin(.caro, role: .moderator),
        .approveJoin(.davon, role: .superAdmin),
        .rejectJoin(.eri),
        .createLink("team", role: .observer),
        .createLink("", role: .admin),
        .updateLinkRole("team", role: .moderator),
        .deleteLink("team"),
        .blockForAll(inboxes: [.bo, .caro], blocked: true),
        .blockForAll(inboxes: [], blocked: false),
        .mute(inboxes: [.bo], until: 1_700_000_060_000),
        .mute(inboxes: [], until: .max),
        .unmute([.bo, .caro]),
        .unmute([]),
        .muteAll(true),
        .muteAll(false),
        .allowListAdd([.bo]),
        .allowListRemove([.bo, .caro]),
        .ban([.eri]),
        .ban([]),
        .unban([.eri, .fen]),
        .blockGroup(true),
        .blockGroup(false),
        .deleteGroup,
    ]

    /// A descriptor of every field type and value kind, with and without names, and IDs in and
    /// out of the field ranges (the codec stores what a commit holds; the reducer judges it).
    static let descriptors: [FieldDescriptor] = [
        FieldDescriptor(id: ComponentID(0xC001), name: "CATEGORY", type: .string, insert: .adminOnly, update: .adminOnly, delete: .adminOnly),
        FieldDescriptor(id: ComponentID(0xC002), name: nil, type: .bytes, insert: .allowAll, update: .denyAll, delete: .superAdminOnly),
        FieldDescriptor(id: ComponentID(0xC003), name: "", type: .set(key: .string), insert: .moderatorOnly, update: .author,
                        delete: .any([.author, .adminOnly])),
        FieldDescriptor(id: ComponentID(0xC004), name: "TAGS ✓", type: .set(key: .bytes), insert: .selfOnly, update: .formerMember,
                        delete: .all([.selfOnly, .any([.formerMember, .author])])),
        FieldDescriptor(id: ComponentID(0xC005), name: "SS", type: .map(key: .string, value: .string), insert: .allowAll, update: .allowAll, delete: .allowAll),
        FieldDescriptor(id: ComponentID(0xC006), name: "SB", type: .map(key: .string, value: .bytes), insert: .allowAll, update: .allowAll, delete: .allowAll),
        FieldDescriptor(id: ComponentID(0xC007), name: "BS", type: .map(key: .bytes, value: .string), insert: .allowAll, update: .allowAll, delete: .allowAll),
        FieldDescriptor(id: ComponentID(0xC008), name: "BB", type: .map(key: .bytes, value: .bytes), insert: .allowAll, update: .allowAll, delete: .allowAll),
        FieldDescriptor(id: ComponentID(0xFD00), name: "STATUS", type: .inboxMap(value: .string), insert: .selfOnly, update: .selfOnly,
                        delete: .any([.selfOnly, .formerMember])),
        FieldDescriptor(id: ComponentID(0xFEFF), name: "AVATAR", type: .inboxMap(value: .bytes), insert: .selfOnly, update: .selfOnly, delete: .selfOnly),
        FieldDescriptor(id: ComponentID(0xBE00), name: "FUTURE", type: .unsupported("list"), insert: .denyAll, update: .denyAll, delete: .denyAll),
        FieldDescriptor(id: ComponentID(0x8100), name: nil, type: .unsupported(""), insert: .allowAll, update: .allowAll, delete: .allowAll),
        FieldDescriptor(id: ComponentID(0), name: "zero", type: .string, insert: .allowAll, update: .allowAll, delete: .allowAll),
        FieldDescriptor(id: ComponentID(0xFFFF), name: String(repeating: "n", count: 200), type: .bytes, insert: .allowAll, update: .allowAll, delete: .allowAll),
    ]

    @Test func changeTableCoversEveryOp() {
        let ops: Set<String> = [
            "create", "addMembers", "removeMembers", "addAdmin", "removeAdmin", "addSuperAdmin", "removeSuperAdmin",
            "setRole", "transferOwnership", "updatePermission", "requestRemoval", "leave", "updateName",
            "updateDescription", "updateImageURL", "updateAppData", "updateDisappearingMessages", "registerFields",
            "updateMetadataField", "updateUserData", "acceptInvitation", "declineInvitation", "join", "approveJoin",
            "rejectJoin", "createLink", "updateLinkRole", "deleteLink", "blockForAll", "mute", "unmute", "muteAll",
            "allowListAdd", "allowListRemove", "ban", "unban", "blockGroup", "deleteGroup",
        ]
        #expect(Set(Self.everyChange.map(\.op)) == ops)
    }

    /// The field table holds every type, value kind, mutation and operation, so the change
    /// round trips cover each of their tags.
    @Test func fieldTablesCoverEveryTypeMutationAndOperation() {
        let types = Set(Self.descriptors.map(\.type))
        for type: FieldType in [.string, .bytes, .unsupported("list")] { #expect(types.contains(type)) }
        for key in ValueKind.allCases {
            #expect(types.contains(.set(key: key)))
            #expect(types.contains(.inboxMap(value: key)))
            for value in ValueKind.allCases { #expect(types.contains(.map(key: key, value: value))) }
        }
        var mutations: Set<String> = []
        var operations: Set<FieldOperation> = []
        var values: Set<ValueKind> = []
        var references: Set<String> = []
        for change in Self.everyChange {
            guard case let .updateMetadataField(field, mutation) = change else { continue }
            switch field {
            case .id: references.insert("id")
            case .name: references.insert("name")
            }
            mutations.insert(mutation.kind)
            switch mutation {
            case let .replace(value):
                if let value { values.insert(value.kind) }
            case let .mapDelta(operation, key, value):
                operations.insert(operation)
                values.insert(key.kind)
                if let value { values.insert(value.kind) }
            case let .setDelta(operation, key):
                operations.insert(operation)
                values.insert(key.kind)
            }
        }
        #expect(mutations == ["replace", "mapDelta", "setDelta"])
        #expect(operations == Set(FieldOperation.allCases))
        #expect(values == Set(ValueKind.allCases))
        #expect(references == ["id", "name"])
    }

    @Test(arguments: everyChange)
    func changeRoundTrip(change: Change) throws {
        let commit = Commit(groupID: .test, sequence: 7, actor: .alix, time: 1_700_000_000_000, changes: [change])
        try expectRoundTrip(commit)
    }

    @Test func commitWithEveryChangeAndAPreviousHashRoundTrips() throws {
        let previous = try #require(Digest(hex: String(repeating: "ab", count: 32)))
        let commit = Commit(
            groupID: .named("g-1"), sequence: .max, actor: .named(String(repeating: "~", count: 128)), time: .max,
            changes: Self.everyChange, previousHash: previous
        )
        try expectRoundTrip(commit)
        try expectRoundTrip(Commit(groupID: .test, sequence: 0, actor: .bo, time: 0, changes: []))
    }

    /// The stored format, byte by byte: a change here breaks every stored log.
    @Test func commitGoldenBytes() throws {
        let commit = Commit(
            groupID: .named("g"), sequence: 1, actor: .named("a"), time: 300,
            changes: [.addAdmin(.named("b")), .leave, .updatePermission(slot: .removeMember, policy: .any([.selfOnly, .adminOnly]))]
        )
        let bytes = CommitCodec.encode(commit)
        #expect(bytes == [
            3,                      // version
            1, 0x67,                // group "g"
            1,                      // sequence
            0,                      // no previous hash
            1, 0x61,                // actor "a"
            0xAC, 0x02,             // time 300
            3,                      // three changes
            4, 1, 0x62,             // addAdmin "b"
            12,                     // leave
            10, 1, 9, 2, 5, 3,      // updatePermission removeMember any(self, adminOnly)
        ])
        let chained = Commit(groupID: commit.groupID, sequence: 2, actor: commit.actor, time: 301, changes: [.leave],
                             previousHash: CommitCodec.hash(commit))
        let chainedBytes = CommitCodec.encode(chained)
        #expect(chainedBytes[4] == 1)
        #expect(Array(chainedBytes[5..<37]) == CommitCodec.hash(commit).bytes)
    }

    /// The same commit as version 1 wrote it, before fields existed: it still decodes, to the
    /// same commit, and is written again as version 3.
    @Test func versionOneGoldenBytesStillDecode() throws {
        let versionOne: [UInt8] = [1, 1, 0x67, 1, 0, 1, 0x61, 0xAC, 0x02, 3, 4, 1, 0x62, 12, 10, 1, 9, 2, 5, 3]
        let commit = try CommitCodec.decode(versionOne)
        #expect(commit == Commit(
            groupID: .named("g"), sequence: 1, actor: .named("a"), time: 300,
            changes: [.addAdmin(.named("b")), .leave, .updatePermission(slot: .removeMember, policy: .any([.selfOnly, .adminOnly]))]
        ))
        #expect(CommitCodec.encode(commit) == [3] + versionOne.dropFirst())

        // A version-1 create has no field list: it reads with none; its policy set, consent and
        // admission, always written then, read as given; version 3 writes them as optionals.
        let versionOneCreate: [UInt8] = [
            1, 1, 0x67, 0, 0, 1, 0x61, 0xAC, 0x02, 1,
            1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  // create: group, no members, allMembers, four empty strings, no options
        ]
        let create = try CommitCodec.decode(versionOneCreate)
        let asGiven = CreateConversation(policySet: .allMembers, invitesNeedConsent: false, admission: .auto)
        #expect(create == Commit(groupID: .named("g"), sequence: 0, actor: .named("a"), time: 300, changes: [.create(asGiven)]))
        #expect(CommitCodec.encode(create) == [
            3, 1, 0x67, 0, 0, 1, 0x61, 0xAC, 0x02, 1,
            1, 0, 0, 0,          // create: group, no members, no identities
            1, 0,                // the policy set given: allMembers
            0, 0, 0, 0, 0,       // four empty strings, no disappearing messages
            0, 0, 0,             // no memberLimit, leaveRule, joinRule
            1, 0, 1, 0,          // invitesNeedConsent false, admission auto, as given
            0, 0,                // no style, no fields
        ])
        // The same bytes as version 2 lack the field list.
        guard case .unexpectedEnd? = commitError([2] + versionOneCreate.dropFirst())?.reason else {
            Issue.record("a version-2 create without its field list was not refused as cut short")
            return
        }
    }

    /// The version-2 parts, byte by byte: a create's field list, and the three field changes.
    @Test func fieldChangeGoldenBytes() throws {
        let descriptor = FieldDescriptor(id: ComponentID(0xC001), name: "T", type: .map(key: .string, value: .bytes),
                                         insert: .allowAll, update: .author, delete: .any([.author, .adminOnly]))
        let descriptorBytes: [UInt8] = [
            0x81, 0x80, 0x03,       // ID 0xC001
            1, 1, 0x54,             // name "T"
            3, 0, 1,                // map of string to bytes
            0, 7, 9, 2, 7, 3,       // allowAll, author, any(author, adminOnly)
        ]
        let create = Commit(groupID: .named("g"), sequence: 0, actor: .named("a"), time: 300,
                            changes: [.create(CreateConversation(fields: [descriptor]))])
        #expect(CommitCodec.encode(create) == [
            3, 1, 0x67, 0, 0, 1, 0x61, 0xAC, 0x02, 1,
            1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  // create with no options
            1,                                          // one field
        ] + descriptorBytes)

        let writes = Commit(groupID: .named("g"), sequence: 1, actor: .named("a"), time: 300, changes: [
            .registerFields([.descriptor(descriptor), .unknown(name: "X")]),
            .updateMetadataField(field: .id(ComponentID(0xC001)), mutation: .mapDelta(.insert, key: .string("k"), value: .bytes([7]))),
            .updateMetadataField(field: .name("T"), mutation: .replace(nil)),
            .updateMetadataField(field: .id(ComponentID(0xC001)), mutation: .setDelta(.delete, key: .bytes([]))),
            .updateUserData([UserFieldUpdate(field: .name("U"), value: .string("v")), UserFieldUpdate(field: .id(WellKnownFields.userDisplayName), value: nil)]),
        ])
        let expected: [UInt8] = [3, 1, 0x67, 1, 0, 1, 0x61, 0xAC, 0x02, 5]
            + [18, 2, 0] + descriptorBytes + [1, 1, 0x58]           // registerFields: a descriptor, the name "X"
            + [19, 0, 0x81, 0x80, 0x03, 1, 0, 0, 1, 0x6B, 1, 1, 1, 7] // by ID: mapDelta insert "k" = bytes [7]
            + [19, 1, 1, 0x54, 0, 0]                                 // by name "T": replace with nothing
            + [19, 0, 0x81, 0x80, 0x03, 2, 2, 1, 0]                  // setDelta delete bytes []
            + [20, 2, 1, 1, 0x55, 1, 0, 1, 0x76, 0, 0x80, 0x82, 0x02, 0] // updateUserData U = "v", 0x8100 = nothing
        #expect(CommitCodec.encode(writes) == expected)
        #expect(try CommitCodec.decode(expected) == writes)
    }

    /// The version-3 parts, byte by byte: identities and disappearing messages in create,
    /// identities in removeMembers, and updateFieldPolicy (tag 39).
    @Test func identityAndFieldPolicyGoldenBytes() throws {
        let handle = try PublicIdentity(.handle, "h")
        let create = Commit(groupID: .named("g"), sequence: 0, actor: .named("a"), time: 300, changes: [
            .create(CreateConversation(
                kind: .dm, identities: [ResolvedIdentity(handle, inbox: .named("b"))],
                disappearingMessages: DisappearingMessages(fromNs: 1, inNs: 2))),
        ])
        let createBytes: [UInt8] = [
            3, 1, 0x67, 0, 0, 1, 0x61, 0xAC, 0x02, 1,
            1, 1, 0,                  // create: a DM, no inboxes
            1, 0, 1, 0x68, 1, 1, 0x62, // one identity: handle "h", resolved to "b"
            0,                        // no policy set
            0, 0, 0, 0,               // four empty strings
            1, 2, 4,                  // disappearing messages from 1 in 2 (zigzag)
            0, 0, 0, 0, 0, 0, 0,      // no memberLimit, leaveRule, joinRule, consent, admission, style, fields
        ]
        #expect(CommitCodec.encode(create) == createBytes)
        #expect(try CommitCodec.decode(createBytes) == create)

        let changes = Commit(groupID: .named("g"), sequence: 1, actor: .named("a"), time: 300, changes: [
            .removeMembers(inboxes: [.named("c")], identities: [ResolvedIdentity(handle, inbox: nil)], withMessages: true),
            .updateFieldPolicy(field: .name("T"), operation: .update, policy: .any([.author, .adminOnly])),
        ])
        let changeBytes: [UInt8] = [3, 1, 0x67, 1, 0, 1, 0x61, 0xAC, 0x02, 2]
            + [3, 1, 1, 0x63, 1, 0, 1, 0x68, 0, 1]  // removeMembers [c], handle "h" unresolved, with messages
            + [39, 1, 1, 0x54, 1, 9, 2, 7, 3]       // updateFieldPolicy by name "T", update, any(author, adminOnly)
        #expect(CommitCodec.encode(changes) == changeBytes)
        #expect(try CommitCodec.decode(changeBytes) == changes)
        // Version 2 had no updateFieldPolicy.
        var versionTwo = commitHeader(changeCount: 1, version: 2)
        versionTwo.writeByte(39)
        #expect(commitError(versionTwo.bytes)?.reason == .unknownTag(39))
    }

    /// Version-2 records still read: removeMembers without identities, and a DM's create whose
    /// group settings, ignored when it was written, read as not given.
    @Test func versionTwoGoldenBytesStillDecode() throws {
        let versionTwo: [UInt8] = [
            2, 1, 0x67, 0, 0, 1, 0x61, 0xAC, 0x02, 1,
            1, 1, 1, 1, 0x62,     // create: a DM with member "b"
            1,                    // policy set adminOnly
            0, 0, 0, 0,           // four empty strings
            1, 0xF4, 0x03,        // memberLimit 250 (zigzag)
            0, 0, 0, 0, 0, 0,     // no leaveRule, joinRule; consent false, admission auto, no style, no fields
        ]
        let dm = try CommitCodec.decode(versionTwo)
        #expect(dm.changes == [.create(CreateConversation(kind: .dm, members: [.named("b")]))])
        let removal: [UInt8] = [2, 1, 0x67, 1, 0, 1, 0x61, 0xAC, 0x02, 1, 3, 1, 1, 0x62, 0]
        #expect(try CommitCodec.decode(removal).changes == [.removeMembers(inboxes: [.named("b")], withMessages: false)])
    }

    /// The lifecycle ops of SPEC section 9 (tags 21 to 38), byte by byte.
    @Test func lifecycleChangeGoldenBytes() throws {
        let b = InboxID.named("b"), c = InboxID.named("c")
        let commit = Commit(groupID: .named("g"), sequence: 1, actor: .named("a"), time: 300, changes: [
            .acceptInvitation, .declineInvitation, .join(link: nil), .join(link: "L"),
            .approveJoin(b, role: nil), .approveJoin(b, role: .moderator), .rejectJoin(b),
            .createLink("L", role: .observer), .updateLinkRole("L", role: .moderator), .deleteLink("L"),
            .blockForAll(inboxes: [b], blocked: true), .mute(inboxes: [b, c], until: 300), .unmute([b]), .muteAll(true),
            .allowListAdd([b]), .allowListRemove([c]), .ban([b]), .unban([]), .blockGroup(false), .deleteGroup,
        ])
        let parts: [[UInt8]] = [
            [3, 1, 0x67, 1, 0, 1, 0x61, 0xAC, 0x02, 20],  // version 3, "g", sequence 1, "a", time 300, 20 changes
            [21],                                        // acceptInvitation
            [22],                                        // declineInvitation
            [23, 0],                                     // join without a link
            [23, 1, 1, 0x4C],                            // join "L"
            [24, 1, 0x62, 0],                            // approveJoin b, the role asked for
            [24, 1, 0x62, 1, 2],                         // approveJoin b as moderator
            [25, 1, 0x62],                               // rejectJoin b
            [26, 1, 0x4C, 0],                            // createLink "L" observer
            [27, 1, 0x4C, 2],                            // updateLinkRole "L" moderator
            [28, 1, 0x4C],                               // deleteLink "L"
            [29, 1, 1, 0x62, 1],                         // blockForAll [b] blocked
            [30, 2, 1, 0x62, 1, 0x63, 0xAC, 0x02],       // mute [b, c] until 300
            [31, 1, 1, 0x62],                            // unmute [b]
            [32, 1],                                     // muteAll on
            [33, 1, 1, 0x62],                            // allowListAdd [b]
            [34, 1, 1, 0x63],                            // allowListRemove [c]
            [35, 1, 1, 0x62],                            // ban [b]
            [36, 0],                                     // unban nobody
            [37, 0],                                     // blockGroup off
            [38],                                        // deleteGroup
        ]
        let expected = parts.flatMap { $0 }
        #expect(CommitCodec.encode(commit) == expected)
        #expect(try CommitCodec.decode(expected) == commit)
        // Version 1 had no lifecycle ops: a version-1 record that holds one was not written by it.
        for tag: UInt8 in [21, 29, 38] {
            var writer = commitHeader(changeCount: 1, version: 1)
            writer.writeByte(tag)
            #expect(commitError(writer.bytes)?.reason == .unknownTag(tag), "tag \(tag)")
        }
        // Version 3 has no updateKeys (40); 41 is the next free tag.
        var next = commitHeader(changeCount: 1)
        next.writeByte(40)
        #expect(commitError(next.bytes)?.reason == .unknownTag(40))
        var free = commitHeader(changeCount: 1, version: 4)
        free.writeByte(41)
        #expect(commitError(free.bytes)?.reason == .unknownTag(41))
        // A mute's end and the booleans are canonical too.
        var overlong = commitHeader(changeCount: 1)
        for byte: UInt8 in [30, 0, 0x80, 0x00] { overlong.writeByte(byte) }
        #expect(commitError(overlong.bytes)?.reason == .overlongVarint)
        var flag = commitHeader(changeCount: 1)
        for byte: UInt8 in [32, 2] { flag.writeByte(byte) }
        #expect(commitError(flag.bytes)?.reason == .invalidBoolean(2))
        var role = commitHeader(changeCount: 1)
        for byte: UInt8 in [26, 1, 0x4C, 5] { role.writeByte(byte) }
        #expect(commitError(role.bytes)?.reason == .unknownTag(5))
    }

    @Test(arguments: [UInt64(1), 2, 3, 0xC0FF_EE00, 0x5EED_2024_0001])
    func randomLogCommitsRoundTrip(seed: UInt64) throws {
        var previous: Digest?
        for commit in RandomLog(seed: seed, inboxCount: 10).commits(count: 400) {
            // Chain the log as the store would.
            let chained = Commit(groupID: commit.groupID, sequence: commit.sequence, actor: commit.actor,
                                 time: commit.time, changes: commit.changes, previousHash: previous)
            try expectRoundTrip(chained, "seed \(seed)")
            previous = CommitCodec.hash(chained)
        }
    }

    @Test(arguments: [UInt64(11), 12, 13, 14])
    func randomValueCommitsRoundTrip(seed: UInt64) throws {
        var random = RandomValues(seed: seed)
        for _ in 0..<500 {
            try expectRoundTrip(random.commit(), "seed \(seed)")
        }
    }

    @Test func commitHashIsTheSHA256OfTheEncoding() {
        let commit = Commit(groupID: .test, sequence: 3, actor: .alix, time: 5, changes: [.updateName("x")])
        #expect(CommitCodec.hash(commit) == SHA256.hash(CommitCodec.encode(commit)))
        let other = Commit(groupID: .test, sequence: 3, actor: .alix, time: 5, changes: [.updateName("y")])
        #expect(CommitCodec.hash(commit) != CommitCodec.hash(other))
        let linked = Commit(groupID: .test, sequence: 3, actor: .alix, time: 5, changes: [.updateName("x")],
                            previousHash: CommitCodec.hash(other))
        #expect(CommitCodec.hash(commit) != CommitCodec.hash(linked))
    }

    @Test func invalidIdentifiersInACommitAreRefused() {
        let badActor = Commit(groupID: .test, sequence: 0, actor: InboxID(unchecked: "has space"), time: 0, changes: [.leave])
        let actorError = commitError(CommitCodec.encode(badActor))
        #expect(actorError?.reason == .invalidIdentifier(.notPrintableASCII(offset: 3)))
        #expect(actorError?.reading == "commit actor")
        #expect(actorError?.offset == 1 + 11 + 1 + 1)

        let badGroup = Commit(groupID: GroupID(unchecked: ""), sequence: 0, actor: .alix, time: 0, changes: [.leave])
        #expect(commitError(CommitCodec.encode(badGroup))?.reason == .invalidIdentifier(.empty))

        let badMember = Commit(groupID: .test, sequence: 0, actor: .alix, time: 0,
                               changes: [.addMembers(inboxes: [.bo, InboxID(unchecked: "tab\there")], identities: [])])
        #expect(commitError(CommitCodec.encode(badMember))?.reason == .invalidIdentifier(.notPrintableASCII(offset: 3)))

        // A public identity's value is 1 to 256 bytes.
        var writer = commitHeader(changeCount: 1)
        writer.writeByte(2)                // addMembers
        writer.writeVarint(0)              // no inboxes
        writer.writeVarint(1)              // one identity
        writer.writeByte(0)                // a handle
        writer.writeString(String(repeating: "h", count: 257))
        writer.writeBool(false)            // unresolved
        #expect(commitError(writer.bytes)?.reason == .invalidIdentifier(.tooLong(bytes: 257, limit: 256)))
    }

    @Test func customPolicySlotsMustBeInTagOrder() throws {
        func create(slots: [UInt8]) -> [UInt8] {
            var writer = commitHeader(changeCount: 1)
            writer.writeByte(1)            // create
            writer.writeByte(0)            // group
            writer.writeVarint(0)          // no members
            writer.writeVarint(0)          // no identities
            writer.writeBool(true)         // a policy set given:
            writer.writeByte(2)            // custom policies
            writer.writeVarint(UInt64(slots.count))
            for slot in slots {
                writer.writeByte(slot)
                writer.writeByte(3)        // adminOnly
            }
            for _ in 0..<4 { writer.writeString("") }
            writer.writeBool(false)        // disappearingMessages
            writer.writeBool(false)        // memberLimit
            writer.writeBool(false)        // leaveRule
            writer.writeBool(false)        // joinRule
            writer.writeBool(false)        // invitesNeedConsent
            writer.writeBool(false)        // admission
            writer.writeBool(false)        // style
            writer.writeVarint(0)          // no fields
            return writer.bytes
        }
        #expect(commitError(create(slots: [0, 1, 14])) == nil)
        #expect(try CommitCodec.decode(create(slots: [0, 4])) == Commit(
            groupID: .test, sequence: 0, actor: .alix, time: 0,
            changes: [.create(CreateConversation(policySet: .custom([.addMember: .adminOnly, .updateName: .adminOnly])))]
        ))
        guard case .notCanonical = commitError(create(slots: [1, 0]))?.reason else {
            Issue.record("slots out of order were accepted")
            return
        }
        guard case .notCanonical = commitError(create(slots: [2, 2]))?.reason else {
            Issue.record("a repeated slot was accepted")
            return
        }
        #expect(commitError(create(slots: [15]))?.reason == .unknownTag(15))
    }

    @Test func policyNestingIsLimited() throws {
        func nested(_ levels: Int) -> Policy {
            var policy = Policy.allowAll
            for level in 1..<levels { policy = level.isMultiple(of: 2) ? .any([policy]) : .all([.denyAll, policy]) }
            return policy
        }
        let limit = BinaryReader.maximumPolicyDepth
        let deepest = Commit(groupID: .test, sequence: 1, actor: .alix, time: 1,
                             changes: [.updatePermission(slot: .ban, policy: nested(limit))])
        try expectRoundTrip(deepest)
        let tooDeep = Commit(groupID: .test, sequence: 1, actor: .alix, time: 1,
                             changes: [.updatePermission(slot: .ban, policy: nested(limit + 1))])
        #expect(commitError(CommitCodec.encode(tooDeep))?.reason == .nestingTooDeep(limit: limit))
        // A long run of nested openings with nothing after them.
        var writer = commitHeader(changeCount: 1)
        writer.writeByte(10)
        writer.writeByte(0)
        for _ in 0..<10_000 {
            writer.writeByte(9)
            writer.writeVarint(1)
        }
        #expect(commitError(writer.bytes)?.reason == .nestingTooDeep(limit: limit))
    }

    @Test func unknownTagsAreRefused() {
        var op = commitHeader(changeCount: 1)
        op.writeByte(0)
        #expect(commitError(op.bytes)?.reason == .unknownTag(0))
        #expect(commitError(op.bytes)?.reading == "change op")
        var later = commitHeader(changeCount: 1)
        later.writeByte(200)
        #expect(commitError(later.bytes)?.reason == .unknownTag(200))
        var role = commitHeader(changeCount: 1)
        role.writeByte(8)
        role.writeVarint(0)
        role.writeByte(5)
        #expect(commitError(role.bytes)?.reason == .unknownTag(5))
    }

    @Test func trailingBytesAreRefused() {
        let bytes = CommitCodec.encode(Commit(groupID: .test, sequence: 0, actor: .alix, time: 0, changes: [.leave]))
        let error = commitError(bytes + [0, 0])
        #expect(error?.reason == .trailingBytes(count: 2))
        #expect(error?.offset == bytes.count)
    }

    // MARK: Outcomes

    /// Every rejection, with every permission denial rule.
    static let everyRejection: [Rejection] = [
        .groupNotFound,
        .groupDeleted,
        .invalidCommit(reason: "create after commit 0"),
        .timeWentBackwards(time: 5, lastApplied: .max),
        .dmForbidden(op: "addAdmin"),
        .notAMember(.bo),
        .notActive(.bo, state: "invited"),
        .permissionDenied(PermissionDenial(actor: .bo, actorRole: .member, rule: .policy(.addMember, .any([.adminOnly, .selfOnly])))),
        .permissionDenied(PermissionDenial(actor: .bo, actorRole: .admin, rule: .superAdminRequired)),
        .permissionDenied(PermissionDenial(actor: .bo, actorRole: .moderator, rule: .seniority(subject: .caro, subjectRole: .admin, newRole: nil))),
        .permissionDenied(PermissionDenial(actor: .bo, actorRole: .admin, rule: .seniority(subject: .caro, subjectRole: .member, newRole: .superAdmin))),
        .permissionDenied(PermissionDenial(actor: .bo, actorRole: .observer, rule: .observerReadOnly)),
        .invalidPolicy(slot: .addAdmin, reason: "allowAll is not allowed"),
        .invalidPolicy(slot: nil, reason: "missing slots"),
        .invalidRole(.superAdmin),
        .invalidArgument(reason: "memberLimit below 1"),
        .tooLong(field: "name", bytes: 101, limit: 100),
        .tooLong(field: "x", bytes: Int.min, limit: Int.max),
        .identityNotFound(.handle("@nobody")),
        .identityNotFound(.account("0x00")),
        .duplicateInbox(.bo),
        .memberNotFound(.bo),
        .alreadyMember(.bo),
        .alreadyHasRole(.bo, role: .observer),
        .notAnAdmin(.bo),
        .notASuperAdmin(.bo),
        .superAdminCannotBeRemoved(.bo),
        .lastSuperAdmin(.alix),
        .banned(.bo),
        .memberLimitExceeded(limit: 250),
        .appDataSuperseded(expected: "old", actual: "néw"),
        .onlyMemberCannotLeave,
        .dmCannotLeave,
        .superAdminCannotLeave,
        .wrongLeaveRule(.direct),
        .wrongLeaveRule(.request),
        .alreadyPendingRemoval,
        .permissionDenied(PermissionDenial(actor: .bo, actorRole: .member, rule: .fieldPolicy(field: "SHARED_FILES", operation: .update, policy: .author))),
        .permissionDenied(PermissionDenial(actor: .bo, actorRole: .moderator, rule: .fieldPolicy(
            field: "0xC001", operation: .insert, policy: .any([.selfOnly, .all([.adminOnly, .formerMember])])))),
        .permissionDenied(PermissionDenial(actor: .bo, actorRole: .observer, rule: .fieldPolicy(field: "", operation: .delete, policy: .denyAll))),
        .unknownField("GROUP_CATEGORY"),
        .unknownField("0x7FFF"),
        .notUserField("ANNOUNCEMENT"),
        .duplicateField("USER_DISPLAY_NAME"),
        .wrongType(field: "TAGS", reason: "a set has no update: insert or delete a key"),
        .unsupportedType(field: "FUTURE", type: "list"),
        .unsupportedType(field: "0xC0FF", type: ""),
        .keyExists(field: "SETTINGS", key: "\"théme\""),
        .keyNotFound(field: "SHARED_FILES", key: "3 bytes"),
        .immutableField(field: "FOUNDED"),
        .fieldAlreadyRegistered("CATEGORY"),
        .notInvited(.bo),
        .joinNotAllowed(.inviteOnly),
        .joinNotAllowed(.open),
        .joinNotAllowed(.approval),
        .joinRequestNotFound(.caro),
        .linkExists("team"),
        .linkNotFound(""),
        .linkNotFound("invité ✓"),
        .unsignedCommit,
        .wrongSigningKey(.bo, key: PublicKey(bytes: [UInt8](repeating: 0xA5, count: 32))!),
    ]

    @Test func rejectionTableCoversEveryCode() {
        #expect(Set(Self.everyRejection.map(\.code)) == Set(Rejection.allCodes))
        // And every rule of a permission denial, with each field operation.
        var rules: Set<String> = []
        var operations: Set<FieldOperation> = []
        for case let .permissionDenied(denial) in Self.everyRejection {
            switch denial.rule {
            case .policy: rules.insert("policy")
            case .superAdminRequired: rules.insert("superAdminRequired")
            case .seniority: rules.insert("seniority")
            case .observerReadOnly: rules.insert("observerReadOnly")
            case let .fieldPolicy(_, operation, _):
                rules.insert("fieldPolicy")
                operations.insert(operation)
            }
        }
        #expect(rules == ["policy", "superAdminRequired", "seniority", "observerReadOnly", "fieldPolicy"])
        #expect(operations == Set(FieldOperation.allCases))
    }

    @Test(arguments: everyRejection)
    func rejectionRoundTrip(reason: Rejection) throws {
        for changeIndex in [nil, 0, 3, Int.max] as [Int?] {
            try expectRoundTrip(.rejected(CommitRejection(changeIndex: changeIndex, reason: reason)))
        }
    }

    @Test func appliedRoundTripsAndOutcomeGoldenBytes() throws {
        try expectRoundTrip(CommitOutcome.applied)
        #expect(OutcomeCodec.encode(.applied) == [1, 0])
        let rejected = CommitOutcome.rejected(CommitRejection(changeIndex: 1, reason: .notAMember(.named("a"))))
        #expect(OutcomeCodec.encode(rejected) == [1, 1, 1, 2, 6, 1, 0x61])
        let whole = CommitOutcome.rejected(CommitRejection(changeIndex: nil, reason: .groupNotFound))
        #expect(OutcomeCodec.encode(whole) == [1, 1, 0, 1])
    }

    /// The lifecycle codes (tags 39 to 43), byte by byte.
    @Test func lifecycleRejectionGoldenBytes() {
        let cases: [(Rejection, [UInt8])] = [
            (.notInvited(.named("b")), [39, 1, 0x62]),
            (.joinNotAllowed(.inviteOnly), [40, 0]),
            (.joinNotAllowed(.approval), [40, 2]),
            (.joinRequestNotFound(.named("b")), [41, 1, 0x62]),
            (.linkExists("L"), [42, 1, 0x4C]),
            (.linkNotFound(""), [43, 0]),
            (.unsignedCommit, [44]),
            (.wrongSigningKey(.named("b"), key: PublicKey(bytes: [UInt8](repeating: 7, count: 32))!),
             [45, 1, 0x62] + [UInt8](repeating: 7, count: 32)),
        ]
        for (reason, details) in cases {
            let bytes = OutcomeCodec.encode(.rejected(CommitRejection(changeIndex: nil, reason: reason)))
            #expect(bytes == [1, 1, 0] + details, "\(reason.code)")
        }
        #expect(outcomeError([1, 1, 0, 46])?.reason == .unknownTag(46))
        #expect(outcomeError([1, 1, 0, 45, 1, 0x62] + [UInt8](repeating: 7, count: 31))?.reason == .unexpectedEnd(needed: 32, available: 31))
        #expect(outcomeError([1, 1, 0, 40, 3])?.reason == .unknownTag(3))
    }

    @Test(arguments: [UInt64(5), 6, 7])
    func randomLogOutcomesRoundTrip(seed: UInt64) throws {
        var replica = Replica()
        for commit in RandomLog(seed: seed, inboxCount: 8).commits(count: 400) {
            try expectRoundTrip(replica.fold(commit), "seed \(seed)")
        }
    }

    // MARK: States

    @Test func handBuiltStateRoundTrips() throws {
        let slots: [PolicySlot: Policy] = [
            .addMember: .any([.adminOnly, .selfOnly]), .removeMember: .adminOnly, .addAdmin: .superAdminOnly,
            .removeAdmin: .superAdminOnly, .updateName: .allowAll, .updateDescription: .moderatorOnly,
            .updateImageURL: .all([.adminOnly, .any([.selfOnly, .formerMember])]), .updateAppData: .allowAll,
            .updateDisappearingMessages: .adminOnly,
        ]
        var group = TestGroup(.alix, CreateConversation(
            members: [.bo, .caro, .davon], policySet: .custom(slots), name: "Team", memberLimit: 10, leaveRule: .direct
        ))
        let changes: [(InboxID, [Change])] = [
            (.alix, [.addAdmin(.bo)]),
            (.alix, [.updateDisappearingMessages(DisappearingMessages(fromNs: 5, inNs: 1_000))]),
            (.alix, [.remove(.caro)]),
            (.davon, [.leave]),
            (.alix, [.updatePermission(slot: .ban, policy: .any([.adminOnly, .selfOnly]))]),
            (.bo, [.add(.eri, .caro), .assign(.moderator, to: .eri)]),
            (.alix, [.updateAppData(data: "{\"pinned\":[1]}", expected: nil), .updateDescription("ünïcode ✓")]),
            (.alix, [.add(.fen), .addSuperAdmin(.fen)]),
        ]
        for (actor, commitChanges) in changes {
            let outcome = group.commit(actor, commitChanges)
            #expect(outcome.isApplied, "\(commitChanges.map(\.op)): \(outcome)")
        }
        let state = try #require(group.state)
        try #require(state.formerMembers.map(\.inbox) == [.davon])
        try #require(state.metadata.disappearingMessages != nil)
        try #require(state.policies.kind == .custom)
        try #require(state.listSuperAdmins() == [.alix, .fen])
        try expectRoundTrip(state)
    }

    @Test func dmStateRoundTrips() throws {
        var group = TestGroup(.alix, CreateConversation(kind: .dm, members: [.bo]))
        group.commit(.bo, .updateName("us"))
        try expectRoundTrip(try #require(group.state))
    }

    @Test(arguments: [UInt64(21), 22, 23, 0xC0FF_EE00])
    func statesAfterEveryCommitOfRandomLogsRoundTrip(seed: UInt64) throws {
        var replica = Replica()
        var hashes: [Digest: [UInt8]] = [:]
        for commit in RandomLog(seed: seed, inboxCount: 12).commits(count: 400) {
            guard replica.fold(commit).isApplied, let state = replica.state else { continue }
            try expectRoundTrip(state, "seed \(seed), commit \(commit.sequence)")
            // Different states never share a hash; equal states always do.
            let bytes = StateCodec.encode(state)
            let hash = StateCodec.hash(state)
            if let seen = hashes[hash] { #expect(seen == bytes, "seed \(seed)") }
            hashes[hash] = bytes
        }
    }

    /// Logs that use the lifecycle of SPEC section 9: every commit, outcome and applied state.
    @Test(arguments: [UInt64(41), 42, 43])
    func randomLifecycleLogsRoundTrip(seed: UInt64) throws {
        var log = RandomLog(seed: seed, inboxCount: 10)
        log.lifecycle = true
        var replica = Replica()
        var lifecycleStates = 0
        for commit in log.commits(count: 400) {
            try expectRoundTrip(commit, "seed \(seed)")
            let outcome = replica.fold(commit)
            try expectRoundTrip(outcome, "seed \(seed), commit \(commit.sequence)")
            guard outcome.isApplied, let state = replica.state else { continue }
            try expectRoundTrip(state, "seed \(seed), commit \(commit.sequence)")
            if !state.bans.isEmpty || !state.links.isEmpty || state.records.contains(where: { $0.blockedForAll || $0.mutedUntil != nil || $0.blocksGroup }) {
                lifecycleStates += 1
            }
        }
        #expect(lifecycleStates > 20, "seed \(seed): only \(lifecycleStates) states held lifecycle parts")
    }

    /// Logs that sign (SPEC section 14): every commit, outcome and applied state, keys included.
    @Test(arguments: [UInt64(61), 63, 64])
    func randomSigningLogsRoundTrip(seed: UInt64) throws {
        var log = RandomLog(seed: seed, inboxCount: 8)
        log.lifecycle = seed.isMultiple(of: 2)
        log.signing = true
        var replica = Replica()
        var keyedStates = 0
        for commit in log.commits(count: 300) {
            try expectRoundTrip(commit, "seed \(seed)")
            let outcome = replica.fold(commit)
            try expectRoundTrip(outcome, "seed \(seed), commit \(commit.sequence)")
            guard outcome.isApplied, let state = replica.state else { continue }
            try expectRoundTrip(state, "seed \(seed), commit \(commit.sequence)")
            if StateCodec.encode(state).first == 4 { keyedStates += 1 }
        }
        #expect(keyedStates > 20, "seed \(seed): only \(keyedStates) states held keys")
    }

    @Test func largeGrowingStateRoundTrips() throws {
        var replica = Replica()
        for commit in RandomLog(seed: 9).growingCommits(count: 120, members: 5_000, batchSize: 500) {
            replica.fold(commit)
        }
        let state = try #require(replica.state)
        try #require(state.memberCount > 4_000)
        try expectRoundTrip(state)
    }

    @Test func stateHashIsTheSHA256OfTheEncodingAndFollowsTheState() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo]))
        let before = try #require(group.state)
        #expect(StateCodec.hash(before) == SHA256.hash(StateCodec.encode(before)))
        group.commit(.alix, .updateName("x"))
        let after = try #require(group.state)
        #expect(StateCodec.hash(before) != StateCodec.hash(after))
        // The same log folded twice gives the same hash.
        var again = TestGroup(.alix, CreateConversation(members: [.bo]))
        again.commit(.alix, .updateName("x"))
        #expect(StateCodec.hash(try #require(again.state)) == StateCodec.hash(after))
    }

    @Test func contradictoryStatesAreRefused() {
        let ok = stateBytes(nextOrdinal: 2, records: [(.alix, 4, 0), (.bo, 1, 1)])
        #expect(stateError(ok) == nil)
        let cases: [[UInt8]] = [
            stateBytes(nextOrdinal: 1, records: [(.alix, 4, 0), (.bo, 1, 1)]),   // ordinal not below next
            stateBytes(nextOrdinal: 3, records: [(.alix, 4, 1), (.bo, 1, 0)]),   // out of order
            stateBytes(nextOrdinal: 3, records: [(.alix, 4, 0), (.alix, 1, 1)]), // twice
            stateBytes(nextOrdinal: 3, records: [(.alix, 3, 0), (.bo, 1, 1)]),   // no super admin
        ]
        for bytes in cases {
            guard case .inconsistentState = stateError(bytes)?.reason else {
                Issue.record("a contradictory state was accepted or refused for another reason: \(String(describing: stateError(bytes)))")
                continue
            }
        }
    }

    // MARK: States with fields

    /// Application fields of every type for the state tests: a scalar, a map, a set, user fields,
    /// immutables and a type this version does not support.
    static let stateFields: [FieldDescriptor] = [
        FieldDescriptor(id: ComponentID(0xC001), name: "CATEGORY", type: .string, insert: .allowAll, update: .allowAll, delete: .allowAll),
        FieldDescriptor(id: ComponentID(0xC002), name: "SETTINGS", type: .map(key: .string, value: .string), insert: .allowAll, update: .allowAll, delete: .allowAll),
        FieldDescriptor(id: ComponentID(0xC003), name: "TAGS", type: .set(key: .string), insert: .allowAll, update: .allowAll, delete: .any([.author, .adminOnly])),
        FieldDescriptor(id: ComponentID(0xC004), name: nil, type: .map(key: .bytes, value: .bytes), insert: .allowAll, update: .allowAll, delete: .allowAll),
        FieldDescriptor(id: ComponentID(0xC005), name: "STATUS", type: .inboxMap(value: .bytes), insert: .selfOnly, update: .selfOnly, delete: .any([.selfOnly, .formerMember])),
        FieldDescriptor(id: ComponentID(0xC006), name: "FUTURE", type: .unsupported("list"), insert: .allowAll, update: .allowAll, delete: .allowAll),
        FieldDescriptor(id: ComponentID(0xFD00), name: "FOUNDED", type: .string, insert: .allowAll, update: .allowAll, delete: .allowAll),
        FieldDescriptor(id: ComponentID(0xBE01), name: "BADGES", type: .set(key: .bytes), insert: .allowAll, update: .allowAll, delete: .allowAll),
    ]

    static func write(_ field: String, _ mutation: FieldMutation) -> Change { .updateMetadataField(field: .name(field), mutation: mutation) }

    /// A group whose fields hold values of every kind, written by several inboxes.
    static func groupWithFieldValues() throws -> TestGroup {
        var group = TestGroup(.alix, CreateConversation(members: [.bo, .caro, .davon], fields: stateFields))
        let commits: [(InboxID, [Change])] = [
            (.bo, [write("CATEGORY", .replace(.string("sports ✓"))), write("GROUP_IMAGE", .replace(.bytes([0x89, 0x50, 0x4E, 0x47])))]),
            (.alix, [write("ANNOUNCEMENT", .replace(.string(""))), write("GROUP_PREFERENCES", .mapDelta(.insert, key: .string("voice"), value: .string("off")))]),
            (.bo, [write("SETTINGS", .mapDelta(.insert, key: .string("théme"), value: .string("dark"))),
                   write("SETTINGS", .mapDelta(.insert, key: .string(""), value: .string("empty key")))]),
            (.caro, [write("SETTINGS", .mapDelta(.insert, key: .string("lang"), value: .string("en"))),
                     write("SETTINGS", .mapDelta(.update, key: .string("théme"), value: .string("light")))]),
            (.caro, [write("TAGS", .setDelta(.insert, key: .string("b"))), write("TAGS", .setDelta(.insert, key: .string("a")))]),
            (.davon, [.updateMetadataField(field: .id(ComponentID(0xC004)), mutation: .mapDelta(.insert, key: .bytes([2]), value: .bytes([]))),
                      .updateMetadataField(field: .id(ComponentID(0xC004)), mutation: .mapDelta(.insert, key: .bytes([]), value: .bytes([1, 2, 3])))]),
            (.bo, [.updateUserData([UserFieldUpdate(field: .name("USER_DISPLAY_NAME"), value: .string("Bo")),
                                    UserFieldUpdate(field: .name("STATUS"), value: .bytes([0xFF]))])]),
            (.caro, [.updateUserData([UserFieldUpdate(field: .name("USER_DISPLAY_NAME"), value: .string("Caro"))])]),
            (.davon, [write("FOUNDED", .replace(.string("2024"))), write("BADGES", .setDelta(.insert, key: .bytes([7])))]),
            (.bo, [write("SHARED_FILES", .mapDelta(.insert, key: .string("a.txt"), value: .bytes(Array(repeating: 0xAB, count: 300))))]),
            (.alix, [.remove(.caro)]),
        ]
        for (actor, changes) in commits {
            let outcome = group.commit(actor, changes)
            try #require(outcome == .applied, "\(changes.map(\.op)): \(outcome)")
        }
        return group
    }

    @Test func statesWithFieldsRoundTrip() throws {
        let state = try #require(try Self.groupWithFieldValues().state)
        guard case let .map(settings)? = state.metadataValue(.name("SETTINGS")) else {
            Issue.record("SETTINGS reads as no map")
            return
        }
        #expect(settings.map { "\($0.key)=\($0.value) by \($0.author)" } == ["\"\"=\"empty key\" by bo", #""lang"="en" by caro"#, #""théme"="light" by bo"#])
        try #require(state.userData(inboxes: [.caro]).first?.values.count == 1, "a former member's user data stays")
        try expectRoundTrip(state)
        let decoded = try StateCodec.decode(StateCodec.encode(state))
        #expect(decoded.metadataFields() == state.metadataFields())
        for descriptor in state.metadataFields() {
            #expect(decoded.metadataValue(.id(descriptor.id)) == state.metadataValue(.id(descriptor.id)), "\(descriptor.label)")
        }
        #expect(decoded.userData(inboxes: [.alix, .bo, .caro, .davon]) == state.userData(inboxes: [.alix, .bo, .caro, .davon]))

        // The same fields in a DM, and a group with nothing but the well-known fields.
        var dm = TestGroup(.alix, CreateConversation(kind: .dm, members: [.bo], fields: Self.stateFields))
        try #require(dm.commit(.bo, .updateUserData([UserFieldUpdate(field: .name("STATUS"), value: .bytes([1]))]), Self.write("CATEGORY", .replace(.string("x")))) == .applied)
        try expectRoundTrip(try #require(dm.state))
        try expectRoundTrip(try #require(TestGroup(.alix, CreateConversation()).state))
    }

    /// A policy, written by hand from the tags of WireTags.swift.
    static func writePolicy(_ policy: Policy, into writer: inout BinaryWriter) {
        switch policy {
        case .allowAll: writer.writeByte(0)
        case .denyAll: writer.writeByte(1)
        case .moderatorOnly: writer.writeByte(2)
        case .adminOnly: writer.writeByte(3)
        case .superAdminOnly: writer.writeByte(4)
        case .selfOnly: writer.writeByte(5)
        case .formerMember: writer.writeByte(6)
        case .author: writer.writeByte(7)
        case let .all(policies), let .any(policies):
            writer.writeByte(policy == .all(policies) ? 8 : 9)
            writer.writeVarint(UInt64(policies.count))
            for inner in policies { writePolicy(inner, into: &writer) }
        }
    }

    /// The field list at the end of a version-2 state, written by hand from the format of
    /// FieldCodec.swift: descriptors in ID order, each with its scalar and its entries in key order.
    static func fieldList(of state: GroupState) -> [UInt8] {
        var writer = BinaryWriter()
        func writePolicy(_ policy: Policy) { Self.writePolicy(policy, into: &writer) }
        func kind(_ kind: ValueKind) { writer.writeByte(kind == .string ? 0 : 1) }
        func value(_ value: FieldValue) {
            switch value {
            case let .string(text):
                writer.writeByte(0)
                writer.writeString(text)
            case let .bytes(bytes):
                writer.writeByte(1)
                writer.writeByteString(bytes)
            }
        }
        let fields = state.fieldRecords
        writer.writeVarint(UInt64(fields.count))
        for (descriptor, content) in fields {
            writer.writeVarint(UInt64(descriptor.id.rawValue))
            writer.writeBool(descriptor.name != nil)
            if let name = descriptor.name { writer.writeString(name) }
            switch descriptor.type {
            case .string: writer.writeByte(0)
            case .bytes: writer.writeByte(1)
            case let .set(key):
                writer.writeByte(2)
                kind(key)
            case let .map(key, valueKind):
                writer.writeByte(3)
                kind(key)
                kind(valueKind)
            case let .inboxMap(valueKind):
                writer.writeByte(4)
                kind(valueKind)
            case let .unsupported(name):
                writer.writeByte(5)
                writer.writeString(name)
            }
            writePolicy(descriptor.insert)
            writePolicy(descriptor.update)
            writePolicy(descriptor.delete)
            writer.writeBool(content.scalar != nil)
            if let scalar = content.scalar { value(scalar) }
            writer.writeVarint(UInt64(content.entries.count))
            for (key, entry) in content.entries.sorted(by: { $0.key < $1.key }) {
                value(key)
                writer.writeBool(entry.value != nil)
                if let entryValue = entry.value { value(entryValue) }
                writer.writeInbox(entry.author)
            }
        }
        return writer.bytes
    }

    /// The lifecycle parts at the end of a version-3 state, written by hand from the format of
    /// StateCodec.swift: bans sorted, links sorted by ID with their role tags, mute-all, the allow
    /// list sorted, deleted.
    static func lifecycleTail(of state: GroupState) -> [UInt8] {
        var writer = BinaryWriter()
        writer.writeVarint(UInt64(state.bans.count))
        for inbox in state.bans.sorted() { writer.writeInbox(inbox) }
        writer.writeVarint(UInt64(state.links.count))
        for (link, role) in state.links.sorted(by: { Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8)) }) {
            writer.writeString(link)
            writer.writeByte(role.rawValue)
        }
        writer.writeBool(state.muteAll)
        writer.writeVarint(UInt64(state.allowList.count))
        for inbox in state.allowList.sorted() { writer.writeInbox(inbox) }
        writer.writeBool(state.isDeleted)
        return writer.bytes
    }

    /// The whole state as `version` lays it out, written by hand from the format of
    /// StateCodec.swift and the tags of WireTags.swift: what a snapshot of that version holds.
    /// Versions 1 and 2 cannot hold member flags or the lifecycle lists.
    static func handWritten(_ state: GroupState, version: UInt8) -> [UInt8] {
        var writer = BinaryWriter()
        writer.writeByte(version)
        writer.writeGroupID(state.groupID)
        writer.writeByte(state.kind == .group ? 0 : 1)
        writer.writeInbox(state.creator)
        writer.writeVarint(state.createdAt)
        writer.writeZigzag(Int64(state.settings.memberLimit))
        writer.writeByte(state.settings.leaveRule == .request ? 0 : 1)
        writer.writeByte([JoinRule.inviteOnly: 0, .open: 1, .approval: 2][state.settings.joinRule] ?? 0xFF)
        writer.writeBool(state.settings.invitesNeedConsent)
        writer.writeByte(state.settings.admission == .auto ? 0 : 1)
        writer.writeVarint(UInt64(PolicySlot.allCases.count))
        for (tag, slot) in PolicySlot.allCases.enumerated() {
            writer.writeByte(UInt8(tag))
            writePolicy(state.policies[slot], into: &writer)
        }
        for text in [state.metadata.name, state.metadata.description, state.metadata.imageURL, state.metadata.appData] {
            writer.writeString(text)
        }
        writer.writeBool(state.metadata.disappearingMessages != nil)
        if let setting = state.metadata.disappearingMessages {
            writer.writeZigzag(setting.fromNs)
            writer.writeZigzag(setting.inNs)
        }
        writer.writeVarint(state.lastAppliedTime)
        writer.writeVarint(state.lastAppliedSequence)
        writer.writeVarint(state.nextOrdinal)
        writer.writeVarint(UInt64(state.records.count))
        for record in state.records {
            writer.writeInbox(record.inbox)
            writer.writeByte(record.role.rawValue)
            switch record.state {
            case .active: writer.writeByte(0)
            case .invited: writer.writeByte(1)
            case .pendingApproval: writer.writeByte(2)
            case .pendingRemoval: writer.writeByte(3)
            case let .former(departure):
                writer.writeByte(4)
                writer.writeByte(departure.reason == .left ? 0 : 1)
                writer.writeVarint(departure.at)
            }
            writer.writeBool(record.joinedAt != nil)
            if let joinedAt = record.joinedAt { writer.writeVarint(joinedAt) }
            writer.writeBool(record.adder != nil)
            if let adder = record.adder { writer.writeInbox(adder) }
            writer.writeVarint(record.ordinal)
            if version >= 3 {
                writer.writeBool(record.blockedForAll)
                writer.writeBool(record.mutedUntil != nil)
                if let until = record.mutedUntil { writer.writeVarint(until) }
                writer.writeBool(record.blocksGroup)
            }
        }
        return writer.bytes + (version >= 2 ? fieldList(of: state) : []) + (version >= 3 ? lifecycleTail(of: state) : [])
    }

    /// A version-3 state ends with its field list, then its lifecycle parts; and the whole of
    /// it is exactly what the format describes.
    @Test func aStateEndsWithItsFieldList() throws {
        let states = [
            try #require(try Self.groupWithFieldValues().state), try #require(TestGroup(.alix, CreateConversation(kind: .dm, members: [.bo])).state),
            try #require(try Self.groupWithLifecycle().state),
        ]
        for state in states {
            let bytes = StateCodec.encode(state)
            let fields = Self.fieldList(of: state)
            let lifecycle = Self.lifecycleTail(of: state)
            #expect(bytes.first == 3)
            #expect(Array(bytes.suffix(fields.count + lifecycle.count)) == fields + lifecycle)
            #expect(bytes == Self.handWritten(state, version: 3))
        }
    }

    /// A state written by version 1, before fields existed, still decodes: with the well-known
    /// fields its create registered when replayed (empty; GROUP_IMAGE taking the state's
    /// updateImageURL policy), and written again as version 3 with that field list, no member
    /// flags and empty lifecycle parts.
    @Test func versionOneStatesStillDecode() throws {
        let records: [(InboxID, UInt8, UInt64)] = [(.alix, 4, 0), (.bo, 1, 1)]
        let versionOne = stateBytes(nextOrdinal: 2, records: records, version: 1)
        let state = try StateCodec.decode(versionOne)
        #expect(state.metadataFields() == WellKnownFields.descriptors(for: .group, policies: state.policies))
        #expect(state.metadataField(name: "GROUP_IMAGE")?.insert == state.policies[.updateImageURL])
        #expect(state.allMembers.map(\.inbox) == [.alix, .bo])
        #expect(state.listSuperAdmins() == [.alix])
        #expect(state.policies[.addMember] == .adminOnly)
        #expect(versionOne == Self.handWritten(state, version: 1))
        let rewritten = StateCodec.encode(state)
        #expect(rewritten == stateBytes(nextOrdinal: 2, records: records, fields: Self.fieldList(of: state)))
        #expect(try StateCodec.decode(rewritten) == state)
        // The same bytes as version 2 lack the field list.
        guard case .unexpectedEnd? = stateError([2] + versionOne.dropFirst())?.reason else {
            Issue.record("a version-2 state without its field list was not refused as cut short")
            return
        }
    }

    /// A store's snapshots written by versions 1 and 2 must agree with a replay of the same log
    /// by this version (SPEC section 4: the same log gives the same state; section 12: snapshots
    /// can be dropped and rebuilt from the log). The replay registers the well-known fields at
    /// `create`; a log from before the lifecycle leaves no flags and empty lifecycle parts.
    @Test func aVersionOneSnapshotAgreesWithAReplayOfItsLog() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo], policySet: .adminOnly, name: "Team"))
        try #require(group.commit(.alix, .addAdmin(.bo)) == .applied)
        let replayed = try #require(group.state)
        let current = StateCodec.encode(replayed)
        let fields = Self.fieldList(of: replayed)
        try #require(Array(current.suffix(fields.count + 5)) == fields + [0, 0, 0, 0, 0])
        try #require(current == Self.handWritten(replayed, version: 3))
        for version: UInt8 in [1, 2] {
            // What that version wrote for this state: no member flags, no lifecycle parts, and
            // before version 2 no field list.
            let old = Self.handWritten(replayed, version: version)
            let restored = try StateCodec.decode(old)
            #expect(restored.metadataFields() == replayed.metadataFields(), "version \(version)")
            #expect(restored == replayed, "version \(version)")
            #expect(StateCodec.encode(restored) == current, "version \(version)")
            // Else the next commit's outcome depends on whether a snapshot was used.
            let next = Commit(groupID: .test, sequence: 2, actor: .bo, time: 10_000,
                              changes: [.updateUserData([UserFieldUpdate(field: .name("USER_DISPLAY_NAME"), value: .string("Bo"))])])
            #expect(throws: Never.self) { try replayed.applying(next) }
            #expect(throws: Never.self) { try restored.applying(next) }
        }
        // A version-2 snapshot with field values agrees too.
        let withFields = try #require(try Self.groupWithFieldValues().state)
        #expect(try StateCodec.decode(Self.handWritten(withFields, version: 2)) == withFields)
    }

    /// A state written by version 2, before the lifecycle, still decodes: with no member flags
    /// and empty lifecycle parts, written again as version 3.
    @Test func versionTwoStatesStillDecode() throws {
        let records: [(InboxID, UInt8, UInt64)] = [(.alix, 4, 0), (.bo, 1, 1)]
        let fields = Self.fieldList(of: try StateCodec.decode(stateBytes(nextOrdinal: 2, records: records, version: 1)))
        let versionTwo = stateBytes(nextOrdinal: 2, records: records, version: 2, fields: fields)
        let state = try StateCodec.decode(versionTwo)
        #expect(state.allMembers.map(\.inbox) == [.alix, .bo])
        #expect(state.records.allSatisfy { !$0.blockedForAll && $0.mutedUntil == nil && !$0.blocksGroup })
        #expect(state.bans.isEmpty && state.links.isEmpty && !state.muteAll && state.allowList.isEmpty && !state.isDeleted)
        #expect(state.canSend(.bo, at: 1_000))
        #expect(versionTwo == Self.handWritten(state, version: 2))
        let rewritten = StateCodec.encode(state)
        #expect(rewritten == stateBytes(nextOrdinal: 2, records: records, fields: fields))
        #expect(try StateCodec.decode(rewritten) == state)
        // The same bytes as version 3 lack the flags and the lifecycle parts; a version-2 state
        // has nothing after its fields.
        #expect(stateError([3] + versionTwo.dropFirst()) != nil)
        #expect(stateError(versionTwo + [0, 0, 0, 0, 0])?.reason == .trailingBytes(count: 5))
    }

    /// A group whose state holds every lifecycle part: member flags of each kind, an invited and
    /// a pending record, bans, links, mute-all and the allow list.
    static func groupWithLifecycle() throws -> TestGroup {
        var group = TestGroup(.alix, CreateConversation(
            members: [.bo, .caro, .davon, .eri], joinRule: .approval, invitesNeedConsent: true, admission: .auto
        ))
        let commits: [(InboxID, [Change])] = [
            (.alix, [.assign(.moderator, to: .bo)]),
            (.bo, [.blockForAll(inboxes: [.caro], blocked: true)]),
            (.alix, [.mute(inboxes: [.davon], until: 1_000_000), .muteAll(true), .allowListAdd([.eri, .caro])]),
            (.davon, [.blockGroup(true)]),
            (.alix, [.createLink("team", role: .moderator), .createLink("guests", role: .observer), .createLink("Zed", role: .member)]),
            (.alix, [.ban([.named("hal"), .fen]), .add(.gus)]),
            (.named("ivy"), [.join(link: nil)]),
            (.named("jo"), [.join(link: "team")]),
            (.alix, [.remove(.eri)]),
        ]
        for (actor, changes) in commits {
            let outcome = group.commit(actor, changes)
            try #require(outcome == .applied, "\(changes.map(\.op)): \(outcome)")
        }
        return group
    }

    @Test func statesWithLifecyclePartsRoundTrip() throws {
        var group = try Self.groupWithLifecycle()
        let state = try #require(group.state)
        try #require(state.member(.caro)?.blockedForAll == true)
        try #require(state.member(.davon)?.mutedUntil == 1_000_000 && state.member(.davon)?.blocksGroup == true)
        try #require(state.member(.gus)?.state == .invited && state.member(.named("ivy"))?.state == .pendingApproval)
        try #require(state.member(.named("jo"))?.role == .moderator)
        try #require(state.bans == [.named("hal"), .fen] && state.links.count == 3 && state.muteAll && state.allowList == [.caro])
        try expectRoundTrip(state)
        #expect(StateCodec.encode(state) == Self.handWritten(state, version: 3))

        // A deleted group round-trips, and stays deleted.
        try #require(group.commit(.alix, .deleteGroup) == .applied)
        let deleted = try #require(group.state)
        try expectRoundTrip(deleted)
        let restored = try StateCodec.decode(StateCodec.encode(deleted))
        #expect(restored.isDeleted)
        #expect(!restored.canSend(.alix, at: deleted.lastAppliedTime))
        #expect(StateCodec.hash(restored) != StateCodec.hash(state))
    }

    /// The lifecycle parts of a version-3 state have one encoding: lists strictly sorted (links
    /// by their bytes), booleans 0 or 1, known role tags, and nothing after the deleted flag.
    @Test func malformedLifecyclePartsAreRefused() throws {
        let records: [(InboxID, UInt8, UInt64)] = [(.alix, 4, 0), (.bo, 1, 1)]
        func lifecycle(bans: [InboxID] = [], links: [(String, UInt8)] = [], muteAll: UInt8 = 0, allowed: [InboxID] = [], deleted: UInt8 = 0) -> [UInt8] {
            var writer = BinaryWriter()
            writer.writeVarint(UInt64(bans.count))
            for inbox in bans { writer.writeInbox(inbox) }
            writer.writeVarint(UInt64(links.count))
            for (link, role) in links {
                writer.writeString(link)
                writer.writeByte(role)
            }
            writer.writeByte(muteAll)
            writer.writeVarint(UInt64(allowed.count))
            for inbox in allowed { writer.writeInbox(inbox) }
            writer.writeByte(deleted)
            return writer.bytes
        }
        func state(flags: [UInt8] = [0, 0, 0], _ tail: [UInt8]) -> [UInt8] {
            stateBytes(nextOrdinal: 2, records: records, flags: flags, lifecycle: tail)
        }
        // Every record blocked for all, muted until 10,000 (varint 0x90 0x4E) and blocking the group.
        let good = state(flags: [1, 1, 0x90, 0x4E, 1], lifecycle(bans: [.caro, .davon], links: [("B", 2), ("a", 0)], muteAll: 1, allowed: [.bo], deleted: 1))
        let decoded = try StateCodec.decode(good)
        #expect(decoded.bans == [.caro, .davon])
        #expect(decoded.links == ["B": .moderator, "a": .observer])
        #expect(decoded.muteAll && decoded.isDeleted && decoded.allowList == [.bo])
        let bo = try #require(decoded.member(.bo))
        #expect(bo.blockedForAll && bo.mutedUntil == 10_000 && bo.blocksGroup)
        #expect(StateCodec.encode(decoded) == good)
        #expect(stateError(state(lifecycle())) == nil)

        let cases: [(String, [UInt8], BinaryDecodingError.Reason)] = [
            ("bans out of order", state(lifecycle(bans: [.davon, .caro])), .notCanonical("bans out of order")),
            ("a ban twice", state(lifecycle(bans: [.caro, .caro])), .notCanonical("bans out of order")),
            ("links out of byte order", state(lifecycle(links: [("a", 0), ("B", 0)])), .notCanonical("links out of order")),
            ("a link twice", state(lifecycle(links: [("a", 0), ("a", 1)])), .notCanonical("links out of order")),
            ("a link's role tag", state(lifecycle(links: [("a", 5)])), .unknownTag(5)),
            ("mute-all of 2", state(lifecycle(muteAll: 2)), .invalidBoolean(2)),
            ("the allow list out of order", state(lifecycle(allowed: [.caro, .bo])), .notCanonical("allow list out of order")),
            ("an allow list entry twice", state(lifecycle(allowed: [.bo, .bo])), .notCanonical("allow list out of order")),
            ("deleted of 2", state(lifecycle(deleted: 2)), .invalidBoolean(2)),
            ("blockedForAll of 2", state(flags: [2, 0, 0], lifecycle()), .invalidBoolean(2)),
            ("a mutedUntil presence flag of 2", state(flags: [0, 2, 0], lifecycle()), .invalidBoolean(2)),
            ("blocksGroup of 2", state(flags: [0, 0, 2], lifecycle()), .invalidBoolean(2)),
            ("an overlong mutedUntil", state(flags: [0, 1, 0x80, 0x00, 0], lifecycle()), .overlongVarint),
            ("a byte after deleted", state(lifecycle()) + [0], .trailingBytes(count: 1)),
        ]
        for (label, bytes, reason) in cases {
            #expect(stateError(bytes)?.reason == reason, "\(label)")
        }
    }

    @Test(arguments: [UInt64(31), 32, 33])
    func statesAfterRandomFieldWritesRoundTrip(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let actors: [InboxID] = [.alix, .bo, .caro, .davon, .eri]
        var group = TestGroup(.alix, CreateConversation(members: Array(actors.dropFirst()), fields: Self.stateFields))
        let keys: [FieldValue] = [.string("a"), .string("b"), .string("é"), .string(""), .bytes([]), .bytes([0]), .bytes([1, 2])]
        var applied = 0
        for index in 0..<250 {
            let operation = random.pick(FieldOperation.allCases)
            let key = random.pick(keys)
            let value: FieldValue = random.chance(50) ? .string(String(repeating: "v", count: random.int(0...20))) : .bytes(Array(repeating: 1, count: random.int(0...20)))
            let change: Change
            switch random.int(0...6) {
            case 0: change = Self.write("CATEGORY", .replace(random.chance(80) ? .string("c\(index)") : nil))
            case 1: change = Self.write("SETTINGS", .mapDelta(operation, key: .string("k\(random.int(0...5))"), value: operation == .delete ? nil : .string("v\(index)")))
            case 2: change = Self.write("TAGS", .setDelta(random.chance(70) ? .insert : .delete, key: .string("t\(random.int(0...5))")))
            case 3:
                let bytesKey: FieldValue = if case .bytes = key { key } else { .bytes([UInt8(random.int(0...3))]) }
                change = .updateMetadataField(field: .id(ComponentID(0xC004)), mutation: .mapDelta(operation, key: bytesKey, value: operation == .delete ? nil : .bytes([UInt8(index % 256)])))
            case 4: change = .updateUserData([UserFieldUpdate(field: .name(random.pick(["USER_DISPLAY_NAME", "STATUS"])), value: random.chance(80) ? value : nil)])
            case 5: change = random.chance(50) ? .remove(random.pick(Array(actors.dropFirst()))) : .add(random.pick(Array(actors.dropFirst())))
            default: change = Self.write("SHARED_FILES", .mapDelta(operation, key: .string("f\(random.int(0...3))"), value: operation == .delete ? nil : .bytes([1])))
            }
            guard group.commit(random.pick(actors), change) == .applied else { continue }
            applied += 1
            try expectRoundTrip(try #require(group.state), "seed \(seed), commit \(index)")
        }
        #expect(applied > 60, "seed \(seed): only \(applied) commits were applied")
    }

    @Test func malformedFieldRecordsAreRefused() throws {
        func change(_ bytes: [UInt8]) -> [UInt8] {
            var writer = commitHeader(changeCount: 1)
            for byte in bytes { writer.writeByte(byte) }
            return writer.bytes
        }
        let id: [UInt8] = [0x81, 0x80, 0x03]
        let cases: [(String, [UInt8], BinaryDecodingError.Reason)] = [
            ("a component ID over 16 bits", change([19, 0, 0x80, 0x80, 0x04, 0, 0]), .valueOutOfRange("65536 is not a 16-bit component ID")),
            ("a reference tag", change([19, 2]), .unknownTag(2)),
            ("a mutation tag", change([19, 0] + id + [3]), .unknownTag(3)),
            ("an operation tag", change([19, 0] + id + [1, 3]), .unknownTag(3)),
            ("a value tag", change([19, 0] + id + [0, 1, 2]), .unknownTag(2)),
            ("a registration tag", change([18, 1, 2]), .unknownTag(2)),
            ("a field type tag", change([18, 1, 0] + id + [0, 6]), .unknownTag(6)),
            ("a value kind tag", change([18, 1, 0] + id + [0, 2, 2]), .unknownTag(2)),
            ("a presence flag", change([20, 1, 1, 1, 0x55, 2]), .invalidBoolean(2)),
        ]
        for (label, bytes, reason) in cases {
            #expect(commitError(bytes)?.reason == reason, "\(label)")
        }

        // A state's fields in ID order, each once, and each collection's entries in key order.
        func field(_ raw: UInt16, _ name: String?, entries: [[UInt8]] = []) -> [UInt8] {
            var writer = BinaryWriter()
            writer.writeVarint(UInt64(raw))
            writer.writeBool(name != nil)
            if let name { writer.writeString(name) }
            writer.writeByte(2)        // set
            writer.writeByte(0)        // of strings
            for _ in 0..<3 { writer.writeByte(0) } // allowAll
            writer.writeBool(false)    // no scalar
            writer.writeVarint(UInt64(entries.count))
            for key in entries {
                writer.writeByte(0)
                writer.writeByteString(key)
                writer.writeBool(false)
                writer.writeInbox(.alix)
            }
            return writer.bytes
        }
        let records: [(InboxID, UInt8, UInt64)] = [(.alix, 4, 0)]
        let good = stateBytes(nextOrdinal: 1, records: records, fields: [2] + field(0xC001, "A", entries: [[0x61], [0x62]]) + field(0xC002, nil))
        #expect(stateError(good) == nil)
        let decoded = try StateCodec.decode(good)
        #expect(decoded.metadataValue(.name("A")) == .set([.string("a"), .string("b")]))
        #expect(StateCodec.encode(decoded) == good)
        let outOfOrder = stateBytes(nextOrdinal: 1, records: records, fields: [2] + field(0xC002, nil) + field(0xC001, "A"))
        #expect(stateError(outOfOrder)?.reason == .notCanonical("fields out of ID order"))
        let sameID = stateBytes(nextOrdinal: 1, records: records, fields: [2] + field(0xC001, "A") + field(0xC001, "B"))
        #expect(stateError(sameID)?.reason == .notCanonical("fields out of ID order"))
        let sameName = stateBytes(nextOrdinal: 1, records: records, fields: [2] + field(0xC001, "A") + field(0xC002, "A"))
        guard case .inconsistentState? = stateError(sameName)?.reason else {
            Issue.record("a name registered twice was accepted: \(String(describing: stateError(sameName)))")
            return
        }
        for keys in [[[0x62], [0x61]], [[0x61], [0x61]]] as [[[UInt8]]] {
            let unordered = stateBytes(nextOrdinal: 1, records: records, fields: [1] + field(0xC001, "A", entries: keys))
            #expect(stateError(unordered)?.reason == .notCanonical("entries out of key order"))
        }
    }

    // MARK: SHA-256

    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ] as [(String, String)])
    func sha256KnownAnswers(message: String, hex: String) {
        #expect(SHA256.hash(Array(message.utf8)).hex == hex)
        Array(message.utf8).withUnsafeBytes { #expect(SHA256.hash($0).hex == hex) }
    }

    @Test func sha256OfAMillionAs() {
        let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(SHA256.hash(bytes).hex == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    // MARK: Malformed input

    @Test func unknownVersionsAreRefusedClearly() throws {
        let commit = CommitCodec.encode(Commit(groupID: .test, sequence: 0, actor: .alix, time: 0, changes: [.leave]))
        let outcome = OutcomeCodec.encode(.applied)
        let state = StateCodec.encode(try #require(TestGroup(.alix, CreateConversation()).state))
        // Commits are at version 4 (3 for an unsigned commit recording no key; 1 and 2 still
        // read), states at version 4 (3 for a state with no signatures required and no key; 1 and
        // 2 still read), outcomes at version 1.
        #expect(CommitCodec.version == 4 && StateCodec.version == 4 && OutcomeCodec.version == 1)
        #expect(CommitCodec.unsignedVersion == 3 && StateCodec.unsignedVersion == 3)
        for version: UInt8 in [0, 5, 255] {
            let commitFailure = commitError([version] + commit.dropFirst())
            #expect(commitFailure?.reason == .unsupportedVersion(found: version))
            #expect(commitFailure?.offset == 0)
            #expect(commitFailure?.reading == "commit format version")
            #expect(commitFailure?.description.contains("unsupported format version \(version)") == true)
        }
        for version: UInt8 in [0, 5, 255] {
            let stateFailure = stateError([version] + state.dropFirst())
            #expect(stateFailure?.reason == .unsupportedVersion(found: version))
            #expect(stateFailure?.reading == "state format version")
        }
        for version: UInt8 in [0, 2, 3, 255] {
            #expect(outcomeError([version] + outcome.dropFirst())?.reason == .unsupportedVersion(found: version))
        }
        #expect(commitError([])?.reason == .unexpectedEnd(needed: 1, available: 0))
    }

    @Test func everyTruncationIsRefused() throws {
        let samples = try Self.samples()
        for bytes in samples.commits {
            for length in 0..<bytes.count { #expect(commitError(Array(bytes[0..<length])) != nil, "commit cut at \(length)") }
        }
        for bytes in samples.outcomes {
            for length in 0..<bytes.count { #expect(outcomeError(Array(bytes[0..<length])) != nil, "outcome cut at \(length)") }
        }
        for bytes in samples.states {
            for length in 0..<bytes.count { #expect(stateError(Array(bytes[0..<length])) != nil, "state cut at \(length)") }
        }
    }

    /// A flipped byte is refused, or decodes to a different valid value (inside a string, say)
    /// whose encoding is exactly the flipped bytes: every decodable input is canonical.
    @Test func byteFlipsAreRefusedOrStayCanonical() throws {
        let samples = try Self.samples()
        var random = SeededGenerator(seed: 0xF11F)
        for bytes in samples.commits + samples.outcomes + samples.states {
            for index in bytes.indices {
                for mask in [0x01, 0x80, 0xFF, UInt8.random(in: 1...0xFF, using: &random)] as [UInt8] {
                    var flipped = bytes
                    flipped[index] ^= mask
                    expectRefusedOrCanonical(flipped, "byte \(index) ^ \(mask)")
                }
            }
        }
    }

    /// Seeded random buffers of three kinds: any bytes, small bytes (plausible tags, lengths and
    /// flags), and a soup of well-formed primitives; mostly behind a valid version byte so that
    /// decoding gets past it.
    @Test func randomGarbageNeverCrashes() {
        let seed: UInt64 = 0x6A2B_A6E0
        var random = SeededGenerator(seed: seed)
        for index in 0..<10_000 {
            let count = random.chance(90) ? random.int(0...48) : random.int(49...600)
            var bytes: [UInt8]
            switch index % 3 {
            case 0:
                bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
            case 1:
                bytes = (0..<count).map { _ in UInt8.random(in: 0...20, using: &random) }
            default:
                var writer = BinaryWriter()
                writer.writeByte(UInt8(random.int(1...3)))
                while writer.bytes.count < count {
                    switch random.int(0...9) {
                    case 0...3: writer.writeByte(UInt8(random.int(0...3)))
                    case 4...5: writer.writeByte(UInt8(random.int(0...30)))
                    case 6...7: writer.writeString(String(repeating: "a", count: random.int(1...6)))
                    case 8: writer.writeVarint(random.next() >> random.int(0...63))
                    default: writer.writeByte(UInt8.random(in: 0...255, using: &random))
                    }
                }
                bytes = writer.bytes
            }
            // Version 1 for outcomes (and old commits and states), 2 for commits (and old
            // states), 3 for states.
            if !bytes.isEmpty && random.chance(90) { bytes[0] = UInt8(random.int(1...3)) }
            expectRefusedOrCanonical(bytes, "seed \(seed), buffer \(index)")
        }
    }

    /// Random splices of valid records: pieces of one inside another.
    @Test func splicedRecordsNeverCrash() throws {
        let samples = try Self.samples()
        let all = samples.commits + samples.outcomes + samples.states
        let seed: UInt64 = 0x5B11CE
        var random = SeededGenerator(seed: seed)
        for index in 0..<3_000 {
            let base = random.pick(all)
            let donor = random.pick(all)
            let cut = random.int(0...base.count)
            let from = random.int(0...donor.count)
            let length = random.int(0...min(40, donor.count - from))
            let spliced = Array(base[0..<cut]) + Array(donor[from..<from + length]) + Array(base[min(base.count, cut + random.int(0...8))...])
            expectRefusedOrCanonical(spliced, "seed \(seed), splice \(index)")
        }
    }

    // MARK: Helpers

    static func samples() throws -> (commits: [[UInt8]], outcomes: [[UInt8]], states: [[UInt8]]) {
        let commits = [
            Commit(groupID: .test, sequence: 300, actor: .alix, time: 1_700_000_000_000, changes: everyChange,
                   previousHash: Digest(hex: String(repeating: "5a", count: 32))),
            Commit(groupID: .test, sequence: 0, actor: .alix, time: 0, changes: [everyChange[3]]),
        ].map(CommitCodec.encode) + SignedCommitCodecTests.sampleCommits.map(CommitCodec.encode)
        let outcomes = ([.applied] + everyRejection.enumerated().map { index, reason in
            .rejected(CommitRejection(changeIndex: index.isMultiple(of: 3) ? nil : index, reason: reason))
        }).map(OutcomeCodec.encode)
        var group = TestGroup(.alix, CreateConversation(
            members: [.bo, .caro, .davon], policySet: .custom([
                .addMember: .any([.adminOnly, .selfOnly]), .removeMember: .adminOnly, .addAdmin: .superAdminOnly,
                .removeAdmin: .superAdminOnly, .updateName: .allowAll, .updateDescription: .allowAll,
                .updateImageURL: .allowAll, .updateAppData: .allowAll, .updateDisappearingMessages: .adminOnly,
            ]), name: "Tëam", leaveRule: .direct
        ))
        group.commit(.alix, .addAdmin(.bo))
        group.commit(.alix, .remove(.caro))
        group.commit(.davon, .updateDisappearingMessages(DisappearingMessages(fromNs: 1, inNs: 2)))
        group.commit(.alix, .updateDisappearingMessages(DisappearingMessages(fromNs: 1, inNs: 2)))
        group.commit(.davon, .leave)
        let state = try #require(group.state)
        try #require(!state.formerMembers.isEmpty)
        let withFields = try #require(try groupWithFieldValues().state)
        let withLifecycle = try #require(try groupWithLifecycle().state)
        let withKeys = try SignedCommitCodecTests.stateWithKeys()
        return (commits, outcomes, [StateCodec.encode(state), StateCodec.encode(withFields), StateCodec.encode(withLifecycle),
                                    StateCodec.encode(withKeys)])
    }

    /// Decodes `bytes` as each record; any that decodes must re-encode to exactly `bytes`. A
    /// commit or state of an older version is written again as the current version, which must read
    /// back to the same value.
    func expectRefusedOrCanonical(_ bytes: [UInt8], _ context: String) {
        if let commit = try? CommitCodec.decode(bytes) {
            let again = CommitCodec.encode(commit)
            if let version = bytes.first, version >= CommitCodec.unsignedVersion {
                #expect(again == bytes, "commit, \(context)")
            } else {
                #expect(again.first == CommitCodec.version(of: commit) && (try? CommitCodec.decode(again)) == commit,
                        "version-\(bytes[0]) commit, \(context)")
            }
        }
        if let outcome = try? OutcomeCodec.decode(bytes) {
            #expect(OutcomeCodec.encode(outcome) == bytes, "outcome, \(context)")
        }
        if let state = try? StateCodec.decode(bytes) {
            let again = StateCodec.encode(state)
            if let version = bytes.first, version >= StateCodec.unsignedVersion {
                #expect(again == bytes, "state, \(context)")
            } else {
                #expect(again.first == StateCodec.version(of: state) && (try? StateCodec.decode(again)) == state,
                        "version-\(bytes[0]) state, \(context)")
            }
        }
    }

    func expectRoundTrip(_ commit: Commit, _ context: String = "", sourceLocation: SourceLocation = #_sourceLocation) throws {
        let bytes = CommitCodec.encode(commit)
        let decoded = try CommitCodec.decode(bytes)
        #expect(decoded == commit, "\(context)", sourceLocation: sourceLocation)
        #expect(CommitCodec.encode(decoded) == bytes, "re-encoding differs \(context)", sourceLocation: sourceLocation)
        #expect(CommitCodec.hash(decoded) == CommitCodec.hash(commit), "\(context)", sourceLocation: sourceLocation)
        let fromBuffer = try bytes.withUnsafeBytes { buffer throws(BinaryDecodingError) in try CommitCodec.decode(buffer) }
        #expect(fromBuffer == commit, "\(context)", sourceLocation: sourceLocation)
    }

    func expectRoundTrip(_ outcome: CommitOutcome, _ context: String = "", sourceLocation: SourceLocation = #_sourceLocation) throws {
        let bytes = OutcomeCodec.encode(outcome)
        let decoded = try OutcomeCodec.decode(bytes)
        #expect(decoded == outcome, "\(context)", sourceLocation: sourceLocation)
        #expect(OutcomeCodec.encode(decoded) == bytes, "re-encoding differs \(context)", sourceLocation: sourceLocation)
        let fromBuffer = try bytes.withUnsafeBytes { buffer throws(BinaryDecodingError) in try OutcomeCodec.decode(buffer) }
        #expect(fromBuffer == outcome, "\(context)", sourceLocation: sourceLocation)
    }

    func expectRoundTrip(_ state: GroupState, _ context: String = "", sourceLocation: SourceLocation = #_sourceLocation) throws {
        let bytes = StateCodec.encode(state)
        #expect(StateCodec.encode(state) == bytes, "encoding is not deterministic \(context)", sourceLocation: sourceLocation)
        let decoded = try StateCodec.decode(bytes)
        #expect(decoded == state, "\(context)", sourceLocation: sourceLocation)
        #expect(decoded.records == state.records, "\(context)", sourceLocation: sourceLocation)
        #expect(decoded.nextOrdinal == state.nextOrdinal, "\(context)", sourceLocation: sourceLocation)
        #expect(decoded.lastAppliedTime == state.lastAppliedTime, "\(context)", sourceLocation: sourceLocation)
        #expect(decoded.lastAppliedSequence == state.lastAppliedSequence, "\(context)", sourceLocation: sourceLocation)
        #expect(decoded.allMembers == state.allMembers, "\(context)", sourceLocation: sourceLocation)
        #expect(decoded.listAdmins() == state.listAdmins(), "\(context)", sourceLocation: sourceLocation)
        #expect(decoded.listSuperAdmins() == state.listSuperAdmins(), "\(context)", sourceLocation: sourceLocation)
        #expect(StateCodec.encode(decoded) == bytes, "re-encoding differs \(context)", sourceLocation: sourceLocation)
        #expect(StateCodec.hash(decoded) == StateCodec.hash(state), "\(context)", sourceLocation: sourceLocation)
        let fromBuffer = try bytes.withUnsafeBytes { buffer throws(BinaryDecodingError) in try StateCodec.decode(buffer) }
        #expect(fromBuffer == state, "\(context)", sourceLocation: sourceLocation)
    }

    /// A commit by `alix` in `test-group` up to its list of changes, for hand-made records.
    func commitHeader(changeCount: UInt64, version: UInt8 = CommitCodec.unsignedVersion) -> BinaryWriter {
        var writer = BinaryWriter()
        writer.writeByte(version)
        writer.writeGroupID(.test)
        writer.writeVarint(0)
        writer.writeBool(false)
        writer.writeInbox(.alix)
        writer.writeVarint(0)
        writer.writeVarint(changeCount)
        return writer
    }

    /// A hand-made group state whose records are (inbox, role tag, ordinal), all active; from
    /// version 2 with `fields` (bytes of a field list) after the records; from version 3 with
    /// `flags` (blockedForAll, optional mutedUntil, blocksGroup) ending each record and
    /// `lifecycle` (bans, links, muteAll, allow list, deleted) after the fields.
    func stateBytes(nextOrdinal: UInt64, records: [(InboxID, UInt8, UInt64)], version: UInt8 = StateCodec.unsignedVersion,
                    fields: [UInt8] = [0], flags: [UInt8] = [0, 0, 0], lifecycle: [UInt8] = [0, 0, 0, 0, 0]) -> [UInt8] {
        var writer = BinaryWriter()
        writer.writeByte(version)
        writer.writeGroupID(.test)
        writer.writeByte(0)                    // group
        writer.writeInbox(.alix)
        writer.writeVarint(1_000)
        writer.writeZigzag(250)
        writer.writeByte(0)                    // leave rule request
        writer.writeByte(0)                    // join rule inviteOnly
        writer.writeBool(false)
        writer.writeByte(0)                    // admission auto
        writer.writeVarint(15)
        for slot in 0..<15 as Range<UInt8> {
            writer.writeByte(slot)
            writer.writeByte(3)                // adminOnly
        }
        for _ in 0..<4 { writer.writeString("") }
        writer.writeBool(false)                // no disappearing messages
        writer.writeVarint(1_000)
        writer.writeVarint(0)
        writer.writeVarint(nextOrdinal)
        writer.writeVarint(UInt64(records.count))
        for (inbox, role, ordinal) in records {
            writer.writeInbox(inbox)
            writer.writeByte(role)
            writer.writeByte(0)                // active
            writer.writeBool(true)
            writer.writeVarint(1_000)
            writer.writeBool(false)
            writer.writeVarint(ordinal)
            if version >= 3 {
                for byte in flags { writer.writeByte(byte) }
            }
        }
        return writer.bytes + (version < 2 ? [] : fields) + (version < 3 ? [] : lifecycle)
    }

    func varintSize(_ value: UInt64) -> Int {
        var writer = BinaryWriter()
        writer.writeVarint(value)
        return writer.bytes.count
    }

    /// Runs `body` over a reader of `bytes`; a thrown error other than the decoding error is a
    /// test failure.
    func read<T>(_ bytes: [UInt8], _ body: (inout BinaryReader) throws -> T,
                 sourceLocation: SourceLocation = #_sourceLocation) -> Result<T, BinaryDecodingError> {
        bytes.withUnsafeBytes { buffer in
            var reader = BinaryReader(buffer)
            do {
                return .success(try body(&reader))
            } catch let error as BinaryDecodingError {
                return .failure(error)
            } catch {
                Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
                return .failure(BinaryDecodingError(reading: "", offset: -1, reason: .invalidUTF8))
            }
        }
    }

    func readError<T>(_ bytes: [UInt8], _ body: (inout BinaryReader) throws -> T,
                      sourceLocation: SourceLocation = #_sourceLocation) -> BinaryDecodingError? {
        if case let .failure(error) = read(bytes, body, sourceLocation: sourceLocation) { return error }
        return nil
    }

    func commitError(_ bytes: [UInt8]) -> BinaryDecodingError? {
        do throws(BinaryDecodingError) {
            _ = try CommitCodec.decode(bytes)
            return nil
        } catch {
            return error
        }
    }

    func outcomeError(_ bytes: [UInt8]) -> BinaryDecodingError? {
        do throws(BinaryDecodingError) {
            _ = try OutcomeCodec.decode(bytes)
            return nil
        } catch {
            return error
        }
    }

    func stateError(_ bytes: [UInt8]) -> BinaryDecodingError? {
        do throws(BinaryDecodingError) {
            _ = try StateCodec.decode(bytes)
            return nil
        } catch {
            return error
        }
    }
}

/// Random commits with values a log would rarely hold: any sequence and time, long and
/// non-ASCII strings, nested policies, extreme limits.
private struct RandomValues {
    var random: SeededGenerator

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    mutating func commit() -> Commit {
        let previous: Digest? = random.chance(50) ? Digest(bytes: (0..<32).map { _ in UInt8.random(in: 0...255, using: &random) }) : nil
        let commit = Commit(
            groupID: GroupID(unchecked: identifier()), sequence: number(), actor: inbox(), time: number(),
            changes: (0..<random.int(0...4)).map { _ in change() }, previousHash: previous
        )
        // Any 64 bytes under any key: the codec stores what it is given, and verifying is the door's.
        guard random.chance(30) else { return commit }
        return commit.with(signature: CommitSignature(publicKey: key(), bytes: (0..<64).map { _ in UInt8.random(in: 0...255, using: &random) })!)
    }

    mutating func number() -> UInt64 {
        random.weighted([(3, UInt64.random(in: 0...200, using: &random)), (1, random.next()), (1, UInt64.max)])
    }

    mutating func int() -> Int {
        random.weighted([(3, Int.random(in: -5...300, using: &random)), (1, Int(truncatingIfNeeded: random.next())), (1, Int.min)])
    }

    mutating func identifier() -> String {
        let printable = Array(UInt8(0x21)...UInt8(0x7E))
        let count = random.chance(5) ? 128 : random.int(1...16)
        return String(decoding: (0..<count).map { _ in random.pick(printable) }, as: UTF8.self)
    }

    mutating func inbox() -> InboxID { InboxID(unchecked: identifier()) }

    mutating func inboxes() -> [InboxID] { (0..<random.int(0...4)).map { _ in inbox() } }

    mutating func text() -> String {
        let pieces = ["", "a", "Team", "é", "中文", "👋🏽", " ", "\u{0}", "\n", "long text "]
        return (0..<random.int(0...6)).map { _ in random.pick(pieces) }.joined()
    }

    mutating func policy(depth: Int = 1) -> Policy {
        let bases: [Policy] = [.allowAll, .denyAll, .moderatorOnly, .adminOnly, .superAdminOnly, .selfOnly, .formerMember, .author]
        if depth >= 6 || random.chance(60) { return random.pick(bases) }
        let inner = (0..<random.int(0...3)).map { _ in policy(depth: depth + 1) }
        return random.chance(50) ? .any(inner) : .all(inner)
    }

    mutating func value() -> FieldValue {
        random.chance(50) ? .string(text()) : .bytes((0..<random.int(0...5)).map { _ in UInt8.random(in: 0...255, using: &random) })
    }

    mutating func optionalValue() -> FieldValue? { random.chance(30) ? nil : value() }

    mutating func fieldType() -> FieldType {
        let kinds = ValueKind.allCases
        switch random.int(0...5) {
        case 0: return .string
        case 1: return .bytes
        case 2: return .set(key: random.pick(kinds))
        case 3: return .map(key: random.pick(kinds), value: random.pick(kinds))
        case 4: return .inboxMap(value: random.pick(kinds))
        default: return .unsupported(text())
        }
    }

    mutating func descriptor() -> FieldDescriptor {
        FieldDescriptor(id: ComponentID(UInt16.random(in: 0...UInt16.max, using: &random)), name: random.chance(70) ? text() : nil,
                        type: fieldType(), insert: policy(), update: policy(), delete: policy())
    }

    mutating func reference() -> FieldReference {
        random.chance(50) ? .id(ComponentID(UInt16.random(in: 0...UInt16.max, using: &random))) : .name(text())
    }

    mutating func fieldChange() -> Change {
        switch random.int(0...2) {
        case 0:
            return .registerFields((0..<random.int(0...3)).map { _ in random.chance(70) ? .descriptor(descriptor()) : .unknown(name: text()) })
        case 1:
            let operation = random.pick(FieldOperation.allCases)
            let mutation: FieldMutation = random.weighted([
                (1, .replace(optionalValue())), (1, .mapDelta(operation, key: value(), value: optionalValue())), (1, .setDelta(operation, key: value())),
            ])
            return .updateMetadataField(field: reference(), mutation: mutation)
        default:
            return .updateUserData((0..<random.int(0...3)).map { _ in UserFieldUpdate(field: reference(), value: optionalValue()) })
        }
    }

    mutating func link() -> String { random.chance(20) ? text() : identifier() }

    mutating func lifecycleChange() -> Change {
        switch random.int(0...17) {
        case 0: return .acceptInvitation
        case 1: return .declineInvitation
        case 2: return .join(link: random.chance(50) ? link() : nil)
        case 3: return .approveJoin(inbox(), role: random.chance(50) ? random.pick(Role.allCases) : nil)
        case 4: return .rejectJoin(inbox())
        case 5: return .createLink(link(), role: random.pick(Role.allCases))
        case 6: return .updateLinkRole(link(), role: random.pick(Role.allCases))
        case 7: return .deleteLink(link())
        case 8: return .blockForAll(inboxes: inboxes(), blocked: random.chance(50))
        case 9: return .mute(inboxes: inboxes(), until: number())
        case 10: return .unmute(inboxes())
        case 11: return .muteAll(random.chance(50))
        case 12: return .allowListAdd(inboxes())
        case 13: return .allowListRemove(inboxes())
        case 14: return .ban(inboxes())
        case 15: return .unban(inboxes())
        case 16: return .blockGroup(random.chance(50))
        default: return .deleteGroup
        }
    }

    mutating func key() -> PublicKey {
        PublicKey(bytes: (0..<32).map { _ in UInt8.random(in: 0...255, using: &random) })!
    }

    mutating func keys() -> [PublicKey] { (0..<random.int(0...3)).map { _ in key() } }

    mutating func recordedKeys() -> RecordedKeys {
        var table: RecordedKeys = [:]
        for _ in 0..<random.int(0...3) { table[inbox()] = keys() }
        return table
    }

    /// The changes of signed commits (SPEC section 14), and the keys the others record.
    mutating func signingChange() -> Change {
        switch random.int(0...4) {
        case 0: return .updateKeys(add: keys(), remove: keys())
        case 1: return .join(link: random.chance(50) ? text() : nil, keys: keys())
        case 2: return .acceptInvitation(keys: keys())
        case 3: return .addMembers(inboxes: inboxes(), identities: [], keys: recordedKeys())
        default:
            return .create(CreateConversation(kind: random.pick(ConversationKind.allCases), members: inboxes(),
                                              requireSignatures: random.chance(50), keys: recordedKeys()))
        }
    }

    mutating func change() -> Change {
        if random.chance(10) { return signingChange() }
        if random.chance(15) { return fieldChange() }
        if random.chance(20) { return lifecycleChange() }
        switch random.int(0...16) {
        case 0:
            var slots: [PolicySlot: Policy] = [:]
            for slot in PolicySlot.allCases where random.chance(50) { slots[slot] = policy() }
            let policySet: PolicySetChoice = random.weighted([(1, .allMembers), (1, .adminOnly), (2, .custom(slots))])
            return .create(CreateConversation(
                kind: random.pick(ConversationKind.allCases), members: inboxes(), policySet: policySet, name: text(),
                description: text(), imageURL: text(), appData: text(), memberLimit: random.chance(50) ? int() : nil,
                leaveRule: random.chance(50) ? random.pick(LeaveRule.allCases) : nil,
                joinRule: random.chance(50) ? random.pick(JoinRule.allCases) : nil, invitesNeedConsent: random.chance(50),
                admission: random.pick(Admission.allCases), style: random.chance(50) ? random.pick(GroupStyle.allCases) : nil,
                fields: (0..<random.int(0...2)).map { _ in descriptor() }
            ))
        case 1:
            let identities = (0..<random.int(0...3)).map { _ -> ResolvedIdentity in
                let value = text() + "x"
                let identity = random.chance(50) ? PublicIdentity.handle(value) : .account(value)
                return ResolvedIdentity(identity, inbox: random.chance(50) ? inbox() : nil)
            }
            return .addMembers(inboxes: inboxes(), identities: identities)
        case 2: return .removeMembers(inboxes: inboxes(), withMessages: random.chance(50))
        case 3: return .addAdmin(inbox())
        case 4: return .removeAdmin(inbox())
        case 5: return .addSuperAdmin(inbox())
        case 6: return .removeSuperAdmin(inbox())
        case 7: return .setRole(inboxes: inboxes(), role: random.pick(Role.allCases))
        case 8: return .transferOwnership(inbox())
        case 9: return .updatePermission(slot: random.pick(PolicySlot.allCases), policy: policy())
        case 10: return .requestRemoval
        case 11: return .leave
        case 12: return .updateName(text())
        case 13: return .updateDescription(text())
        case 14: return .updateImageURL(text())
        case 15: return .updateAppData(data: text(), expected: random.chance(50) ? text() : nil)
        default:
            let setting = DisappearingMessages(fromNs: Int64(truncatingIfNeeded: int()), inNs: Int64(truncatingIfNeeded: int()))
            return .updateDisappearingMessages(random.chance(30) ? nil : setting)
        }
    }
}
