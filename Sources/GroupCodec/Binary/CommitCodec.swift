import GroupCore

// The canonical binary encoding of a commit: what the log stores and what the chain hashes.
// Primitives as in BinaryWriter.swift, shared values as in BinaryWriter+Values.swift.
//
//   byte      format version: 4 or 3 (see "Versions 3 and 4"; 1 and 2 still read, see "Older
//             versions" below)
//   string    group ID
//   varint    sequence
//   optional  previous hash (32-byte digest)
//   string    actor
//   varint    time (ms)
//   list      changes: each an op tag, then the op's arguments
//   optional  (version 4) signature: the signer's public key (32 bytes), then the Ed25519
//             signature (64 bytes) of the commit's encoding without it (`signedBytes`)
//
// Op tags are a stored format: never renumber one, never reuse one; a new op takes the next free
// number. Tag 0 is never used, so a zeroed record cannot pass for a change.
//
// | tag | op                         | arguments                                              |
// |-----|----------------------------|--------------------------------------------------------|
// |  1  | create                     | kind tag, list of inboxes, list of resolved identities |
// |     |                            | (as addMembers), optional policy set choice (below),   |
// |     |                            | name, description, imageURL, appData strings, optional |
// |     |                            | disappearing messages, optional zigzag memberLimit,    |
// |     |                            | optional leaveRule tag, optional joinRule tag,         |
// |     |                            | optional bool invitesNeedConsent, optional admission   |
// |     |                            | tag, optional style tag, list of field descriptors,    |
// |     |                            | (version 4) bool requireSignatures, recorded keys      |
// |  2  | addMembers                 | list of inboxes; list of identities, each a public     |
// |     |                            | identity and an optional resolved inbox; (version 4)   |
// |     |                            | recorded keys                                          |
// |  3  | removeMembers              | list of inboxes, list of resolved identities (as       |
// |     |                            | addMembers), bool withMessages                         |
// |  4  | addAdmin                   | inbox                                                  |
// |  5  | removeAdmin                | inbox                                                  |
// |  6  | addSuperAdmin              | inbox                                                  |
// |  7  | removeSuperAdmin           | inbox                                                  |
// |  8  | setRole                    | list of inboxes, role tag                              |
// |  9  | transferOwnership          | inbox                                                  |
// | 10  | updatePermission           | slot tag, policy                                       |
// | 11  | requestRemoval             | none                                                   |
// | 12  | leave                      | none                                                   |
// | 13  | updateName                 | string                                                 |
// | 14  | updateDescription          | string                                                 |
// | 15  | updateImageURL             | string                                                 |
// | 16  | updateAppData              | data string, optional expected string                  |
// | 17  | updateDisappearingMessages | optional disappearing messages                         |
// | 18  | registerFields             | list of field registrations (FieldCodec.swift)         |
// | 19  | updateMetadataField        | field reference, field mutation                        |
// | 20  | updateUserData             | list of user field updates                             |
// | 21  | acceptInvitation           | none; (version 4) list of keys                         |
// | 22  | declineInvitation          | none                                                   |
// | 23  | join                       | optional link string; (version 4) list of keys         |
// | 24  | approveJoin                | inbox, optional role tag                               |
// | 25  | rejectJoin                 | inbox                                                  |
// | 26  | createLink                 | link string, role tag                                  |
// | 27  | updateLinkRole             | link string, role tag                                  |
// | 28  | deleteLink                 | link string                                            |
// | 29  | blockForAll                | list of inboxes, bool blocked                          |
// | 30  | mute                       | list of inboxes, varint until                          |
// | 31  | unmute                     | list of inboxes                                        |
// | 32  | muteAll                    | bool on                                                |
// | 33  | allowListAdd               | list of inboxes                                        |
// | 34  | allowListRemove            | list of inboxes                                        |
// | 35  | ban                        | list of inboxes                                        |
// | 36  | unban                      | list of inboxes                                        |
// | 37  | blockGroup                 | bool on                                                |
// | 38  | deleteGroup                | none                                                   |
// | 39  | updateFieldPolicy          | field reference, field operation tag, policy           |
// | 40  | updateKeys                 | (version 4) list of keys to add, list of keys to remove|
//
// A key is an Ed25519 public key's 32 bytes, with no length. Recorded keys: a list of (inbox,
// list of keys), in increasing inbox order, each inbox once (decoders refuse any other order).
//
// Versions 3 and 4. Version 4 adds signed commits (SPEC section 14): the signature, the keys
// create, addMembers, join and acceptInvitation record, requireSignatures and updateKeys. A
// commit that holds none of them (an unsigned commit recording no key) is written in version 3,
// byte for byte as before version 4 existed, so that logs written before keep their hashes and a
// version-3 reader still reads such commits; any other commit in version 4. Decoders refuse a
// version-4 record of a commit that version 3 holds, so that every commit keeps one encoding.
//
// Policy set choice: tag 0 allMembers, 1 adminOnly, 2 custom followed by a list of (slot tag,
// policy) in increasing slot tag order, each slot at most once (decoders refuse any other order).
//
// Older versions. Version 1 (before fields) has no field ops (tags 18 and up) and its create
// no field list. Versions 1 and 2 have no updateFieldPolicy, no identities in create or
// removeMembers, no disappearing messages in create, and write the policy set choice,
// invitesNeedConsent and admission always: a group reads them as given; a DM, which ignored
// them then, reads every group setting as not given (SPEC section 2 refuses a DM that gives one).
//
// Every commit has exactly one encoding: decoding refuses anything the encoder would not write
// (overlong varints, booleans other than 0/1, custom slots out of order, trailing bytes).

/// The canonical, versioned binary encoding of commits, and the commit hash of the chain.
public enum CommitCodec: BinaryRecordCodec {
    /// The newest format version, which this build writes for signed commits and commits that
    /// record keys; it reads versions 1 to this one.
    public static let version: UInt8 = 4

    /// The version of a commit with nothing version 4 added: unsigned, recording no key.
    public static let unsignedVersion: UInt8 = 3

    /// The version `commit` is written in: ``unsignedVersion`` for a commit version 3 holds,
    /// else ``version``.
    public static func version(of commit: Commit) -> UInt8 {
        commit.signature != nil || commit.changes.contains(where: \.needsSignedFormat) ? version : unsignedVersion
    }

    /// The canonical encoding of `commit`.
    public static func encode(_ commit: Commit) -> [UInt8] {
        let recordVersion = version(of: commit)
        var writer = BinaryWriter(reservingCapacity: 64 + commit.groupID.rawValue.utf8.count + commit.changes.count * 32
            + (commit.signature == nil ? 0 : PublicKey.byteCount + CommitSignature.byteCount))
        writer.writeByte(recordVersion)
        writer.writeGroupID(commit.groupID)
        writer.writeVarint(commit.sequence)
        writer.writeOptional(commit.previousHash) { $0.writeDigest($1) }
        writer.writeInbox(commit.actor)
        writer.writeVarint(commit.time)
        writer.writeList(commit.changes) { $0.writeChange($1, version: recordVersion) }
        if recordVersion >= 4 {
            writer.writeOptional(commit.signature) { writer, signature in
                writer.writePublicKey(signature.publicKey)
                writer.writeRawBytes(signature.bytes)
            }
        }
        return writer.bytes
    }

    /// The bytes a commit's signature covers: the canonical encoding of the commit without its
    /// signature (group ID, sequence, previous hash, actor, time, changes; SPEC section 14).
    public static func signedBytes(_ commit: Commit) -> [UInt8] {
        encode(commit.unsigned)
    }

    /// The SHA-256 of the commit's canonical encoding: what the next commit stores as its
    /// previous hash.
    public static func hash(_ commit: Commit) -> Digest {
        SHA256.hash(encode(commit))
    }

    /// Reads one commit from `reader`, which must hold exactly that commit, in a version this build
    /// reads.
    public static func decode(from reader: inout BinaryReader) throws(BinaryDecodingError) -> Commit {
        let recordVersion = try reader.readVersion("commit format version", supported: 1...version)
        let groupID = try reader.readGroupID("commit group ID")
        let sequence = try reader.readVarint("commit sequence")
        let previousHash = try reader.readOptional("commit previous hash") { (reader: inout BinaryReader) throws(BinaryDecodingError) in
            try reader.readDigest("commit previous hash")
        }
        let actor = try reader.readInbox("commit actor")
        let time = try reader.readVarint("commit time")
        let changes = try reader.readList("commit changes") { (reader: inout BinaryReader) throws(BinaryDecodingError) in
            try reader.readChange(version: recordVersion)
        }
        let signature = recordVersion < 4 ? nil : try reader.readOptional("commit signature") { (reader: inout BinaryReader) throws(BinaryDecodingError) in
            try reader.readSignature("commit signature")
        }
        try reader.expectEnd("commit")
        let commit = Commit(groupID: groupID, sequence: sequence, actor: actor, time: time, changes: changes,
                            previousHash: previousHash, signature: signature)
        if recordVersion == version && self.version(of: commit) != version {
            throw BinaryDecodingError(reading: "commit format version", offset: 0, reason: .notCanonical(
                "a commit that is unsigned and records no key is written in version \(unsignedVersion), not \(version)"))
        }
        return commit
    }
}

/// The op tags of the table above.
private enum ChangeTag: UInt8 {
    case create = 1
    case addMembers = 2
    case removeMembers = 3
    case addAdmin = 4
    case removeAdmin = 5
    case addSuperAdmin = 6
    case removeSuperAdmin = 7
    case setRole = 8
    case transferOwnership = 9
    case updatePermission = 10
    case requestRemoval = 11
    case leave = 12
    case updateName = 13
    case updateDescription = 14
    case updateImageURL = 15
    case updateAppData = 16
    case updateDisappearingMessages = 17
    case registerFields = 18
    case updateMetadataField = 19
    case updateUserData = 20
    case acceptInvitation = 21
    case declineInvitation = 22
    case join = 23
    case approveJoin = 24
    case rejectJoin = 25
    case createLink = 26
    case updateLinkRole = 27
    case deleteLink = 28
    case blockForAll = 29
    case mute = 30
    case unmute = 31
    case muteAll = 32
    case allowListAdd = 33
    case allowListRemove = 34
    case ban = 35
    case unban = 36
    case blockGroup = 37
    case deleteGroup = 38
    case updateFieldPolicy = 39
    case updateKeys = 40
}

/// The tags of `PolicySetChoice`.
private enum PolicySetChoiceTag: UInt8 {
    case allMembers = 0
    case adminOnly = 1
    case custom = 2
}

extension BinaryWriter {
    /// Writes a change; its version-4 parts only when the commit is in version 4, which every
    /// commit holding them is (``CommitCodec/version(of:)``).
    fileprivate mutating func writeChange(_ change: Change, version: UInt8) {
        switch change {
        case let .create(request):
            writeByte(ChangeTag.create.rawValue)
            writeCreate(request, version: version)
        case let .addMembers(inboxes, identities, keys):
            writeByte(ChangeTag.addMembers.rawValue)
            writeInboxes(inboxes)
            writeResolvedIdentities(identities)
            if version >= 4 { writeRecordedKeys(keys) }
        case let .removeMembers(inboxes, identities, withMessages):
            writeByte(ChangeTag.removeMembers.rawValue)
            writeInboxes(inboxes)
            writeResolvedIdentities(identities)
            writeBool(withMessages)
        case let .addAdmin(inbox):
            writeByte(ChangeTag.addAdmin.rawValue)
            writeInbox(inbox)
        case let .removeAdmin(inbox):
            writeByte(ChangeTag.removeAdmin.rawValue)
            writeInbox(inbox)
        case let .addSuperAdmin(inbox):
            writeByte(ChangeTag.addSuperAdmin.rawValue)
            writeInbox(inbox)
        case let .removeSuperAdmin(inbox):
            writeByte(ChangeTag.removeSuperAdmin.rawValue)
            writeInbox(inbox)
        case let .setRole(inboxes, role):
            writeByte(ChangeTag.setRole.rawValue)
            writeInboxes(inboxes)
            writeRole(role)
        case let .transferOwnership(inbox):
            writeByte(ChangeTag.transferOwnership.rawValue)
            writeInbox(inbox)
        case let .updatePermission(slot, policy):
            writeByte(ChangeTag.updatePermission.rawValue)
            writeSlot(slot)
            writePolicy(policy)
        case .requestRemoval:
            writeByte(ChangeTag.requestRemoval.rawValue)
        case .leave:
            writeByte(ChangeTag.leave.rawValue)
        case let .updateName(name):
            writeByte(ChangeTag.updateName.rawValue)
            writeString(name)
        case let .updateDescription(description):
            writeByte(ChangeTag.updateDescription.rawValue)
            writeString(description)
        case let .updateImageURL(url):
            writeByte(ChangeTag.updateImageURL.rawValue)
            writeString(url)
        case let .updateAppData(data, expected):
            writeByte(ChangeTag.updateAppData.rawValue)
            writeString(data)
            writeOptional(expected) { $0.writeString($1) }
        case let .updateDisappearingMessages(setting):
            writeByte(ChangeTag.updateDisappearingMessages.rawValue)
            writeOptional(setting) { $0.writeDisappearingMessages($1) }
        case let .registerFields(registrations):
            writeByte(ChangeTag.registerFields.rawValue)
            writeList(registrations) { $0.writeFieldRegistration($1) }
        case let .updateFieldPolicy(field, operation, policy):
            writeByte(ChangeTag.updateFieldPolicy.rawValue)
            writeFieldReference(field)
            writeFieldOperation(operation)
            writePolicy(policy)
        case let .updateMetadataField(field, mutation):
            writeByte(ChangeTag.updateMetadataField.rawValue)
            writeFieldReference(field)
            writeFieldMutation(mutation)
        case let .updateUserData(updates):
            writeByte(ChangeTag.updateUserData.rawValue)
            writeList(updates) { $0.writeUserFieldUpdate($1) }
        case let .acceptInvitation(keys):
            writeByte(ChangeTag.acceptInvitation.rawValue)
            if version >= 4 { writePublicKeys(keys) }
        case .declineInvitation:
            writeByte(ChangeTag.declineInvitation.rawValue)
        case let .join(link, keys):
            writeByte(ChangeTag.join.rawValue)
            writeOptional(link) { $0.writeString($1) }
            if version >= 4 { writePublicKeys(keys) }
        case let .approveJoin(inbox, role):
            writeByte(ChangeTag.approveJoin.rawValue)
            writeInbox(inbox)
            writeOptional(role) { $0.writeRole($1) }
        case let .rejectJoin(inbox):
            writeByte(ChangeTag.rejectJoin.rawValue)
            writeInbox(inbox)
        case let .createLink(link, role):
            writeByte(ChangeTag.createLink.rawValue)
            writeString(link)
            writeRole(role)
        case let .updateLinkRole(link, role):
            writeByte(ChangeTag.updateLinkRole.rawValue)
            writeString(link)
            writeRole(role)
        case let .deleteLink(link):
            writeByte(ChangeTag.deleteLink.rawValue)
            writeString(link)
        case let .blockForAll(inboxes, blocked):
            writeByte(ChangeTag.blockForAll.rawValue)
            writeInboxes(inboxes)
            writeBool(blocked)
        case let .mute(inboxes, until):
            writeByte(ChangeTag.mute.rawValue)
            writeInboxes(inboxes)
            writeVarint(until)
        case let .unmute(inboxes):
            writeByte(ChangeTag.unmute.rawValue)
            writeInboxes(inboxes)
        case let .muteAll(on):
            writeByte(ChangeTag.muteAll.rawValue)
            writeBool(on)
        case let .allowListAdd(inboxes):
            writeByte(ChangeTag.allowListAdd.rawValue)
            writeInboxes(inboxes)
        case let .allowListRemove(inboxes):
            writeByte(ChangeTag.allowListRemove.rawValue)
            writeInboxes(inboxes)
        case let .ban(inboxes):
            writeByte(ChangeTag.ban.rawValue)
            writeInboxes(inboxes)
        case let .unban(inboxes):
            writeByte(ChangeTag.unban.rawValue)
            writeInboxes(inboxes)
        case let .blockGroup(on):
            writeByte(ChangeTag.blockGroup.rawValue)
            writeBool(on)
        case .deleteGroup:
            writeByte(ChangeTag.deleteGroup.rawValue)
        case let .updateKeys(add, remove):
            writeByte(ChangeTag.updateKeys.rawValue)
            writePublicKeys(add)
            writePublicKeys(remove)
        }
    }

    /// Recorded keys, in increasing inbox order: a dictionary's order is arbitrary.
    private mutating func writeRecordedKeys(_ keys: RecordedKeys) {
        writeList(keys.sorted { $0.key < $1.key }) { writer, entry in
            writer.writeInbox(entry.key)
            writer.writePublicKeys(entry.value)
        }
    }

    private mutating func writeResolvedIdentities(_ identities: [ResolvedIdentity]) {
        writeList(identities) { writer, resolved in
            writer.writeIdentity(resolved.identity)
            writer.writeOptional(resolved.inbox) { $0.writeInbox($1) }
        }
    }

    private mutating func writeCreate(_ request: CreateConversation, version: UInt8) {
        writeByte(request.kind.wireTag)
        writeInboxes(request.members)
        writeResolvedIdentities(request.identities)
        writeOptional(request.policySet) { $0.writePolicySetChoice($1) }
        writeString(request.name)
        writeString(request.description)
        writeString(request.imageURL)
        writeString(request.appData)
        writeOptional(request.disappearingMessages) { $0.writeDisappearingMessages($1) }
        writeOptional(request.memberLimit) { $0.writeInt($1) }
        writeOptional(request.leaveRule) { $0.writeByte($1.wireTag) }
        writeOptional(request.joinRule) { $0.writeByte($1.wireTag) }
        writeOptional(request.invitesNeedConsent) { $0.writeBool($1) }
        writeOptional(request.admission) { $0.writeByte($1.wireTag) }
        writeOptional(request.style) { $0.writeByte($1.wireTag) }
        writeList(request.fields) { $0.writeFieldDescriptor($1) }
        if version >= 4 {
            writeBool(request.requireSignatures)
            writeRecordedKeys(request.keys)
        }
    }

    private mutating func writePolicySetChoice(_ choice: PolicySetChoice) {
        switch choice {
        case .allMembers:
            writeByte(PolicySetChoiceTag.allMembers.rawValue)
        case .adminOnly:
            writeByte(PolicySetChoiceTag.adminOnly.rawValue)
        case let .custom(slots):
            writeByte(PolicySetChoiceTag.custom.rawValue)
            // A dictionary's order is arbitrary: the slot tag order makes the encoding canonical.
            let ordered = slots.sorted { $0.key.wireTag < $1.key.wireTag }
            writeList(ordered) { writer, entry in
                writer.writeSlot(entry.key)
                writer.writePolicy(entry.value)
            }
        }
    }
}

extension BinaryReader {
    fileprivate mutating func readChange(version: UInt8) throws(BinaryDecodingError) -> Change {
        // Version 1 had no field ops, version 2 no updateFieldPolicy, version 3 no updateKeys: a
        // record claiming otherwise is not one this format wrote.
        let firstMissing: ChangeTag? = switch version {
        case 1: .registerFields
        case 2: .updateFieldPolicy
        case 3: .updateKeys
        default: nil
        }
        let opened = { (tag: UInt8) in firstMissing.map { tag < $0.rawValue } ?? true ? ChangeTag(rawValue: tag) : nil }
        switch try readTag("change op", opened) {
        case .create:
            return .create(try readCreate(version: version))
        case .registerFields:
            return .registerFields(try readList("registerFields fields") { (reader: inout BinaryReader) throws(BinaryDecodingError) in
                try reader.readFieldRegistration("registerFields field")
            })
        case .updateFieldPolicy:
            let field = try readFieldReference("updateFieldPolicy field")
            let operation = try readFieldOperation("updateFieldPolicy operation")
            return .updateFieldPolicy(field: field, operation: operation, policy: try readPolicy("updateFieldPolicy policy"))
        case .updateMetadataField:
            let field = try readFieldReference("updateMetadataField field")
            return .updateMetadataField(field: field, mutation: try readFieldMutation("updateMetadataField mutation"))
        case .updateUserData:
            return .updateUserData(try readList("updateUserData values") { (reader: inout BinaryReader) throws(BinaryDecodingError) in
                try reader.readUserFieldUpdate("updateUserData value")
            })
        case .acceptInvitation:
            return .acceptInvitation(keys: version < 4 ? [] : try readPublicKeys("acceptInvitation keys"))
        case .declineInvitation:
            return .declineInvitation
        case .join:
            let link = try readOptional("join link") { (reader: inout BinaryReader) throws(BinaryDecodingError) in try reader.readString("join link") }
            return .join(link: link, keys: version < 4 ? [] : try readPublicKeys("join keys"))
        case .updateKeys:
            let add = try readPublicKeys("updateKeys add")
            return .updateKeys(add: add, remove: try readPublicKeys("updateKeys remove"))
        case .approveJoin:
            let inbox = try readInbox("approveJoin inbox")
            return .approveJoin(inbox, role: try readOptional("approveJoin role") { (reader: inout BinaryReader) throws(BinaryDecodingError) in try reader.readRole("approveJoin role") })
        case .rejectJoin:
            return .rejectJoin(try readInbox("rejectJoin inbox"))
        case .createLink:
            let link = try readString("createLink link")
            return .createLink(link, role: try readRole("createLink role"))
        case .updateLinkRole:
            let link = try readString("updateLinkRole link")
            return .updateLinkRole(link, role: try readRole("updateLinkRole role"))
        case .deleteLink:
            return .deleteLink(try readString("deleteLink link"))
        case .blockForAll:
            let inboxes = try readInboxes("blockForAll inboxes")
            return .blockForAll(inboxes: inboxes, blocked: try readBool("blockForAll blocked"))
        case .mute:
            let inboxes = try readInboxes("mute inboxes")
            return .mute(inboxes: inboxes, until: try readVarint("mute until"))
        case .unmute:
            return .unmute(try readInboxes("unmute inboxes"))
        case .muteAll:
            return .muteAll(try readBool("muteAll on"))
        case .allowListAdd:
            return .allowListAdd(try readInboxes("allowListAdd inboxes"))
        case .allowListRemove:
            return .allowListRemove(try readInboxes("allowListRemove inboxes"))
        case .ban:
            return .ban(try readInboxes("ban inboxes"))
        case .unban:
            return .unban(try readInboxes("unban inboxes"))
        case .blockGroup:
            return .blockGroup(try readBool("blockGroup on"))
        case .deleteGroup:
            return .deleteGroup
        case .addMembers:
            let inboxes = try readInboxes("addMembers inboxes")
            let identities = try readResolvedIdentities("addMembers")
            return .addMembers(inboxes: inboxes, identities: identities, keys: version < 4 ? [:] : try readRecordedKeys("addMembers keys"))
        case .removeMembers:
            let inboxes = try readInboxes("removeMembers inboxes")
            let identities = version < 3 ? [] : try readResolvedIdentities("removeMembers")
            return .removeMembers(inboxes: inboxes, identities: identities, withMessages: try readBool("removeMembers withMessages"))
        case .addAdmin:
            return .addAdmin(try readInbox("addAdmin inbox"))
        case .removeAdmin:
            return .removeAdmin(try readInbox("removeAdmin inbox"))
        case .addSuperAdmin:
            return .addSuperAdmin(try readInbox("addSuperAdmin inbox"))
        case .removeSuperAdmin:
            return .removeSuperAdmin(try readInbox("removeSuperAdmin inbox"))
        case .setRole:
            let inboxes = try readInboxes("setRole inboxes")
            return .setRole(inboxes: inboxes, role: try readRole("setRole role"))
        case .transferOwnership:
            return .transferOwnership(try readInbox("transferOwnership inbox"))
        case .updatePermission:
            let slot = try readSlot("updatePermission slot")
            return .updatePermission(slot: slot, policy: try readPolicy("updatePermission policy"))
        case .requestRemoval:
            return .requestRemoval
        case .leave:
            return .leave
        case .updateName:
            return .updateName(try readString("updateName name"))
        case .updateDescription:
            return .updateDescription(try readString("updateDescription description"))
        case .updateImageURL:
            return .updateImageURL(try readString("updateImageURL url"))
        case .updateAppData:
            let data = try readString("updateAppData data")
            let expected = try readOptional("updateAppData expected") { (reader: inout BinaryReader) throws(BinaryDecodingError) in
                try reader.readString("updateAppData expected")
            }
            return .updateAppData(data: data, expected: expected)
        case .updateDisappearingMessages:
            let setting = try readOptional("updateDisappearingMessages setting") { (reader: inout BinaryReader) throws(BinaryDecodingError) in
                try reader.readDisappearingMessages("updateDisappearingMessages setting")
            }
            return .updateDisappearingMessages(setting)
        }
    }

    private mutating func readResolvedIdentities(_ change: String) throws(BinaryDecodingError) -> [ResolvedIdentity] {
        // An identity takes at least four bytes: kind, length, one byte, presence.
        try readList("\(change) identities", minimumSize: 4) { (reader: inout BinaryReader) throws(BinaryDecodingError) in
            let identity = try reader.readIdentity("\(change) identity")
            let inbox = try reader.readOptional("\(change) resolved inbox") { (reader: inout BinaryReader) throws(BinaryDecodingError) in
                try reader.readInbox("\(change) resolved inbox")
            }
            return ResolvedIdentity(identity, inbox: inbox)
        }
    }

    private mutating func readCreate(version: UInt8) throws(BinaryDecodingError) -> CreateConversation {
        let kind = try readTag("create kind", ConversationKind.init(wireTag:))
        let members = try readInboxes("create members")
        let identities = version < 3 ? [] : try readResolvedIdentities("create")
        let policySet = version < 3
            ? try readPolicySetChoice()
            : try readOptional("create policy set") { (reader: inout BinaryReader) throws(BinaryDecodingError) in try reader.readPolicySetChoice() }
        let name = try readString("create name")
        let description = try readString("create description")
        let imageURL = try readString("create imageURL")
        let appData = try readString("create appData")
        let disappearingMessages = version < 3 ? nil : try readOptional("create disappearingMessages") { (reader: inout BinaryReader) throws(BinaryDecodingError) in
            try reader.readDisappearingMessages("create disappearingMessages")
        }
        let memberLimit = try readOptional("create memberLimit") { (reader: inout BinaryReader) throws(BinaryDecodingError) in
            try reader.readInt("create memberLimit")
        }
        let leaveRule = try readOptional("create leaveRule") { (reader: inout BinaryReader) throws(BinaryDecodingError) in
            try reader.readTag("create leaveRule", LeaveRule.init(wireTag:))
        }
        let joinRule = try readOptional("create joinRule") { (reader: inout BinaryReader) throws(BinaryDecodingError) in
            try reader.readTag("create joinRule", JoinRule.init(wireTag:))
        }
        let invitesNeedConsent: Bool?
        let admission: Admission?
        if version < 3 {
            invitesNeedConsent = try readBool("create invitesNeedConsent")
            admission = try readTag("create admission", Admission.init(wireTag:))
        } else {
            invitesNeedConsent = try readOptional("create invitesNeedConsent") { (reader: inout BinaryReader) throws(BinaryDecodingError) in
                try reader.readBool("create invitesNeedConsent")
            }
            admission = try readOptional("create admission") { (reader: inout BinaryReader) throws(BinaryDecodingError) in
                try reader.readTag("create admission", Admission.init(wireTag:))
            }
        }
        let style = try readOptional("create style") { (reader: inout BinaryReader) throws(BinaryDecodingError) in
            try reader.readTag("create style", GroupStyle.init(wireTag:))
        }
        let fields = version < 2 ? [] : try readList("create fields") { (reader: inout BinaryReader) throws(BinaryDecodingError) in
            try reader.readFieldDescriptor("create field")
        }
        let requireSignatures = version < 4 ? false : try readBool("create requireSignatures")
        let keys = version < 4 ? [:] : try readRecordedKeys("create keys")
        let request = CreateConversation(
            kind: kind, members: members, identities: identities, policySet: policySet, name: name,
            description: description, imageURL: imageURL, appData: appData, disappearingMessages: disappearingMessages,
            memberLimit: memberLimit, leaveRule: leaveRule, joinRule: joinRule, invitesNeedConsent: invitesNeedConsent,
            admission: admission, style: style, fields: fields, requireSignatures: requireSignatures, keys: keys
        )
        return version < 3 && kind == .dm ? request.withoutGroupSettings() : request
    }

    /// Recorded keys, refused unless their inboxes rise strictly.
    private mutating func readRecordedKeys(_ reading: String) throws(BinaryDecodingError) -> RecordedKeys {
        let start = offset
        // An entry takes at least three bytes: a one-character inbox and an empty list.
        let entries = try readList(reading, minimumSize: 3) { (reader: inout BinaryReader) throws(BinaryDecodingError) in
            (try reader.readInbox("\(reading) inbox"), try reader.readPublicKeys(reading))
        }
        guard zip(entries, entries.dropFirst()).allSatisfy({ $0.0 < $1.0 }) else {
            throw failure(reading, at: start, .notCanonical("inboxes out of order or listed twice"))
        }
        return RecordedKeys(uniqueKeysWithValues: entries)
    }

    private mutating func readPolicySetChoice() throws(BinaryDecodingError) -> PolicySetChoice {
        switch try readTag("create policy set", PolicySetChoiceTag.init(rawValue:)) {
        case .allMembers: .allMembers
        case .adminOnly: .adminOnly
        case .custom: .custom(try readCustomSlots())
        }
    }

    private mutating func readCustomSlots() throws(BinaryDecodingError) -> [PolicySlot: Policy] {
        // A slot and its policy take at least two bytes.
        let count = try readCount("create custom policy slots", minimumSize: 2)
        var slots: [PolicySlot: Policy] = [:]
        slots.reserveCapacity(count)
        var previous: PolicySlot?
        for _ in 0..<count {
            let start = offset
            let slot = try readSlot("create custom policy slot")
            if let previous, slot.wireTag <= previous.wireTag {
                throw failure("create custom policy slot", at: start, .notCanonical(
                    "slot \(slot) follows \(previous): custom slots are written once each, in increasing tag order"
                ))
            }
            previous = slot
            slots[slot] = try readPolicy("create custom policy for \(slot)")
        }
        return slots
    }
}

extension Change {
    /// Whether the change holds anything only version 4 writes.
    fileprivate var needsSignedFormat: Bool {
        switch self {
        case let .create(request): request.requireSignatures || !request.keys.isEmpty
        case let .addMembers(_, _, keys): !keys.isEmpty
        case let .join(_, keys), let .acceptInvitation(keys): !keys.isEmpty
        case .updateKeys: true
        default: false
        }
    }
}

extension CreateConversation {
    /// The request with no group setting given: how a DM written before version 3, whose group
    /// settings were ignored, reads today.
    fileprivate func withoutGroupSettings() -> CreateConversation {
        var request = self
        request.policySet = nil
        request.memberLimit = nil
        request.leaveRule = nil
        request.joinRule = nil
        request.invitesNeedConsent = nil
        request.admission = nil
        request.style = nil
        return request
    }
}
