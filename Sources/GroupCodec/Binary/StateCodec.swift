import GroupCore

// The canonical binary encoding of a conversation's state: what a snapshot stores, and what the
// state hash (SPEC section 4) is the SHA-256 of. Primitives as in BinaryWriter.swift, shared
// values and tags as in BinaryWriter+Values.swift and WireTags.swift.
//
//   byte      format version: 4 or 3 (see below; version 2 still reads, without the lifecycle
//             below; version 1, written before fields existed, too, with the well-known fields
//             its create registered, empty)
//   string    group ID
//   byte      kind tag
//   string    creator
//   varint    createdAt
//   settings  zigzag memberLimit, leaveRule tag, joinRule tag, bool invitesNeedConsent,
//             admission tag, (version 4) bool requireSignatures
//   list      policies: every slot of PolicySlot.allCases, in that order, as (slot tag, policy)
//   metadata  name, description, imageURL, appData strings, optional disappearing messages
//   varint    lastAppliedTime
//   varint    lastAppliedSequence
//   varint    nextOrdinal
//   list      member records, current and former, in increasing ordinal order; each:
//             inbox, role tag, member state, optional varint joinedAt, optional addedBy inbox,
//             varint ordinal, (version 3) bool blockedForAll, optional varint mutedUntil,
//             bool blocksGroup, (version 4) list of signing keys (32 bytes each)
//   list      (version 2) registered fields in ID order, each a field descriptor and its content
//             (FieldCodec.swift)
//   list      (version 3) banned inboxes, sorted
//   list      (version 3) links, sorted by ID, each an ID string and a role tag
//   bool      (version 3) muteAll
//   list      (version 3) the allow list, sorted
//   bool      (version 3) deleted
//
// Version 4 adds signed commits (SPEC section 14): requireSignatures and the members' keys. A
// state with neither (no signatures required, no key recorded for any member, current or
// former) is written in version 3, byte for byte as before, so that its state hash stays what
// it was; any other in version 4. Decoders refuse a version-4 record of a state version 3 holds.
//
// The same state always gives the same bytes: records come in ordinal order, slots in their
// fixed order, and decoding refuses any other order (GroupState(restoring:) checks the records).

/// The canonical, versioned binary encoding of a conversation's state, and the state hash.
public enum StateCodec: BinaryRecordCodec {
    /// The newest format version, which this build writes for a state that requires signatures
    /// or records keys; it reads versions 1 to this one.
    public static let version: UInt8 = 4

    /// The version of a state with nothing version 4 added.
    public static let unsignedVersion: UInt8 = 3

    /// The version `state` is written in: ``unsignedVersion`` for a state version 3 holds, else
    /// ``version``.
    public static func version(of state: GroupState) -> UInt8 {
        state.requiresSignatures || state.recordsSigningKeys ? version : unsignedVersion
    }

    /// The canonical encoding of `state`.
    public static func encode(_ state: GroupState) -> [UInt8] {
        let recordVersion = version(of: state)
        var writer = BinaryWriter(reservingCapacity: estimatedSize(state))
        writeHead(of: state, version: recordVersion, into: &writer)
        // The roster keeps its records in ordinal order: written as they come, with no sort.
        writer.writeCount(state.recordCount)
        state.forEachRecord { record in
            writer.writeInbox(record.inbox)
            writer.writeRole(record.role)
            writer.writeMemberState(record.state)
            writer.writeOptional(record.joinedAt) { $0.writeVarint($1) }
            writer.writeOptional(record.adder) { $0.writeInbox($1) }
            writer.writeVarint(record.ordinal)
            writer.writeBool(record.blockedForAll)
            writer.writeOptional(record.mutedUntil) { $0.writeVarint($1) }
            writer.writeBool(record.blocksGroup)
            if recordVersion >= 4 { writer.writePublicKeys(record.keys) }
        }
        writeTail(of: state, into: &writer)
        return writer.bytes
    }

    /// Everything before the member records: the version byte through `nextOrdinal`.
    static func writeHead(of state: GroupState, version recordVersion: UInt8, into writer: inout BinaryWriter) {
        writer.writeByte(recordVersion)
        writer.writeGroupID(state.groupID)
        writer.writeByte(state.kind.wireTag)
        writer.writeInbox(state.creator)
        writer.writeVarint(state.createdAt)

        writer.writeInt(state.settings.memberLimit)
        writer.writeByte(state.settings.leaveRule.wireTag)
        writer.writeByte(state.settings.joinRule.wireTag)
        writer.writeBool(state.settings.invitesNeedConsent)
        writer.writeByte(state.settings.admission.wireTag)
        if recordVersion >= 4 { writer.writeBool(state.settings.requireSignatures) }

        writer.writeList(PolicySlot.allCases) { writer, slot in
            writer.writeSlot(slot)
            writer.writePolicy(state.policies[slot])
        }

        writer.writeString(state.metadata.name)
        writer.writeString(state.metadata.description)
        writer.writeString(state.metadata.imageURL)
        writer.writeString(state.metadata.appData)
        writer.writeOptional(state.metadata.disappearingMessages) { $0.writeDisappearingMessages($1) }

        writer.writeVarint(state.lastAppliedTime)
        writer.writeVarint(state.lastAppliedSequence)
        writer.writeVarint(state.nextOrdinal)
    }

    /// Everything after the member records: the fields and the lifecycle.
    static func writeTail(of state: GroupState, into writer: inout BinaryWriter) {
        writer.writeList(state.fieldRecords) { writer, field in
            writer.writeFieldDescriptor(field.descriptor)
            writer.writeFieldContent(field.content)
        }
        writer.writeList(state.bans.sorted()) { $0.writeInbox($1) }
        writer.writeList(state.links.sorted { UTF8Order.precedes($0.key, $1.key) }) { writer, link in
            writer.writeString(link.key)
            writer.writeRole(link.value)
        }
        writer.writeBool(state.muteAll)
        writer.writeList(state.allowList.sorted()) { $0.writeInbox($1) }
        writer.writeBool(state.isDeleted)
    }

    /// About what the encoding takes, so that a large state's buffer is allocated once: besides
    /// its inbox IDs, a record takes 10 to 49 bytes, under 30 unless its times are huge.
    private static func estimatedSize(_ state: GroupState) -> Int {
        var size = 1_024 + state.metadata.name.utf8.count + state.metadata.description.utf8.count
            + state.metadata.imageURL.utf8.count + state.metadata.appData.utf8.count
        state.forEachRecord { record in
            size += 30 + record.inbox.rawValue.utf8.count + (record.adder?.rawValue.utf8.count ?? 0) + record.keys.count * PublicKey.byteCount
        }
        return size
    }

    /// The state hash: the SHA-256 of the state's canonical encoding, to compare replicas.
    public static func hash(_ state: GroupState) -> Digest {
        SHA256.hash(encode(state))
    }

    /// Reads one state from `reader`, which must hold exactly that state, in a version this build
    /// reads, with parts that agree with each other.
    public static func decode(from reader: inout BinaryReader) throws(BinaryDecodingError) -> GroupState {
        let head = try readHead(from: &reader)
        let recordsStart = reader.offset
        // A record takes at least seven bytes: a one-character inbox, role, state, two
        // presence flags and the ordinal. Each goes straight into the roster's storage.
        let recordCount = try reader.readCount("state member records", minimumSize: 7)
        var members = RestoredMembers(nextOrdinal: head.nextOrdinal, capacity: recordCount)
        for _ in 0..<recordCount {
            let record = try reader.readMemberRecord(version: head.version)
            do throws(InconsistentState) {
                try members.append(record)
            } catch {
                throw reader.failure("state member records", at: recordsStart, .inconsistentState(error.reason))
            }
        }
        let tail = try readTail(from: &reader, after: head)
        try reader.expectEnd("state")
        return try assemble(head, members, tail, reader: reader, recordsStart: recordsStart)
    }

    /// Reads everything before the member records (see ``writeHead(of:version:into:)``).
    static func readHead(from reader: inout BinaryReader) throws(BinaryDecodingError) -> StateHead {
        let recordVersion = try reader.readVersion("state format version", supported: 1...version)
        let groupID = try reader.readGroupID("state group ID")
        let kind = try reader.readTag("state kind", ConversationKind.init(wireTag:))
        let creator = try reader.readInbox("state creator")
        let createdAt = try reader.readVarint("state createdAt")

        let memberLimit = try reader.readInt("state memberLimit")
        let leaveRule = try reader.readTag("state leaveRule", LeaveRule.init(wireTag:))
        let joinRule = try reader.readTag("state joinRule", JoinRule.init(wireTag:))
        let invitesNeedConsent = try reader.readBool("state invitesNeedConsent")
        let admission = try reader.readTag("state admission", Admission.init(wireTag:))
        let requireSignatures = recordVersion < 4 ? false : try reader.readBool("state requireSignatures")
        let settings = GroupSettings(
            memberLimit: memberLimit, leaveRule: leaveRule, joinRule: joinRule,
            invitesNeedConsent: invitesNeedConsent, admission: admission, requireSignatures: requireSignatures
        )

        let policies = try reader.readPolicies()

        let name = try reader.readString("state name")
        let description = try reader.readString("state description")
        let imageURL = try reader.readString("state imageURL")
        let appData = try reader.readString("state appData")
        let disappearing = try reader.readOptional("state disappearing messages") { (reader: inout BinaryReader) throws(BinaryDecodingError) in
            try reader.readDisappearingMessages("state disappearing messages")
        }
        let metadata = GroupMetadata(
            name: name, description: description, imageURL: imageURL, appData: appData, disappearingMessages: disappearing
        )

        return StateHead(
            version: recordVersion, groupID: groupID, kind: kind, creator: creator, createdAt: createdAt,
            settings: settings, policies: policies, metadata: metadata,
            lastAppliedTime: try reader.readVarint("state lastAppliedTime"),
            lastAppliedSequence: try reader.readVarint("state lastAppliedSequence"),
            nextOrdinal: try reader.readVarint("state nextOrdinal"))
    }

    /// Reads everything after the member records (see ``writeTail(of:into:)``).
    static func readTail(from reader: inout BinaryReader, after head: StateHead) throws(BinaryDecodingError) -> StateTail {
        let fieldsStart = reader.offset
        // A version-1 state predates fields, but its log's create registered the well-known
        // ones all the same when replayed: restore them empty, so the state equals the replay.
        let fields = head.version < 2
            ? WellKnownFields.descriptors(for: head.kind, policies: head.policies).map { (descriptor: $0, content: FieldContent()) }
            : try reader.readList("state fields", minimumSize: 8) { (reader: inout BinaryReader) throws(BinaryDecodingError) in
                (descriptor: try reader.readFieldDescriptor("state field"), content: try reader.readFieldContent("state field content"))
            }
        var previousField: ComponentID?
        for field in fields {
            if let previousField, !(previousField < field.descriptor.id) {
                throw reader.failure("state fields", at: fieldsStart, .notCanonical("fields out of ID order"))
            }
            previousField = field.descriptor.id
        }
        let lifecycle = head.version < 3 ? StateLifecycle() : try reader.readLifecycle()
        return StateTail(fields: fields, lifecycle: lifecycle)
    }

    /// The state made of its decoded parts, refused when they contradict each other.
    /// - Parameter recordsStart: where the member records start, for the errors.
    static func assemble(
        _ head: StateHead, _ members: consuming RestoredMembers, _ tail: StateTail, reader: BinaryReader, recordsStart: Int
    ) throws(BinaryDecodingError) -> GroupState {
        let state: GroupState
        do throws(InconsistentState) {
            state = try GroupState(
                restoring: head.groupID, kind: head.kind, creator: head.creator, createdAt: head.createdAt, settings: head.settings,
                policies: head.policies, metadata: head.metadata, members: members,
                lastAppliedTime: head.lastAppliedTime, lastAppliedSequence: head.lastAppliedSequence, fields: tail.fields,
                bans: tail.lifecycle.bans, links: tail.lifecycle.links, muteAll: tail.lifecycle.muteAll,
                allowList: tail.lifecycle.allowList, isDeleted: tail.lifecycle.isDeleted
            )
        } catch {
            throw reader.failure("state member records", at: recordsStart, .inconsistentState(error.reason))
        }
        if head.version == version && self.version(of: state) != version {
            throw reader.failure("state format version", at: 0, .notCanonical(
                "a state that requires no signatures and records no key is written in version \(unsignedVersion), not \(version)"))
        }
        return state
    }
}

/// The parts of a state's encoding before its member records.
struct StateHead {
    let version: UInt8
    let groupID: GroupID
    let kind: ConversationKind
    let creator: InboxID
    let createdAt: Milliseconds
    let settings: GroupSettings
    let policies: PolicySet
    let metadata: GroupMetadata
    let lastAppliedTime: Milliseconds
    let lastAppliedSequence: UInt64
    let nextOrdinal: UInt64
}

/// The parts of a state's encoding after its member records.
struct StateTail {
    let fields: [(descriptor: FieldDescriptor, content: FieldContent)]
    let lifecycle: StateLifecycle
}

extension BinaryReader {
    /// Reads the policy set: every slot, in `PolicySlot.allCases` order.
    fileprivate mutating func readPolicies() throws(BinaryDecodingError) -> PolicySet {
        let start = offset
        let slots = PolicySlot.allCases
        let count = try readCount("state policy slots", minimumSize: 2)
        guard count == slots.count else {
            throw failure("state policy slots", at: start, .valueOutOfRange(
                "\(count) policy slots where this build has \(slots.count)"
            ))
        }
        var policies = PolicySet.allMembers
        for expected in slots {
            let slotStart = offset
            let slot = try readSlot("state policy slot")
            guard slot == expected else {
                throw failure("state policy slot", at: slotStart, .notCanonical(
                    "slot \(slot) where \(expected) belongs: slots are written in their fixed order"
                ))
            }
            policies[slot] = try readPolicy("state policy")
        }
        return policies
    }

    fileprivate mutating func readMemberRecord(version: UInt8) throws(BinaryDecodingError) -> MemberRecord {
        let inbox = try readInbox("state member inbox")
        let role = try readRole("state member role")
        let state = try readMemberState("state member state")
        let joinedAt = try readOptional("state member joinedAt") { (reader: inout BinaryReader) throws(BinaryDecodingError) in
            try reader.readVarint("state member joinedAt")
        }
        let addedBy = try readOptional("state member addedBy") { (reader: inout BinaryReader) throws(BinaryDecodingError) in
            try reader.readInbox("state member addedBy")
        }
        let ordinal = try readVarint("state member ordinal")
        guard version >= 3 else {
            return MemberRecord(inbox: inbox, role: role, state: state, joinedAt: joinedAt, addedBy: addedBy, ordinal: ordinal)
        }
        let blockedForAll = try readBool("state member blockedForAll")
        let mutedUntil = try readOptional("state member mutedUntil") { (reader: inout BinaryReader) throws(BinaryDecodingError) in
            try reader.readVarint("state member mutedUntil")
        }
        let blocksGroup = try readBool("state member blocksGroup")
        let keys = version < 4 ? [] : try readPublicKeys("state member keys")
        return MemberRecord(inbox: inbox, role: role, state: state, joinedAt: joinedAt, addedBy: addedBy, ordinal: ordinal,
                            blockedForAll: blockedForAll, mutedUntil: mutedUntil, blocksGroup: blocksGroup, keys: keys)
    }

    /// The lifecycle parts of a version-3 state, each list refused unless strictly sorted.
    fileprivate mutating func readLifecycle() throws(BinaryDecodingError) -> StateLifecycle {
        var lifecycle = StateLifecycle()
        let bansStart = offset
        let bans = try readList("state bans") { (reader: inout BinaryReader) throws(BinaryDecodingError) in try reader.readInbox("state ban") }
        guard zip(bans, bans.dropFirst()).allSatisfy({ $0 < $1 }) else { throw failure("state bans", at: bansStart, .notCanonical("bans out of order")) }
        lifecycle.bans = Set(bans)
        let linksStart = offset
        let links = try readList("state links", minimumSize: 2) { (reader: inout BinaryReader) throws(BinaryDecodingError) in
            (try reader.readString("state link"), try reader.readRole("state link role"))
        }
        guard zip(links, links.dropFirst()).allSatisfy({ UTF8Order.precedes($0.0, $1.0) }) else {
            throw failure("state links", at: linksStart, .notCanonical("links out of order"))
        }
        lifecycle.links = Dictionary(uniqueKeysWithValues: links)
        lifecycle.muteAll = try readBool("state muteAll")
        let allowStart = offset
        let allowed = try readList("state allow list") { (reader: inout BinaryReader) throws(BinaryDecodingError) in try reader.readInbox("state allow list entry") }
        guard zip(allowed, allowed.dropFirst()).allSatisfy({ $0 < $1 }) else { throw failure("state allow list", at: allowStart, .notCanonical("allow list out of order")) }
        lifecycle.allowList = Set(allowed)
        lifecycle.isDeleted = try readBool("state deleted")
        return lifecycle
    }
}

/// The lifecycle parts of a state, as a version-3 record holds them (empty for older ones).
struct StateLifecycle {
    var bans: Set<InboxID> = []
    var links: [String: Role] = [:]
    var muteAll = false
    var allowList: Set<InboxID> = []
    var isDeleted = false
}
